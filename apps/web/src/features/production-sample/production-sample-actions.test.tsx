import { cancelProductionSample } from '@qcdesk/contract/production-sample';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error';
import { api } from '../../api/client';
import { renderSignedIn, signOut, testSession } from '../../test/signed-in';
import type { ProductionSampleDetail } from './api';
import { ProductionSampleActions } from './production-sample-actions';

const manager = (roles: string[]) =>
  testSession({
    uid: '9',
    username: 'demo.qcmgr',
    name: '品管经理',
    englishName: 'QC manager',
    title: 'QC manager',
    roleCode: 'QC_MGR',
    department: 'Quality',
    departmentId: '2',
    isQC: true,
    roles: ['role:QC_MGR', ...roles],
    modules: ['HOME', 'SAMPLE'],
    navigation: { main: ['HOME', 'SAMPLE'], secondary: { HOME: ['Home'], SAMPLE: ['ProductionSample'] } },
    routes: ['Home', 'ProductionSample', 'ProductionSampleDetail'],
  });

const sample = { id: '41', itemNo: 'RC-2024-102-P1', status: 10, version: 2 } as ProductionSampleDetail;

async function show(
  record: ProductionSampleDetail,
  { roles = ['productionsample.cancel'], modify = false, onRefused = vi.fn() } = {},
) {
  await renderSignedIn(
    <ProductionSampleActions sample={record} modify={modify} onRefused={onRefused} />,
    manager(roles),
  );
  return onRefused;
}

afterEach(() => {
  signOut();
  vi.restoreAllMocks();
});

describe('ProductionSampleActions', () => {
  it('cancels only after "Cancel production sample?" is confirmed', async () => {
    const call = vi.spyOn(api, 'call').mockResolvedValue({ ...sample, status: 90, version: 3 });
    await show(sample);
    fireEvent.click(screen.getByTestId('production-sample-cancel'));
    expect(await screen.findAllByText('Cancel production sample?')).not.toHaveLength(0);
    expect(call).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel sample' }));
    await waitFor(() => expect(call).toHaveBeenCalled());
    expect(call.mock.calls[0]?.[0]).toBe(cancelProductionSample);
    expect(call.mock.calls[0]?.[1]).toEqual({ id: '41', version: 2 });
  });

  it('hands the server’s refusal (E_SAMPLE_IN_USE) to the page', async () => {
    const message = 'The production sample is used by an inspection in progress and cannot be cancelled';
    vi.spyOn(api, 'call').mockRejectedValue(
      new ApiError({ code: 400, status: 400, reason: 'E_SAMPLE_IN_USE', message }),
    );
    const onRefused = await show(sample);
    fireEvent.click(screen.getByTestId('production-sample-cancel'));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel sample' }));
    await waitFor(() => expect(onRefused).toHaveBeenLastCalledWith(message));
  });

  it('offers Modify with `modify`, Cancel with productionsample.cancel, neither on a cancelled sample', async () => {
    await show(sample, { roles: ['productionsample.edit'], modify: true });
    expect(screen.getByTestId('production-sample-edit')).toBeTruthy();
    expect(screen.queryByTestId('production-sample-cancel')).toBeNull();
    cleanup();
    await show({ ...sample, status: 90 }, { modify: true });
    expect(screen.queryByTestId('production-sample-edit')).toBeNull();
    expect(screen.queryByTestId('production-sample-cancel')).toBeNull();
  });
});

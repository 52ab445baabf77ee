import { auditProductionSample, reauditProductionSample } from '@qcdesk/contract/production-sample';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error';
import { api } from '../../api/client';
import { renderSignedIn, signOut, testSession } from '../../test/signed-in';
import type { ProductionSampleDetail } from './api';
import { needsRemark, ProductionSampleAudit } from './production-sample-audit';

const auditor = (roles: string[]) =>
  testSession({
    uid: '8',
    username: 'demo.auditor',
    name: '审核',
    englishName: 'Auditor',
    title: 'Auditor',
    roleCode: 'AUDITOR',
    department: 'Quality',
    departmentId: '2',
    roles: ['role:AUDITOR', ...roles],
    modules: ['HOME', 'SAMPLE'],
    navigation: { main: ['HOME', 'SAMPLE'], secondary: { HOME: ['Home'], SAMPLE: ['ProductionSample'] } },
    routes: ['Home', 'ProductionSample', 'ProductionSampleDetail'],
  });

const sample = (overrides: Partial<ProductionSampleDetail> = {}): ProductionSampleDetail => ({
  id: '41',
  itemNo: 'WT-2024-017-P1',
  client: { id: '2', code: 'KW', name: 'Kinderwelt' },
  department: { id: '3', code: 'D1', nameZh: '一部', nameEn: 'Dept 1' },
  provider: { id: '5', code: 'F-HM-SZ', nameZh: '华美', nameEn: 'Huamei' },
  originalSample: null,
  receivedDate: '2026-11-20',
  quantity: 6,
  status: 10,
  auditResult: 0,
  testResult: 0,
  auditTime: null,
  auditor: null,
  auditRemark: null,
  orderPlaced: 0,
  valid: 1,
  version: 3,
  updatedAt: '2026-11-20T08:00:00.000Z',
  products: [],
  createdBy: null,
  createdAt: '2026-11-20T08:00:00.000Z',
  ...overrides,
});

const show = (record: ProductionSampleDetail, roles = ['productionsample.audit']) =>
  renderSignedIn(<ProductionSampleAudit sample={record} />, auditor(roles));

const save = () => fireEvent.click(screen.getByTestId('production-sample-audit-save'));

afterEach(() => {
  signOut();
  vi.restoreAllMocks();
});

describe('ProductionSampleAudit', () => {
  it('needs a remark for improve and unqualified only (DOMAIN.md §7.3)', () => {
    expect([1, 2, 3, 4].map(needsRemark)).toEqual([false, false, true, true]);
    expect(needsRemark(undefined)).toBe(false);
  });

  it('asks for the remark of an improve before anything is sent', async () => {
    const call = vi.spyOn(api, 'call');
    await show(sample());
    fireEvent.click(screen.getByLabelText('Improve'));
    save();
    expect(await screen.findByText('Improve and unqualified need an audit remark')).toBeTruthy();
    expect(call).not.toHaveBeenCalled();
  });

  it('audits a registered sample through audit/create', async () => {
    const call = vi.spyOn(api, 'call').mockResolvedValue(sample({ status: 20, auditResult: 1, version: 4 }));
    await show(sample());
    fireEvent.click(screen.getByLabelText('Sign'));
    save();
    await waitFor(() => expect(call).toHaveBeenCalled());
    expect(call.mock.calls[0]?.[0]).toBe(auditProductionSample);
    expect(call.mock.calls[0]?.[1]).toEqual({ id: '41', version: 3, auditResult: 1 });
  });

  it('marks the remark field with the server’s refusal', async () => {
    vi.spyOn(api, 'call').mockRejectedValue(
      new ApiError({
        code: 400,
        status: 400,
        reason: 'E_REQUIRED',
        field: 'auditRemark',
        message: 'Audit remark is required',
      }),
    );
    await show(sample());
    fireEvent.click(screen.getByLabelText('Unqualified (release)'));
    fireEvent.change(screen.getByLabelText('Audit remark'), { target: { value: 'Sharp edge' } });
    save();
    const field = await screen.findByText('Audit remark is required');
    expect(field.closest('.ant-form-item')?.textContent).toContain('Audit remark');
  });

  it('re-audits an audited sample through audit/update, starting from its result', async () => {
    const call = vi.spyOn(api, 'call').mockResolvedValue(sample({ status: 20, version: 6 }));
    await show(sample({ status: 20, auditResult: 3, auditRemark: 'Burrs', version: 5 }));
    fireEvent.click(screen.getByTestId('production-sample-reaudit'));
    expect((screen.getByLabelText('Improve') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByLabelText('Notice (qualified)'));
    save();
    await waitFor(() => expect(call).toHaveBeenCalled());
    expect(call.mock.calls[0]?.[0]).toBe(reauditProductionSample);
    expect(call.mock.calls[0]?.[1]).toEqual({ id: '41', version: 5, auditResult: 2, auditRemark: 'Burrs' });
  });

  it('offers nothing without productionsample.audit, or on a cancelled sample', async () => {
    await show(sample(), ['productionsample.search']);
    expect(screen.queryByTestId('production-sample-audit-form')).toBeNull();
    cleanup();
    await show(sample({ status: 90 }));
    expect(screen.queryByTestId('production-sample-audit-form')).toBeNull();
  });
});

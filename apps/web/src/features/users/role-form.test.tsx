import { createRole, updateRole } from '@qcdesk/contract/identity';
import { PERMISSION_GROUPS } from '@qcdesk/contract/permissions';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error';
import { api } from '../../api/client';
import { i18n } from '../../i18n/i18n';
import type { RoleDetail } from './api';
import { RoleForm, type RoleFormProps } from './role-form';

const buildRole = (overrides: Partial<RoleDetail> = {}): RoleDetail => ({
  id: '5',
  code: 'QC',
  nameZh: '品管',
  nameEn: 'QC engineer',
  active: 1,
  scope: 'all',
  permissions: ['client.search', 'material.search'],
  sort: 3,
  remark: null,
  valid: 1,
  version: 4,
  ...overrides,
});

function renderForm(props: Partial<RoleFormProps> = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onDone = vi.fn();
  const onStale = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <RoleForm onDone={onDone} onCancel={vi.fn()} onStale={onStale} {...props} />
    </QueryClientProvider>,
  );
  return { onDone, onStale };
}

// The machine is often busy (CI runs alongside): antd's validation and the mutation can take over 1 s.
const SLOW = { timeout: 5000 };
const group = (name: string) => within(screen.getByRole('group', { name }));
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });

describe('RoleForm', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('lists every catalogue group, and creates the role with the boxes ticked', async () => {
    const call = vi.spyOn(api, 'call').mockResolvedValue(buildRole({ id: '9', code: 'QA_LEAD' }));
    const { onDone } = renderForm();
    expect(screen.getAllByRole('group')).toHaveLength(PERMISSION_GROUPS.length);
    expect(group('Inspection reports').getByRole('checkbox', { name: 'Administer' })).toBeTruthy();

    fireEvent.click(screen.getByTestId('role-save'));
    expect(await screen.findByText('Code must not be empty', undefined, SLOW)).toBeTruthy();
    expect(call).not.toHaveBeenCalled();

    type('Code', 'qa_lead');
    type('Chinese name', '品管组长');
    type('English name', 'QA lead');
    // The group box ticks the whole group; one more box from another group.
    fireEvent.click(group('Clients').getByRole('checkbox', { name: 'Clients' }));
    fireEvent.click(group('Test reports').getByRole('checkbox', { name: 'Export' }));
    expect(screen.getByText('4 of', { exact: false }).textContent).toMatch(/^4 of \d+ selected$/);
    const testReports = group('Test reports').getByRole('checkbox', { name: 'Test reports' });
    expect(testReports.closest('.ant-checkbox')?.classList.contains('ant-checkbox-indeterminate')).toBe(true);
    fireEvent.click(screen.getByTestId('role-save'));

    await waitFor(() => expect(onDone).toHaveBeenCalled(), SLOW);
    expect(call).toHaveBeenCalledWith(
      createRole,
      {
        code: 'QA_LEAD',
        nameZh: '品管组长',
        nameEn: 'QA lead',
        scope: 'department',
        active: 1,
        sort: 0,
        remark: '',
        permissions: ['client.search', 'client.edit', 'client.admin', 'testreport.export'],
      },
      { silent: true },
    );
  });

  it('sends only what changed, with the version', async () => {
    const call = vi.spyOn(api, 'call').mockResolvedValue(buildRole({ version: 5 }));
    const { onDone } = renderForm({ role: buildRole() });
    expect((screen.getByLabelText('Code', { exact: true }) as HTMLInputElement).disabled).toBe(true);
    type('English name', 'QC lead');
    fireEvent.click(group('Materials').getByRole('checkbox', { name: 'Search' }));
    fireEvent.click(screen.getByTestId('role-save'));
    await waitFor(() => expect(onDone).toHaveBeenCalled(), SLOW);
    expect(call).toHaveBeenCalledWith(
      updateRole,
      { id: '5', version: 4, nameEn: 'QC lead', permissions: ['client.search'] },
      { silent: true },
    );
  });

  it('asks before freezing, and sends nothing when the answer is no', async () => {
    const call = vi.spyOn(api, 'call').mockResolvedValue(buildRole({ active: 0, version: 5 }));
    const { onDone } = renderForm({ role: buildRole() });
    fireEvent.click(screen.getByRole('switch'));
    const question = { name: 'Freeze the role QC engineer?' };
    fireEvent.click(screen.getByTestId('role-save'));
    const first = await screen.findByRole('dialog', question, SLOW);
    fireEvent.click(within(first).getByRole('button', { name: 'Cancel' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(call).not.toHaveBeenCalled();
    expect(onDone).not.toHaveBeenCalled();

    // The answered dialog may still be fading out: wait for the new one.
    fireEvent.click(screen.getByTestId('role-save'));
    let dialog: HTMLElement | undefined;
    await waitFor(() => {
      dialog = screen.getAllByRole('dialog', question).find((d) => d !== first);
      expect(dialog).toBeDefined();
    }, SLOW);
    fireEvent.click(within(dialog as HTMLElement).getByRole('button', { name: 'Freeze' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled(), SLOW);
    expect(call).toHaveBeenCalledWith(updateRole, { id: '5', version: 4, active: 0 }, { silent: true });
  });

  it('marks the field a refusal names, and hands a stale version back to reload', async () => {
    const call = vi.spyOn(api, 'call').mockRejectedValueOnce(
      new ApiError({
        code: 200,
        status: 200,
        reason: 'E_NO_CHINESE',
        field: 'nameEn',
        message: 'No Chinese',
      }),
    );
    const { onDone, onStale } = renderForm({ role: buildRole() });
    type('English name', 'QC boss');
    fireEvent.click(screen.getByTestId('role-save'));
    const message = await screen.findByText('No Chinese', undefined, SLOW);
    expect(message.closest('.ant-form-item')?.querySelector('#role_nameEn')).toBeTruthy();

    call.mockRejectedValueOnce(
      new ApiError({ code: 200, status: 200, reason: 'E_VERSION', message: 'Changed by someone else' }),
    );
    type('English name', 'QC chief');
    fireEvent.click(screen.getByTestId('role-save'));
    await waitFor(() => expect(onStale).toHaveBeenCalledWith('Changed by someone else'), SLOW);
    expect(onDone).not.toHaveBeenCalled();
  });
});

import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionKey } from '../api/session';
import { ChangeLogCard, type ChangeLogEntry, ChangeLogViewer } from './change-log-viewer';
import { renderWidget } from './test-utils';

const entry = (overrides: Partial<ChangeLogEntry> = {}): ChangeLogEntry => ({
  id: '1',
  action: 'update',
  at: '2026-03-04T05:06:00.000Z',
  actorId: '10',
  actorName: 'Li Lei',
  impersonatorId: null,
  impersonatorName: null,
  reason: null,
  changes: [{ field: 'quantity', from: 100, to: 120 }],
  ...overrides,
});

describe('ChangeLogViewer', () => {
  afterEach(cleanup);

  it('shows who changed which field from what to what, and when', () => {
    renderWidget(
      <ChangeLogViewer
        entries={[
          entry({ impersonatorId: '1', impersonatorName: 'Admin', reason: 'Customer asked' }),
          entry({
            id: '2',
            action: 'approve',
            actorName: null,
            changes: [{ field: 'note', from: null, to: 'ok' }],
          }),
        ]}
        fieldLabel={(field) => (field === 'quantity' ? 'Quantity' : field)}
      />,
    );
    expect(screen.getAllByText('Li Lei')).toHaveLength(1);
    expect(screen.getByText(/impersonated by Admin/)).toBeTruthy();
    expect(screen.getByText('Reason: Customer asked')).toBeTruthy();
    const first = screen.getByText('100').closest('li')!;
    expect(first.textContent).toBe('Quantity: 100 → 120');
    expect(screen.getByText('System')).toBeTruthy();
    expect(screen.getByText(/Status change: approve/)).toBeTruthy();
    expect(screen.getByText('(empty)').closest('li')?.textContent).toBe('note: (empty) → ok');
    expect(screen.getAllByText(/^2026-03-04 \d\d:06$/)).toHaveLength(2);
  });

  it("names an area's own action as the area declared it, not by its key", () => {
    renderWidget(
      <ChangeLogViewer
        entries={[entry({ action: 'submit', actionNames: { zh: '提交', en: 'Submitted' }, changes: [] })]}
      />,
    );
    expect(screen.getByText(/Submitted/)).toBeTruthy();
    expect(screen.queryByText(/submit\b/)).toBeNull();
  });

  it('shows the names of referenced rows in the UI language, and the raw value without one', () => {
    const named = entry({
      changes: [
        {
          field: 'countryId',
          from: '12',
          to: '34',
          fromNames: { zh: '德国', en: 'Germany' },
          toNames: { zh: '法国', en: 'France' },
        },
        { field: 'labId', from: '7', to: null },
      ],
    });
    renderWidget(<ChangeLogViewer entries={[named]} />, { language: 'en' });
    expect(screen.getByText('Germany').closest('li')?.textContent).toMatch(/Germany → France$/);
    expect(screen.getByText('7').closest('li')?.textContent).toMatch(/7 → \(empty\)$/);
    cleanup();
    renderWidget(<ChangeLogViewer entries={[named]} />, { language: 'zh' });
    expect(screen.getByText('德国').closest('li')?.textContent).toMatch(/德国 → 法国$/);
  });

  it('labels child rows and shows their values as label: value pairs, not JSON', () => {
    const child = entry({
      changes: [
        { field: 'tests[T-EN71-1]', from: null, to: { mandatory: true, productTypes: [1, 2] } },
        { field: 'tests[T-EN71-1].mandatory', from: true, to: false },
        { field: 'reportEmails', from: [], to: ['qa@example.com', 'lab@example.com'] },
        { field: 'pushedAt', from: null, to: '2026-03-04T05:06:07.890Z' },
        { field: 'parts[BODY].materials[6901234500011].percentage', from: '100.00', to: '90.00' },
        {
          field: 'parts[FABRIC].materials[6901234500042].percentage',
          from: '100',
          to: '2.5',
          keyNames: {
            FABRIC: { zh: '面料', en: 'Fabric' },
            '6901234500042': { zh: '6901234500042 | 布料', en: '6901234500042 | 布料' },
          },
        },
      ],
    });
    renderWidget(
      <ChangeLogViewer entries={[{ ...child, actorName: '李雷', actorEnglishName: 'Li Lei' }]} />,
      {
        language: 'en',
      },
    );
    expect(screen.getByText('Li Lei')).toBeTruthy();
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toContain('Test requirements T-EN71-1: (empty) → Mandatory: Yes; Product types: 1, 2');
    expect(items).toContain('Test requirements T-EN71-1 · Mandatory: Yes → No');
    expect(items).toContain('Report e-mails: (empty) → qa@example.com, lab@example.com');
    expect(items).toContain('Parts BODY · Materials 6901234500011 · Percentage: 100.00 → 90.00');
    // Keys the server named show by name, in the UI language; decimals come as the server reads them.
    expect(items).toContain('Parts Fabric · Materials 6901234500042 | 布料 · Percentage: 100 → 2.5');
    expect(items.find((text) => text?.startsWith('Pushed at'))).toMatch(
      /^Pushed at: \(empty\) → 2026-03-04 \d\d:06$/,
    );
  });

  it('shows the names the server gave a whole child row’s references and enumerations', () => {
    const added = entry({
      changes: [
        {
          field: 'products[OD-01]',
          from: null,
          to: { factoryId: '5', productType: 1, quantity: 100 },
          toPropertyNames: {
            factoryId: { zh: '深圳华美玩具厂', en: 'Shenzhen Huamei Toys' },
            productType: { zh: '新款', en: 'New' },
          },
        },
      ],
    });
    renderWidget(<ChangeLogViewer entries={[added]} />, { language: 'zh' });
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toContain('产品 OD-01: （空） → 工厂: 深圳华美玩具厂; 产品类型: 新款; 数量: 100');
  });

  it('says when nothing was recorded', () => {
    renderWidget(<ChangeLogViewer entries={[]} />, { language: 'zh' });
    expect(screen.getByText('暂无修改记录')).toBeTruthy();
  });

  it('fetches the record’s log page by page', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce({ list: [entry()], page: 1, pageSize: 10, total: 11, totalCapped: false })
      .mockResolvedValueOnce({
        list: [entry({ id: '2', action: 'create', changes: [] })],
        page: 2,
        pageSize: 10,
        total: 11,
        totalCapped: false,
      });
    renderWidget(<ChangeLogViewer entity="order" id="42" fetch={fetch} />);
    expect(await screen.findByText(/Changed/)).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith({ entity: 'order', id: '42', page: 1, pageSize: 10 });
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText(/Created/)).toBeTruthy();
    expect(fetch).toHaveBeenLastCalledWith({ entity: 'order', id: '42', page: 2, pageSize: 10 });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull());
  });

  it('shows nothing to a CLIENT user, who may not read change logs (issue 25)', async () => {
    const fetch = vi.fn(async () => ({
      list: [entry()],
      page: 1,
      pageSize: 10,
      total: 1,
      totalCapped: false,
    }));
    const { queryClient } = renderWidget(<ChangeLogCard entity="order" id="42" fetch={fetch} />);
    expect(screen.getByRole('region', { name: 'Change log' })).toBeTruthy();
    act(() => {
      queryClient.setQueryData(sessionKey, { roleCode: 'CLIENT', roles: ['role:CLIENT'] });
    });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Change log' })).toBeNull());
    expect(document.querySelector('.ant-card')).toBeNull();
  });
});

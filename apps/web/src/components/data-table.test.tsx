import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataTable, type PageResult } from './data-table';
import type { TableColumn } from './table-columns';
import { pretendPhone, renderWidget } from './test-utils';

interface Order {
  id: string;
  orderNo: string;
  status: string;
  quantity: number;
}

const columns: TableColumn<Order>[] = [
  { title: { zh: '订单号', en: 'Order no' }, dataIndex: 'orderNo' },
  {
    title: { zh: '状态', en: 'Status' },
    dataIndex: 'status',
    valueType: 'select',
    valueEnum: { open: { zh: '进行中', en: 'Open' }, done: { zh: '完成', en: 'Done' } },
  },
  { title: { zh: '数量', en: 'Quantity' }, dataIndex: 'quantity', valueType: 'number', hideInSearch: true },
  { title: { zh: '客户', en: 'Client' }, dataIndex: 'client' as keyof Order & string, hideInTable: true },
];

const orders = (count: number, from = 1): Order[] =>
  Array.from({ length: count }, (_, i) => ({
    id: String(from + i),
    orderNo: `PO-${from + i}`,
    status: 'open',
    quantity: 1000 * (from + i),
  }));

const page = (list: Order[], extra: Partial<PageResult<Order>> = {}): PageResult<Order> => ({
  list,
  page: 1,
  pageSize: 10,
  total: list.length,
  totalCapped: false,
  ...extra,
});

function renderTable(
  request: (
    f: Record<string, unknown>,
    p: number,
    s: number,
    o: { count: boolean },
  ) => Promise<PageResult<Order>>,
) {
  return renderWidget(<DataTable columns={columns} rowKey="id" queryKey={['orders']} request={request} />);
}

describe('DataTable', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('asks for page 1 of 10 and shows the rows by their column types', async () => {
    const request = vi.fn().mockResolvedValue(page(orders(3)));
    renderTable(request);
    expect(await screen.findByText('PO-1')).toBeTruthy();
    expect(request).toHaveBeenCalledWith({}, 1, 10, { count: true });
    expect(screen.getAllByText('Open').length).toBeGreaterThan(0);
    expect(screen.getByText('3,000')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Order no' })).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: 'Client' })).toBeNull();
  });

  it('builds the search bar from the same columns; a submit (Enter) searches from page 1', async () => {
    const request = vi.fn().mockResolvedValue(page(orders(10), { total: 35 }));
    renderTable(request);
    await screen.findByText('PO-1');
    const search = screen.getByRole('search');
    expect(within(search).getByLabelText('Order no')).toBeTruthy();
    expect(within(search).getByLabelText('Client')).toBeTruthy();
    expect(within(search).queryByLabelText('Quantity')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(request).toHaveBeenLastCalledWith({}, 3, 10, { count: false }));

    const orderNo = within(search).getByLabelText('Order no');
    fireEvent.change(orderNo, { target: { value: ' PO-7 ' } });
    fireEvent.submit(orderNo.closest('form')!);
    await waitFor(() =>
      expect(request).toHaveBeenLastCalledWith({ orderNo: 'PO-7' }, 1, 10, { count: true }),
    );

    fireEvent.click(within(search).getByText('Reset').closest('button')!);
    await waitFor(() => expect(request).toHaveBeenLastCalledWith({}, 1, 10, { count: true }));
    expect((within(search).getByLabelText('Order no') as HTMLInputElement).value).toBe('');
  });

  it('counts once per filter: later pages send count false and keep the total', async () => {
    const request = vi.fn(async (_f: unknown, p: number, _s: number, o: { count: boolean }) =>
      page(orders(10, (p - 1) * 10 + 1), { page: p, total: o.count ? 35 : null }),
    );
    renderTable(request);
    expect(await screen.findByText('35 records')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('PO-11')).toBeTruthy();
    expect(request).toHaveBeenLastCalledWith({}, 2, 10, { count: false });
    expect(screen.getByText('35 records')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Page 4' })).toBeTruthy();
  });

  it('shows "10,000+" for a capped total', async () => {
    renderTable(vi.fn().mockResolvedValue(page(orders(10), { total: 10000, totalCapped: true })));
    expect(await screen.findByText('10,000+ records')).toBeTruthy();
  });

  it('says so when nothing matches', async () => {
    renderTable(vi.fn().mockResolvedValue(page([])));
    expect(await screen.findByText('No records match')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  it('shows a failure with a retry that loads again', async () => {
    const request = vi
      .fn()
      .mockRejectedValueOnce(new Error('Error:Network(网络异常)'))
      .mockResolvedValue(page(orders(1)));
    renderTable(request);
    expect(await screen.findByText('The list could not be loaded')).toBeTruthy();
    expect(screen.getByText('Error:Network(网络异常)')).toBeTruthy();
    fireEvent.click(screen.getByText('Try again').closest('button')!);
    expect(await screen.findByText('PO-1')).toBeTruthy();
  });

  it('turns rows into cards on a phone', async () => {
    const restore = pretendPhone();
    try {
      renderWidget(
        <DataTable
          columns={columns}
          rowKey="id"
          queryKey={['orders-phone']}
          request={vi.fn().mockResolvedValue(page(orders(2)))}
        />,
        { language: 'zh' },
      );
      const cards = await screen.findByRole('list', { name: '记录' });
      expect(within(cards).getAllByRole('listitem')).toHaveLength(2);
      expect(within(cards).getByText('PO-2')).toBeTruthy();
      expect(within(cards).getAllByText('数量')).toHaveLength(2);
      expect(screen.queryByRole('table')).toBeNull();
    } finally {
      restore();
    }
  });
});

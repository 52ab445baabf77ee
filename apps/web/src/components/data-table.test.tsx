import type { Language } from '@qcdesk/contract/messages';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DataTable, type DataTableProps, type PageQuery, type PageResult } from './data-table';
import { lastSearchKey, tableSettingsKey } from './list-state';
import type { TableColumn } from './table-columns';
import { pretendPhone, renderWidget } from './test-utils';
import { forgetBareEntries } from './use-list-state';

interface Order {
  id: string;
  orderNo: string;
  status: string;
  quantity: number;
}

const columns: TableColumn<Order>[] = [
  { title: { zh: '订单号', en: 'Order no' }, dataIndex: 'orderNo', sort: 'orderNo' },
  {
    title: { zh: '状态', en: 'Status' },
    dataIndex: 'status',
    valueType: 'select',
    valueEnum: { open: { zh: '进行中', en: 'Open' }, done: { zh: '完成', en: 'Done' } },
  },
  { title: { zh: '数量', en: 'Quantity' }, dataIndex: 'quantity', valueType: 'number', hideInSearch: true },
  { title: { zh: '客户', en: 'Client' }, dataIndex: 'client' as keyof Order & string, hideInTable: true },
];

const LIST_KEY = 'orders';

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

const query = (extra: Partial<PageQuery> = {}): PageQuery => ({
  filters: {},
  page: 1,
  pageSize: 10,
  sort: undefined,
  order: 'asc',
  count: true,
  ...extra,
});

type Request = (q: PageQuery) => Promise<PageResult<Order>>;

/** The table on `/list` of a memory router (a detail page beside it), at `url`. */
function renderTable(
  request: Request,
  {
    url = '/list',
    language = 'en',
    props = {},
  }: { url?: string; language?: Language; props?: Partial<DataTableProps<Order>> } = {},
) {
  const router = createMemoryRouter(
    [
      {
        path: '/list',
        element: (
          <DataTable
            columns={columns}
            rowKey="id"
            queryKey={['orders']}
            listKey={LIST_KEY}
            request={request}
            {...props}
          />
        ),
      },
      { path: '/detail', element: <p>detail</p> },
    ],
    { initialEntries: [url] },
  );
  const rendered = renderWidget(<RouterProvider router={router} />, { language });
  const search = () => new URLSearchParams(router.state.location.search);
  return { ...rendered, router, search };
}

const orderNoInput = () => within(screen.getByRole('search')).getByLabelText('Order no');

const lastQuery = (request: ReturnType<typeof vi.fn>) => request.mock.lastCall?.[0] as PageQuery;

describe('DataTable', () => {
  beforeEach(() => {
    localStorage.clear();
    forgetBareEntries();
  });
  afterEach(() => vi.restoreAllMocks());

  it('asks for page 1 of 10 and shows the rows by their column types', async () => {
    const request = vi.fn().mockResolvedValue(page(orders(3)));
    renderTable(request);
    expect(await screen.findByText('PO-1')).toBeTruthy();
    expect(request).toHaveBeenCalledWith(query());
    expect(screen.getAllByText('Open').length).toBeGreaterThan(0);
    expect(screen.getByText('3,000')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: /Order no/ })).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: 'Client' })).toBeNull();
  });

  it('builds the search bar from the same columns; a search starts at page 1 and goes into the URL', async () => {
    const request = vi.fn().mockResolvedValue(page(orders(10), { total: 35 }));
    const { search } = renderTable(request);
    await screen.findByText('PO-1');
    const bar = screen.getByRole('search');
    expect(within(bar).getByLabelText('Order no')).toBeTruthy();
    expect(within(bar).getByLabelText('Client')).toBeTruthy();
    expect(within(bar).queryByLabelText('Quantity')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(lastQuery(request)).toEqual(query({ page: 3, count: false })));
    expect(search().get('page')).toBe('3');

    const orderNo = within(bar).getByLabelText('Order no');
    fireEvent.change(orderNo, { target: { value: ' PO-7 ' } });
    fireEvent.submit(orderNo.closest('form')!);
    await waitFor(() => expect(lastQuery(request)).toEqual(query({ filters: { orderNo: 'PO-7' } })));
    expect(search().toString()).toBe('orderNo=PO-7');

    fireEvent.click(within(bar).getByText('Reset').closest('button')!);
    await waitFor(() => expect(lastQuery(request)).toEqual(query()));
    expect(search().toString()).toBe('');
    expect((within(bar).getByLabelText('Order no') as HTMLInputElement).value).toBe('');
  });

  it('counts once per filter: later pages send count false and keep the total', async () => {
    const request = vi.fn(async (q: PageQuery) =>
      page(orders(10, (q.page - 1) * 10 + 1), { page: q.page, total: q.count ? 35 : null }),
    );
    renderTable(request);
    expect(await screen.findByText('35 records')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('PO-11')).toBeTruthy();
    expect(lastQuery(request)).toEqual(query({ page: 2, count: false }));
    expect(screen.getByText('35 records')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Page 4' })).toBeTruthy();
  });

  it('opens the state the URL names, asking for the total it does not have', async () => {
    const request = vi.fn(async (q: PageQuery) => page(orders(10, 21), { page: q.page, total: 35 }));
    renderTable(request, { url: '/list?orderNo=PO&page=3&pageSize=20&sort=orderNo&order=desc' });
    expect(await screen.findByText('PO-21')).toBeTruthy();
    expect(request).toHaveBeenCalledTimes(1);
    expect(lastQuery(request)).toEqual(
      query({ filters: { orderNo: 'PO' }, page: 3, pageSize: 20, sort: 'orderNo', order: 'desc' }),
    );
    expect((orderNoInput() as HTMLInputElement).value).toBe('PO');
    expect(screen.getByRole('button', { name: 'Page 2' })).toBeTruthy();
  });

  it('comes Back to the search and page it left for a detail', async () => {
    const request = vi.fn().mockResolvedValue(page(orders(10), { total: 35 }));
    const { router, search } = renderTable(request);
    await screen.findByText('PO-1');
    const orderNo = orderNoInput();
    fireEvent.change(orderNo, { target: { value: 'PO-3' } });
    fireEvent.submit(orderNo.closest('form')!);
    await waitFor(() => expect(lastQuery(request)).toMatchObject({ filters: { orderNo: 'PO-3' } }));
    expect(search().get('orderNo')).toBe('PO-3');
    fireEvent.click(await screen.findByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(search().get('page')).toBe('2'));

    await act(() => router.navigate('/detail'));
    expect(screen.getByText('detail')).toBeTruthy();
    await act(() => router.navigate(-1));
    await screen.findByText('PO-1');
    expect(search().toString()).toBe('orderNo=PO-3&page=2');
    expect((orderNoInput() as HTMLInputElement).value).toBe('PO-3');
    expect(lastQuery(request)).toMatchObject({ filters: { orderNo: 'PO-3' }, page: 2 });

    // One step further back: the first page of that search, then the list before it.
    await act(() => router.navigate(-1));
    await waitFor(() => expect(search().toString()).toBe('orderNo=PO-3'));
    await act(() => router.navigate(-1));
    await waitFor(() => expect(search().toString()).toBe(''));
    await waitFor(() => expect((orderNoInput() as HTMLInputElement).value).toBe(''));
  });

  it('keeps a search when a page is clicked before the URL has caught up with it', async () => {
    const request = vi.fn().mockResolvedValue(page(orders(10), { total: 35 }));
    const { search } = renderTable(request);
    await screen.findByText('PO-1');
    fireEvent.change(orderNoInput(), { target: { value: 'PO-3' } });
    fireEvent.submit(orderNoInput().closest('form')!);
    // The router has the search; the table may not have rendered it yet.
    await waitFor(() => expect(search().get('orderNo')).toBe('PO-3'), { interval: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(search().toString()).toBe('orderNo=PO-3&page=2'));
    await waitFor(() => expect(lastQuery(request)).toMatchObject({ filters: { orderNo: 'PO-3' }, page: 2 }));
  });

  it('opens a bare URL at the user’s last search of the list, and shows it in the URL', async () => {
    localStorage.setItem(lastSearchKey('anonymous', LIST_KEY), JSON.stringify({ status: 'done', page: '2' }));
    const request = vi.fn().mockResolvedValue(page(orders(10), { total: 35 }));
    const { search } = renderTable(request);
    await screen.findByText('PO-1');
    expect(request).toHaveBeenCalledTimes(1);
    expect(lastQuery(request)).toEqual(query({ filters: { status: 'done' }, page: 2 }));
    await waitFor(() => expect(search().toString()).toBe('status=done&page=2'));
  });

  it('remembers the search it shows; a reset is remembered too', async () => {
    const request = vi.fn().mockResolvedValue(page(orders(3)));
    renderTable(request, { url: '/list?orderNo=PO-2' });
    await screen.findByText('PO-1');
    const key = lastSearchKey('anonymous', LIST_KEY);
    await waitFor(() => expect(JSON.parse(localStorage.getItem(key)!)).toEqual({ orderNo: 'PO-2' }));
    fireEvent.click(screen.getByText('Reset').closest('button')!);
    await waitFor(() => expect(JSON.parse(localStorage.getItem(key)!)).toEqual({}));
    expect(lastQuery(request)).toEqual(query());
  });

  it('keeps other parameters of the page, and prefixes its own when asked', async () => {
    const request = vi.fn().mockResolvedValue(page(orders(10), { total: 35 }));
    const { search } = renderTable(request, {
      url: '/list?tab=groups&orderNo=users',
      props: { paramPrefix: 'g.' },
    });
    await screen.findByText('PO-1');
    expect(lastQuery(request)).toEqual(query());
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(search().toString()).toBe('tab=groups&orderNo=users&g.page=2'));
  });

  it('runs the same search again when Search is pressed with unchanged filters, and on refresh', async () => {
    const request = vi.fn().mockResolvedValue(page(orders(3)));
    renderTable(request);
    await screen.findByText('PO-1');
    expect(request).toHaveBeenCalledTimes(1);
    fireEvent.submit(screen.getByRole('search'));
    await waitFor(() => expect(request).toHaveBeenCalledTimes(2));
    expect(lastQuery(request)).toEqual(query());
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(request).toHaveBeenCalledTimes(3));
    expect(lastQuery(request)).toEqual(query());
  });

  it('sorts from a sortable header on the server: ascending, descending, then the search’s own order', async () => {
    const request = vi.fn().mockResolvedValue(page(orders(3)));
    const { search } = renderTable(request);
    await screen.findByText('PO-1');
    const header = () => screen.getByRole('columnheader', { name: /Order no/ });
    expect(screen.getByRole('columnheader', { name: 'Status' }).getAttribute('aria-sort')).toBeNull();

    fireEvent.click(header());
    // The total of these filters is known: a sort only reorders them.
    await waitFor(() =>
      expect(lastQuery(request)).toEqual(query({ sort: 'orderNo', order: 'asc', count: false })),
    );
    expect(search().toString()).toBe('sort=orderNo&order=asc');
    await waitFor(() => expect(header().getAttribute('aria-sort')).toBe('ascending'));

    fireEvent.click(header());
    await waitFor(() =>
      expect(lastQuery(request)).toEqual(query({ sort: 'orderNo', order: 'desc', count: false })),
    );
    expect(search().toString()).toBe('sort=orderNo&order=desc');

    fireEvent.click(header());
    await waitFor(() => expect(search().toString()).toBe(''));
    expect(lastQuery(request).sort).toBeUndefined();
  });

  it('hides a column from the column settings, remembers it, and resets', async () => {
    const request = vi.fn().mockResolvedValue(page(orders(3)));
    const first = renderTable(request);
    await screen.findByText('PO-1');
    fireEvent.click(screen.getByRole('button', { name: 'Column settings' }));
    const settings = await screen.findByTestId('column-settings');
    fireEvent.click(within(settings).getByLabelText('Quantity'));
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: 'Quantity' })).toBeNull());
    fireEvent.click(within(settings).getByRole('button', { name: 'Move Status up' }));
    const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent);
    await waitFor(() => expect(headers()).toEqual(['Status', 'Order no']));
    expect(JSON.parse(localStorage.getItem(tableSettingsKey('anonymous', LIST_KEY))!)).toEqual({
      order: ['status', 'orderNo', 'quantity'],
      hidden: ['quantity'],
    });
    first.unmount();

    renderTable(request);
    await screen.findByText('PO-1');
    expect(headers()).toEqual(['Status', 'Order no']);
    fireEvent.click(screen.getByRole('button', { name: 'Column settings' }));
    fireEvent.click(within(await screen.findByTestId('column-settings')).getByText('Reset'));
    await waitFor(() => expect(headers()).toEqual(['Order no', 'Status', 'Quantity']));
  });

  it('sets and remembers the density', async () => {
    const request = vi.fn().mockResolvedValue(page(orders(3)));
    const { container } = renderTable(request);
    await screen.findByText('PO-1');
    expect(container.querySelector('.ant-table-small')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Density' }));
    fireEvent.click(await screen.findByText('Compact'));
    await waitFor(() => expect(container.querySelector('.ant-table-small')).not.toBeNull());
    expect(JSON.parse(localStorage.getItem(tableSettingsKey('anonymous', LIST_KEY))!)).toEqual({
      density: 'small',
    });
  });

  it('names its tools in Chinese and places the export button among them', async () => {
    renderTable(vi.fn().mockResolvedValue(page(orders(1))), {
      language: 'zh',
      props: {
        exportButton: (filters) => (
          <button type="button" data-filters={JSON.stringify(filters)}>
            导出
          </button>
        ),
        toolbar: <button type="button">新建</button>,
      },
    });
    await screen.findByText('PO-1');
    const bar = screen.getByTestId('table-toolbar');
    expect(within(bar).getByRole('button', { name: '刷新' })).toBeTruthy();
    expect(within(bar).getByRole('button', { name: '密度' })).toBeTruthy();
    expect(within(bar).getByRole('button', { name: '列设置' })).toBeTruthy();
    expect(
      within(bar)
        .getAllByRole('button')
        .map((b) => b.textContent?.trim()),
    ).toEqual(expect.arrayContaining(['新建', '导出']));
    // The export gets the filters the table shows.
    expect(within(bar).getByRole('button', { name: '导出' }).getAttribute('data-filters')).toBe('{}');
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

  it('turns rows into cards on a phone, sorted from a select', async () => {
    const restore = pretendPhone();
    try {
      const request = vi.fn().mockResolvedValue(page(orders(2)));
      const { search } = renderTable(request, { language: 'zh' });
      const cards = await screen.findByRole('list', { name: '记录' });
      expect(within(cards).getAllByRole('listitem')).toHaveLength(2);
      expect(within(cards).getByText('PO-2')).toBeTruthy();
      expect(within(cards).getAllByText('数量')).toHaveLength(2);
      expect(screen.queryByRole('table')).toBeNull();
      expect(screen.queryByRole('button', { name: '密度' })).toBeNull();

      fireEvent.mouseDown(screen.getByLabelText('排序'));
      fireEvent.click(await screen.findByText('订单号 ↓ 降序'));
      await waitFor(() => expect(search().toString()).toBe('sort=orderNo&order=desc'));
      expect(lastQuery(request)).toMatchObject({ sort: 'orderNo', order: 'desc' });
    } finally {
      restore();
    }
  });
});

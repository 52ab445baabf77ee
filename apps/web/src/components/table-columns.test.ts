import { describe, expect, it } from 'vitest';
import {
  columnOptions,
  formatCell,
  initialSearchValues,
  searchColumns,
  type TableColumn,
  tableColumns,
  toFilters,
} from './table-columns';

interface Row {
  orderNo: string;
  quantity: number;
  deliveryDate: string;
  status: number;
  work: boolean;
}

const columns: TableColumn<Row>[] = [
  { title: 'Order no', dataIndex: 'orderNo' },
  { title: 'Quantity', dataIndex: 'quantity', valueType: 'number', hideInSearch: true },
  { title: 'Delivery', dataIndex: 'deliveryDate', valueType: 'date', hideInSearch: true },
  {
    title: 'Delivery',
    key: 'deliveryRange',
    searchKey: 'delivery',
    valueType: 'dateRange',
    hideInTable: true,
  },
  {
    title: 'Status',
    dataIndex: 'status',
    valueType: 'select',
    valueEnum: { 1: { zh: '新', en: 'New' }, 2: 'Done' },
  },
  { title: 'Work', dataIndex: 'work', valueType: 'bool', initialValue: true },
  { title: 'Actions', key: 'actions', render: () => null },
];

const text = { yes: 'Yes', no: 'No', label: (l: unknown) => (typeof l === 'string' ? l : 'label') };

describe('one column array', () => {
  it('gives the table the columns not hidden in it', () => {
    expect(tableColumns(columns).map((c) => c.title)).toEqual([
      'Order no',
      'Quantity',
      'Delivery',
      'Status',
      'Work',
      'Actions',
    ]);
  });

  it('gives the search bar the columns not hidden in it that name a filter', () => {
    expect(searchColumns(columns).map((c) => c.searchKey ?? c.dataIndex)).toEqual([
      'orderNo',
      'delivery',
      'status',
      'work',
    ]);
    expect(initialSearchValues(columns)).toEqual({ work: true });
  });

  it('reads select choices from valueEnum', () => {
    expect(columnOptions(columns[4]!)).toEqual([
      { value: '1', label: { zh: '新', en: 'New' } },
      { value: '2', label: 'Done' },
    ]);
  });
});

describe('toFilters', () => {
  it('trims text, drops empty inputs and splits a date range into startTime and endTime', () => {
    expect(
      toFilters(columns, {
        orderNo: '  PO-1 ',
        delivery: ['2026-01-01', '2026-01-31'],
        status: undefined,
        work: false,
      }),
    ).toEqual({ orderNo: 'PO-1', startTime: '2026-01-01', endTime: '2026-01-31', work: false });
    expect(toFilters(columns, { orderNo: '   ', delivery: [] })).toEqual({});
  });

  it('applies a column transform', () => {
    const shipped: TableColumn<Row>[] = [
      {
        title: 'Shipped',
        searchKey: 'shipped',
        valueType: 'dateRange',
        searchTransform: (v) => ({ shipFrom: (v as string[])[0], shipTo: (v as string[])[1] }),
      },
    ];
    expect(toFilters(shipped, { shipped: ['2026-01-01', '2026-02-01'] })).toEqual({
      shipFrom: '2026-01-01',
      shipTo: '2026-02-01',
    });
  });
});

describe('formatCell', () => {
  it('shows values by their type', () => {
    expect(formatCell(columns[0]!, 'PO-1', text)).toBe('PO-1');
    expect(formatCell(columns[1]!, 12345, text)).toBe('12,345');
    expect(formatCell(columns[1]!, 2.25, text)).toBe('2.3');
    expect(formatCell({ ...columns[1]!, precision: 2 }, 2, text)).toBe('2.00');
    expect(formatCell(columns[2]!, '2026-03-04T05:06:07Z', text)).toMatch(/^2026-03-0[45]$/);
    expect(formatCell(columns[4]!, 2, text)).toBe('Done');
    expect(formatCell(columns[4]!, 9, text)).toBe('9');
    expect(formatCell(columns[5]!, true, text)).toBe('Yes');
    expect(formatCell(columns[0]!, null, text)).toBe('-');
  });
});

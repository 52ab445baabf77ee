import { describe, expect, it } from 'vitest';
import {
  decodeListState,
  decodeValue,
  encodeListState,
  encodeValue,
  type ListState,
  lastSearchKey,
  openingParams,
  parseStoredParams,
  pickListParams,
  sameParams,
  searchValues,
  sortInput,
  tableSettingsKey,
  withListParams,
} from './list-state';
import type { TableColumn } from './table-columns';

interface Row {
  id: string;
  name: string;
  status: number;
  quantity: number;
  updatedAt: string;
}

const columns: TableColumn<Row>[] = [
  { title: 'Name', dataIndex: 'name', sort: 'name' },
  {
    title: 'Status',
    dataIndex: 'status',
    valueType: 'select',
    options: [
      { value: 10, label: 'Open' },
      { value: 20, label: 'Done' },
    ],
  },
  { title: 'Quantity', dataIndex: 'quantity', valueType: 'number' },
  { title: 'Complete', searchKey: 'complete', valueType: 'bool', initialValue: true, hideInTable: true },
  { title: 'Received', searchKey: 'received', valueType: 'dateRange', hideInTable: true },
  {
    title: 'Client',
    searchKey: 'client',
    hideInTable: true,
    renderFormItem: () => null,
    searchTransform: (value) => ({ client: (value as { value: string }).value }),
  },
  { title: 'Updated', dataIndex: 'updatedAt', valueType: 'date', hideInSearch: true, sort: 'updatedAt' },
];

const state = (extra: Partial<ListState> = {}): ListState => ({
  values: { complete: true },
  page: 1,
  pageSize: 10,
  order: 'asc',
  ...extra,
});

describe('list state in the URL', () => {
  it('writes nothing for the defaults, so a fresh list has a bare URL', () => {
    expect(encodeListState(state(), columns, 10)).toEqual({});
    expect(decodeListState({}, columns, 10)).toEqual({
      values: { complete: true, name: undefined, status: undefined, quantity: undefined },
      page: 1,
      pageSize: 10,
      order: 'asc',
    } satisfies ListState);
  });

  it('round-trips every kind of search value, the page, the page size and the sort', () => {
    const full = state({
      values: {
        name: '华美 toys',
        status: 20,
        quantity: 5,
        complete: false,
        received: ['2024-01-01', '2024-03-31'],
        client: { value: '42', label: 'Golden Star' },
      },
      page: 3,
      pageSize: 20,
      sort: 'updatedAt',
      order: 'desc',
    });
    const params = encodeListState(full, columns, 10);
    expect(params).toEqual({
      name: '华美 toys',
      status: '20',
      quantity: '5',
      complete: 'false',
      received: '2024-01-01,2024-03-31',
      client: '{"value":"42","label":"Golden Star"}',
      page: '3',
      pageSize: '20',
      sort: 'updatedAt',
      order: 'desc',
    });
    const search = new URLSearchParams(new URLSearchParams(params).toString());
    expect(decodeListState(pickListParams(search, columns), columns, 10)).toEqual(full);
  });

  it('writes an input cleared although it has an initial value as empty, and reads it back empty', () => {
    const cleared = state({ values: { complete: undefined } });
    expect(encodeListState(cleared, columns, 10)).toEqual({ complete: '' });
    expect(decodeListState({ complete: '' }, columns, 10).values.complete).toBeUndefined();
  });

  it('falls back to the defaults for what it cannot read', () => {
    const read = decodeListState(
      {
        page: '-2',
        pageSize: '5000',
        sort: 'password',
        order: 'sideways',
        quantity: 'many',
        complete: 'maybe',
      },
      columns,
      10,
    );
    expect(read.page).toBe(1);
    expect(read.pageSize).toBe(10);
    expect(read.sort).toBeUndefined();
    expect(read.order).toBe('asc');
    expect(read.values.quantity).toBeUndefined();
    expect(read.values.complete).toBeUndefined();
  });

  it('decodes select values as the option has them and keeps unknown texts', () => {
    const status = columns[1]!;
    expect(decodeValue(status, '10')).toBe(10);
    expect(decodeValue(status, '99')).toBe('99');
    expect(decodeValue(columns[0]!, '{"a":1}')).toBe('{"a":1}');
    expect(decodeValue(columns[5]!, '{broken')).toBe('{broken');
    expect(encodeValue(columns[0]!, '  ')).toBe('');
  });

  it('touches only its own parameters, with a prefix for a second list on the page', () => {
    const search = new URLSearchParams('tab=groups&name=old&g.name=x&g.page=2');
    expect(pickListParams(search, columns, 'g.')).toEqual({ name: 'x', page: '2' });
    const next = withListParams(search, { name: 'y', sort: 'name', order: 'asc' }, columns, 'g.');
    expect(next.toString()).toBe('tab=groups&name=old&g.name=y&g.sort=name&g.order=asc');
    expect(withListParams(search, {}, columns).toString()).toBe('tab=groups&g.name=x&g.page=2');
  });

  it('compares parameter sets by value', () => {
    expect(sameParams({ name: 'a', page: '2' }, { page: '2', name: 'a' })).toBe(true);
    expect(sameParams({ name: 'a' }, { name: 'a', page: '2' })).toBe(false);
    expect(sameParams({}, {})).toBe(true);
  });

  it('keeps the search values trimmed, and only those of search inputs', () => {
    expect(searchValues(columns, { name: '  PO-7 ', other: 'x', quantity: 3 })).toEqual({
      name: 'PO-7',
      status: undefined,
      quantity: 3,
      complete: undefined,
      received: undefined,
      client: undefined,
    });
  });
});

describe('the last search in storage', () => {
  it('lets the URL win, else restores the stored search, else opens the defaults', () => {
    expect(openingParams({ page: '2' }, { name: 'old' })).toEqual({ params: { page: '2' }, restored: false });
    expect(openingParams({}, { name: 'old' })).toEqual({ params: { name: 'old' }, restored: true });
    expect(openingParams({}, {})).toEqual({ params: {}, restored: false });
    expect(openingParams({}, null)).toEqual({ params: {}, restored: false });
  });

  it('reads back only a flat object of texts', () => {
    expect(parseStoredParams('{"name":"a","page":"2","bad":3}')).toEqual({ name: 'a', page: '2' });
    expect(parseStoredParams('[1]')).toBeNull();
    expect(parseStoredParams('not json')).toBeNull();
    expect(parseStoredParams(null)).toBeNull();
  });

  it('keys storage by product, user and list', () => {
    expect(lastSearchKey('7', '["POST","client/search"]')).toBe('qcdesk.list.7.["POST","client/search"]');
    expect(tableSettingsKey('7', 'x')).toBe('qcdesk.table.7.x');
    expect(lastSearchKey('7', 'x')).not.toBe(lastSearchKey('8', 'x'));
  });
});

describe('sortInput', () => {
  it('passes a sort the search knows, with its order, and nothing else', () => {
    const keys = ['name', 'code'] as const;
    expect(sortInput({ sort: 'name', order: 'desc' }, keys)).toEqual({ sort: 'name', order: 'desc' });
    expect(sortInput({ sort: 'secret', order: 'asc' }, keys)).toEqual({});
    expect(sortInput({ order: 'asc' }, keys)).toEqual({});
  });
});

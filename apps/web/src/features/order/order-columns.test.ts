import { ORDER_SORTS, searchOrders } from '@qcdesk/contract/order';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { searchColumns, searchName, sortKeys, toFilters } from '../../components/table-columns';
import { orderColumns } from './order-columns';

const t = ((key: string) => key) as unknown as TFunction;
const columns = (canEdit = false) => orderColumns({ language: 'en', t, canEdit });

describe('order columns', () => {
  it('sort by exactly the keys order/search sorts by', () => {
    expect([...sortKeys(columns())].sort()).toEqual([...ORDER_SORTS].sort());
  });

  it('filter only by names order/search takes', () => {
    const known = Object.keys(searchOrders.input.shape);
    const names = searchColumns(columns(true)).map((column) => searchName(column));
    expect(names.filter((name) => name !== 'deliveryRange' && !known.includes(name ?? ''))).toEqual([]);
    // The deleted products are a filter for order.edit only.
    expect(searchColumns(columns(false)).map(searchName)).not.toContain('deleted');
  });

  it('turn the search bar into the contract input: endings trimmed, the client by id, the date window', () => {
    const filters = toFilters(columns(), {
      orderNo: ' 0788 ',
      po: '77881',
      client: { value: '12', label: 'Pacific Toys Inc.' },
      factory: '华美',
      deliveryRange: ['2026-01-01', '2026-03-01'],
      type: 2,
      work: true,
      productNo: '',
    });
    expect(filters).toEqual({
      orderNo: '0788',
      po: '77881',
      client: '12',
      factory: '华美',
      startTime: '2026-01-01',
      endTime: '2026-03-01',
      type: 2,
      work: true,
    });
    expect(searchOrders.input.safeParse({ ...filters, page: 1, pageSize: 20 }).success).toBe(true);
  });
});

import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { searchColumns, toFilters } from '../../components/table-columns';
import { clientColumns } from './client-columns';

const t = ((key: string) => key) as unknown as TFunction;
const salesSearch = async () => [];

describe('client columns → search filters', () => {
  it('offers the spec §3 filters (name, country, type) and the sales owner', () => {
    const columns = clientColumns({ language: 'en', t, salesSearch, admin: false });
    expect(searchColumns(columns).map((c) => c.searchKey ?? c.dataIndex)).toEqual([
      'name',
      'country',
      'type',
      'sales',
    ]);
  });

  it('turns the inputs into the search input: trimmed name, country id, type code, sales id', () => {
    const columns = clientColumns({ language: 'en', t, salesSearch, admin: false });
    expect(
      toFilters(columns, {
        name: '  toys ',
        country: '21',
        type: 3,
        sales: { value: '5', label: 'Demo Sales' },
      }),
    ).toEqual({ name: 'toys', country: '21', type: 3, sales: '5' });
  });

  it('leaves empty inputs out', () => {
    const columns = clientColumns({ language: 'en', t, salesSearch, admin: true });
    expect(toFilters(columns, { name: ' ', country: null, sales: null })).toEqual({});
  });

  it('gives client.admin a filter for deleted clients', () => {
    const columns = clientColumns({ language: 'zh', t, salesSearch, admin: true });
    expect(toFilters(columns, { deleted: true })).toEqual({ deleted: true });
  });
});

import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { currentTableFilters } from './table-filters';

describe('currentTableFilters', () => {
  it('reads the filters of the page query the table shows now', async () => {
    const client = new QueryClient();
    const key = ['POST', 'client/search'];
    const watch = (filters: Record<string, unknown>) => {
      const observer = new QueryObserver(client, {
        queryKey: [...key, { filters, page: 1, pageSize: 10 }],
        queryFn: async () => ({ list: [] }),
      });
      return observer.subscribe(() => {});
    };
    expect(currentTableFilters(client, key)).toEqual({});
    const first = watch({ name: 'old' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    first();
    const second = watch({ name: '华美' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    // An older page query without an observer (kept for the placeholder) is not the table's.
    expect(currentTableFilters(client, key)).toEqual({ name: '华美' });
    expect(currentTableFilters(client, ['POST', 'material/search'])).toEqual({});
    second();
  });
});

import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Filters } from './table-columns';

/**
 * The filters the data table of `queryKey` shows now. The table keeps them in the key of its page
 * query (`[...queryKey, { filters, page, pageSize }]`), and the query it shows is the active one
 * most recently loaded. This bridges the export button to the table until the table hands its
 * filters to its toolbar itself (issue 12's list kit keeps them in the URL).
 */
export function currentTableFilters(queryClient: QueryClient, queryKey: readonly unknown[]): Filters {
  const [latest] = queryClient
    .getQueryCache()
    .findAll({ queryKey, type: 'active' })
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt);
  const query = latest?.queryKey[queryKey.length] as { filters?: Filters } | undefined;
  return query?.filters ?? {};
}

/** A getter of the table's current filters, for `<ExportButton filters={…} />`. */
export function useTableFilters(queryKey: readonly unknown[]): () => Filters {
  const queryClient = useQueryClient();
  return useCallback(() => currentTableFilters(queryClient, queryKey), [queryClient, queryKey]);
}

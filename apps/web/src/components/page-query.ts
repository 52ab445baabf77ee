/**
 * One page of a list from the area's search, through TanStack Query (data-table.tsx): the total is
 * asked for once per filter and page size (`count: true` on the first page asked for, a page
 * opened from the URL included) and kept while only the page or the sort changes.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import type { SortOrder } from './list-state';
import type { Filters } from './table-columns';

/**
 * The shape of every search answer (contract `pageOf`/`searchPageOf`): `total` is null when the
 * request said `count: false`.
 */
export interface PageResult<T> {
  list: T[];
  page: number;
  pageSize: number;
  total: number | null;
  totalCapped: boolean;
}

/**
 * What a list asks its search for. `count` is false when the table already knows the total of these
 * filters (only the page or the sort changed): searches over large tables (contract
 * `searchPaging`) then skip counting. `sort` is one of the columns' sort keys, or none.
 */
export interface PageQuery {
  filters: Filters;
  page: number;
  pageSize: number;
  sort?: string | undefined;
  order: SortOrder;
  count: boolean;
}

export type PageRequest<T> = (query: PageQuery) => Promise<PageResult<T>>;

interface Total {
  total: number;
  totalCapped: boolean;
}

/** A page of the list, and `refresh`: load it again, total included (refresh, an unchanged search). */
export function usePageQuery<T>(
  queryKey: readonly unknown[],
  request: PageRequest<T>,
  query: Omit<PageQuery, 'count'>,
) {
  const known = useRef<{ key: string; total: Total } | null>(null);
  const result = useQuery({
    queryKey: [...queryKey, query],
    queryFn: async () => {
      const key = JSON.stringify([queryKey, query.filters, query.pageSize]);
      const had = known.current?.key === key ? known.current.total : null;
      const answer = await request({ ...query, count: had === null });
      const total: Total =
        answer.total === null
          ? (had ?? { total: 0, totalCapped: false })
          : { total: answer.total, totalCapped: answer.totalCapped };
      known.current = { key, total };
      return { ...answer, total: total.total, totalCapped: total.totalCapped };
    },
    placeholderData: keepPreviousData,
  });
  const refresh = () => {
    known.current = null;
    void result.refetch();
  };
  return { result, refresh };
}

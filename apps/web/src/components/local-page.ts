/**
 * A page of a short list the server sends whole (groups): filtered, sorted and paged in the browser,
 * so it sits in the same list kit (URL state, toolbar, sort) as the server-paged lists.
 */
import type { PageQuery, PageResult } from './page-query';

export interface LocalPaging<T> {
  /** Whether a row matches the query's filters. */
  matches: (row: T, filters: PageQuery['filters']) => boolean;
  /** The value a sort key sorts by. */
  sortValue: (row: T, sort: string) => string | number;
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

export function localPage<T>(rows: readonly T[], query: PageQuery, paging: LocalPaging<T>): PageResult<T> {
  const found = rows.filter((row) => paging.matches(row, query.filters));
  if (query.sort) {
    const sort = query.sort;
    const sign = query.order === 'desc' ? -1 : 1;
    found.sort((a, b) => {
      const x = paging.sortValue(a, sort);
      const y = paging.sortValue(b, sort);
      return (
        sign *
        (typeof x === 'number' && typeof y === 'number' ? x - y : collator.compare(String(x), String(y)))
      );
    });
  }
  const start = (query.page - 1) * query.pageSize;
  return {
    list: found.slice(start, start + query.pageSize),
    page: query.page,
    pageSize: query.pageSize,
    total: found.length,
    totalCapped: false,
  };
}

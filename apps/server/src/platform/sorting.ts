import type { SortOrder } from '@qcdesk/contract/schemas';
import { type AnyColumn, asc, desc, type SQL, type SQLWrapper, sql } from 'drizzle-orm';

// The sort of a list search (contract `sorting`, issue 12): the chosen column in the chosen
// direction, then the id in the same direction, so that equal values keep one order from page to
// page. Every sortable expression is one an index of db/schema is built on (the area's EXPLAIN
// test shows which), so the no-filter page is read in index order instead of sorted.

/** What a search sends: an optional sortable key and its direction. */
export interface Sorting<K extends string = string> {
  sort?: K | undefined;
  order?: SortOrder | undefined;
}

/** What a search's page query reads of its input: the page and the sort keys its contract allows. */
export type PageOf<Search extends { page: number; pageSize: number; sort?: string | undefined }> = Pick<
  Search,
  'page' | 'pageSize'
> &
  Sorting<NonNullable<Search['sort']>>;

/** The expressions a list sorts by, by the key the contract names (a row field). */
export type SortKeys<K extends string> = Record<K, SQLWrapper | AnyColumn>;

/**
 * ORDER BY for `sorting`: `keys[sort]` and `id` in the order asked (`asc` when absent); `fallback`,
 * the search's documented default order, when no key is sent.
 */
export function sortOrder<K extends string>(
  keys: SortKeys<K>,
  sorting: Sorting<K>,
  id: AnyColumn,
  fallback: SQL[],
): SQL[] {
  if (sorting.sort === undefined) return fallback;
  const direction = sorting.order === 'desc' ? desc : asc;
  return [direction(keys[sorting.sort]), direction(id)];
}

/** `lower(column)`: names sort without regard to case, as their indexes are built. */
export function lowered(column: SQLWrapper): SQL {
  return sql`lower(${column})`;
}

/**
 * A text sort key no index serves (`key || ''`): with a "name has" filter the matches come from the
 * trigram/bigram index and are sorted, instead of walking the name index in order until a page of
 * matches turns up, which a term far down that order (a Chinese term below every Latin name) makes
 * a walk over most of the table (client.queries.ts, ADR 0009).
 */
export function unindexed(key: SQL): SQL {
  return sql`${key} || ''`;
}

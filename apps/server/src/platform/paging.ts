import { SEARCH_TOTAL_CAP } from '@qcdesk/contract';
import { count, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './db';

/**
 * The total of a search, exact up to SEARCH_TOTAL_CAP and capped beyond (ARCHITECTURE.md "Data":
 * an exact count over a broad filter costs more than the page itself).
 */
export async function cappedTotal(
  db: Db,
  table: PgTable,
  where: SQL | undefined,
): Promise<{ total: number; totalCapped: boolean }> {
  const limited = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(SEARCH_TOTAL_CAP + 1)
    .as('capped');
  const [row] = await db.select({ n: count() }).from(limited);
  const n = Number(row?.n ?? 0);
  return { total: Math.min(n, SEARCH_TOTAL_CAP), totalCapped: n > SEARCH_TOTAL_CAP };
}

/** `%term%` for LIKE with the term's own % and _ taken literally. */
export function containsPattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The total of a search with `searchPaging`: capped as `cappedTotal`, and skipped (null) when the
 * client says it already has it (`count: false` on a later page of the same filter).
 */
export async function searchTotal(
  db: Db,
  table: PgTable,
  where: SQL | undefined,
  count: boolean,
): Promise<{ total: number | null; totalCapped: boolean }> {
  if (!count) return { total: null, totalCapped: false };
  return cappedTotal(db, table, where);
}

/** What a paged search sends (contract `paging` / `searchPaging`). */
export interface PageInput {
  page: number;
  pageSize: number;
  /** `searchPaging`: false when the client keeps the total it has (a later page, same filter). */
  count?: boolean;
}

interface Pageable<R> {
  limit(limit: number): { offset(offset: number): R };
}

/**
 * LIMIT and OFFSET of the page asked: `onePage(select.where(w).orderBy(...sortOrder(...)), input)`.
 * The query before it is the area's EXPLAIN-tested page query (ADR 0010's sort plan).
 */
export function onePage<R>(query: Pageable<R>, { page, pageSize }: PageInput): R {
  return query.limit(pageSize).offset((page - 1) * pageSize);
}

/** The answer of a paged search: its page's rows and the total of its WHERE. */
export interface SearchPage<Row> {
  list: Row[];
  page: number;
  pageSize: number;
  total: number | null;
  totalCapped: boolean;
}

/**
 * `count(*) over ()`, a page query's column: how many rows its WHERE matches, counted by the page
 * query itself. Only for a page plan that reads every match anyway (a sort no index serves: a
 * top-N sort of the matches), where it spares the count's second scan of the same rows (ADR 0022).
 */
export const matchCount = () => sql<string>`count(*) over ()`.mapWith(Number);

/** A first page whose page query counted its matches (`matchCount`): its rows and that count. */
export interface CountedPage<Row> {
  list: Row[];
  matches: number;
}

/**
 * A paged search's answer: `list` reads the page (the area's page query and row mapping), the
 * total counts `where` over `table`, capped (`cappedTotal`) and skipped when `count` is false.
 * The two are independent: on PostgreSQL they run side by side. `counted`, when the area gives it
 * for this search (its page plan sorts every match: `matchCount`), reads a first page and the
 * total in one statement instead (no match: an empty page 1).
 */
export async function searchPage<Row>(
  db: Db,
  search: {
    table: PgTable;
    where: SQL | undefined;
    input: PageInput;
    list: () => Promise<Row[]>;
    counted?: (() => Promise<CountedPage<Row>>) | undefined;
  },
): Promise<SearchPage<Row>> {
  const { table, where, input } = search;
  if (search.counted && input.page === 1 && (input.count ?? true)) {
    const { list, matches } = await search.counted();
    return {
      list,
      page: input.page,
      pageSize: input.pageSize,
      total: Math.min(matches, SEARCH_TOTAL_CAP),
      totalCapped: matches > SEARCH_TOTAL_CAP,
    };
  }
  const [list, totals] = await Promise.all([
    search.list(),
    searchTotal(db, table, where, input.count ?? true),
  ]);
  return { list, page: input.page, pageSize: input.pageSize, ...totals };
}

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

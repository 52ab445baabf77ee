import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './db';

// The hits of a home-search source (DOMAIN.md §6.11), for the areas' `homeSearch` declarations.

/**
 * How many matches a source reads before ranking (shortest title first): ranking all matches of a
 * broad term over a million rows would cost more than the search itself.
 */
export const HOME_SEARCH_CANDIDATES = 50;

export interface RankedHitsQuery {
  table: PgTable;
  id: PgColumn;
  title: SQLWrapper;
  subtitle?: SQLWrapper;
  /** The record a hit opens when it is a child row (an order product opens its order). */
  parentId?: PgColumn;
  where: SQL | undefined;
  limit: number;
}

/**
 * The hits of a source: the first HOME_SEARCH_CANDIDATES matches (an index scan that stops early),
 * ranked shortest title first, so "华美" finds 华美玩具 before 深圳市华美达电子科技有限公司. Answers
 * the query itself: awaiting it runs it, and tests EXPLAIN it.
 */
export function rankedHits(db: Db, query: RankedHitsQuery) {
  const candidates = db
    .select({
      id: sql<bigint>`${query.id}`.mapWith((v: string | number | bigint) => BigInt(v)).as('hit_id'),
      title: sql<string>`${query.title}`.as('hit_title'),
      subtitle: sql<string | null>`${query.subtitle ?? sql`null`}`.as('hit_subtitle'),
      parentId: sql<bigint | null>`${query.parentId ?? sql`null::bigint`}`
        .mapWith((v: string | number | bigint | null) => (v === null ? null : BigInt(v)))
        .as('hit_parent'),
    })
    .from(query.table)
    .where(query.where)
    .limit(HOME_SEARCH_CANDIDATES)
    .as('candidates');
  return db
    .select({
      id: candidates.id,
      title: candidates.title,
      subtitle: candidates.subtitle,
      parentId: candidates.parentId,
    })
    .from(candidates)
    .orderBy(sql`char_length(${candidates.title})`, candidates.title)
    .limit(query.limit);
}

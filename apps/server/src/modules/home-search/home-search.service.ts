import { HOME_SEARCH_LIMIT, HOME_SEARCH_SOURCE_KEYS } from '@qcdesk/contract/home-search';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import type { Capabilities, HomeSearchSourceDef } from '../../platform/module';
import { scopeOf } from '../../platform/scope';

// Home search (DOMAIN.md §6.11): the areas register their sources; one call asks every source the
// caller may read, in parallel (each its own query on the pool), and answers the groups in the
// order of the contract's HOME_SEARCH_SOURCES. A later area (orders, production samples) plugs in
// with one entry in its defineModule's `homeSearch`.

export type { HomeSearchHitRow, HomeSearchSourceDef } from '../../platform/module';

/**
 * How many matches a source reads before ranking (shortest title first): ranking all matches of a
 * broad term over a million rows would cost more than the search itself.
 */
export const HOME_SEARCH_CANDIDATES = 50;

const mayRead = (source: HomeSearchSourceDef, user: Principal) =>
  source.permission === 'signed-in' || user.permissions.has(source.permission);

export async function homeSearch(db: Db, capabilities: Capabilities, term: string, user: Principal) {
  const scope = await scopeOf(db, user);
  const asked = HOME_SEARCH_SOURCE_KEYS.flatMap((key) => capabilities.homeSearch.get(key) ?? []).filter((s) =>
    mayRead(s, user),
  );
  const groups = await Promise.all(
    asked.map(async (source) => {
      const hits = await source.search(db, term, { user, scope, limit: HOME_SEARCH_LIMIT + 1 });
      return {
        source: source.source,
        hits: hits.slice(0, HOME_SEARCH_LIMIT).map((h) => ({ ...h, parentId: h.parentId ?? null })),
        more: hits.length > HOME_SEARCH_LIMIT,
      };
    }),
  );
  return { term, groups };
}

export interface RankedHitsQuery {
  table: PgTable;
  id: PgColumn;
  title: SQLWrapper;
  subtitle?: SQLWrapper;
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
    })
    .from(query.table)
    .where(query.where)
    .limit(HOME_SEARCH_CANDIDATES)
    .as('candidates');
  return db
    .select({ id: candidates.id, title: candidates.title, subtitle: candidates.subtitle })
    .from(candidates)
    .orderBy(sql`char_length(${candidates.title})`, candidates.title)
    .limit(query.limit);
}

import { HOME_SEARCH_LIMIT, HOME_SEARCH_SOURCE_KEYS } from '@qcdesk/contract/home-search';
import type { Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import type { Capabilities, HomeSearchSourceDef } from '../../platform/module';
import { scopeOf } from '../../platform/scope';

// Home search (DOMAIN.md §6.11): the areas register their sources; one call asks every source the
// caller may read, in parallel (each its own query on the pool), and answers the groups in the
// order of the contract's HOME_SEARCH_SOURCES. A later area (orders, production samples) plugs in
// with one entry in its defineModule's `homeSearch`.

export type { HomeSearchHitRow, HomeSearchSourceDef } from '../../platform/module';

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

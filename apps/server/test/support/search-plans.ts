import type { SortOrder } from '@qcdesk/contract/schemas';
import type { SQL, SQLWrapper } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { Principal } from '../../src/platform/auth';
import type { Db } from '../../src/platform/db';
import { type Scope, scopeOf } from '../../src/platform/scope';
import { expectIndexOrder, planOf } from './factories';
import { startTestApp, type TestApp } from './test-app';

// The EXPLAIN test of an area's search (docs/adding-an-area.md, "The tests every area has" 3): a
// test app filled with enough generated rows (and ANALYZE) for real statistics, and the plan of the
// very page query the service runs, with sequential scans off (planOf).

export const SORT_ORDERS: readonly SortOrder[] = ['asc', 'desc'];

/** An administrator (scope: all) holding only the search's permission. */
export const planAdmin = (permission: string): Principal => ({
  userId: 1n,
  username: 'admin',
  displayName: 'admin',
  permissions: new Set([permission]),
  roleCode: 'ADMIN',
});

interface PlanPage<Sort> {
  page: number;
  pageSize: number;
  sort?: Sort | undefined;
  order?: SortOrder | undefined;
}

/**
 * Starts the test app for the file (`fill` writes its rows) and answers `plan(filters, sort, order)`:
 * the plan of the search's page query (`page`, default 1, of ten rows) for an admin holding `permission`.
 */
export function searchPlans<Filters, Sort extends string>(search: {
  permission: string;
  fill(db: Db): Promise<void>;
  where(db: Db, filters: Filters, scope: Scope): SQL | undefined;
  pageQuery(db: Db, input: PlanPage<Sort>, where: SQL | undefined): SQLWrapper;
  page?: number;
}) {
  let t: TestApp;
  const admin = planAdmin(search.permission);
  beforeAll(async () => {
    t = await startTestApp();
    await search.fill(t.database.db);
  });
  afterAll(() => t.close());
  return {
    get db(): Db {
      return t.database.db;
    },
    scope: () => scopeOf(t.database.db, admin),
    async plan(filters: Filters, sort?: Sort, order: SortOrder = 'asc') {
      const db = t.database.db;
      const where = search.where(db, filters, await scopeOf(db, admin));
      return planOf(db, search.pageQuery(db, { page: search.page ?? 1, pageSize: 10, sort, order }, where));
    },
  };
}

/** Each sort key, both ways, walks its index and sorts nothing but ties. */
export async function expectSortIndexes<Sort extends string>(
  plan: (sort: Sort, order: SortOrder) => Promise<string>,
  indexes: Record<Sort, string>,
) {
  for (const [sort, index] of Object.entries(indexes) as [Sort, string][]) {
    for (const order of SORT_ORDERS) expectIndexOrder(await plan(sort, order), index);
  }
}

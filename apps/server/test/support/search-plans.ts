import type { SortOrder } from '@qcdesk/contract/schemas';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
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

/** Each case's plan (its filters) names every index the case lists. */
export async function expectFilterIndexes<Filters>(
  plan: (filters: Filters) => Promise<string>,
  cases: readonly (readonly [Filters, ...string[]])[],
) {
  for (const [filters, ...indexes] of cases) {
    const text = await plan(filters);
    for (const index of indexes) expect(text, text).toContain(index);
  }
}

/**
 * `rows` orders numbered `prefix` + 7 digits, of two products each (`<order no>-01`, `-02`), names
 * from a bilingual vocabulary, factories and delivery dates spread; then VACUUM ANALYZE.
 */
export async function fillOrders(db: Db, prefix: string, rows: number) {
  await db.execute(sql`
    insert into orders (order_no, client_po, client_id, department_id, sales_id, total)
    select ${prefix} || lpad(g::text, 7, '0'), 'CPO-' || md5(g::text), c.id, c.department_id, c.sales_id, 2000
    from generate_series(1, ${rows}) g, (select id, department_id, sales_id from clients limit 1) c`);
  await db.execute(sql`
    insert into order_products (order_id, product_no, line, sku, item_no, name, factory_id, quantity,
      delivery_date, order_no, client_po, client_id, department_id, sales_id)
    select o.id, o.order_no || '-0' || l, l, 'SKU' || md5(o.id::text || l),
           'IT' || lpad((o.id * 2 + l)::text, 8, '0'),
           (array['毛绒小熊','遥控赛车','木制积木','沐浴小鸭'])[1 + (o.id % 4)::int] || ' ' || l,
           (select id from factories order by id limit 1 offset (o.id % 4)::int), 1000,
           date '2025-01-01' + (o.id % 1000)::int, o.order_no, o.client_po, o.client_id, o.department_id, o.sales_id
    from orders o, generate_series(1, 2) l where o.order_no like ${`${prefix}%`}`);
  await vacuumAnalyze(db, ['factories', 'orders', 'order_products']);
}

/** `rows` factories numbered `prefix` + n besides the seeded ones, names from their number. */
export async function fillFactories(db: Db, prefix: string, rows: number) {
  await db.execute(sql`
    insert into factories (code, name_zh, name_en, address_zh, location_id, factory_type_id)
    select ${prefix} || g, '工厂' || md5(g::text), 'Factory ' || md5(g::text), '地址', (select min(id) from locations),
           (select min(id) from factory_type_fees)
    from generate_series(1, ${rows}) g`);
}

/** VACUUM (which also empties the GIN pending lists the planner charges for) and ANALYZE. */
export async function vacuumAnalyze(db: Db, tables: readonly string[]) {
  for (const table of tables) await db.execute(sql.raw(`vacuum analyze ${table}`));
}

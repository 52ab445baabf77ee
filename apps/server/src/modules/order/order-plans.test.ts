import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planOf } from '../../../test/support/factories';
import { startTestApp, type TestApp } from '../../../test/support/test-app';
import type { Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { scopeOf } from '../../platform/scope';
import {
  factoriesMatching,
  type OrderFilters,
  orderHits,
  orderPageQuery,
  orderProductHits,
  orderSearchWhere,
} from './order.queries';

// ARCHITECTURE.md "Data", issue 14: the page query of order/search is served by the index of its
// filter or sort. Enough generated rows and ANALYZE give the planner real statistics; EXPLAIN of
// the very query the service runs must name the index (sequential scans off, as planOf sets).

let t: TestApp;
let db: Db;
const admin: Principal = {
  userId: 1n,
  username: 'admin',
  displayName: 'admin',
  permissions: new Set(['order.search']),
  roleCode: 'ADMIN',
};

/** 3,000 orders of two products each, numbers and names from a bilingual vocabulary. */
async function fill(rows: number) {
  await db.execute(sql`
    insert into orders (order_no, client_po, client_id, department_id, sales_id, total)
    select 'PLAN' || lpad(g::text, 7, '0'), 'CPO-' || md5(g::text), c.id, c.department_id, c.sales_id, 2000
    from generate_series(1, ${rows}) g, (select id, department_id, sales_id from clients limit 1) c`);
  await db.execute(sql`
    insert into order_products (order_id, product_no, line, sku, item_no, name, factory_id, quantity,
      delivery_date, order_no, client_po, client_id, department_id, sales_id)
    select o.id, o.order_no || '-0' || l, l, 'SKU' || md5(o.id::text || l) ,
           'IT' || lpad((o.id * 2 + l)::text, 8, '0'),
           (array['毛绒小熊','遥控赛车','木制积木','沐浴小鸭'])[1 + (o.id % 4)::int] || ' ' || l,
           (select id from factories order by id limit 1 offset (o.id % 4)::int), 1000,
           date '2025-01-01' + (o.id % 1000)::int, o.order_no, o.client_po, o.client_id, o.department_id, o.sales_id
    from orders o, generate_series(1, 2) l where o.order_no like 'PLAN%'`);
  for (const table of ['factories', 'orders', 'order_products']) {
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  }
}

beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
  await fill(3000);
});
afterAll(() => t.close());

async function plan(filters: Partial<OrderFilters>, sort?: OrderFilters['sort']) {
  const scope = await scopeOf(db, admin);
  const input = { deleted: false, page: 1, pageSize: 10, count: true, order: 'asc' as const, ...filters };
  const where = orderSearchWhere(db, input, { scope, user: admin, dueSoonDays: 7 });
  return planOf(db, orderPageQuery(db, { ...input, sort }, where));
}

describe('order/search plans', () => {
  it('serves "has" filters by trigrams (3+ characters) and bigrams (2 characters)', async () => {
    expect(await plan({ productNo: 'N0001234' })).toContain('order_products_product_no_trgm_idx');
    expect(await plan({ productNo: '23-01' })).toContain('order_products_product_no_trgm_idx');
    expect(await plan({ sku: 'c4ca4238' })).toContain('order_products_sku_trgm_idx');
    expect(await plan({ sku: 'zq' })).toContain('order_products_sku_bigram_idx');
  });

  it('finds the factories of "factory has" by their trigram and bigram indexes', async () => {
    // The factories first (a few of thousands), then their products by order_products_factory_idx
    // or, for a factory making a large share of them, by walking the sort order.
    expect(await planOf(db, factoriesMatching(db, '华美'))).toContain('factories_search_bigram_idx');
    expect(await planOf(db, factoriesMatching(db, 'pengle'))).toContain('factories_search_trgm_idx');
  });

  it('serves "ends with" filters by the reversed B-trees', async () => {
    expect(await plan({ orderNo: '0002345' })).toContain('order_products_order_no_rev_idx');
    expect(await plan({ po: 'a87ff679a2f3e71d9181a67b7542122c' })).toContain('order_products_po_rev_idx');
    expect(await plan({ itemNo: '00004567' })).toContain('order_products_item_no_rev_idx');
  });

  it('serves the sorts and the delivery window by their indexes', async () => {
    expect(await plan({}, 'deliveryDate')).toContain('order_products_delivery_idx');
    expect(await plan({ startTime: '2025-03-01', endTime: '2025-04-15' }, 'deliveryDate')).toContain(
      'order_products_delivery_idx',
    );
    // "Factory has" within a window: index-only ranges of the matching factories.
    expect(await plan({ factory: 'pengle', startTime: '2025-03-01', endTime: '2025-03-20' })).toContain(
      'order_products_factory_delivery_idx',
    );
    expect(await plan({}, 'orderNo')).toContain('order_products_order_no_idx');
    expect(await plan({}, 'po')).toContain('order_products_po_idx');
    expect(await plan({}, 'createdAt')).toContain('order_products_created_idx');
    expect(await plan({})).toContain('order_products_pkey');
  });

  it('home search sources use their indexes', async () => {
    const scope = await scopeOf(db, admin);
    expect(await planOf(db, orderHits(db, '0002345', { scope, limit: 11 }))).toContain(
      'orders_order_no_rev_idx',
    );
    expect(await planOf(db, orderProductHits(db, 'N0002345', { scope, limit: 11 }))).toContain(
      'order_products_product_no_trgm_idx',
    );
  });
});

import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectIndexOrder } from '../../../test/support/factories';
import { expectSortIndexes, searchPlans } from '../../../test/support/search-plans';
import type { Db } from '../../platform/db';
import { riskPageQuery, riskSearchWhere } from './order-risk.queries';

// Issue 16: the page query of orderrisk/search is served by the index of its filter or sort.
// Enough generated products with a risk each and ANALYZE give the planner real statistics; EXPLAIN
// of the very query the service runs names the index (sequential scans off, as planOf sets) and
// sorts nothing but ties (a full Sort node of the matches is not allowed).

/** `rows` orders of two products each, every product with a risk in 10, 20, 30 or 40. */
async function fill(db: Db, rows: number) {
  await db.execute(sql`
    insert into orders (order_no, client_po, client_id, department_id, sales_id, total)
    select 'RPLAN' || lpad(g::text, 7, '0'), 'CPO-' || md5(g::text), c.id, c.department_id, c.sales_id, 2000
    from generate_series(1, ${rows}) g, (select id, department_id, sales_id from clients limit 1) c`);
  await db.execute(sql`
    insert into order_products (order_id, product_no, line, sku, item_no, name, factory_id, quantity,
      delivery_date, order_no, client_po, client_id, department_id, sales_id)
    select o.id, o.order_no || '-0' || l, l, 'SKU' || md5(o.id::text || l), 'IT' || lpad((o.id * 2 + l)::text, 8, '0'),
           '毛绒小熊 ' || l, (select id from factories order by id limit 1 offset (o.id % 4)::int), 1000,
           date '2025-01-01' + (o.id % 1000)::int, o.order_no, o.client_po, o.client_id, o.department_id, o.sales_id
    from orders o, generate_series(1, 2) l where o.order_no like 'RPLAN%'`);
  await db.execute(sql`
    insert into order_risks (order_id, order_product_id, status, result)
    select p.order_id, p.id, (array[10, 20, 30, 40])[1 + (p.id % 4)::int], (p.id % 4)::int
    from order_products p where p.order_no like 'RPLAN%'`);
  for (const table of ['factories', 'orders', 'order_products', 'order_risks']) {
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  }
}

const { plan } = searchPlans({
  permission: 'orderrisk.search',
  fill: (db) => fill(db, 3000),
  where: riskSearchWhere,
  pageQuery: riskPageQuery,
  page: 3,
});

describe('orderrisk/search plans', () => {
  it('walks the risks newest first without sorting them', async () => {
    expectIndexOrder(await plan({}), 'order_risks_pkey');
  });

  it('sorts by the product’s order no and delivery date in the product’s indexes, by status in the risk’s', async () => {
    await expectSortIndexes((sort, order) => plan({}, sort, order), {
      orderNo: 'order_products_order_no_idx',
      deliveryDate: 'order_products_delivery_idx',
      status: 'order_risks_status_idx',
    });
  });

  it('serves the product filters by the product’s indexes', async () => {
    expect(await plan({ productNo: 'N0001234' })).toContain('order_products_product_no_trgm_idx');
    expect(await plan({ orderNo: '0001234' })).toContain('order_products_order_no_rev_idx');
  });
});

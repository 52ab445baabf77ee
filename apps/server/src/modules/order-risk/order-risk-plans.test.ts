import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectIndexOrder } from '../../../test/support/factories';
import {
  expectSortIndexes,
  fillOrders,
  searchPlans,
  vacuumAnalyze,
} from '../../../test/support/search-plans';
import type { Db } from '../../platform/db';
import { riskPageQuery, riskSearchWhere } from './order-risk.queries';

// Issue 16: the page query of orderrisk/search is served by the index of its filter or sort.
// Enough generated products with a risk each and ANALYZE give the planner real statistics; EXPLAIN
// of the very query the service runs names the index (sequential scans off, as planOf sets) and
// sorts nothing but ties (a full Sort node of the matches is not allowed).

/** `rows` orders of two products each, every product with a risk in 10, 20, 30 or 40. */
async function fill(db: Db, rows: number) {
  await fillOrders(db, 'RPLAN', rows);
  await db.execute(sql`
    insert into order_risks (order_id, order_product_id, status, result)
    select p.order_id, p.id, (array[10, 20, 30, 40])[1 + (p.id % 4)::int], (p.id % 4)::int
    from order_products p where p.order_no like 'RPLAN%'`);
  await vacuumAnalyze(db, ['order_risks']);
}

const { plan } = searchPlans({
  permission: 'orderrisk.search',
  fill: (db) => fill(db, 1000),
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

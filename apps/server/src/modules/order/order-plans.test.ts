import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planOf } from '../../../test/support/factories';
import { fillOrders, planAdmin } from '../../../test/support/search-plans';
import { startTestApp, type TestApp } from '../../../test/support/test-app';
import type { Db } from '../../platform/db';
import { scopeOf } from '../../platform/scope';
import { factoriesMatching } from '../../platform/search';
import {
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
const admin = planAdmin('order.search');

beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
  await fillOrders(db, 'PLAN', 1000);
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

import type { SortOrder } from '@qcdesk/contract/schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectIndexOrder, planOf } from '../../../test/support/factories';
import { fillFactories, planAdmin, SORT_ORDERS } from '../../../test/support/search-plans';
import { startTestApp, type TestApp } from '../../../test/support/test-app';
import type { Db } from '../../platform/db';
import { scopeOf } from '../../platform/scope';
import { type ApplySearch, applyPageQuery, applySearchWhere } from './inspection-apply.queries';

// docs/adding-an-area.md "The tests every area has" 3: the page query of inspection/apply/search is
// served by the index of each §3 filter and of each sort. Enough generated rows and ANALYZE give
// the planner real statistics; EXPLAIN of the very query the service runs must name the index
// (sequential scans off, as planOf sets).

let t: TestApp;
let db: Db;
const admin = planAdmin('inspapply.search');

/**
 * `rows` factories besides the seeded ones; `rows` orders of two products each (a shipment per ten
 * orders), one application per order over both products: four factories, three expected dates a
 * day in the order of creation, most applications completed (50), a few in 10, 20, 30 and 90.
 */
async function fill(rows: number) {
  await fillFactories(db, 'FPLAN', rows);
  await db.execute(sql`
    insert into shippings (shipping_no, client_id, vehicle_id, etd)
    select 'SHPLAN' || lpad(g::text, 5, '0'), c.id, (select min(id) from vehicles), date '2025-01-01' + g
    from generate_series(1, ${rows / 10}) g, (select id from clients order by id limit 1) c`);
  await db.execute(sql`
    insert into orders (order_no, client_po, client_id, department_id, sales_id, total, shipping_id)
    select 'IAPLAN' || lpad(g::text, 7, '0'), 'CPO-' || md5(g::text), c.id, c.department_id, c.sales_id, 2000,
           s.first + (g - 1) / 10
    from generate_series(1, ${rows}) g, (select id, department_id, sales_id from clients order by id limit 1) c,
         (select min(id) as first from shippings where shipping_no like 'SHPLAN%') s`);
  await db.execute(sql`
    insert into order_products (order_id, product_no, line, sku, item_no, name, factory_id, quantity,
      delivery_date, order_no, client_po, client_id, department_id, sales_id)
    select o.id, o.order_no || '-0' || l, l, 'SKU' || md5(o.id::text || l), 'IT' || lpad((o.id * 2 + l)::text, 8, '0'),
           '毛绒小熊 ' || l, (select id from factories order by id limit 1 offset (o.id % 4)::int), 1000,
           date '2025-01-01' + (o.id % 1000)::int, o.order_no, o.client_po, o.client_id, o.department_id, o.sales_id
    from orders o, generate_series(1, 2) l where o.order_no like 'IAPLAN%'`);
  await db.execute(sql`
    insert into inspection_applies (apply_no, inspection_type_id, order_id, factory_id, client_id, department_id,
                                    expected_date, status)
    select 'IAP' || lpad(o.id::text, 9, '0'), (select min(id) from inspection_types), o.id,
           (select id from factories order by id limit 1 offset (o.id % 4)::int), o.client_id, o.department_id,
           date '2025-01-01' + substr(o.order_no, 7)::int / 3,
           case substr(o.order_no, 7)::int % 50 when 0 then 10 when 1 then 20 when 2 then 30 when 3 then 90 else 50 end
    from orders o where o.order_no like 'IAPLAN%'`);
  await db.execute(sql`
    insert into inspection_apply_items (apply_id, order_product_id, apply_quantity)
    select a.id, p.id, 500 from inspection_applies a join order_products p on p.order_id = a.order_id
    where a.apply_no like 'IAP%'`);
  const tables = [
    'factories',
    'shippings',
    'orders',
    'order_products',
    'inspection_applies',
    'inspection_apply_items',
  ];
  for (const table of tables) await db.execute(sql.raw(`vacuum analyze ${table}`));
}

beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
  await fill(3000);
});
afterAll(() => t.close());

async function plan(filters: Partial<ApplySearch>, sort?: ApplySearch['sort'], order: SortOrder = 'asc') {
  const scope = await scopeOf(db, admin);
  const where = applySearchWhere(db, filters, scope);
  return planOf(db, applyPageQuery(db, { page: 1, pageSize: 10, sort, order }, where));
}

describe('inspection/apply/search plans', () => {
  it('walks the applications newest first, and each sort key, in their indexes', async () => {
    expectIndexOrder(await plan({}), 'inspection_applies_pkey');
    const indexes = {
      applyNo: 'inspection_applies_no_',
      expectedDate: 'inspection_applies_expected_sort_idx',
    } as const;
    for (const [sort, index] of Object.entries(indexes) as [keyof typeof indexes, string][]) {
      for (const order of SORT_ORDERS) expectIndexOrder(await plan({}, sort, order), index);
    }
  });

  it('serves "order no / PO / shipping no ends with" by the reversed B-trees, then the order index', async () => {
    for (const [filters, index] of [
      [{ orderNo: '0002345' }, 'orders_order_no_rev_idx'],
      [{ po: 'a87ff679a2f3e71d9181a67b7542122c' }, 'orders_po_rev_idx'],
      [{ shipping: 'N00123' }, 'shippings_shipping_no_rev_idx'],
    ] as const) {
      const text = await plan(filters);
      expect(text, text).toContain(index);
      expect(text, text).toContain('inspection_applies_order_idx');
    }
  });

  it('finds by "shipping no ends with" the applications of the shipment’s orders', async () => {
    const where = applySearchWhere(db, { shipping: 'N00123' }, await scopeOf(db, admin));
    const rows = await applyPageQuery(db, { page: 1, pageSize: 20 }, where);
    const orderIds = await db.execute<{ id: string }>(sql`
      select o.id::text from orders o join shippings s on s.id = o.shipping_id where s.shipping_no = 'SHPLAN00123'`);
    expect(rows.map((r) => r.a.orderId.toString()).sort()).toEqual(orderIds.rows.map((r) => r.id).sort());
    expect(rows).toHaveLength(10);
  });

  it('serves "product no has" by trigrams (3+ characters) and bigrams (2), then the items by product', async () => {
    for (const [productNo, index] of [
      ['N0001234', 'order_products_product_no_trgm_idx'],
      ['34-01', 'order_products_product_no_trgm_idx'],
      ['zq', 'order_products_product_no_bigram_idx'],
    ] as const) {
      const text = await plan({ productNo });
      expect(text, text).toContain(index);
      expect(text, text).toContain('inspection_apply_items_product_idx');
    }
  });

  it('serves "factory has" by the factories’ trigrams and bigrams, then the factory index', async () => {
    for (const [factory, index] of [
      ['pengle', 'factories_search_trgm_idx'],
      ['鹏乐', 'factories_search_bigram_idx'],
    ] as const) {
      const text = await plan({ factory, startTime: '2025-03-01', endTime: '2025-03-20' }, 'expectedDate');
      expect(text, text).toContain(index);
      expect(text, text).toContain('inspection_applies_factory_idx');
    }
  });

  it('serves the expected-date range and the status by their indexes', async () => {
    // Newest first with only a window or only a status, the planner walks the primary key back
    // until a page of matches turns up (a few percent of the rows match here): not asserted.
    const window = { startTime: '2025-03-01', endTime: '2025-03-20' };
    for (const order of SORT_ORDERS) {
      expectIndexOrder(await plan(window, 'expectedDate', order), 'inspection_applies_expected_sort_idx');
      expectIndexOrder(await plan({ status: 20 }, 'expectedDate', order), 'inspection_applies_status_idx');
    }
    expect(await plan({ status: 20, ...window })).toContain('inspection_applies_status_idx');
  });
});

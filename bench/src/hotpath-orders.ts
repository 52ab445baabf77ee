import { orderProducts } from '@qcdesk/server/src/db/schema/order.ts';
import {
  orderPageQuery,
  orderSearchWhere,
  selectProducts,
} from '@qcdesk/server/src/modules/order/order.queries.ts';
import type { Principal } from '@qcdesk/server/src/platform/auth.ts';
import type { Db } from '@qcdesk/server/src/platform/db.ts';
import { count, inArray } from 'drizzle-orm';
import type pg from 'pg';

// The order cases of the hot-path bench (issue 14): filters people really combine on the order
// list (a client, a factory containing a term — 2-character Chinese ones too —, a product no
// containing digits, a 30–90-day delivery window), for QCDesk's order/search and for the bare
// routes: the same page SQL (later pages), and the naive SQL a plain implementation would run
// for a first page (ILIKE over the joined tables and an exact count(*)).

/** A filter of the bench (the client id as a decimal string, as the web sends it). */
export interface OrderFilter {
  client?: string | undefined;
  factory?: string;
  productNo?: string;
  startTime?: string;
  endTime?: string;
}

const window = (start: string, days: number) => {
  const end = new Date(`${start}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() + days);
  return { startTime: start, endTime: end.toISOString().slice(0, 10) };
};

/** The filters of the bench, with two of the busiest bench clients. */
export async function orderFilters(monitor: pg.Client): Promise<OrderFilter[]> {
  const { rows } = await monitor.query<{ id: string }>(
    `select client_id as id from orders where order_no like 'BOD%' group by client_id order by count(*) desc limit 2`,
  );
  const [a, b] = rows.map((r) => r.id);
  return [
    { client: a },
    { factory: '华美' },
    { factory: 'Pengle' },
    { productNo: '0012345' },
    { factory: '宏兴', ...window('2024-03-01', 60) },
    { client: b, ...window('2025-01-10', 90) },
    { ...window('2024-09-01', 30), factory: '东莞' },
    { client: a, factory: 'toy' },
  ];
}

const ADMIN: Principal = { userId: 1n, username: 'admin', displayName: 'admin', permissions: new Set() };

/** What order/search runs for a filter and page (without its total), as SQL and parameters. */
export function orderPageSql(db: Db, filter: OrderFilter, page: number) {
  const input = { ...filter, client: filter.client ? BigInt(filter.client) : undefined, deleted: false };
  const where = orderSearchWhere(db, input, { scope: { kind: 'all' }, user: ADMIN, dueSoonDays: 7 });
  return orderPageQuery(db, { page, pageSize: 10, order: 'asc' }, where).toSQL();
}

/** The bare route's total of a filter: the exact count(*) of the same WHERE. */
export function orderCountSql(db: Db, filter: OrderFilter) {
  const input = { ...filter, client: filter.client ? BigInt(filter.client) : undefined, deleted: false };
  const where = orderSearchWhere(db, input, { scope: { kind: 'all' }, user: ADMIN, dueSoonDays: 7 });
  return db.select({ n: count() }).from(orderProducts).where(where).toSQL();
}

/** The rows (with labels) of `n` products, as SQL whose last `n` parameters are the ids. */
export function orderRowsSql(db: Db, n: number) {
  const ids = Array.from({ length: n }, (_, i) => BigInt(i + 1));
  return selectProducts(db).where(inArray(orderProducts.id, ids)).toSQL();
}

/**
 * The naive first page: products joined with their order, client and factory, ILIKE on the
 * names, newest first, and an exact count(*) of the same join.
 */
export function naiveOrderSql(filter: OrderFilter) {
  const params: unknown[] = [];
  const where: string[] = ['p.valid = 1', 'o.valid = 1'];
  const param = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  if (filter.client) where.push(`o.client_id = ${param(filter.client)}`);
  if (filter.factory) {
    const like = param(`%${filter.factory}%`);
    where.push(`(f.code ilike ${like} or f.name_zh ilike ${like} or f.name_en ilike ${like})`);
  }
  if (filter.productNo) where.push(`p.product_no ilike ${param(`%${filter.productNo}%`)}`);
  if (filter.startTime) where.push(`p.delivery_date >= ${param(filter.startTime)}`);
  if (filter.endTime) where.push(`p.delivery_date <= ${param(filter.endTime)}`);
  const from = `from order_products p join orders o on o.id = p.order_id join clients c on c.id = o.client_id
    join factories f on f.id = p.factory_id where ${where.join(' and ')}`;
  return {
    page: {
      sql: `select p.id, p.product_no, p.item_no, p.name, p.quantity, p.delivery_date, o.order_no, o.client_po,
        c.name as client, f.name_zh as factory ${from} order by p.id desc limit 10`,
      params,
    },
    count: { sql: `select count(*) as n ${from}`, params },
  };
}

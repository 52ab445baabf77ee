import { SUPERVISE_REPORT_STATUS } from '@qcdesk/contract/supervise-report';
import { eq, sql } from 'drizzle-orm';
import { byDepartment, type ChangeLogScopeCases } from '../../../test/support/change-log-scope';
import { unique } from '../../../test/support/factories';
import { fillOrders, vacuumAnalyze } from '../../../test/support/search-plans';
import { users } from '../../db/schema/identity';
import { orders } from '../../db/schema/order';
import { superviseReports } from '../../db/schema/supervise-report';
import { addDays } from '../../domain/calendar';
import { businessDate } from '../../platform/business-time';
import type { Db } from '../../platform/db';
import { buildOrder, type OrderOverrides } from '../order/order.factory';
import { buildShipping } from '../shipping/shipping.factory';

// Test data of supervise reports (STYLE.md rule 9): a shipping carrying a new order (the body of
// supervisereport/create names it), and a report inserted directly for the change-log scope case.

/** A new order of `o`'s client on a new shipping of that client. */
export async function buildShippedOrder(db: Db, o: OrderOverrides = {}) {
  const built = await buildOrder(db, o);
  const shipping = await buildShipping(db, built.order.clientId);
  await db.update(orders).set({ shippingId: shipping.id }).where(eq(orders.id, built.order.id));
  return { ...built, shipping };
}

/** The body of supervisereport/create for a shipping (loading in 3 days). */
export const superviseInput = (
  shippingId: bigint,
  inspectorId: bigint,
  o: { assistantIds?: bigint[] } = {},
) => ({
  shippingId: String(shippingId),
  loadingDate: addDays(businessDate(), 3),
  inspectorId: String(inspectorId),
  assistantIds: (o.assistantIds ?? []).map(String),
  containerType: '40HQ',
});

/** A pre-supervise report of a new shipped order, inserted directly (no lines). */
export async function buildSuperviseReport(db: Db, o: OrderOverrides = {}) {
  const { order, products, shipping } = await buildShippedOrder(db, o);
  const [report] = await db
    .insert(superviseReports)
    .values({
      reportNo: unique('CLC').slice(0, 16),
      shippingId: shipping.id,
      clientId: order.clientId,
      departmentId: order.departmentId,
      factoryId: products[0]!.factoryId,
      loadingDate: addDays(businessDate(), 3),
      inspectorId: order.salesId ?? (await firstUser(db)),
    })
    .returning();
  return report!;
}

async function firstUser(db: Db) {
  const [row] = await db.select({ id: users.id }).from(users).limit(1);
  return row!.id;
}

/** The change-log scope case (test/change-log-scope.test.ts): by the report's client's department. */
export const changeLogScope: ChangeLogScopeCases = {
  supervise_reports: byDepartment(async (db, owner) => (await buildSuperviseReport(db, owner)).id),
};

/**
 * The EXPLAIN fill (supervise-report-plans.test.ts): `rows` orders `SVPLAN` + 7 digits of two
 * products each (fillOrders), one supervise report per order carrying its products, the loading
 * dates and statuses spread; then ANALYZE.
 */
export async function fillSuperviseReports(db: Db, rows: number) {
  await fillOrders(db, 'SVPLAN', rows);
  const statuses = sql.raw(`array[${Object.values(SUPERVISE_REPORT_STATUS).join(',')}]`);
  await db.execute(sql`
    insert into supervise_reports (report_no, client_id, department_id, factory_id, loading_date, inspector_id, status)
    select 'CLC' || lpad(o.id::text, 10, '0'), o.client_id, o.department_id,
           (select p.factory_id from order_products p where p.order_id = o.id and p.line = 1),
           date '2025-01-01' + (o.id % 700)::int, (select min(id) from users),
           (${statuses})[1 + (o.id % 7)::int]
    from orders o where o.order_no like 'SVPLAN%'`);
  await db.execute(sql`
    insert into supervise_report_products (report_id, order_product_id, sort)
    select r.id, p.id, p.line from supervise_reports r
    join order_products p on p.order_id = substr(r.report_no, 4)::bigint
    where r.report_no like 'CLC0%'`);
  await vacuumAnalyze(db, ['supervise_reports', 'supervise_report_products']);
}

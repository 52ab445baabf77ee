import { eq } from 'drizzle-orm';
import { byDepartment, type ChangeLogScopeCases } from '../../../test/support/change-log-scope';
import { unique } from '../../../test/support/factories';
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

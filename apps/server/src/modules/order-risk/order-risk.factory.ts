import { and, eq } from 'drizzle-orm';
import { byDepartment, type ChangeLogScopeCases } from '../../../test/support/change-log-scope';
import { idOf } from '../../../test/support/factories';
import { testItems } from '../../db/schema/config';
import { orderRiskItems, orderRisks } from '../../db/schema/order-risk';
import type { Db } from '../../platform/db';
import { buildOrder } from '../order/order.factory';

// Test data of order risks (STYLE.md rule 9): `buildOrderRisk` inserts a risk on an order product
// with items named by test-item code, in any status (20 and 30 are reached through later areas).

export interface OrderRiskOverrides {
  orderId: bigint;
  orderProductId: bigint;
  status?: number;
  result?: number;
  byCreate?: boolean;
  /** Test-item code → item result. */
  items?: Record<string, number>;
}

export async function buildOrderRisk(db: Db, o: OrderRiskOverrides) {
  const [risk] = await db
    .insert(orderRisks)
    .values({
      orderId: o.orderId,
      orderProductId: o.orderProductId,
      status: o.status ?? 10,
      result: o.result ?? 0,
      byCreate: o.byCreate ?? false,
    })
    .returning();
  for (const [code, result] of Object.entries(o.items ?? { 'T-EN71-1': 0 })) {
    await db
      .insert(orderRiskItems)
      .values({ orderRiskId: risk!.id, testItemId: await idOf(db, testItems, code), result });
  }
  return risk!;
}

/** The valid items of a risk: test-item id → result. */
export async function riskItems(db: Db, riskId: bigint) {
  const rows = await db
    .select()
    .from(orderRiskItems)
    .where(and(eq(orderRiskItems.orderRiskId, riskId), eq(orderRiskItems.valid, 1)));
  return rows;
}

/** test/change-log-scope.test.ts: scoped through the order product, as product tracks. */
export const changeLogScope: ChangeLogScopeCases = {
  order_risks: byDepartment(async (db, owner) => {
    const order = await buildOrder(db, owner);
    return (await buildOrderRisk(db, { orderId: order.order.id, orderProductId: order.products[0]!.id })).id;
  }),
};

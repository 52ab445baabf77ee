import { and, asc, eq, inArray } from 'drizzle-orm';
import { labs, testTypes } from '../../db/schema/config';
import { orderProducts } from '../../db/schema/order';
import { testOrderItems } from '../../db/schema/test-order';
import { businessDate } from '../../platform/business-time';
import type { SeedContext } from '../../platform/module';
import { seedPrincipal } from '../../platform/seed-principal';
import { orderIdsOfNos } from '../order/order-hooks.service';
import { createTestOrder } from './test-order.service';
import { submitTestOrder } from './test-order-transitions.service';

// Demo test orders for the demo database (QCDESK_DEMO_USERS=1): the demo QC puts the first two
// products of a demo order in the cart and creates a test order (its risk items), and submits a
// second one, through the services. Idempotent: skipped when a demo product is already on a line.

/** [order no, submit] */
export const DEMO_TEST_ORDERS: [string, boolean][] = [
  ['NH24-0315', false],
  ['PT24-0788', true],
];

export async function seedTestOrders(ctx: SeedContext): Promise<void> {
  if (ctx.config.QCDESK_DEMO_USERS !== '1') return;
  await ctx.database.db.transaction(async (db) => {
    const qc = await seedPrincipal(db, 'demo.qc');
    const [lab] = await db
      .select()
      .from(labs)
      .where(and(eq(labs.valid, 1), eq(labs.active, 1)))
      .orderBy(asc(labs.id))
      .limit(1);
    const [type] = await db
      .select()
      .from(testTypes)
      .where(and(eq(testTypes.valid, 1), eq(testTypes.active, 1)))
      .orderBy(asc(testTypes.id))
      .limit(1);
    if (!qc || !lab || !type) return;
    for (const [orderNo, submit] of DEMO_TEST_ORDERS) {
      const [orderId] = await orderIdsOfNos(db, [orderNo]);
      if (orderId === undefined) continue;
      const products = await db
        .select({ id: orderProducts.id })
        .from(orderProducts)
        .where(and(eq(orderProducts.orderId, orderId), eq(orderProducts.valid, 1)))
        .orderBy(orderProducts.id)
        .limit(2);
      const ids = products.map((p) => p.id);
      if (ids.length === 0) continue;
      const [done] = await db
        .select({ id: testOrderItems.id })
        .from(testOrderItems)
        .where(inArray(testOrderItems.orderProductId, ids))
        .limit(1);
      if (done) continue;
      const created = await createTestOrder(
        db,
        {
          orderProductIds: ids,
          labId: lab.id,
          testTypeId: type.id,
          currency: 'RMB',
          planTime: businessDate(),
        },
        qc,
      );
      if (submit && created.items.length > 0 && created.items.every((i) => i.price !== null))
        await submitTestOrder(
          db,
          { id: BigInt(created.id), version: created.version, reason: undefined },
          qc,
        );
    }
  });
}

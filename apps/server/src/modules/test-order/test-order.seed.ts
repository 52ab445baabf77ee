import { TEST_ORDER_STATUS } from '@qcdesk/contract/test-order';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { labs, testTypes } from '../../db/schema/config';
import { orderProducts } from '../../db/schema/order';
import { testOrderItems } from '../../db/schema/test-order';
import type { Principal } from '../../platform/auth';
import { businessDate } from '../../platform/business-time';
import type { Db } from '../../platform/db';
import type { HookRunner, SeedContext } from '../../platform/module';
import { seedPrincipal } from '../../platform/seed-principal';
import { orderIdsOfNos } from '../order/order-hooks.service';
import { testOrderDetail } from './test-order.queries';
import { createTestOrder } from './test-order.service';
import { submitTestOrder } from './test-order-transitions.service';
import { updateTestOrderItems } from './test-order-update.service';

// Demo test orders for the demo database (QCDESK_DEMO_USERS=1): the demo QC puts the first two
// products of a demo order in the cart and creates a test order (its risk items), and submits a
// second one (its lines priced in another currency quoted first), through the services. Idempotent:
// a demo product already on a line is not put on another; its draft is submitted if still wanted.

/** [order no, submit] */
export const DEMO_TEST_ORDERS: [string, boolean][] = [
  ['NH24-0315', false],
  ['PT24-0788', true],
];

/**
 * Submits a demo draft: a line whose test item is priced in another currency is quoted at the
 * item's listed amount first (a submit needs every line priced), as QC would after the lab's quote.
 */
async function quoteAndSubmit(
  db: Db,
  draft: Awaited<ReturnType<typeof testOrderDetail>>,
  qc: Principal,
  hooks: HookRunner,
) {
  let version = draft.version;
  if (draft.items.some((i) => i.price === null)) {
    const quoted = await updateTestOrderItems(
      db,
      {
        id: draft.id,
        version,
        items: draft.items.map((i) => ({
          orderProductId: i.product.id,
          testItemId: i.testItem.id,
          price: i.price ?? i.testItem.price,
          orderRiskItemId: i.orderRiskItemId ?? undefined,
        })),
      },
      qc,
    );
    version = quoted.version;
  }
  // The submit runs TEST_ORDER_SUBMITTED: the test-report area creates the order's pending report.
  await submitTestOrder(db, { id: draft.id, version, reason: undefined }, qc, hooks);
}

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
        .select({ testOrderId: testOrderItems.testOrderId })
        .from(testOrderItems)
        .where(inArray(testOrderItems.orderProductId, ids))
        .limit(1);
      const draft = done
        ? await testOrderDetail(db, done.testOrderId)
        : await createTestOrder(
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
      if (submit && draft.status === TEST_ORDER_STATUS.draft && draft.items.length > 0)
        await quoteAndSubmit(db, draft, qc, ctx.hooks);
    }
  });
}

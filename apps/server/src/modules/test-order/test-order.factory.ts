import { byDepartment, type ChangeLogScopeCases } from '../../../test/support/change-log-scope';
import { idOf, unique } from '../../../test/support/factories';
import { labs, testItems, testTypes } from '../../db/schema/config';
import { testOrderItems, testOrders } from '../../db/schema/test-order';
import { businessDate } from '../../platform/business-time';
import type { Db } from '../../platform/db';
import { buildOrder } from '../order/order.factory';

// Test data of test orders (STYLE.md rule 9): `buildTestOrder` inserts a draft on an order's first
// product; `testOrderInput` answers the body of ordertest/create with lines named by test-item code.

export interface TestOrderInputOverrides {
  products: readonly bigint[];
  /** [product index, test-item code, entered price] lines; absent: the proposed lines. */
  lines?: readonly [number, string, string?][];
  lab?: string;
  testType?: string;
  currency?: 'RMB' | 'USD' | 'HKD';
  planTime?: string;
  labContactId?: bigint;
}

export async function testOrderInput(db: Db, o: TestOrderInputOverrides) {
  return {
    orderProductIds: o.products.map(String),
    labId: String(await idOf(db, labs, o.lab ?? 'SGS-SZ')),
    testTypeId: String(await idOf(db, testTypes, o.testType ?? 'CHEM')),
    currency: o.currency ?? 'RMB',
    planTime: o.planTime ?? businessDate(),
    ...(o.labContactId ? { labContactId: String(o.labContactId) } : {}),
    ...(o.lines
      ? {
          items: await Promise.all(
            o.lines.map(async ([n, code, price]) => ({
              orderProductId: String(o.products[n]),
              testItemId: String(await idOf(db, testItems, code)),
              ...(price ? { price } : {}),
            })),
          ),
        }
      : {}),
  };
}

/** A draft test order inserted for an order's first product (no change log). */
export async function buildTestOrder(
  db: Db,
  order: { order: { clientId: bigint; departmentId: bigint }; products: readonly { id: bigint }[] },
) {
  const [row] = await db
    .insert(testOrders)
    .values({
      testOrderNo: unique('TO').slice(0, 16),
      clientId: order.order.clientId,
      departmentId: order.order.departmentId,
      labId: await idOf(db, labs, 'SGS-SZ'),
      testTypeId: await idOf(db, testTypes, 'CHEM'),
      applyType: 2,
      planTime: businessDate(),
    })
    .returning();
  await db.insert(testOrderItems).values({
    testOrderId: row!.id,
    orderProductId: order.products[0]!.id,
    testItemId: await idOf(db, testItems, 'T-AZO'),
    price: '500.00',
  });
  return row!;
}

/** test/change-log-scope.test.ts: scoped by the test order's own department (the cart's client and department). */
export const changeLogScope: ChangeLogScopeCases = {
  test_orders: byDepartment(async (db, owner) => (await buildTestOrder(db, await buildOrder(db, owner))).id),
};

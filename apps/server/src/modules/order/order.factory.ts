import { eq } from 'drizzle-orm';
import { byDepartment, type ChangeLogScopeCases } from '../../../test/support/change-log-scope';
import { idOf, unique, userId } from '../../../test/support/factories';
import { clients } from '../../db/schema/client';
import { countries, factories, samplingLevels } from '../../db/schema/config';
import { users } from '../../db/schema/identity';
import { orderProducts, orders } from '../../db/schema/order';
import { businessDate } from '../../platform/business-time';
import type { Db } from '../../platform/db';
import { addDays, productNoOf } from './order.rules';

// Test data of orders (STYLE.md rule 9): `orderInput` answers the body of order/create,
// `buildOrder` inserts a valid order with its products. Factories are named by code.

const PRODUCT_NAMES = [
  ['毛绒小熊', 'Plush bear'],
  ['遥控赛车', 'RC racing car'],
  ['木制积木', 'Wooden blocks'],
  ['沐浴小鸭', 'Bath duck'],
] as const;

export interface LineOverrides {
  productNo?: string;
  sku?: string;
  itemNo?: string;
  name?: string;
  factory?: string;
  quantity?: number;
  /** Days from today (default 20). */
  due?: number;
  deliveryDate?: string;
  productType?: number;
}

export interface OrderOverrides {
  orderNo?: string;
  clientPo?: string;
  /** An existing client (default: a new client of demo.sales). */
  clientId?: bigint;
  /** Username of the new client's sales owner. */
  sales?: string;
  lines?: LineOverrides[];
}

async function lineInput(db: Db, l: LineOverrides, n: number) {
  const [zh, en] = PRODUCT_NAMES[n % PRODUCT_NAMES.length]!;
  return {
    ...(l.productNo ? { productNo: l.productNo } : {}),
    sku: l.sku ?? unique('SKU-'),
    itemNo: l.itemNo ?? unique('IT-'),
    name: l.name ?? `${zh} ${en}`,
    factoryId: String(await idOf(db, factories, l.factory ?? 'F-HM-SZ')),
    quantity: l.quantity ?? 1000,
    deliveryDate: l.deliveryDate ?? addDays(businessDate(), l.due ?? 20),
    productType: l.productType ?? 1,
  };
}

/**
 * A client of `sales` (default demo.sales) in that user's department. (The client area's factory
 * is its own; a module's factory reaches no other module.)
 */
async function clientOf(db: Db, sales = 'demo.sales') {
  const salesId = await userId(db, sales);
  const [owner] = await db
    .select({ departmentId: users.departmentId })
    .from(users)
    .where(eq(users.id, salesId));
  const [row] = await db
    .insert(clients)
    .values({
      code: unique('OC'),
      name: unique('订单客户 Order client '),
      countryId: await idOf(db, countries, 'US'),
      type: 1,
      salesId,
      departmentId: owner!.departmentId,
      samplingLevelId: await idOf(db, samplingLevels, 'II'),
    })
    .returning();
  return row!;
}

/** The body of order/create (two lines unless told). */
export async function orderInput(db: Db, overrides: OrderOverrides = {}) {
  const clientId = overrides.clientId ?? (await clientOf(db, overrides.sales)).id;
  const lines = overrides.lines ?? [{}, {}];
  return {
    ...(overrides.orderNo ? { orderNo: overrides.orderNo } : {}),
    clientPo: overrides.clientPo ?? unique('PO-'),
    clientId: String(clientId),
    description: '测试订单 / Test order',
    products: await Promise.all(lines.map((l, i) => lineInput(db, l, i))),
  };
}

/** A valid order with its products, inserted directly (the order's copies on every product). */
export async function buildOrder(db: Db, overrides: OrderOverrides = {}) {
  const input = await orderInput(db, overrides);
  const [owner] = await db
    .select()
    .from(clients)
    .where(eq(clients.id, BigInt(input.clientId)));
  const orderNo = overrides.orderNo ?? unique('OT');
  const [order] = await db
    .insert(orders)
    .values({
      orderNo,
      clientPo: input.clientPo,
      clientId: owner!.id,
      departmentId: owner!.departmentId,
      salesId: owner!.salesId,
      total: input.products.reduce((sum, p) => sum + p.quantity, 0),
      deliveryDate: input.products.map((p) => p.deliveryDate).sort()[0],
    })
    .returning();
  const products = await db
    .insert(orderProducts)
    .values(
      input.products.map((p, i) => ({
        orderId: order!.id,
        productNo: p.productNo ?? productNoOf(orderNo, i + 1),
        line: i + 1,
        sku: p.sku,
        itemNo: p.itemNo,
        name: p.name,
        factoryId: BigInt(p.factoryId),
        quantity: p.quantity,
        deliveryDate: p.deliveryDate,
        productType: p.productType,
        orderNo,
        clientPo: input.clientPo,
        clientId: owner!.id,
        departmentId: owner!.departmentId,
        salesId: owner!.salesId,
      })),
    )
    .returning();
  return { order: order!, products };
}

/** test/change-log-scope.test.ts: an order of demo.sales's client and one of another department's. */
export const changeLogScope: ChangeLogScopeCases = {
  orders: byDepartment(async (db, owner) => (await buildOrder(db, owner)).order.id),
};

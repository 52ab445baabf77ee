import { areas } from '@qcdesk/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../../test/support/identity';
import { startTestApp, type TestApp } from '../../../test/support/test-app';
import { orderProducts } from '../../db/schema/order';
import { changeLog } from '../../db/schema/platform';
import { buildOrderRisk } from '../order-risk/order-risk.factory';
import { buildTestOrder } from '../test-order/test-order.factory';
import { buildOrder, orderInput } from './order.factory';

// Issue 25: lines of an existing order added (order/item/create), removed (order/item/update with
// valid 0, E_IN_USE while held) and reordered (order/item/sort), each logged on the order.

const ops = areas.order;
let t: TestApp;
let sales: string;

beforeAll(async () => {
  t = await startTestApp();
  sales = await signInAs(t, 'SALES');
});
afterAll(() => t.close());

async function lastChanges(orderId: bigint) {
  const rows = await t.database.db
    .select()
    .from(changeLog)
    .where(and(eq(changeLog.entity, 'orders'), eq(changeLog.entityId, orderId)));
  return rows.at(-1)!.changes;
}

const productCount = async (orderId: bigint) =>
  (await t.database.db.select().from(orderProducts).where(eq(orderProducts.orderId, orderId))).length;

/** One line as the create form sends it. */
async function newLine(overrides: { productNo?: string; quantity?: number } = {}) {
  const { products } = await orderInput(t.database.db, { lines: [overrides] });
  return products[0]!;
}

describe('order/item/create', () => {
  it('adds a line after the order’s lines with a generated product no, logged under that no', async () => {
    const { order, products } = await buildOrder(t.database.db);
    const line = await newLine({ quantity: 300 });
    const detail = await t.client.ok(
      ops.addOrderItems,
      { id: String(order.id), version: 0, products: [line] },
      { token: sales },
    );
    const added = `${order.orderNo}-03`;
    expect(detail).toMatchObject({ total: 2300, version: 1 });
    expect(detail.products.map((p) => p.productNo)).toEqual([
      products[0]!.productNo,
      products[1]!.productNo,
      added,
    ]);
    expect(await lastChanges(order.id)).toEqual([
      expect.objectContaining({ field: `products[${added}]`, from: null }),
    ]);
  });

  it('refuses a product no the order holds (E_DUPLICATE), a stale version and roles without order.edit', async () => {
    const { order, products } = await buildOrder(t.database.db);
    const own = await t.client.call(
      ops.addOrderItems,
      { id: String(order.id), version: 0, products: [await newLine({ productNo: products[1]!.productNo })] },
      { token: sales },
    );
    expect(own.result).toMatchObject({ reason: 'E_DUPLICATE', field: 'products.0.productNo' });
    const stale = await t.client.call(
      ops.addOrderItems,
      { id: String(order.id), version: 3, products: [await newLine()] },
      { token: sales },
    );
    expect(stale.result).toMatchObject({ reason: 'E_VERSION' });
    const qc = await t.client.call(
      ops.addOrderItems,
      { id: String(order.id), version: 0, products: [await newLine()] },
      { token: await signInAs(t, 'QC') },
    );
    expect(qc.result).toMatchObject({ reason: 'E_PERMISSION' });
    expect(await productCount(order.id)).toBe(2);
  });
});

describe('order/item/update valid 0 (remove a line)', () => {
  it('refuses a line a test order holds (E_IN_USE); a derived order risk does not hold it (ADR 0015)', async () => {
    const db = t.database.db;
    const built = await buildOrder(db);
    const { order, products } = built;
    await buildTestOrder(db, built);
    await buildOrderRisk(db, { orderId: order.id, orderProductId: products[1]!.id });
    const held = await t.client.call(
      ops.updateOrderItem,
      { id: String(order.id), version: 0, productId: String(products[0]!.id), valid: 0 },
      { token: sales },
    );
    expect(held.result).toMatchObject({ reason: 'E_IN_USE' });
    const removed = await t.client.ok(
      ops.updateOrderItem,
      { id: String(order.id), version: 0, productId: String(products[1]!.id), valid: 0 },
      { token: sales },
    );
    expect(removed).toMatchObject({ total: 1000, version: 1 });
    expect(await lastChanges(order.id)).toEqual([
      { field: `products[${products[1]!.productNo}].valid`, from: 1, to: 0 },
    ]);
  });
});

describe('order/item/sort', () => {
  it('moves lines, logs each moved product’s place, and a later line still goes last', async () => {
    const { order, products } = await buildOrder(t.database.db, { lines: [{}, {}, {}] });
    const [a, b, c] = products.map((p) => ({ id: String(p.id), productNo: p.productNo }));
    const sorted = await t.client.ok(
      ops.sortOrderItems,
      { id: String(order.id), version: 0, productIds: [c!.id, a!.id, b!.id] },
      { token: sales },
    );
    expect(sorted.version).toBe(1);
    expect(sorted.products.map((p) => p.productNo)).toEqual([c!.productNo, a!.productNo, b!.productNo]);
    expect(await lastChanges(order.id)).toEqual([
      { field: `products[${c!.productNo}].sort`, from: 3, to: 1 },
      { field: `products[${a!.productNo}].sort`, from: 1, to: 2 },
      { field: `products[${b!.productNo}].sort`, from: 2, to: 3 },
    ]);
    const same = await t.client.ok(
      ops.sortOrderItems,
      { id: String(order.id), version: 1, productIds: [c!.id, a!.id, b!.id] },
      { token: sales },
    );
    expect(same.version).toBe(1);
    const added = await t.client.ok(
      ops.addOrderItems,
      { id: String(order.id), version: 1, products: [await newLine()] },
      { token: sales },
    );
    expect(added.products.map((p) => p.productNo)).toEqual([
      c!.productNo,
      a!.productNo,
      b!.productNo,
      `${order.orderNo}-04`,
    ]);
  });

  it('refuses a list that is not every valid line once (E_REF_NOT_FOUND) and a stale version', async () => {
    const { order, products } = await buildOrder(t.database.db);
    const [a, b] = products.map((p) => String(p.id));
    for (const productIds of [[a!], [a!, a!], [a!, b!, '999999999']]) {
      const { result } = await t.client.call(
        ops.sortOrderItems,
        { id: String(order.id), version: 0, productIds },
        { token: sales },
      );
      expect(result).toMatchObject({ reason: 'E_REF_NOT_FOUND', field: 'productIds' });
    }
    const stale = await t.client.call(
      ops.sortOrderItems,
      { id: String(order.id), version: 2, productIds: [b!, a!] },
      { token: sales },
    );
    expect(stale.result).toMatchObject({ reason: 'E_VERSION' });
    const qc = await t.client.call(
      ops.sortOrderItems,
      { id: String(order.id), version: 0, productIds: [b!, a!] },
      { token: await signInAs(t, 'QC') },
    );
    expect(qc.result).toMatchObject({ reason: 'E_PERMISSION' });
  });
});

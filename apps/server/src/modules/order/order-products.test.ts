import { areas } from '@qcdesk/contract';
import { changeLog as changeLogOp } from '@qcdesk/contract/config';
import { enumLabel } from '@qcdesk/contract/enumerations';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unique } from '../../../test/support/factories';
import { buildUser, signInAs } from '../../../test/support/identity';
import { startTestApp, type TestApp } from '../../../test/support/test-app';
import { clients } from '../../db/schema/client';
import { productTracks } from '../../db/schema/config';
import { orderProducts, orders } from '../../db/schema/order';
import { changeLog } from '../../db/schema/platform';
import { buildClient } from '../client/client.factory';
import { buildOriginalSample } from '../original-sample/original-sample.factory';
import { buildOrder } from './order.factory';

// The writes of an order's products through the envelope (DOMAIN.md §2.4, §6.1): one line with
// delete and undelete, requirements, product types, sample links, QC assignment and replace.

const ops = areas.order;
let t: TestApp;
let sales: string;

beforeAll(async () => {
  t = await startTestApp();
  sales = await signInAs(t, 'SALES');
});
afterAll(() => t.close());

const track = (orderProductId: bigint) =>
  t.database.db.insert(productTracks).values({ orderProductId, milestone: 'SHIPPED' });

async function lastChanges(orderId: bigint) {
  const rows = await t.database.db
    .select()
    .from(changeLog)
    .where(and(eq(changeLog.entity, 'orders'), eq(changeLog.entityId, orderId)));
  return rows.at(-1)!.changes;
}

describe('order/item/update', () => {
  it('changes one product, keeps the total and logs products[productNo].field', async () => {
    const { order, products } = await buildOrder(t.database.db);
    const [first] = products;
    const updated = await t.client.ok(
      ops.updateOrderItem,
      { id: String(order.id), version: 0, productId: String(first!.id), quantity: 2500, sku: '' },
      { token: sales },
    );
    expect(updated).toMatchObject({ total: 3500, version: 1 });
    expect(updated.products[0]).toMatchObject({ quantity: 2500, sku: null });
    expect(await lastChanges(order.id)).toEqual(
      expect.arrayContaining([
        { field: `products[${first!.productNo}].quantity`, from: 1000, to: 2500 },
        { field: `products[${first!.productNo}].sku`, from: first!.sku, to: null },
      ]),
    );
    const bad = await t.client.call(
      ops.updateOrderItem,
      { id: String(order.id), version: 1, productId: String(first!.id), quantity: 0 },
      { token: sales },
    );
    expect(bad.result).toMatchObject({ reason: 'E_RANGE', field: 'quantity' });
    const stale = await t.client.call(
      ops.updateOrderItem,
      { id: String(order.id), version: 0, productId: String(first!.id), quantity: 3 },
      { token: sales },
    );
    expect(stale.result).toMatchObject({ reason: 'E_VERSION' });
  });

  it('deletes and undeletes a product; refuses deleting one a product track references (E_IN_USE)', async () => {
    const db = t.database.db;
    const { order, products } = await buildOrder(db);
    const [first, second] = products;
    await track(first!.id);
    const refused = await t.client.call(
      ops.updateOrderItem,
      { id: String(order.id), version: 0, productId: String(first!.id), valid: 0 },
      { token: sales, lang: 'en' },
    );
    expect(refused.result).toMatchObject({
      reason: 'E_IN_USE',
      error: 'The record is in use and cannot be deleted; freeze it instead',
    });
    const [kept] = await db.select().from(orderProducts).where(eq(orderProducts.id, first!.id));
    expect(kept).toMatchObject({ valid: 1, version: 0 });
    const deleted = await t.client.ok(
      ops.updateOrderItem,
      { id: String(order.id), version: 0, productId: String(second!.id), valid: 0 },
      { token: sales },
    );
    expect(deleted.total).toBe(1000);
    expect(deleted.products.map((p) => [p.productNo, p.valid])).toEqual([
      [first!.productNo, 1],
      [second!.productNo, 0],
    ]);
    const back = await t.client.ok(
      ops.updateOrderItem,
      { id: String(order.id), version: 1, productId: String(second!.id), valid: 1 },
      { token: sales },
    );
    expect(back.total).toBe(2000);
  });
});

describe('order/require/update and order/producttype/update', () => {
  it('copies the client’s requirements or sets given ones, and sets product types', async () => {
    const db = t.database.db;
    const { order, products } = await buildOrder(db);
    await db
      .update(clients)
      .set({ inspectionRequirement: 'AQL II 2.5/4.0', safetyRequirement: 'EN71-1,2,3' })
      .where(eq(clients.id, order.clientId));
    const copied = await t.client.ok(
      ops.updateOrderRequirements,
      { id: String(order.id), version: 0, fromClient: true },
      { token: sales },
    );
    expect(copied).toMatchObject({ inspectionRequirement: 'AQL II 2.5/4.0', testRequirement: 'EN71-1,2,3' });
    const set = await t.client.ok(
      ops.updateOrderRequirements,
      { id: String(order.id), version: 1, testRequirement: '仅做EN71-3 / EN71-3 only' },
      { token: sales },
    );
    expect(set).toMatchObject({
      inspectionRequirement: 'AQL II 2.5/4.0',
      testRequirement: '仅做EN71-3 / EN71-3 only',
    });
    const typed = await t.client.ok(
      ops.updateProductType,
      { id: String(order.id), version: 2, productIds: [String(products[1]!.id)], productType: 3 },
      { token: sales },
    );
    expect(typed.products.map((p) => p.productType)).toEqual([1, 3]);
    const bad = await t.client.call(
      ops.updateProductType,
      { id: String(order.id), version: 3, productIds: [String(products[1]!.id)], productType: 7 },
      { token: sales },
    );
    expect(bad.result).toMatchObject({ reason: 'E_FORMAT', field: 'productType' });
    const foreign = await buildOrder(db);
    const other = await t.client.call(
      ops.updateProductType,
      { id: String(order.id), version: 3, productIds: [String(foreign.products[0]!.id)], productType: 2 },
      { token: sales },
    );
    expect(other.result).toMatchObject({ reason: 'E_REF_NOT_FOUND', field: 'productIds' });
  });
});

describe('the order’s change log', () => {
  it('names product types, units, linked samples and sources in both languages', async () => {
    const db = t.database.db;
    const { order, products } = await buildOrder(db);
    const sample = await buildOriginalSample(db, { clientId: order.clientId });
    const first = String(products[0]!.id);
    await t.client.ok(
      ops.updateProductType,
      { id: String(order.id), version: 0, productIds: [first], productType: 3 },
      { token: sales },
    );
    await t.client.ok(
      ops.relateOrderProducts,
      {
        id: String(order.id),
        version: 1,
        links: [{ productId: first, originalSampleId: String(sample.id) }],
      },
      { token: sales },
    );
    await db
      .update(orders)
      .set({ sources: [{ source: 2, ref: 'orders.xlsx', at: new Date().toISOString() }] })
      .where(eq(orders.id, order.id));
    await db.insert(changeLog).values({
      entity: 'orders',
      entityId: order.id,
      action: 'update',
      changes: [
        { field: 'sources', from: [], to: [{ source: 2, ref: 'orders.xlsx', at: '2026-01-01T00:00:00Z' }] },
        { field: `products[${products[0]!.productNo}].quantityUnit`, from: 1, to: 2 },
        {
          field: 'products[ADDED-01]',
          from: null,
          to: { factoryId: String(products[1]!.factoryId), productType: 1, quantityUnit: 1, quantity: 5 },
        },
      ],
    });
    const history = await t.client.ok(
      changeLogOp,
      { entity: 'orders', id: String(order.id), page: 1, pageSize: 10 },
      { token: sales },
    );
    const changes = history.list.flatMap((entry) => entry.changes);
    const named = (field: string) =>
      changes.find((c) => c.field === `products[${products[0]!.productNo}].${field}`);
    expect(named('productType')?.toNames).toEqual({
      zh: enumLabel('ProductType', 3, 'zh'),
      en: enumLabel('ProductType', 3, 'en'),
    });
    expect(named('quantityUnit')?.toNames?.en).toBe(enumLabel('QuantityUnit', 2, 'en'));
    expect(named('originalSampleId')?.toNames?.en).toBe(`${sample.itemNo} | ${sample.name}`);
    // The products of the creation are whole rows: their factory and enumerations are named too.
    const created = changes.find((c) => c.field === 'products[ADDED-01]');
    expect(created?.toPropertyNames?.productType?.en).toBe(enumLabel('ProductType', 1, 'en'));
    expect(created?.toPropertyNames?.factoryId?.zh).toBeTruthy();
    expect(created?.toPropertyNames?.factoryId?.zh).not.toBe(String(products[1]!.factoryId));
    expect(changes.find((c) => c.field === 'sources')?.toNames).toEqual({
      zh: `${enumLabel('OrderSource', 2, 'zh')} orders.xlsx`,
      en: `${enumLabel('OrderSource', 2, 'en')} orders.xlsx`,
    });
  });
});

describe('order/relation', () => {
  it('links products to original samples of the order’s client or shared ones, never another client’s', async () => {
    const db = t.database.db;
    const { order, products } = await buildOrder(db);
    const own = await buildOriginalSample(db, { clientId: order.clientId });
    const shared = await buildOriginalSample(db, {});
    const foreign = await buildOriginalSample(db, { clientId: (await buildClient(db)).id });
    const linked = await t.client.ok(
      ops.relateOrderProducts,
      {
        id: String(order.id),
        version: 0,
        links: [
          { productId: String(products[0]!.id), originalSampleId: String(own.id) },
          { productId: String(products[1]!.id), originalSampleId: String(shared.id) },
        ],
      },
      { token: sales },
    );
    expect(linked.products.map((p) => p.originalSample?.id)).toEqual([String(own.id), String(shared.id)]);
    const refused = await t.client.call(
      ops.relateOrderProducts,
      {
        id: String(order.id),
        version: 1,
        links: [{ productId: String(products[0]!.id), originalSampleId: String(foreign.id) }],
      },
      { token: sales, lang: 'en' },
    );
    expect(refused.result).toMatchObject({
      reason: 'E_SAMPLE_CLIENT',
      field: 'originalSampleId',
      error: 'The original sample belongs to another client and cannot be linked',
    });
    const [kept] = await db.select().from(orderProducts).where(eq(orderProducts.id, products[0]!.id));
    expect(kept!.originalSampleId).toBe(own.id);
    const unlinked = await t.client.ok(
      ops.relateOrderProducts,
      {
        id: String(order.id),
        version: 1,
        links: [{ productId: String(products[0]!.id), originalSampleId: null }],
      },
      { token: sales },
    );
    expect(unlinked.products[0]!.originalSample).toBeNull();
  });
});

describe('order/assigns', () => {
  it('assigns a QC to a selection of one client and department, logged on each order', async () => {
    const db = t.database.db;
    const manager = await signInAs(t, 'QC_MGR');
    const qc = await buildUser(db, { role: 'QC', department: 'QC', position: 2 });
    const a = await buildOrder(db);
    const b = await buildOrder(db, { clientId: a.order.clientId });
    const selection = [a.products[0]!.id, b.products[1]!.id].map(String);
    const done = await t.client.ok(
      ops.assignOrderProducts,
      { productIds: selection, qcId: String(qc.id) },
      { token: manager },
    );
    expect(done.count).toBe(2);
    expect(await lastChanges(b.order.id)).toEqual([
      { field: `products[${b.products[1]!.productNo}].qcId`, from: null, to: String(qc.id) },
    ]);
    const [orderB] = await db.select().from(orders).where(eq(orders.id, b.order.id));
    expect(orderB!.version).toBe(1);
    const mixed = await buildOrder(db);
    const refused = await t.client.call(
      ops.assignOrderProducts,
      { productIds: [String(a.products[1]!.id), String(mixed.products[0]!.id)], qcId: String(qc.id) },
      { token: manager },
    );
    expect(refused.result).toMatchObject({ reason: 'E_CART_CLIENT_DEPT' });
    const notQc = await buildUser(db, { role: 'SALES', department: 'SALES1', position: 1 });
    const wrong = await t.client.call(
      ops.assignOrderProducts,
      { productIds: selection, qcId: String(notQc.id) },
      { token: manager },
    );
    expect(wrong.result).toMatchObject({ reason: 'E_REF_NOT_FOUND', field: 'qcId' });
    const denied = await t.client.call(
      ops.assignOrderProducts,
      { productIds: selection, qcId: null },
      { token: sales },
    );
    expect(denied.result).toMatchObject({ reason: 'E_PERMISSION' });
  });
});

describe('order/replace', () => {
  it('updates matched lines, adds new ones, removes missing ones; the same set twice changes nothing', async () => {
    const db = t.database.db;
    const { order, products } = await buildOrder(db, { lines: [{}, {}, {}] });
    const [keep, change, drop] = products;
    const line = (p: typeof keep, extra: Record<string, unknown> = {}) => ({
      productNo: p!.productNo as string | undefined,
      sku: p!.sku ?? undefined,
      itemNo: p!.itemNo,
      name: p!.name,
      factoryId: String(p!.factoryId),
      quantity: p!.quantity,
      deliveryDate: p!.deliveryDate,
      ...extra,
    });
    const body = {
      id: String(order.id),
      version: 0,
      products: [
        line(keep),
        line(change, { quantity: 777 }),
        line(keep, { productNo: undefined, itemNo: unique('NEW-'), quantity: 5 }),
      ],
    };
    const replaced = await t.client.ok(ops.replaceOrderProducts, body, { token: sales });
    const live = replaced.products.filter((p) => p.valid === 1);
    expect(replaced.products.find((p) => p.valid === 0)?.productNo).toBe(drop!.productNo);
    expect(live.map((p) => [p.productNo, p.quantity])).toEqual([
      [keep!.productNo, 1000],
      [change!.productNo, 777],
      [`${order.orderNo}-04`, 5],
    ]);
    expect(replaced).toMatchObject({ total: 1782, version: 1 });
    const changes = (await lastChanges(order.id)).map((c) => c.field);
    expect(changes.sort()).toEqual(
      [
        `products[${change!.productNo}].quantity`,
        `products[${order.orderNo}-04]`,
        `products[${drop!.productNo}]`,
      ].sort(),
    );
    const [removed] = await db.select().from(orderProducts).where(eq(orderProducts.id, drop!.id));
    expect(removed!.valid).toBe(0);
    const again = await t.client.ok(
      ops.replaceOrderProducts,
      {
        ...body,
        version: 1,
        products: [...body.products.slice(0, 2), { ...body.products[2]!, productNo: `${order.orderNo}-04` }],
      },
      { token: sales },
    );
    expect(again.version).toBe(1);
  });

  it('refuses to remove a referenced line (E_IN_USE) and changes nothing', async () => {
    const db = t.database.db;
    const { order, products } = await buildOrder(db);
    await track(products[1]!.id);
    const refused = await t.client.call(
      ops.replaceOrderProducts,
      {
        id: String(order.id),
        version: 0,
        products: [
          {
            productNo: products[0]!.productNo,
            itemNo: products[0]!.itemNo,
            name: products[0]!.name,
            factoryId: String(products[0]!.factoryId),
            quantity: 1,
            deliveryDate: products[0]!.deliveryDate,
          },
        ],
      },
      { token: sales },
    );
    expect(refused.result).toMatchObject({ reason: 'E_IN_USE', field: 'products' });
    const rows = await db.select().from(orderProducts).where(eq(orderProducts.orderId, order.id));
    expect(rows.map((r) => [r.valid, r.quantity])).toEqual([
      [1, 1000],
      [1, 1000],
    ]);
  });
});

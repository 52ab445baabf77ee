import { areas } from '@qcdesk/contract';
import { TEST_RESULT } from '@qcdesk/contract/enumerations';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idOf } from '../../../test/support/factories';
import { buildUser, signIn, signInAs } from '../../../test/support/identity';
import { seedContext, startTestApp, type TestApp } from '../../../test/support/test-app';
import { clients, clientTestRequirements } from '../../db/schema/client';
import { testItems } from '../../db/schema/config';
import { orderProducts } from '../../db/schema/order';
import { orderRisks } from '../../db/schema/order-risk';
import { changeLog } from '../../db/schema/platform';
import type { Db } from '../../platform/db';
import { buildMaterial } from '../material/material.factory';
import { buildOrder, orderInput } from '../order/order.factory';
import { buildOriginalSample } from '../original-sample/original-sample.factory';
import { buildOrderRisk, riskItems } from './order-risk.factory';
import { seedOrderRisks } from './order-risk.seed';

// Order risk through the envelope (DOMAIN.md §2.5, §4.11, §6.5, §5.4): sync and its derivation,
// the search filters, list and details, manual raise, items, waive, reset (refused in 20 with
// nothing changed), refusals by role and scope, the automatic sync on order writes while a risk is
// in 10 (and never after), and the seed.

const ops = areas.orderRisk;
let t: TestApp;
let qc: string;
let qcMgr: string;
let sales: string;
let lab: string;

beforeAll(async () => {
  t = await startTestApp();
  [qc, qcMgr, sales, lab] = await Promise.all([
    signInAs(t, 'QC'),
    signInAs(t, 'QC_MGR'),
    signInAs(t, 'SALES'),
    signInAs(t, 'LAB'),
  ]);
});
afterAll(() => t.close());

const codeOf = async (db: Db, id: string | bigint) =>
  (
    await db
      .select({ code: testItems.code })
      .from(testItems)
      .where(eq(testItems.id, BigInt(id)))
  )[0]!.code;
const itemCodes = async (items: { testItem: { code: string | null } }[]) =>
  items.map((i) => i.testItem.code).sort();
const riskOf = async (productId: bigint) =>
  (
    await t.database.db
      .select()
      .from(orderRisks)
      .where(and(eq(orderRisks.orderProductId, productId), eq(orderRisks.valid, 1)))
  )[0];
const logOf = (id: string | bigint) =>
  t.database.db
    .select()
    .from(changeLog)
    .where(and(eq(changeLog.entity, 'order_risks'), eq(changeLog.entityId, BigInt(id))))
    .orderBy(desc(changeLog.id));

/** A sample with one high-risk plastic material (R4: RK-PLASTIC-CHEM and RK-SMALL-PARTS apply). */
async function riskySample(db: Db) {
  const material = await buildMaterial(db, { riskLevel: 'R4', materialType: 'PLASTIC' });
  return buildOriginalSample(db, { parts: { BODY: [material.id] } });
}
const R4_PLASTIC = ['T-EN71-1', 'T-EN71-3', 'T-PHTH'];

async function linkSample(db: Db, productId: bigint, sampleId: bigint) {
  await db.update(orderProducts).set({ originalSampleId: sampleId }).where(eq(orderProducts.id, productId));
}

async function requirement(
  db: Db,
  clientId: bigint,
  code: string,
  productTypes = [1, 2, 3],
  mandatory = true,
) {
  await db
    .insert(clientTestRequirements)
    .values({ clientId, testItemId: await idOf(db, testItems, code), productTypes, mandatory });
}

describe('orderrisk/sync (DOMAIN.md §6.5)', () => {
  it('derives the items of a product’s high-risk materials and the client’s requirements; twice changes nothing', async () => {
    const db = t.database.db;
    const { order, products } = await buildOrder(db, { lines: [{ productType: 2 }, { productType: 2 }, {}] });
    await linkSample(db, products[0]!.id, (await riskySample(db)).id);
    await requirement(db, order.clientId, 'T-AZO', [1, 2]);
    await requirement(db, order.clientId, 'T-HCHO', [1, 2], false);
    await requirement(db, order.clientId, 'T-RUB', [3]);
    const counts = await t.client.ok(ops.syncOrderRisks, { orderId: String(order.id) }, { token: qc });
    expect(counts).toEqual({ created: 3, updated: 0, removed: 0, unchanged: 0, skipped: 0 });
    const first = await riskOf(products[0]!.id);
    const detail = await t.client.ok(ops.getOrderRisk, { id: String(first!.id) }, { token: qc });
    expect(detail).toMatchObject({
      status: 10,
      byCreate: false,
      result: 0,
      testStatus: 'open',
      fullTest: false,
    });
    expect(await itemCodes(detail.items)).toEqual([...R4_PLASTIC, 'T-AZO'].sort());
    expect(detail.items.find((i) => i.testItem.code === 'T-PHTH')).toMatchObject({
      material: { id: expect.any(String) },
      part: { code: 'BODY' },
      risk: { code: 'RK-PLASTIC-CHEM' },
    });
    // The others: the mandatory requirement of their type; the third is new (type 1): full test too.
    const second = await t.client.ok(
      ops.getOrderRisk,
      { id: String((await riskOf(products[1]!.id))!.id) },
      { token: qc },
    );
    expect(await itemCodes(second.items)).toEqual(['T-AZO']);
    const third = await t.client.ok(
      ops.getOrderRisk,
      { id: String((await riskOf(products[2]!.id))!.id) },
      { token: qc },
    );
    expect(third).toMatchObject({ fullTest: true, itemCount: 1 });
    const [log] = await logOf(first!.id);
    expect(log).toMatchObject({ action: 'create' });
    expect(log!.changes).toContainEqual(expect.objectContaining({ field: 'items[T-PHTH]' }));
    const again = await t.client.ok(ops.syncOrderRisks, { orderId: String(order.id) }, { token: qc });
    expect(again).toEqual({ created: 0, updated: 0, removed: 0, unchanged: 3, skipped: 0 });
  });

  it('creates nothing when nothing is derived; removes a derived risk in 10 when nothing is derived any more', async () => {
    const db = t.database.db;
    const { order, products } = await buildOrder(db, { lines: [{ productType: 2 }] });
    expect(await t.client.ok(ops.syncOrderRisks, { orderId: String(order.id) }, { token: qc })).toMatchObject(
      {
        created: 0,
        unchanged: 1,
      },
    );
    await linkSample(db, products[0]!.id, (await riskySample(db)).id);
    await t.client.ok(ops.syncOrderRisks, { orderId: String(order.id) }, { token: qc });
    const risk = await riskOf(products[0]!.id);
    await db
      .update(orderProducts)
      .set({ originalSampleId: null })
      .where(eq(orderProducts.id, products[0]!.id));
    expect(await t.client.ok(ops.syncOrderRisks, { orderId: String(order.id) }, { token: qc })).toMatchObject(
      {
        removed: 1,
      },
    );
    expect(await riskOf(products[0]!.id)).toBeUndefined();
    expect((await riskItems(db, risk!.id)).length).toBe(0);
  });

  it('leaves manual risks and risks in 20–40 alone', async () => {
    const db = t.database.db;
    const { order, products } = await buildOrder(db, { lines: [{}, {}, {}] });
    const sample = await riskySample(db);
    for (const p of products) await linkSample(db, p.id, sample.id);
    const manual = await buildOrderRisk(db, {
      orderId: order.id,
      orderProductId: products[0]!.id,
      byCreate: true,
    });
    const testing = await buildOrderRisk(db, {
      orderId: order.id,
      orderProductId: products[1]!.id,
      status: 20,
    });
    const counts = await t.client.ok(ops.syncOrderRisks, { orderId: String(order.id) }, { token: qc });
    expect(counts).toMatchObject({ created: 1, skipped: 2 });
    for (const r of [manual, testing]) {
      expect((await riskItems(db, r.id)).length).toBe(1);
      expect((await riskOf(r.orderProductId))!.version).toBe(0);
    }
  });

  it('refuses without orderrisk.sync (SALES) and for an order out of scope', async () => {
    const db = t.database.db;
    const { order } = await buildOrder(db);
    const refused = await t.client.call(ops.syncOrderRisks, { orderId: String(order.id) }, { token: sales });
    expect(refused.result).toMatchObject({ reason: 'E_PERMISSION' });
    const missing = await t.client.call(ops.syncOrderRisks, { orderId: '999999999' }, { token: qc });
    expect(missing.result).toMatchObject({ reason: 'E_NOT_FOUND' });
  });
});

describe('orderrisk/search, list and details', () => {
  it('filters by order no, product no, factory, client, byCreate, result and status; in scope', async () => {
    const db = t.database.db;
    const { order, products } = await buildOrder(db, { lines: [{ factory: 'F-JL-YW' }, {}] });
    const derived = await buildOrderRisk(db, { orderId: order.id, orderProductId: products[0]!.id });
    const manual = await buildOrderRisk(db, {
      orderId: order.id,
      orderProductId: products[1]!.id,
      byCreate: true,
      status: 30,
      result: 2,
    });
    const search = async (filters: Record<string, unknown>, token = qc) =>
      (await t.client.ok(ops.searchOrderRisks, { orderNo: order.orderNo, ...filters }, { token })).list.map(
        (r) => r.id,
      );
    const [a, b] = [String(derived.id), String(manual.id)];
    expect(await search({})).toEqual([b, a]);
    expect(await search({ productNo: products[1]!.productNo })).toEqual([b]);
    expect(await search({ factory: 'F-JL' })).toEqual([a]);
    expect(await search({ client: String(order.clientId) })).toEqual([b, a]);
    expect(await search({ byCreate: true })).toEqual([b]);
    expect(await search({ byCreate: false })).toEqual([a]);
    expect(await search({ result: 11 })).toEqual([b]);
    expect(await search({ result: 10 })).toEqual([b]);
    expect(await search({ result: 0 })).toEqual([a]);
    expect(await search({ status: 30 })).toEqual([b]);
    const row = (await t.client.ok(ops.searchOrderRisks, { orderNo: order.orderNo }, { token: qc })).list[1]!;
    expect(row).toMatchObject({
      order: { orderNo: order.orderNo },
      product: { productNo: products[0]!.productNo },
      factory: { code: 'F-JL-YW' },
      itemCount: 1,
      openCount: 1,
      testStatus: 'open',
    });
    // SALES of the client's department reads them; a SALES user of another department does not.
    expect(await search({}, sales)).toEqual([b, a]);
    const other = await buildUser(db, { role: 'SALES', department: 'SALES2' });
    const otherToken = await signIn(t, other.username);
    expect(await search({}, otherToken)).toEqual([]);
    const details = await t.client.call(ops.getOrderRisk, { id: a }, { token: otherToken });
    expect(details.result).toMatchObject({ reason: 'E_SCOPE' });
    const dept = await t.client.call(
      ops.searchOrderRisks,
      { department: String(order.departmentId) },
      { token: otherToken },
    );
    expect(dept.result).toMatchObject({ reason: 'E_SCOPE' });
    const list = await t.client.ok(ops.listOrderRisks, { orderId: String(order.id) }, { token: qc });
    expect(list.list.map((r) => r.id)).toEqual([a, b]);
  });

  it('filters by the product’s delivery date range', async () => {
    const db = t.database.db;
    const { order, products } = await buildOrder(db, { lines: [{ deliveryDate: '2031-03-10' }] });
    const risk = await buildOrderRisk(db, { orderId: order.id, orderProductId: products[0]!.id });
    const page = (startTime: string, endTime: string) =>
      t.client.ok(ops.searchOrderRisks, { orderNo: order.orderNo, startTime, endTime }, { token: qc });
    expect((await page('2031-03-01', '2031-03-31')).list.map((r) => r.id)).toEqual([String(risk.id)]);
    expect((await page('2031-04-01', '2031-04-30')).list).toEqual([]);
    const bad = await t.client.call(
      ops.searchOrderRisks,
      { startTime: '2031-04-01', endTime: '2031-03-01' },
      { token: qc, lang: 'en' },
    );
    expect(bad.result).toMatchObject({ reason: 'E_DATE_RANGE' });
  });
});

describe('orderrisk/update, update/item, reset (DOMAIN.md §4.11)', () => {
  it('raises a risk by hand (byCreate), once per product; writes its items in 10 only', async () => {
    const db = t.database.db;
    const { products } = await buildOrder(db);
    const productId = String(products[0]!.id);
    const phth = String(await idOf(db, testItems, 'T-PHTH'));
    const raised = await t.client.ok(
      ops.updateOrderRisk,
      { productId, items: [{ testItemId: phth }] },
      { token: qc },
    );
    expect(raised).toMatchObject({ byCreate: true, status: 10, itemCount: 1, version: 0 });
    const twice = await t.client.call(ops.updateOrderRisk, { productId }, { token: qc });
    expect(twice.result).toMatchObject({ reason: 'E_DUPLICATE', field: 'productId' });
    const azo = String(await idOf(db, testItems, 'T-AZO'));
    const written = await t.client.ok(
      ops.updateOrderRiskItems,
      { id: raised.id, version: 0, items: [{ testItemId: azo }, { testItemId: phth }] },
      { token: lab },
    );
    expect(await itemCodes(written.items)).toEqual(['T-AZO', 'T-PHTH']);
    expect(written.version).toBe(1);
    const duplicate = await t.client.call(
      ops.updateOrderRiskItems,
      { id: raised.id, version: 1, items: [{ testItemId: azo }, { testItemId: azo }] },
      { token: qc },
    );
    expect(duplicate.result).toMatchObject({ reason: 'E_DUPLICATE' });
    const stale = await t.client.call(
      ops.updateOrderRiskItems,
      { id: raised.id, version: 0, items: [] },
      { token: qc },
    );
    expect(stale.result).toMatchObject({ reason: 'E_VERSION' });
    const noRef = await t.client.call(
      ops.updateOrderRiskItems,
      { id: raised.id, version: 1, items: [{ testItemId: '999999999' }] },
      { token: qc },
    );
    expect(noRef.result).toMatchObject({ reason: 'E_REF_NOT_FOUND' });
    const bySales = await t.client.call(
      ops.updateOrderRisk,
      { productId: String(products[1]!.id) },
      { token: sales },
    );
    expect(bySales.result).toMatchObject({ reason: 'E_PERMISSION' });
    await db
      .update(orderRisks)
      .set({ status: 20 })
      .where(eq(orderRisks.id, BigInt(raised.id)));
    const testing = await t.client.call(
      ops.updateOrderRiskItems,
      { id: raised.id, version: 1, items: [] },
      { token: qc },
    );
    expect(testing.result).toMatchObject({ reason: 'E_STATUS' });
    expect(await codeOf(db, (await riskItems(db, BigInt(raised.id)))[0]!.testItemId)).toMatch(/^T-/);
  });

  it('waives a risk in 10 or 20 with a reason: items N/A, result 4, status 40; not in 30', async () => {
    const db = t.database.db;
    const { order, products } = await buildOrder(db, { lines: [{}, {}] });
    const risk = await buildOrderRisk(db, { orderId: order.id, orderProductId: products[0]!.id, status: 20 });
    const noReason = await t.client.call(
      ops.updateOrderRisk,
      { id: String(risk.id), version: 0, waive: true },
      { token: qc, lang: 'en' },
    );
    expect(noReason.result).toMatchObject({ reason: 'E_REASON_REQUIRED' });
    const waived = await t.client.ok(
      ops.updateOrderRisk,
      { id: String(risk.id), version: 0, waive: true, waiveReason: '客户豁免 / Client waiver' },
      { token: qc },
    );
    expect(waived).toMatchObject({
      status: 40,
      result: 4,
      testStatus: 'waived',
      waiveReason: '客户豁免 / Client waiver',
    });
    expect(waived.items.map((i) => i.result)).toEqual([4]);
    const [log] = await logOf(risk.id);
    expect(log).toMatchObject({ action: 'waive', reason: '客户豁免 / Client waiver' });
    const done = await buildOrderRisk(db, {
      orderId: order.id,
      orderProductId: products[1]!.id,
      status: 30,
      result: 1,
    });
    const refused = await t.client.call(
      ops.updateOrderRisk,
      { id: String(done.id), version: 0, waive: true, waiveReason: 'x' },
      { token: qc },
    );
    expect(refused.result).toMatchObject({ reason: 'E_STATUS' });
  });

  it('resets a derived risk (items derived again, results cleared) and empties a manual one; needs orderrisk.reset', async () => {
    const db = t.database.db;
    const { order, products } = await buildOrder(db, { lines: [{ productType: 2 }, {}] });
    await linkSample(db, products[0]!.id, (await riskySample(db)).id);
    const derived = await buildOrderRisk(db, {
      orderId: order.id,
      orderProductId: products[0]!.id,
      status: 40,
      result: 4,
      items: { 'T-AZO': 4 },
    });
    await db.update(orderRisks).set({ waiveReason: 'old' }).where(eq(orderRisks.id, derived.id));
    const byQc = await t.client.call(
      ops.resetOrderRisk,
      { id: String(derived.id), version: 0 },
      { token: qc },
    );
    expect(byQc.result).toMatchObject({ reason: 'E_PERMISSION' });
    const reset = await t.client.ok(
      ops.resetOrderRisk,
      { id: String(derived.id), version: 0 },
      { token: qcMgr },
    );
    expect(reset).toMatchObject({ status: 10, result: 0, waiveReason: null });
    expect(await itemCodes(reset.items)).toEqual(R4_PLASTIC);
    expect(reset.items.every((i) => i.result === TEST_RESULT.notOut)).toBe(true);
    const manual = await buildOrderRisk(db, {
      orderId: order.id,
      orderProductId: products[1]!.id,
      byCreate: true,
      status: 30,
      result: 1,
      items: { 'T-AZO': 1 },
    });
    const emptied = await t.client.ok(
      ops.resetOrderRisk,
      { id: String(manual.id), version: 0 },
      { token: qcMgr },
    );
    expect(emptied).toMatchObject({ status: 10, byCreate: true, itemCount: 0 });
  });

  it('refuses the reset of a risk in 20 (E_STATUS) and changes nothing', async () => {
    const db = t.database.db;
    const { order, products } = await buildOrder(db);
    const risk = await buildOrderRisk(db, {
      orderId: order.id,
      orderProductId: products[0]!.id,
      status: 20,
      items: { 'T-AZO': 0, 'T-PHTH': 1 },
    });
    const before = await riskItems(db, risk.id);
    const logs = (await logOf(risk.id)).length;
    const refused = await t.client.call(
      ops.resetOrderRisk,
      { id: String(risk.id), version: 0 },
      { token: qcMgr, lang: 'en' },
    );
    expect(refused.result).toMatchObject({
      success: false,
      reason: 'E_STATUS',
      error: 'This action is not allowed in the current status',
    });
    expect(await riskOf(products[0]!.id)).toMatchObject({ status: 20, version: 0 });
    expect(await riskItems(db, risk.id)).toEqual(before);
    expect((await logOf(risk.id)).length).toBe(logs);
  });
});

describe('automatic sync on order writes while the risk is in 10 (DOMAIN.md §4.11)', () => {
  it('order/create makes the risks of the client’s requirements', async () => {
    const db = t.database.db;
    const input = await orderInput(db, { lines: [{ productType: 2 }] });
    await requirement(db, BigInt(input.clientId), 'T-AZO');
    const order = await t.client.ok(areas.order.createOrder, input, { token: sales });
    const risk = await riskOf(BigInt(order.products[0]!.id));
    expect(risk).toMatchObject({ status: 10, byCreate: false });
    expect((await riskItems(db, risk!.id)).length).toBe(1);
  });

  it('order/relation and order/producttype/update re-derive a risk in 10, never one in 20', async () => {
    const db = t.database.db;
    const { order, products } = await buildOrder(db, { lines: [{ productType: 2 }, { productType: 2 }] });
    await requirement(db, order.clientId, 'T-AZO', [2]);
    const sample = await riskySample(db);
    const testing = await buildOrderRisk(db, {
      orderId: order.id,
      orderProductId: products[1]!.id,
      status: 20,
    });
    const linked = await t.client.ok(
      areas.order.relateOrderProducts,
      {
        id: String(order.id),
        version: 0,
        links: products.map((p) => ({ productId: String(p.id), originalSampleId: String(sample.id) })),
      },
      { token: sales },
    );
    const risk = await riskOf(products[0]!.id);
    const codes = async (id: bigint) =>
      (await Promise.all((await riskItems(db, id)).map((i) => codeOf(db, i.testItemId)))).sort();
    expect(await codes(risk!.id)).toEqual([...R4_PLASTIC, 'T-AZO'].sort());
    expect(await codes(testing.id)).toEqual(['T-EN71-1']);
    // Type 3: the requirement for type 2 no longer applies.
    await t.client.ok(
      areas.order.updateProductType,
      {
        id: String(order.id),
        version: linked.version,
        productIds: products.map((p) => String(p.id)),
        productType: 3,
      },
      { token: sales },
    );
    expect(await codes(risk!.id)).toEqual(R4_PLASTIC);
    expect((await riskOf(products[0]!.id))!.version).toBe(1);
    expect(await riskOf(products[1]!.id)).toMatchObject({ status: 20, version: 0 });
  });

  it('order/sync makes the risks of the orders it writes', async () => {
    const db = t.database.db;
    const { order } = await buildOrder(db);
    const input = await orderInput(db, { clientId: order.clientId, lines: [{}] });
    await requirement(db, order.clientId, 'T-HCHO');
    const [client] = await db.select().from(clients).where(eq(clients.id, order.clientId));
    const clientCode = client!.code;
    const orderNo = `RISK-SYNC-${Date.now()}`;
    const p = input.products[0]!;
    await t.client.ok(
      areas.order.syncOrders,
      {
        ref: 'erp-1',
        rows: [
          {
            orderNo,
            client: clientCode,
            productNo: `${orderNo}-01`,
            itemNo: p.itemNo,
            name: p.name,
            factory: 'F-HM-SZ',
            quantity: p.quantity,
            deliveryDate: p.deliveryDate,
          },
        ],
      } as never,
      { token: await signInAs(t, 'SALES_MGR') },
    );
    const [product] = await db
      .select()
      .from(orderProducts)
      .where(eq(orderProducts.productNo, `${orderNo}-01`));
    expect(await riskOf(product!.id)).toMatchObject({ status: 10, byCreate: false });
  });
});

describe('the seed', () => {
  it('syncs the demo orders; a second run adds nothing', async () => {
    const db = t.database.db;
    const ctx = seedContext(t);
    await seedOrderRisks(ctx);
    const before = (await db.select().from(orderRisks)).length;
    const logs = (await db.select().from(changeLog).where(eq(changeLog.entity, 'order_risks'))).length;
    await seedOrderRisks(ctx);
    expect((await db.select().from(orderRisks)).length).toBe(before);
    expect((await db.select().from(changeLog).where(eq(changeLog.entity, 'order_risks'))).length).toBe(logs);
  });
});

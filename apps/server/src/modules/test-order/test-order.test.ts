import { areas } from '@qcdesk/contract';
import { changeLog as changeLogOp } from '@qcdesk/contract/config';
import { and, count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idOf } from '../../../test/support/factories';
import { MINIMAL_PDF, uploadFile } from '../../../test/support/files-helpers';
import { buildUser, signIn, signInAs } from '../../../test/support/identity';
import { type SmtpSink, startSmtpSink } from '../../../test/support/smtp-sink';
import { seedContext, startTestApp, type TestApp } from '../../../test/support/test-app';
import { clients, clientTestRequirements } from '../../db/schema/client';
import { labContacts, labCs, labs, testItems, testTypes } from '../../db/schema/config';
import { orderRisks } from '../../db/schema/order-risk';
import { changeLog } from '../../db/schema/platform';
import { testOrderItems, testOrders } from '../../db/schema/test-order';
import { actorOf } from '../../platform/auth';
import { businessDate } from '../../platform/business-time';
import { defineModule, onHook } from '../../platform/module';
import { seedPrincipal } from '../../platform/seed-principal';
import { modules } from '../modules';
import { buildOrder, type LineOverrides } from '../order/order.factory';
import { addDays } from '../order/order.rules';
import { buildOrderRisk } from '../order-risk/order-risk.factory';
import { testOrderInput } from './test-order.factory';
import { seedTestOrders } from './test-order.seed';
import { createRetestOrder, settleTestOrder } from './test-order-reports.service';
import {
  submitTestOrder,
  TEST_ORDER_CANCELLED,
  TEST_ORDER_SUBMITTED,
} from './test-order-transitions.service';

// Test orders through the envelope (DOMAIN.md §2.5, §4.9, §5.2–5.4, §6.1, §7.3): create from the
// cart (proposed lines, the cart rule, currencies and prices), search, list, details, per-field
// update rights, the line set, submit (mail, risks → 20, hook), receive, close, cancel, the calls
// of the test-report area, each bad input with its key and nothing changed, scope, and the seed.

const ops = areas.testOrder;
let t: TestApp;
let smtp: SmtpSink;
let qc: string;
let qcMgr: string;
let lab: string;
let salesMgr: string;
let sales: string;
const hooked: { submitted: unknown[]; cancelled: unknown[] } = { submitted: [], cancelled: [] };

const probe = defineModule({
  name: 'probe',
  hooks: [
    onHook(TEST_ORDER_SUBMITTED, async (_db, p) => {
      hooked.submitted.push(p);
    }),
    onHook(TEST_ORDER_CANCELLED, async (_db, p) => {
      hooked.cancelled.push(p);
    }),
  ],
});

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await startTestApp({ env: { MAIL_URL: smtp.url }, modules: [...modules, probe] });
  [qc, qcMgr, lab, salesMgr, sales] = await Promise.all([
    signInAs(t, 'QC'),
    signInAs(t, 'QC_MGR'),
    signInAs(t, 'LAB'),
    signInAs(t, 'SALES_MGR'),
    signInAs(t, 'SALES'),
  ]);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const db = () => t.database.db;
/** An order whose products go in the cart (type 2 unless said). */
const cartOrder = (_db: unknown, lines: LineOverrides[] = [{ productType: 2 }, { productType: 2 }]) =>
  buildOrder(db(), { lines });
const orderCount = async () => (await db().select({ n: count() }).from(testOrders))[0]!.n;
const rowOf = async (id: string) =>
  (
    await db()
      .select()
      .from(testOrders)
      .where(eq(testOrders.id, BigInt(id)))
  )[0]!;
const itemId = (code: string) => idOf(db(), testItems, code);

/** A contact of SGS-SZ serving this client's department and client (LabCs). */
async function labContactFor(clientId: bigint, email: string) {
  const [client] = await db().select().from(clients).where(eq(clients.id, clientId));
  const labId = await idOf(db(), labs, 'SGS-SZ');
  const [contact] = await db()
    .insert(labContacts)
    .values({ code: `LC-${email}`, labId, name: '测试联系人', email })
    .returning();
  await db()
    .insert(labCs)
    .values({
      code: `CS-${email}`,
      labId,
      labContactId: contact!.id,
      departmentId: client!.departmentId,
      clientId,
    });
  return contact!;
}

/** A PDF uploaded by the user of `token`; answers its file id. */
const upload = (token: string, name: string) => uploadFile(t, token, name, MINIMAL_PDF);

/** A draft of two lines (T-EN71-1, T-AZO) on the first product of a new order. */
async function draft(token = qc) {
  const { order, products } = await cartOrder(db());
  const input = await testOrderInput(db(), {
    products: products.map((p) => p.id),
    lines: [
      [0, 'T-EN71-1'],
      [1, 'T-AZO'],
    ],
  });
  return { order, products, detail: await t.client.ok(ops.createTestOrder, input, { token }) };
}

describe('ordertest/create from the cart', () => {
  it('proposes the open risk items of each product, prices them, numbers TO+yyMMdd+4 and finds the LabCs contact', async () => {
    const { order, products } = await cartOrder(db());
    const risk = await buildOrderRisk(db(), {
      orderId: order.id,
      orderProductId: products[0]!.id,
      items: { 'T-EN71-1': 0, 'T-PHTH': 0, 'T-AZO': 1 },
    });
    const contact = await labContactFor(order.clientId, 'cs1@lab.test');
    const cart = await t.client.ok(
      ops.listTestOrderProducts,
      { ids: products.map((p) => String(p.id)) },
      { token: qc },
    );
    expect(cart.list[0]!.items.map((i) => [i.testItem.code, i.source]).sort()).toEqual([
      ['T-EN71-1', 'risk'],
      ['T-PHTH', 'risk'],
    ]);
    expect(cart.list[1]!.items).toEqual([]);
    const input = await testOrderInput(db(), { products: products.map((p) => p.id) });
    const detail = await t.client.ok(ops.createTestOrder, input, { token: qc });
    expect(detail.testOrderNo).toMatch(
      new RegExp(`^TO${businessDate().replaceAll('-', '').slice(2)}\\d{4}$`),
    );
    expect(detail).toMatchObject({
      status: 10,
      applyType: 2,
      currency: 'RMB',
      price: '1700.00',
      discount: '0.00',
      amount: '1700.00',
      labContact: { id: String(contact.id), email: 'cs1@lab.test' },
      client: { id: String(order.clientId) },
      itemCount: 2,
      productCount: 1,
    });
    expect(detail.items.every((i) => i.orderRiskItemId !== null)).toBe(true);
    expect((await db().select().from(orderRisks).where(eq(orderRisks.id, risk.id)))[0]!.status).toBe(10);
    const [log] = await db()
      .select()
      .from(changeLog)
      .where(and(eq(changeLog.entity, 'test_orders'), eq(changeLog.entityId, BigInt(detail.id))));
    expect(log).toMatchObject({ action: 'create' });
    // The log reads as names: a line's price is a number and its risk link reads as its source.
    const history = await t.client.ok(
      changeLogOp,
      { entity: 'test_orders', id: detail.id, page: 1, pageSize: 10 },
      { token: qc },
    );
    const line = history.list
      .flatMap((entry) => entry.changes)
      .find((c) => c.field === `items[${products[0]!.productNo}/T-EN71-1]`);
    expect(line?.to).toMatchObject({ price: expect.not.stringMatching(/\.\d*0$/) });
    expect(line?.toPropertyNames?.orderRiskItemId).toEqual({ zh: '风险项', en: 'Risk item' });
  });

  it('a new product (type 1) brings the full list; applyType 1', async () => {
    const { order, products } = await cartOrder(db(), [{ productType: 1 }]);
    await db()
      .insert(clientTestRequirements)
      .values({
        clientId: order.clientId,
        testItemId: await itemId('T-HCHO'),
        productTypes: [1],
        mandatory: false,
      });
    const cart = await t.client.ok(
      ops.listTestOrderProducts,
      { ids: [String(products[0]!.id)] },
      { token: qc },
    );
    const codes = cart.list[0]!.items.map((i) => i.testItem.code);
    expect(codes).toContain('T-HCHO');
    expect(cart.list[0]!.items.every((i) => i.source === 'full')).toBe(true);
    const detail = await t.client.ok(
      ops.createTestOrder,
      await testOrderInput(db(), { products: [products[0]!.id] }),
      { token: qc },
    );
    expect(detail.applyType).toBe(1);
    expect(detail.items.map((i) => i.testItem.code).sort()).toEqual([...codes].sort());
  });

  it('one currency: a line takes the item’s price only in that currency, else the entered one', async () => {
    const { products } = await cartOrder(db(), [{ productType: 2 }]);
    const input = await testOrderInput(db(), {
      products: [products[0]!.id],
      currency: 'USD',
      lines: [
        [0, 'T-F963'],
        [0, 'T-EN71-1'],
        [0, 'T-AZO', '80.5'],
      ],
    });
    const detail = await t.client.ok(ops.createTestOrder, input, { token: qc });
    const price = (code: string) => detail.items.find((i) => i.testItem.code === code)!.price;
    expect([price('T-F963'), price('T-EN71-1'), price('T-AZO')]).toEqual(['320.00', null, '80.50']);
    expect(detail).toMatchObject({ currency: 'USD', price: '400.50' });
    // Submit needs every price (E_REQUIRED on price), nothing changed.
    const refused = await t.client.call(
      ops.submitTestOrder,
      { id: detail.id, version: detail.version },
      { token: qc },
    );
    expect(refused.result).toMatchObject({ reason: 'E_REQUIRED', field: 'price' });
    expect((await rowOf(detail.id)).status).toBe(10);
  });

  it('refuses lines whose prices sum past the price column (E_RANGE on items), on create and on update/item', async () => {
    const { products } = await cartOrder(db(), [{ productType: 2 }]);
    const MAX = '999999999999.99';
    const before = await orderCount();
    const input = await testOrderInput(db(), {
      products: [products[0]!.id],
      currency: 'USD',
      lines: [
        [0, 'T-EN71-1', MAX],
        [0, 'T-AZO', MAX],
        [0, 'T-HCHO', MAX],
      ],
    });
    const created = await t.client.call(ops.createTestOrder, input, { token: qc });
    expect(created).toMatchObject({
      status: 200,
      result: { success: false, reason: 'E_RANGE', field: 'items', error: '价格超出范围' },
    });
    expect(await orderCount()).toBe(before);
    const drafted = await draft();
    const lines = await Promise.all(
      ['T-EN71-1', 'T-AZO', 'T-HCHO'].map(async (code) => ({
        orderProductId: String(drafted.products[0]!.id),
        testItemId: String(await itemId(code)),
        price: MAX,
      })),
    );
    const { detail } = drafted;
    const updated = await t.client.call(
      ops.updateTestOrderItems,
      { id: detail.id, version: detail.version, items: lines },
      { token: qc },
    );
    expect(updated).toMatchObject({ status: 200, result: { reason: 'E_RANGE', field: 'items' } });
    expect(await rowOf(detail.id)).toMatchObject({ version: detail.version, price: detail.price });
  });

  it('refuses products of two clients or departments (E_CART_CLIENT_DEPT), a past plan date, a 3-decimal price; nothing created', async () => {
    const a = await cartOrder(db(), [{ productType: 2 }]);
    const b = await cartOrder(db(), [{ productType: 2 }]);
    const before = await orderCount();
    const mixed = await t.client.call(
      ops.createTestOrder,
      await testOrderInput(db(), { products: [a.products[0]!.id, b.products[0]!.id] }),
      { token: qc },
    );
    expect(mixed.result).toMatchObject({ reason: 'E_CART_CLIENT_DEPT' });
    const cart = await t.client.call(
      ops.listTestOrderProducts,
      { ids: [String(a.products[0]!.id), String(b.products[0]!.id)] },
      { token: qc },
    );
    expect(cart.result).toMatchObject({ reason: 'E_CART_CLIENT_DEPT' });
    const past = await t.client.call(
      ops.createTestOrder,
      await testOrderInput(db(), { products: [a.products[0]!.id], planTime: addDays(businessDate(), -1) }),
      { token: qc },
    );
    expect(past.result).toMatchObject({ reason: 'E_RANGE', field: 'planTime' });
    const decimals = await t.client.call(
      ops.createTestOrder,
      await testOrderInput(db(), { products: [a.products[0]!.id], lines: [[0, 'T-AZO', '1.234']] }),
      { token: qc },
    );
    expect(decimals.result).toMatchObject({ reason: 'E_FORMAT' });
    const denied = await t.client.call(
      ops.createTestOrder,
      await testOrderInput(db(), { products: [a.products[0]!.id] }),
      { token: sales },
    );
    expect(denied.result).toMatchObject({ reason: 'E_PERMISSION' });
    expect(await orderCount()).toBe(before);
  });
});

describe('ordertest/search, list and details', () => {
  it('filters by test order no, order no, product no, client, status and plan dates; SALES of another department sees nothing', async () => {
    const { order, products, detail } = await draft();
    const search = (filters: Record<string, unknown>, token = qc) =>
      t.client.ok(ops.searchTestOrders, { ...filters, page: 1, pageSize: 50 } as never, { token });
    const ids = async (filters: Record<string, unknown>, token = qc) =>
      (await search(filters, token)).list.map((r) => r.id);
    expect(await ids({ testOrderNo: detail.testOrderNo })).toEqual([detail.id]);
    expect(await ids({ orderNo: order.orderNo })).toEqual([detail.id]);
    expect(await ids({ productNo: products[1]!.productNo })).toEqual([detail.id]);
    expect(await ids({ client: String(order.clientId), status: 10 })).toEqual([detail.id]);
    expect(await ids({ client: String(order.clientId), status: 20 })).toEqual([]);
    expect(await ids({ client: String(order.clientId), startTime: addDays(businessDate(), 1) })).toEqual([]);
    const other = await buildUser(db(), { role: 'SALES', department: 'SALES2' });
    const token = await signIn(t, other.username);
    expect(await ids({ orderNo: order.orderNo }, token)).toEqual([]);
    const out = await t.client.call(ops.getTestOrder, { id: detail.id }, { token });
    expect(out.result).toMatchObject({ reason: 'E_SCOPE' });
    const list = await t.client.ok(ops.listTestOrders, { orderId: String(order.id) }, { token: qc });
    expect(list.list.map((r) => r.id)).toEqual([detail.id]);
    const got = await t.client.call(ops.getTestOrder, { id: detail.id }, { token: qc });
    expect(got.result).toMatchObject({ success: true, modify: true, author: true });
    expect((await t.client.call(ops.getTestOrder, { id: detail.id }, { token: sales })).result).toMatchObject(
      {
        modify: false,
      },
    );
  });
});

describe('ordertest/update: who may change what', () => {
  it('test.create changes lab, test type and dates in 10; finance fields are E_FIELD_LOCKED for it, nothing changed', async () => {
    const { detail } = await draft();
    const locked = await t.client.call(
      ops.updateTestOrder,
      { id: detail.id, version: detail.version, discount: 10 },
      { token: qc },
    );
    expect(locked.result).toMatchObject({ reason: 'E_FIELD_LOCKED', field: 'discount' });
    const paid = await t.client.call(
      ops.updateTestOrder,
      { id: detail.id, version: detail.version, paid: true },
      { token: qc },
    );
    expect(paid.result).toMatchObject({ reason: 'E_FIELD_LOCKED', field: 'paid' });
    expect(await rowOf(detail.id)).toMatchObject({ version: 0, discount: '0.00', paid: false });
    const moved = await t.client.ok(
      ops.updateTestOrder,
      {
        id: detail.id,
        version: detail.version,
        labId: String(await idOf(db(), labs, 'ITS-GZ')),
        hopeTime: addDays(businessDate(), 10),
      },
      { token: qc },
    );
    expect(moved).toMatchObject({
      lab: { code: 'ITS-GZ' },
      hopeTime: addDays(businessDate(), 10),
      version: 1,
    });
  });

  it('test.finance attaches its own uploads as quotation and invoice files, read back as signed downloads; another’s upload is E_REF_NOT_FOUND (issue 24)', async () => {
    const { detail } = await draft();
    const [mine, theirs] = [await upload(salesMgr, 'quote.pdf'), await upload(qc, 'other.pdf')];
    const refused = await t.client.call(
      ops.updateTestOrder,
      { id: detail.id, version: detail.version, quotationFileId: theirs },
      { token: salesMgr },
    );
    expect(refused.result).toMatchObject({ reason: 'E_REF_NOT_FOUND', field: 'quotationFileId' });
    const byQc = await t.client.call(
      ops.updateTestOrder,
      { id: detail.id, version: detail.version, quotationFileId: theirs },
      { token: qc },
    );
    expect(byQc.result).toMatchObject({ reason: 'E_FIELD_LOCKED', field: 'quotationFileId' });
    expect(await rowOf(detail.id)).toMatchObject({ quotationFileId: null, version: detail.version });
    const invoice = await upload(salesMgr, 'invoice.pdf');
    const updated = await t.client.ok(
      ops.updateTestOrder,
      {
        id: detail.id,
        version: detail.version,
        quotationFileId: mine,
        invoiceFileId: invoice,
        quotation: 'Q-1',
      },
      { token: salesMgr },
    );
    expect(updated).toMatchObject({
      quotation: 'Q-1',
      quotationFile: {
        id: mine,
        name: expect.stringContaining('quote.pdf'),
        url: expect.stringContaining(mine),
      },
      invoiceFile: { id: invoice },
    });
    const read = await t.client.ok(ops.getTestOrder, { id: detail.id }, { token: qc });
    expect(read.quotationFile?.id).toBe(mine);
    const [logged] = await db()
      .select()
      .from(changeLog)
      .where(and(eq(changeLog.entity, 'test_orders'), eq(changeLog.entityId, BigInt(detail.id))))
      .orderBy(desc(changeLog.id));
    expect(logged!.changes).toEqual(
      expect.arrayContaining([{ field: 'quotationFileId', from: null, to: mine }]),
    );
    const removed = await t.client.ok(
      ops.updateTestOrder,
      { id: detail.id, version: updated.version, quotationFileId: null },
      { token: salesMgr },
    );
    expect(removed).toMatchObject({ quotationFile: null, invoiceFile: { id: invoice } });
  });

  it('test.finance sets the discount (half-up amount), paid, invoice, quotation; discount out of 0–100 is E_RANGE', async () => {
    const { detail } = await draft();
    for (const discount of [150, -1]) {
      const bad = await t.client.call(
        ops.updateTestOrder,
        { id: detail.id, version: 0, discount },
        { token: salesMgr },
      );
      expect(bad.result).toMatchObject({ reason: 'E_RANGE', field: 'discount' });
    }
    const third = await t.client.call(
      ops.updateTestOrder,
      { id: detail.id, version: 0, discount: 1.005 },
      { token: salesMgr },
    );
    expect(third.result).toMatchObject({ reason: 'E_FORMAT' });
    expect(await rowOf(detail.id)).toMatchObject({ version: 0, discount: '0.00' });
    // 1300.00 × (1 − 12.35%) = 1139.45
    const done = await t.client.ok(
      ops.updateTestOrder,
      { id: detail.id, version: 0, discount: 12.35, paid: true, invoice: 'INV-1', quotation: 'Q-1' },
      { token: salesMgr },
    );
    expect(done).toMatchObject({
      price: '1300.00',
      discount: '12.35',
      amount: '1139.45',
      paid: true,
      invoice: 'INV-1',
    });
    const lab2 = await t.client.call(
      ops.updateTestOrder,
      { id: detail.id, version: 1, testTypeId: String(await idOf(db(), testTypes, 'PHYS')) },
      { token: salesMgr },
    );
    expect(lab2.result).toMatchObject({ reason: 'E_FIELD_LOCKED', field: 'testTypeId' });
    const stale = await t.client.call(
      ops.updateTestOrder,
      { id: detail.id, version: 0, paid: false },
      { token: salesMgr },
    );
    expect(stale.result).toMatchObject({ reason: 'E_VERSION' });
  });

  it('test.edit receives a submitted order (20 → 30); a receive date before the plan date is E_RANGE', async () => {
    const { detail } = await draft();
    const submitted = await t.client.ok(ops.submitTestOrder, { id: detail.id, version: 0 }, { token: qc });
    const early = await t.client.call(
      ops.updateTestOrder,
      { id: detail.id, version: submitted.version, receiveTime: addDays(businessDate(), -1) },
      { token: qcMgr },
    );
    expect(early.result).toMatchObject({ reason: 'E_RANGE', field: 'receiveTime' });
    const byQc = await t.client.call(
      ops.updateTestOrder,
      { id: detail.id, version: submitted.version, receiveTime: businessDate() },
      { token: qc },
    );
    expect(byQc.result).toMatchObject({ reason: 'E_FIELD_LOCKED', field: 'receiveTime' });
    const labAfter = await t.client.call(
      ops.updateTestOrder,
      { id: detail.id, version: submitted.version, labId: String(await idOf(db(), labs, 'ITS-GZ')) },
      { token: lab },
    );
    expect(labAfter.result).toMatchObject({ reason: 'E_FIELD_LOCKED', field: 'labId' });
    expect(await rowOf(detail.id)).toMatchObject({ status: 20, receiveTime: null });
    const received = await t.client.ok(
      ops.updateTestOrder,
      { id: detail.id, version: submitted.version, receiveTime: businessDate() },
      { token: qcMgr },
    );
    expect(received).toMatchObject({ status: 30, receiveTime: businessDate() });
  });
});

describe('ordertest/update/item', () => {
  it('replaces a draft’s lines and recomputes the price; duplicates and other clients refused; E_STATUS after submit', async () => {
    const { products, detail } = await draft();
    const line = async (n: number, code: string, price?: string) => ({
      orderProductId: String(products[n]!.id),
      testItemId: String(await itemId(code)),
      ...(price ? { price } : {}),
    });
    const dup = await t.client.call(
      ops.updateTestOrderItems,
      { id: detail.id, version: 0, items: [await line(0, 'T-AZO'), await line(0, 'T-AZO')] },
      { token: qc },
    );
    expect(dup.result).toMatchObject({ reason: 'E_DUPLICATE' });
    const other = await cartOrder(db(), [{ productType: 2 }]);
    const mixed = await t.client.call(
      ops.updateTestOrderItems,
      {
        id: detail.id,
        version: 0,
        items: [{ orderProductId: String(other.products[0]!.id), testItemId: String(await itemId('T-AZO')) }],
      },
      { token: qc },
    );
    expect(mixed.result).toMatchObject({ reason: 'E_CART_CLIENT_DEPT' });
    expect(await rowOf(detail.id)).toMatchObject({ version: 0, price: '1300.00' });
    const changed = await t.client.ok(
      ops.updateTestOrderItems,
      { id: detail.id, version: 0, items: [await line(0, 'T-EN71-3'), await line(1, 'T-HCHO', '250.25')] },
      { token: qc },
    );
    expect(changed).toMatchObject({ price: '1450.25', amount: '1450.25', itemCount: 2, version: 1 });
    const emptied = await t.client.ok(
      ops.updateTestOrderItems,
      { id: detail.id, version: 1, items: [] },
      { token: qc },
    );
    expect(emptied).toMatchObject({ itemCount: 0, price: '0.00' });
    const none = await t.client.call(ops.submitTestOrder, { id: detail.id, version: 2 }, { token: qc });
    expect(none.result).toMatchObject({ reason: 'E_REQUIRED', field: 'items' });
    expect((await rowOf(detail.id)).status).toBe(10);
    await t.client.ok(
      ops.updateTestOrderItems,
      { id: detail.id, version: 2, items: [await line(0, 'T-AZO')] },
      { token: qc },
    );
    await t.client.ok(ops.submitTestOrder, { id: detail.id, version: 3 }, { token: qc });
    const late = await t.client.call(
      ops.updateTestOrderItems,
      { id: detail.id, version: 4, items: [] },
      { token: qc },
    );
    expect(late.result).toMatchObject({ reason: 'E_STATUS' });
  });
});

describe('submit, receive, report, close, cancel', () => {
  it('submit mails the lab contact, moves the linked risk to 20 and runs TEST_ORDER_SUBMITTED', async () => {
    const { order, products } = await cartOrder(db());
    const risk = await buildOrderRisk(db(), {
      orderId: order.id,
      orderProductId: products[0]!.id,
      items: { 'T-PHTH': 0 },
    });
    await labContactFor(order.clientId, 'cs2@lab.test');
    const detail = await t.client.ok(
      ops.createTestOrder,
      await testOrderInput(db(), { products: [products[0]!.id] }),
      { token: qc },
    );
    const since = smtp.messages.length;
    const submitted = await t.client.ok(ops.submitTestOrder, { id: detail.id, version: 0 }, { token: qc });
    expect(submitted.status).toBe(20);
    expect((await db().select().from(orderRisks).where(eq(orderRisks.id, risk.id)))[0]!.status).toBe(20);
    expect(hooked.submitted).toContainEqual({ testOrderId: BigInt(detail.id), previousReportId: null });
    await t.app.jobs.drain();
    const mail = await smtp.waitFor('cs2@lab.test', since);
    expect(mail.text).toContain(detail.testOrderNo);
    const again = await t.client.call(ops.submitTestOrder, { id: detail.id, version: 1 }, { token: qc });
    expect(again.result).toMatchObject({ reason: 'E_STATUS' });
  });

  it('a submit by the service itself (a seed, a job: no envelope) runs TEST_ORDER_SUBMITTED in its transaction', async () => {
    const { detail } = await draft();
    const user = (await seedPrincipal(db(), 'demo.qc'))!;
    const since = hooked.submitted.length;
    await t.database.db.transaction((tx) =>
      submitTestOrder(tx, { id: BigInt(detail.id), version: 0, reason: undefined }, user, t.app.capabilities),
    );
    expect(hooked.submitted.slice(since)).toEqual([
      { testOrderId: BigInt(detail.id), previousReportId: null },
    ]);
  });

  it('the report area settles 30 → 40 with a result; close needs paid or an invoice (E_TEST_UNPAID)', async () => {
    const { detail } = await draft();
    await t.client.ok(ops.submitTestOrder, { id: detail.id, version: 0 }, { token: qc });
    await t.client.ok(
      ops.updateTestOrder,
      { id: detail.id, version: 1, receiveTime: businessDate() },
      { token: lab },
    );
    const system = (await seedPrincipal(db(), 'demo.lab'))!;
    await settleTestOrder(db(), BigInt(detail.id), 3, actorOf(system));
    expect(await rowOf(detail.id)).toMatchObject({ status: 40, result: 3, version: 3 });
    const unpaid = await t.client.call(
      ops.closeTestOrder,
      { id: detail.id, version: 3 },
      { token: salesMgr },
    );
    expect(unpaid.result).toMatchObject({ reason: 'E_TEST_UNPAID' });
    const byQc = await t.client.call(ops.closeTestOrder, { id: detail.id, version: 3 }, { token: qc });
    expect(byQc.result).toMatchObject({ reason: 'E_PERMISSION' });
    expect((await rowOf(detail.id)).status).toBe(40);
    await t.client.ok(
      ops.updateTestOrder,
      { id: detail.id, version: 3, invoice: 'INV-9' },
      { token: salesMgr },
    );
    const closed = await t.client.ok(ops.closeTestOrder, { id: detail.id, version: 4 }, { token: salesMgr });
    expect(closed.status).toBe(50);
    const cancel = await t.client.call(ops.cancelTestOrder, { id: detail.id, version: 5 }, { token: qc });
    expect(cancel.result).toMatchObject({ reason: 'E_STATUS' });
  });

  it('cancel of a submitted order mails the lab and runs TEST_ORDER_CANCELLED; a cancelled order takes no finance change', async () => {
    const { order, products } = await cartOrder(db(), [{ productType: 2 }]);
    await labContactFor(order.clientId, 'cs3@lab.test');
    const detail = await t.client.ok(
      ops.createTestOrder,
      await testOrderInput(db(), { products: [products[0]!.id], lines: [[0, 'T-AZO']] }),
      { token: qc },
    );
    await t.client.ok(ops.submitTestOrder, { id: detail.id, version: 0 }, { token: qc });
    await t.app.jobs.drain();
    await smtp.waitFor('cs3@lab.test');
    const since = smtp.messages.length;
    const cancelled = await t.client.ok(
      ops.cancelTestOrder,
      { id: detail.id, version: 1, reason: '样品未到' },
      { token: qc },
    );
    expect(cancelled.status).toBe(90);
    expect(hooked.cancelled).toContainEqual({
      testOrderId: BigInt(detail.id),
      previousReportId: null,
      fromStatus: 20,
    });
    await t.app.jobs.drain();
    expect((await smtp.waitFor('cs3@lab.test', since)).text).toContain('样品未到');
    const finance = await t.client.call(
      ops.updateTestOrder,
      { id: detail.id, version: 2, paid: true },
      { token: salesMgr },
    );
    expect(finance.result).toMatchObject({ reason: 'E_FIELD_LOCKED', field: 'paid' });
  });

  it('createRetestOrder drafts a retest (applyType 3) with the source’s lab, currency and prices', async () => {
    const { products, detail } = await draft();
    const system = (await seedPrincipal(db(), 'demo.lab'))!;
    const id = await createRetestOrder(
      db(),
      {
        previousReportId: 12345n,
        testOrderId: BigInt(detail.id),
        report: {
          labId: await idOf(db(), labs, 'ITS-GZ'),
          testTypeId: BigInt(detail.testType.id),
          clientId: BigInt(detail.client.id),
          departmentId: BigInt(detail.department.id),
        },
        items: [{ orderProductId: products[0]!.id, testItemId: await itemId('T-EN71-1') }],
      },
      actorOf(system),
    );
    const retest = await t.client.ok(ops.getTestOrder, { id: String(id) }, { token: qc });
    expect(retest).toMatchObject({
      status: 10,
      retest: true,
      applyType: 3,
      previousReportId: '12345',
      lab: detail.lab,
      currency: 'RMB',
      price: '800.00',
      itemCount: 1,
    });
    const lines = await db().select().from(testOrderItems).where(eq(testOrderItems.testOrderId, id));
    expect(lines).toHaveLength(1);
  });

  it('createRetestOrder of a report without a test order drafts to the report’s lab, its LabCs contact and the items’ currency (issue 24)', async () => {
    const { order, products } = await cartOrder(db(), [{ productType: 2 }]);
    const contact = await labContactFor(order.clientId, 'cs-retest@lab.test');
    const system = (await seedPrincipal(db(), 'demo.lab'))!;
    const testTypeId = await idOf(db(), testTypes, 'CHEM');
    const id = await createRetestOrder(
      db(),
      {
        previousReportId: 23456n,
        testOrderId: null,
        report: {
          labId: await idOf(db(), labs, 'SGS-SZ'),
          testTypeId,
          clientId: order.clientId,
          departmentId: order.departmentId,
        },
        // ASTM F963 is priced in USD: the draft is in USD at the item's price.
        items: [{ orderProductId: products[0]!.id, testItemId: await itemId('T-F963') }],
      },
      actorOf(system),
    );
    const retest = await t.client.ok(ops.getTestOrder, { id: String(id) }, { token: qc });
    expect(retest).toMatchObject({
      status: 10,
      retest: true,
      applyType: 3,
      previousReportId: '23456',
      lab: { code: 'SGS-SZ' },
      labContact: { id: String(contact.id) },
      testType: { id: String(testTypeId) },
      currency: 'USD',
      price: '320.00',
      itemCount: 1,
    });
  });
});

describe('the seed', () => {
  it('creates the demo test orders through the services; a second run adds nothing', async () => {
    const ctx = seedContext(t);
    await seedTestOrders(ctx);
    const before = await orderCount();
    const logs = (await db().select().from(changeLog).where(eq(changeLog.entity, 'test_orders'))).length;
    await seedTestOrders(ctx);
    expect(await orderCount()).toBe(before);
    expect((await db().select().from(changeLog).where(eq(changeLog.entity, 'test_orders'))).length).toBe(
      logs,
    );
    const [latest] = await db()
      .select()
      .from(changeLog)
      .where(eq(changeLog.entity, 'test_orders'))
      .orderBy(desc(changeLog.id));
    expect(latest).toBeDefined();
  });
});

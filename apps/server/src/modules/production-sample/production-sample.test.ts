import { areas } from '@qcdesk/contract';
import { homeSearch } from '@qcdesk/contract/home-search';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idOf, unique, userId } from '../../../test/support/factories';
import { buildUser, signIn, signInAs } from '../../../test/support/identity';
import { seedContext, startTestApp, type TestApp } from '../../../test/support/test-app';
import { factories } from '../../db/schema/config';
import { users } from '../../db/schema/identity';
import { mailOutbox } from '../../db/schema/mail';
import { orderProducts } from '../../db/schema/order';
import { changeLog } from '../../db/schema/platform';
import { productionSamples } from '../../db/schema/production-sample';
import { businessDate } from '../../platform/business-time';
import { defineModule } from '../../platform/module';
import { buildClient } from '../client/client.factory';
import { modules } from '../modules';
import { buildOrder } from '../order/order.factory';
import { buildProductionSample, linkProduct, productionSampleInput } from './production-sample.factory';
import { SAMPLE_CANCEL_CHECK } from './production-sample.rules';
import { seedProductionSamples } from './production-sample.seed';

// Production samples through the envelope (DOMAIN.md §2.3, §4.7, §5.4, §7.3): search by each
// filter, the list without an order, create, update, audit, re-audit, cancel (with the in-use check a
// later area declares), refusals by role and scope, the bad input of issue 15, mails and the seed.

const ops = areas.productionSample;
let t: TestApp;
let qc: string;
let auditor: string;
let qcMgr: string;
let sales: string;
let salesMgr: string;

/** A stand-in for inspection planning: holds a sample while a linked product's SKU says so. */
const holder = defineModule({
  name: 'sampleHolder',
  inUse: [
    {
      check: SAMPLE_CANCEL_CHECK,
      inUse: async (db, id) =>
        (
          await db
            .select({ id: orderProducts.id })
            .from(orderProducts)
            .where(and(eq(orderProducts.productionSampleId, id), eq(orderProducts.sku, 'INSPECTING')))
        ).length > 0,
    },
  ],
});

beforeAll(async () => {
  t = await startTestApp({ modules: [...modules, holder] });
  [qc, auditor, qcMgr, sales, salesMgr] = await Promise.all([
    signInAs(t, 'QC'),
    signInAs(t, 'AUDITOR'),
    signInAs(t, 'QC_MGR'),
    signInAs(t, 'SALES'),
    signInAs(t, 'SALES_MGR'),
  ]);
});
afterAll(() => t.close());

const ids = (page: { list: { id: string }[] }) => page.list.map((s) => s.id);
const rowOf = async (id: string | bigint) =>
  (
    await t.database.db
      .select()
      .from(productionSamples)
      .where(eq(productionSamples.id, BigInt(id)))
  )[0]!;
const logOf = (id: string | bigint) =>
  t.database.db
    .select()
    .from(changeLog)
    .where(and(eq(changeLog.entity, 'production_samples'), eq(changeLog.entityId, BigInt(id))))
    .orderBy(desc(changeLog.id));

describe('productionsample/create and update', () => {
  it('registers a sample in 10, unaudited, its department the client’s, logged', async () => {
    const db = t.database.db;
    const client = await buildClient(db);
    const input = await productionSampleInput(db, { clientId: client.id });
    const created = await t.client.ok(ops.createProductionSample, input, { token: qc });
    expect(created).toMatchObject({
      itemNo: input.itemNo,
      client: { id: String(client.id) },
      department: { id: String(client.departmentId) },
      provider: { code: 'F-HM-SZ' },
      receivedDate: businessDate(),
      quantity: 6,
      status: 10,
      auditResult: 0,
      testResult: 0,
      auditor: null,
      orderPlaced: 0,
      products: [],
      version: 0,
    });
    const [log] = await logOf(created.id);
    expect(log).toMatchObject({ action: 'create', actorId: await userId(db, 'demo.qc') });
    const answer = await t.client.call(ops.getProductionSample, { id: created.id }, { token: qc });
    expect(answer.result).toMatchObject({ success: true, modify: true });
  });

  it('updates the registration fields, never the audit fields; E_VERSION on a stale version', async () => {
    const db = t.database.db;
    const sample = await buildProductionSample(db, { clientId: (await buildClient(db)).id });
    const updated = await t.client.ok(
      ops.updateProductionSample,
      // auditResult is not an update field: it is dropped.
      { id: String(sample.id), version: 0, quantity: 12, auditResult: 1 } as never,
      { token: qc },
    );
    expect(updated).toMatchObject({ quantity: 12, auditResult: 0, status: 10, version: 1 });
    const stale = await t.client.call(
      ops.updateProductionSample,
      { id: String(sample.id), version: 0, quantity: 3 },
      { token: qc, lang: 'en' },
    );
    expect(stale.result).toMatchObject({ reason: 'E_VERSION' });
    expect((await rowOf(sample.id)).quantity).toBe(12);
    const [log] = await logOf(sample.id);
    expect(log!.changes).toEqual([{ field: 'quantity', from: 6, to: 12 }]);
  });

  it('refuses bad input with bilingual messages, and a cancelled sample (E_STATUS)', async () => {
    const db = t.database.db;
    const client = await buildClient(db);
    const zero = await t.client.call(
      ops.createProductionSample,
      { ...(await productionSampleInput(db, { clientId: client.id })), quantity: 0 },
      { token: qc, lang: 'en' },
    );
    expect(zero.result).toMatchObject({ reason: 'E_RANGE', error: 'Quantity is out of range' });
    const noItem = await t.client.call(
      ops.createProductionSample,
      { ...(await productionSampleInput(db, { clientId: client.id })), itemNo: ' ' },
      { token: qc },
    );
    expect(noItem.result).toMatchObject({ reason: 'E_REQUIRED', error: '货号不能为空' });
    const cancelled = await buildProductionSample(db, { clientId: client.id, status: 90 });
    const refused = await t.client.call(
      ops.updateProductionSample,
      { id: String(cancelled.id), version: 0, quantity: 2 },
      { token: qc },
    );
    expect(refused.result).toMatchObject({ reason: 'E_STATUS', error: '当前状态不允许此操作' });
    expect(await rowOf(cancelled.id)).toMatchObject({ quantity: 6, version: 0 });
  });

  it('refuses roles without productionsample.edit', async () => {
    const db = t.database.db;
    const input = await productionSampleInput(db, { clientId: (await buildClient(db)).id });
    for (const token of [auditor, sales]) {
      const denied = await t.client.call(ops.createProductionSample, input, { token });
      expect(denied.result.reason).toBe('E_PERMISSION');
    }
  });
});

describe('productionsample/search and list', () => {
  it('finds by item no ending, client, department, received dates, result, status and order placed', async () => {
    const db = t.database.db;
    const client = await buildClient(db);
    const tag = unique('S');
    const a = await buildProductionSample(db, {
      clientId: client.id,
      itemNo: `${tag}-A`,
      receivedDate: '2026-01-10',
    });
    const b = await buildProductionSample(db, {
      clientId: client.id,
      itemNo: `${tag}-B`,
      receivedDate: '2026-02-10',
      status: 20,
      auditResult: 2,
    });
    const { products } = await buildOrder(db, { clientId: client.id });
    await linkProduct(db, products[0]!.id, b.id);
    const search = (filters: Record<string, unknown>) =>
      t.client.ok(ops.searchProductionSamples, { client: String(client.id), ...filters }, { token: qc });
    expect(ids(await search({}))).toEqual([String(b.id), String(a.id)]);
    expect(ids(await search({ itemNo: `${tag.slice(-4)}-A` }))).toEqual([String(a.id)]);
    expect(ids(await search({ department: String(client.departmentId), sort: 'itemNo' }))).toEqual([
      String(a.id),
      String(b.id),
    ]);
    expect(ids(await search({ startTime: '2026-02-01', endTime: '2026-02-28' }))).toEqual([String(b.id)]);
    expect(ids(await search({ result: 2 }))).toEqual([String(b.id)]);
    expect(ids(await search({ status: 20 }))).toEqual([String(b.id)]);
    expect(ids(await search({ orderPlaced: 0 }))).toEqual([String(a.id)]);
    const placed = await search({ orderPlaced: 1 });
    expect(placed.list).toMatchObject([{ id: String(b.id), orderPlaced: 1, auditResult: 2 }]);
    const range = await t.client.call(
      ops.searchProductionSamples,
      { startTime: '2026-03-01', endTime: '2026-02-01' },
      { token: qc, lang: 'en' },
    );
    expect(range.result).toMatchObject({ reason: 'E_DATE_RANGE' });

    const list = await t.client.ok(
      ops.listProductionSamples,
      { keyword: `${tag.slice(-4)}-A`, client: String(client.id), orderPlaced: 0 },
      { token: qc },
    );
    expect(list.list).toMatchObject([{ id: String(a.id), itemNo: a.itemNo, orderPlaced: 0 }]);
    const detail = await t.client.ok(ops.getProductionSample, { id: String(b.id) }, { token: qc });
    expect(detail.products).toMatchObject([
      { id: String(products[0]!.id), productNo: products[0]!.productNo },
    ]);
  });

  it('keeps sales to their department, and CLIENT users to their own audited samples', async () => {
    const db = t.database.db;
    const other = await buildUser(db, { role: 'SALES', department: 'SALES2' });
    const theirs = await buildProductionSample(db, {
      clientId: (await buildClient(db, { sales: other.username })).id,
    });
    const mine = await buildProductionSample(db, { clientId: (await buildClient(db)).id });
    const page = await t.client.ok(ops.searchProductionSamples, { pageSize: 100 }, { token: sales });
    expect(ids(page)).toContain(String(mine.id));
    expect(ids(page)).not.toContain(String(theirs.id));
    const read = await t.client.call(ops.getProductionSample, { id: String(theirs.id) }, { token: sales });
    expect(read.result.reason).toBe('E_SCOPE');
    const department = await t.client.call(
      ops.searchProductionSamples,
      { department: String(other.departmentId) },
      { token: sales },
    );
    expect(department.result.reason).toBe('E_SCOPE');

    const client = await buildClient(db);
    const user = await buildUser(db, { role: 'CLIENT', department: 'EXT' });
    await db.update(users).set({ clientId: client.id }).where(eq(users.id, user.id));
    const registered = await buildProductionSample(db, { clientId: client.id });
    const audited = await buildProductionSample(db, { clientId: client.id, status: 20, auditResult: 1 });
    const token = await signIn(t, user.username);
    expect(ids(await t.client.ok(ops.searchProductionSamples, { pageSize: 100 }, { token }))).toEqual([
      String(audited.id),
    ]);
    const hidden = await t.client.call(ops.getProductionSample, { id: String(registered.id) }, { token });
    expect(hidden.result.reason).toBe('E_SCOPE');

    // Who audited and the audit remark stay internal, as in the CLIENT user's export (issue 23).
    const auditedBy = await buildUser(db, { role: 'AUDITOR' });
    await db
      .update(productionSamples)
      .set({
        auditorId: auditedBy.id,
        auditRemark: '工厂配合度差 Factory slow to respond',
        auditTime: new Date(),
      })
      .where(eq(productionSamples.id, audited.id));
    const seen = await t.client.ok(ops.getProductionSample, { id: String(audited.id) }, { token });
    expect(seen).toMatchObject({ auditResult: 1, auditor: null, auditRemark: null });
    const listed = await t.client.ok(ops.searchProductionSamples, { pageSize: 100 }, { token });
    expect(listed.list[0]).toMatchObject({ auditor: null, auditRemark: null });
    const internal = await t.client.ok(ops.getProductionSample, { id: String(audited.id) }, { token: qcMgr });
    expect(internal).toMatchObject({
      auditor: { id: String(auditedBy.id) },
      auditRemark: '工厂配合度差 Factory slow to respond',
    });
  });

  it('is a home-search source: item no ending, in scope', async () => {
    const db = t.database.db;
    const itemNo = unique('HS-');
    const sample = await buildProductionSample(db, { clientId: (await buildClient(db)).id, itemNo });
    const found = await t.client.ok(homeSearch, { term: itemNo.slice(-6) }, { token: qc });
    const group = found.groups.find((g) => g.source === 'productionSample');
    expect(group?.hits).toMatchObject([{ id: String(sample.id), title: itemNo }]);
  });
});

describe('productionsample/audit (DOMAIN.md §4.7, §7.3)', () => {
  it('audits 10 → 20 with a result and remark; result 3 mails sales and the factory contacts', async () => {
    const db = t.database.db;
    await db
      .update(factories)
      .set({ contacts: [{ name: '王厂长', email: 'plant@factory.test' }, { name: 'no mail' }] })
      .where(eq(factories.id, await idOf(db, factories, 'F-JL-YW')));
    const sample = await buildProductionSample(db, {
      clientId: (await buildClient(db)).id,
      factory: 'F-JL-YW',
    });
    const id = String(sample.id);
    const noRemark = await t.client.call(
      ops.auditProductionSample,
      { id, version: 0, auditResult: 3 },
      { token: auditor, lang: 'en' },
    );
    expect(noRemark.result).toMatchObject({
      reason: 'E_REQUIRED',
      field: 'auditRemark',
      error: 'Audit remark must not be empty',
    });
    const zh = await t.client.call(
      ops.auditProductionSample,
      { id, version: 0, auditResult: 3 },
      { token: auditor },
    );
    expect(zh.result).toMatchObject({ error: '审核备注不能为空' });
    const byQc = await t.client.call(
      ops.auditProductionSample,
      { id, version: 0, auditResult: 1 },
      { token: qc, lang: 'en' },
    );
    expect(byQc.result).toMatchObject({ reason: 'E_PERMISSION', error: 'Invalid Permission' });
    expect(await rowOf(id)).toMatchObject({ status: 10, auditResult: 0, version: 0, auditorId: null });

    const audited = await t.client.ok(
      ops.auditProductionSample,
      { id, version: 0, auditResult: 3, auditRemark: '线头过多 / Loose threads' },
      { token: auditor },
    );
    expect(audited).toMatchObject({
      status: 20,
      auditResult: 3,
      auditRemark: '线头过多 / Loose threads',
      auditor: { id: String(await userId(db, 'demo.auditor')) },
      version: 1,
    });
    expect(audited.auditTime).not.toBeNull();
    const mails = await db
      .select({ to: mailOutbox.to, lang: mailOutbox.lang, subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.entity, 'production_samples'), eq(mailOutbox.entityId, sample.id)));
    expect(mails.map((m) => m.to).sort()).toEqual(['demo.sales@qcdesk.local', 'plant@factory.test']);
    expect(mails.find((m) => m.to === 'plant@factory.test')).toMatchObject({
      lang: 'zh',
      subject: `大货样审核结果 ${sample.itemNo}：改进`,
    });

    const twice = await t.client.call(
      ops.auditProductionSample,
      { id, version: 1, auditResult: 1 },
      { token: auditor },
    );
    expect(twice.result.reason).toBe('E_STATUS');
  });

  it('re-audits 20 → 20, the old result kept in the change log; only from 20', async () => {
    const db = t.database.db;
    const sample = await buildProductionSample(db, { clientId: (await buildClient(db)).id });
    const id = String(sample.id);
    const early = await t.client.call(
      ops.reauditProductionSample,
      { id, version: 0, auditResult: 1 },
      { token: auditor },
    );
    expect(early.result.reason).toBe('E_STATUS');
    await t.client.ok(
      ops.auditProductionSample,
      { id, version: 0, auditResult: 4, auditRemark: '客户让步放行 / Released by concession' },
      { token: auditor },
    );
    const mailsOf = async () =>
      (await db.select().from(mailOutbox).where(eq(mailOutbox.entityId, sample.id))).filter(
        (m) => m.entity === 'production_samples',
      ).length;
    const afterAudit = await mailsOf();
    expect(afterAudit).toBeGreaterThan(0);
    const again = await t.client.ok(
      ops.reauditProductionSample,
      { id, version: 1, auditResult: 1 },
      { token: qcMgr },
    );
    expect(again).toMatchObject({ status: 20, auditResult: 1, auditRemark: null, version: 2 });
    const [log] = await logOf(id);
    expect(log).toMatchObject({ action: 'reaudit', actorId: await userId(db, 'demo.qcmgr') });
    expect(log!.changes).toEqual(
      expect.arrayContaining([
        { field: 'status', from: 20, to: 20 },
        { field: 'auditResult', from: 4, to: 1 },
        { field: 'auditRemark', from: '客户让步放行 / Released by concession', to: null },
      ]),
    );
    // Result 1 mails nobody; the 4 before it did.
    expect(await mailsOf()).toBe(afterAudit);
  });

  it('refuses the audit of a cancelled sample (E_STATUS), nothing changed', async () => {
    const db = t.database.db;
    const sample = await buildProductionSample(db, { clientId: (await buildClient(db)).id, status: 90 });
    const refused = await t.client.call(
      ops.auditProductionSample,
      { id: String(sample.id), version: 0, auditResult: 1 },
      { token: auditor, lang: 'en' },
    );
    expect(refused.result).toMatchObject({
      reason: 'E_STATUS',
      error: 'This action is not allowed in the current status',
    });
    expect(await rowOf(sample.id)).toMatchObject({ status: 90, auditResult: 0, version: 0 });
    expect(await logOf(sample.id)).toEqual([]);
  });
});

describe('order/relation links products to production samples', () => {
  it('links a sample of the order’s client (order placed), refuses another client’s and a cancelled one', async () => {
    const db = t.database.db;
    const client = await buildClient(db);
    const { order, products } = await buildOrder(db, { clientId: client.id });
    const sample = await buildProductionSample(db, { clientId: client.id });
    const relate = (productionSampleId: string | null, version: number, lang: 'zh' | 'en' = 'zh') =>
      t.client.call(
        areas.order.relateOrderProducts,
        {
          id: String(order.id),
          version,
          links: [{ productId: String(products[0]!.id), productionSampleId }],
        },
        { token: sales, lang },
      );
    const linked = await relate(String(sample.id), order.version);
    expect(linked.result).toMatchObject({ success: true });
    const detail = await t.client.ok(areas.order.getOrder, { id: String(order.id) }, { token: sales });
    expect(detail.products[0]).toMatchObject({
      productionSample: { id: String(sample.id), itemNo: sample.itemNo },
      originalSample: null,
    });
    expect(
      await t.client.ok(ops.getProductionSample, { id: String(sample.id) }, { token: qc }),
    ).toMatchObject({
      orderPlaced: 1,
    });

    const foreign = await buildProductionSample(db, { clientId: (await buildClient(db)).id });
    const refused = await relate(String(foreign.id), detail.version, 'en');
    expect(refused.result).toMatchObject({
      reason: 'E_PRODUCTION_SAMPLE_CLIENT',
      field: 'productionSampleId',
      error: 'The production sample belongs to another client and cannot be linked',
    });
    const cancelled = await buildProductionSample(db, { clientId: client.id, status: 90 });
    expect((await relate(String(cancelled.id), detail.version)).result.reason).toBe('E_STATUS');
    const [product] = await db.select().from(orderProducts).where(eq(orderProducts.id, products[0]!.id));
    expect(product!.productionSampleId).toBe(sample.id);
  });
});

describe('productionsample/cancel', () => {
  it('cancels 10/20 → 90 with its reason and removes the links from order products', async () => {
    const db = t.database.db;
    const client = await buildClient(db);
    const sample = await buildProductionSample(db, { clientId: client.id, status: 20, auditResult: 2 });
    const { order, products } = await buildOrder(db, { clientId: client.id });
    await linkProduct(db, products[0]!.id, sample.id);
    const byQc = await t.client.call(
      ops.cancelProductionSample,
      { id: String(sample.id), version: 0 },
      { token: qc },
    );
    expect(byQc.result.reason).toBe('E_PERMISSION');
    const cancelled = await t.client.ok(
      ops.cancelProductionSample,
      { id: String(sample.id), version: 0, reason: '工厂重送 / Resent by the factory' },
      { token: salesMgr },
    );
    expect(cancelled).toMatchObject({ status: 90, products: [], orderPlaced: 0, version: 1 });
    const [log] = await logOf(sample.id);
    expect(log).toMatchObject({ action: 'cancel', reason: '工厂重送 / Resent by the factory' });
    expect(log!.changes).toEqual([{ field: 'status', from: 20, to: 90 }]);
    const [product] = await db.select().from(orderProducts).where(eq(orderProducts.id, products[0]!.id));
    expect(product!.productionSampleId).toBeNull();
    const [orderLog] = await db
      .select()
      .from(changeLog)
      .where(and(eq(changeLog.entity, 'orders'), eq(changeLog.entityId, order.id)))
      .orderBy(desc(changeLog.id));
    expect(orderLog!.changes).toEqual([
      { field: `products[${products[0]!.productNo}].productionSampleId`, from: String(sample.id), to: null },
    ]);
    const again = await t.client.call(
      ops.cancelProductionSample,
      { id: String(sample.id), version: 1 },
      { token: qcMgr },
    );
    expect(again.result.reason).toBe('E_STATUS');
  });

  it('refuses a sample another area holds (E_SAMPLE_IN_USE) and one out of scope (E_SCOPE)', async () => {
    const db = t.database.db;
    const client = await buildClient(db);
    const sample = await buildProductionSample(db, { clientId: client.id });
    const { products } = await buildOrder(db, { clientId: client.id });
    await linkProduct(db, products[0]!.id, sample.id);
    await db.update(orderProducts).set({ sku: 'INSPECTING' }).where(eq(orderProducts.id, products[0]!.id));
    const held = await t.client.call(
      ops.cancelProductionSample,
      { id: String(sample.id), version: 0 },
      { token: qcMgr, lang: 'en' },
    );
    expect(held.result).toMatchObject({
      reason: 'E_SAMPLE_IN_USE',
      error: 'The production sample is used by an inspection in progress and cannot be cancelled',
    });
    expect(await rowOf(sample.id)).toMatchObject({ status: 10, version: 0 });
    const [product] = await db.select().from(orderProducts).where(eq(orderProducts.id, products[0]!.id));
    expect(product!.productionSampleId).toBe(sample.id);

    const other = await buildUser(db, { role: 'SALES', department: 'SALES2' });
    const elsewhere = await buildProductionSample(db, {
      clientId: (await buildClient(db, { sales: other.username })).id,
    });
    const mgr = await buildUser(db, { role: 'SALES_MGR', department: 'SALES1' });
    const token = await signIn(t, mgr.username);
    const out = await t.client.call(
      ops.cancelProductionSample,
      { id: String(elsewhere.id), version: 0 },
      { token },
    );
    expect(out.result.reason).toBe('E_SCOPE');
    expect((await rowOf(elsewhere.id)).status).toBe(10);
  });
});

describe('demo production samples', () => {
  it('are registered by the demo QC and audited by the demo auditor through the services, once', async () => {
    const db = t.database.db;
    const [bear] = await db
      .select()
      .from(productionSamples)
      .where(eq(productionSamples.itemNo, 'PB-2024-001-P1'));
    expect(bear).toMatchObject({
      createdBy: await userId(db, 'demo.qc'),
      status: 20,
      auditResult: 1,
      auditorId: await userId(db, 'demo.auditor'),
    });
    const logs = await logOf(bear!.id);
    expect(logs.map((l) => l.action)).toEqual(['audit', 'create']);
    const before = (await db.select().from(productionSamples)).length;
    await seedProductionSamples(seedContext(t));
    expect((await db.select().from(productionSamples)).length).toBe(before);
  });
});

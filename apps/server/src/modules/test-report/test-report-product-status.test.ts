import { areas } from '@qcdesk/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idOf, userId } from '../../../test/support/factories';
import { MINIMAL_PDF, uploadFile } from '../../../test/support/files-helpers';
import { signInAs } from '../../../test/support/identity';
import { startTestApp, type TestApp } from '../../../test/support/test-app';
import { labs, testItems, testTypes } from '../../db/schema/config';
import { changeLog } from '../../db/schema/platform';
import { testOrders } from '../../db/schema/test-order';
import { testReports } from '../../db/schema/test-report';
import { businessDate } from '../../platform/business-time';
import { buildOrder } from '../order/order.factory';
import { addDays } from '../order/order.rules';
import { buildOrderRisk, riskItems } from '../order-risk/order-risk.factory';
import { buildSampleOfProduct } from '../production-sample/production-sample.factory';
import { reportOfTestOrder } from './test-report.factory';

// Issue 25 ("a failed product shows Passed") and the testing leftovers of issue 24, through the
// envelope: a product's test status is the worst of every published result that concerns it, not
// only its order risk's items (order detail and list, order risk, production sample); results are
// entered on a received test order (the entry receives a submitted one, on the date given); a test
// order settles when its reports are done, also when it is received after them; a report without
// a test order is retested through a draft test order to its own lab.

const ops = areas.testReport;
const to = areas.testOrder;
let t: TestApp;
let qc: string;
let lab: string;
let auditor: string;

beforeAll(async () => {
  t = await startTestApp();
  [qc, lab, auditor] = await Promise.all([signInAs(t, 'QC'), signInAs(t, 'LAB'), signInAs(t, 'AUDITOR')]);
});
afterAll(() => t.close());

const db = () => t.database.db;
const item = (code: string) => idOf(db(), testItems, code);
const orderRow = async (id: string) =>
  (
    await db()
      .select()
      .from(testOrders)
      .where(eq(testOrders.id, BigInt(id)))
  )[0]!;

const upload = (token: string) => uploadFile(t, token, 'report.pdf', MINIMAL_PDF);

/** A submitted test order of the lines [product index, test-item code, risk item], and its report. */
async function submitted(products: readonly { id: bigint }[], lines: readonly [number, string, bigint?][]) {
  const draft = await t.client.ok(
    to.createTestOrder,
    {
      orderProductIds: products.map((p) => String(p.id)),
      labId: String(await idOf(db(), labs, 'SGS-SZ')),
      testTypeId: String(await idOf(db(), testTypes, 'CHEM')),
      currency: 'RMB',
      planTime: businessDate(),
      items: await Promise.all(
        lines.map(async ([n, code, risk]) => ({
          orderProductId: String(products[n]!.id),
          testItemId: String(await item(code)),
          ...(risk ? { orderRiskItemId: String(risk) } : {}),
        })),
      ),
    },
    { token: qc },
  );
  const order = await t.client.ok(
    to.submitTestOrder,
    { id: draft.id, version: draft.version },
    { token: qc },
  );
  const row = await reportOfTestOrder(db(), order.id);
  const report = await t.client.ok(ops.getTestReport, { id: String(row!.id) }, { token: lab });
  return { order, report };
}

/** What an entry reads of a report. */
interface Report {
  id: string;
  version: number;
  items: readonly { id: string; testItem: { code: string | null } }[];
}

/** The result entry of LAB: results by test-item code, and the receive date when the order is still submitted. */
const entry = async (report: Report, results: Record<string, number>, receiveTime?: string) => ({
  id: report.id,
  version: report.version,
  reportNo: `PS-${report.id}`,
  reportDate: businessDate(),
  fileIds: [await upload(lab)],
  items: report.items.map((i) => ({ itemId: i.id, result: results[i.testItem.code ?? ''] ?? 1 })),
  ...(receiveTime ? { receiveTime } : {}),
});

/** Entered (receiving the order when still submitted), verified by another user and published. */
async function published(report: Report, results: Record<string, number>) {
  const issued = await t.client.ok(ops.enterTestReportResult, await entry(report, results, businessDate()), {
    token: lab,
  });
  const verified = await t.client.ok(
    ops.verifyTestReport,
    { id: issued.id, version: issued.version },
    { token: auditor },
  );
  return t.client.ok(
    ops.publishTestReport,
    { id: verified.id, version: verified.version },
    { token: auditor },
  );
}

/** The product's test status on the order's detail and list. */
async function statusOf(order: { id: bigint; orderNo: string }, productId: bigint) {
  const detail = await t.client.ok(areas.order.getOrder, { id: String(order.id) }, { token: qc });
  const list = await t.client.ok(areas.order.searchOrders, { orderNo: order.orderNo }, { token: qc });
  const onDetail = detail.products.find((p) => p.id === String(productId))?.testStatus;
  const onList = list.list.find((p) => p.id === String(productId))?.testStatus;
  expect(onList).toBe(onDetail);
  return onDetail;
}

describe('issue 25: a failed product shows Passed', () => {
  it('EN 71-1 fails on a product whose risk held only formaldehyde: the product, its risk row and its production sample read failed; the order settles', async () => {
    const { order, products } = await buildOrder(db(), { lines: [{ productType: 2 }] });
    const product = products[0]!;
    const sample = await buildSampleOfProduct(db(), order, product);
    const risk = await buildOrderRisk(db(), {
      orderId: order.id,
      orderProductId: product.id,
      items: { 'T-HCHO': 0 },
    });
    const [hcho] = await riskItems(db(), risk.id);
    const s = await submitted(products, [
      [0, 'T-HCHO', hcho!.id],
      [0, 'T-EN71-1'],
    ]);
    expect(await statusOf(order, product.id)).toBe('open');

    // Results only on a received order: without a receive date nothing changes.
    const before = { report: s.report.version, order: (await orderRow(s.order.id)).version };
    const noDate = await t.client.call(ops.enterTestReportResult, await entry(s.report, { 'T-EN71-1': 3 }), {
      token: lab,
      lang: 'en',
    });
    expect(noDate.result).toMatchObject({ success: false, reason: 'E_REQUIRED', field: 'receiveTime' });
    const early = await t.client.call(
      ops.enterTestReportResult,
      await entry(s.report, { 'T-EN71-1': 3 }, addDays(businessDate(), -1)),
      { token: lab },
    );
    expect(early.result).toMatchObject({ success: false, reason: 'E_RANGE', field: 'receiveTime' });
    expect(await orderRow(s.order.id)).toMatchObject({
      status: 20,
      receiveTime: null,
      version: before.order,
    });
    const [unchanged] = await db()
      .select()
      .from(testReports)
      .where(eq(testReports.id, BigInt(s.report.id)));
    expect(unchanged).toMatchObject({ status: 10, version: before.report });

    // The entry receives the order, in the order's change log, as the lab.
    const issued = await t.client.ok(
      ops.enterTestReportResult,
      await entry(s.report, { 'T-EN71-1': 3, 'T-HCHO': 1 }, businessDate()),
      { token: lab },
    );
    expect(issued).toMatchObject({ status: 20, result: 3, testOrder: { status: 30 } });
    expect(await orderRow(s.order.id)).toMatchObject({ status: 30, receiveTime: businessDate() });
    const [received] = await db()
      .select()
      .from(changeLog)
      .where(
        and(
          eq(changeLog.entity, 'test_orders'),
          eq(changeLog.entityId, BigInt(s.order.id)),
          eq(changeLog.action, 'receive'),
        ),
      );
    expect(received).toMatchObject({
      actorId: await userId(db(), 'demo.lab'),
      changes: expect.arrayContaining([{ field: 'status', from: 20, to: 30 }]),
    });

    // Verified: its only report is done, the order settles with the report's fail.
    const verified = await t.client.ok(
      ops.verifyTestReport,
      { id: issued.id, version: issued.version },
      { token: auditor },
    );
    expect(await orderRow(s.order.id)).toMatchObject({ status: 40, result: 3 });
    await t.client.ok(
      ops.publishTestReport,
      { id: verified.id, version: verified.version },
      { token: auditor },
    );

    // The risk reads its own item (formaldehyde passed); the product reads every published result.
    const riskDetail = await t.client.ok(
      areas.orderRisk.getOrderRisk,
      { id: String(risk.id) },
      { token: qc },
    );
    expect(riskDetail).toMatchObject({ status: 30, result: 1, testStatus: 'failed' });
    expect(await statusOf(order, product.id)).toBe('failed');
    const sampleDetail = await t.client.ok(
      areas.productionSample.getProductionSample,
      { id: String(sample.id) },
      { token: qc },
    );
    expect(sampleDetail.products).toEqual([expect.objectContaining({ testStatus: 'failed' })]);
    expect(sampleDetail.testResult).toBe(3);
  });

  it('another product’s fail on a shared report is not this one’s', async () => {
    const { order, products } = await buildOrder(db(), { lines: [{ productType: 2 }, { productType: 2 }] });
    const s = await submitted(products, [
      [0, 'T-AZO'],
      [1, 'T-AZO'],
    ]);
    const byProduct = new Map(s.report.items.map((i) => [i.product.id, i]));
    const issued = await t.client.ok(
      ops.enterTestReportResult,
      {
        ...(await entry(s.report, {}, businessDate())),
        items: [
          { itemId: byProduct.get(String(products[0]!.id))!.id, result: 3 },
          { itemId: byProduct.get(String(products[1]!.id))!.id, result: 1 },
        ],
      },
      { token: lab },
    );
    const verified = await t.client.ok(
      ops.verifyTestReport,
      { id: issued.id, version: issued.version },
      { token: auditor },
    );
    await t.client.ok(
      ops.publishTestReport,
      { id: verified.id, version: verified.version },
      { token: auditor },
    );
    expect(await statusOf(order, products[0]!.id)).toBe('failed');
    expect(await statusOf(order, products[1]!.id)).toBe('passed');
  });

  it('a retested fail stays failed until its retest report is published, then reads the new result', async () => {
    const { order, products } = await buildOrder(db(), { lines: [{ productType: 2 }] });
    const first = await submitted(products, [[0, 'T-AZO']]);
    const failed = await published(first.report, { 'T-AZO': 3 });
    expect(await statusOf(order, products[0]!.id)).toBe('failed');
    const retested = await t.client.ok(
      ops.retestTestReport,
      { id: failed.id, version: failed.version, reason: 'Azo over the limit' },
      { token: qc },
    );
    expect(retested.status).toBe(80);
    expect(await statusOf(order, products[0]!.id)).toBe('failed');
    const draft = await t.client.ok(to.getTestOrder, { id: retested.retestOrder!.id }, { token: qc });
    await t.client.ok(to.submitTestOrder, { id: draft.id, version: draft.version }, { token: qc });
    const next = await reportOfTestOrder(db(), draft.id);
    const nextDetail = await t.client.ok(ops.getTestReport, { id: String(next!.id) }, { token: lab });
    expect(await statusOf(order, products[0]!.id)).toBe('failed');
    await published(nextDetail, { 'T-AZO': 1 });
    expect(await statusOf(order, products[0]!.id)).toBe('passed');
  });
});

describe('issue 24: the testing leftovers', () => {
  it('receiving an order whose reports were already done settles it (30 → 40 with their worst)', async () => {
    const { products } = await buildOrder(db(), { lines: [{ productType: 2 }] });
    const s = await submitted(products, [[0, 'T-AZO']]);
    // As before issue 25, when results were entered on a submitted order: the report is verified.
    await db()
      .update(testReports)
      .set({ status: 30, result: 2 })
      .where(eq(testReports.id, BigInt(s.report.id)));
    const received = await t.client.ok(
      to.updateTestOrder,
      { id: s.order.id, version: s.order.version, receiveTime: businessDate() },
      { token: lab },
    );
    expect(received).toMatchObject({ status: 40, result: 2, receiveTime: businessDate() });
  });

  it('a factory-provided report is retested through a draft test order to its own lab; its submit creates the next report', async () => {
    const { order, products } = await buildOrder(db(), { lines: [{ productType: 2 }] });
    const created = await t.client.ok(
      ops.createTestReport,
      {
        reportType: 3,
        labId: String(await idOf(db(), labs, 'ITS-GZ')),
        testTypeId: String(await idOf(db(), testTypes, 'CHEM')),
        items: [{ orderProductId: String(products[0]!.id), testItemId: String(await item('T-AZO')) }],
      },
      { token: lab },
    );
    const report = await published(created, { 'T-AZO': 3 });
    expect(report).toMatchObject({ status: 40, result: 3, testOrder: null });
    const forQc = await t.client.ok(ops.getTestReport, { id: report.id }, { token: qc });
    expect(forQc.actions).toContain('retest');
    expect(await statusOf(order, products[0]!.id)).toBe('failed');
    const retested = await t.client.ok(
      ops.retestTestReport,
      { id: report.id, version: report.version, reason: 'Factory report failed' },
      { token: qc },
    );
    expect(retested.status).toBe(80);
    const draft = await t.client.ok(to.getTestOrder, { id: retested.retestOrder!.id }, { token: qc });
    expect(draft).toMatchObject({
      status: 10,
      retest: true,
      applyType: 3,
      previousReportId: report.id,
      lab: { code: 'ITS-GZ' },
      testType: { code: 'CHEM' },
      client: { id: String(order.clientId) },
      currency: 'RMB',
      price: '500.00',
      itemCount: 1,
    });
    await t.client.ok(to.submitTestOrder, { id: draft.id, version: draft.version }, { token: qc });
    const next = await reportOfTestOrder(db(), draft.id);
    expect(next).toMatchObject({ status: 10, retestNo: 1, previousReportId: BigInt(report.id) });
  });
});

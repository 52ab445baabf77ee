import { areas } from '@qcdesk/contract';
import { changeLog as changeLogOp } from '@qcdesk/contract/config';
import { TEST_RESULT } from '@qcdesk/contract/enumerations';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idOf } from '../../../test/support/factories';
import { MINIMAL_PDF, samples, uploadFile } from '../../../test/support/files-helpers';
import { signInAs } from '../../../test/support/identity';
import { seedContext, startTestApp, type TestApp } from '../../../test/support/test-app';
import { labs, productTracks, testItems, testTypes } from '../../db/schema/config';
import { mailOutbox } from '../../db/schema/mail';
import { orderProducts } from '../../db/schema/order';
import { orderRiskItems, orderRisks } from '../../db/schema/order-risk';
import { changeLog } from '../../db/schema/platform';
import { productionSamples } from '../../db/schema/production-sample';
import { testOrders } from '../../db/schema/test-order';
import { testReportFiles, testReportItems, testReports } from '../../db/schema/test-report';
import { businessDate } from '../../platform/business-time';
import { buildOrder } from '../order/order.factory';
import { orderIdsOfNos } from '../order/order-hooks.service';
import { buildOrderRisk } from '../order-risk/order-risk.factory';
import { buildSampleOfProduct } from '../production-sample/production-sample.factory';
import { seedTestOrders } from '../test-order/test-order.seed';
import { reportOfTestOrder } from './test-report.factory';
import { DEMO_REPORT_ORDER_NO, seedTestReports } from './test-report.seed';

// Test reports through the envelope (DOMAIN.md §2.5, §4.9, §4.10, §5.2–5.4, §6.4, §7.3): the report
// a submitted test order creates, search by each filter, create, update and delete, items, result,
// verify (not by who entered it), reject, publish (order risk, production sample, tracking, mail),
// retest (a draft retest order; its cancel returns the report), invalidate, the refusals by role and
// scope and the bad inputs of issue 16, each with its key and nothing changed.

const ops = areas.testReport;
const to = areas.testOrder;
let t: TestApp;
let qc: string;
let lab: string;
let auditor: string;
let sales: string;
let client: string;

beforeAll(async () => {
  t = await startTestApp();
  [qc, lab, auditor, sales, client] = await Promise.all([
    signInAs(t, 'QC'),
    signInAs(t, 'LAB'),
    signInAs(t, 'AUDITOR'),
    signInAs(t, 'SALES'),
    signInAs(t, 'CLIENT'),
  ]);
});
afterAll(() => t.close());

const db = () => t.database.db;
const rowOf = async (id: string | bigint) =>
  (
    await db()
      .select()
      .from(testReports)
      .where(eq(testReports.id, BigInt(id)))
  )[0]!;
const logOf = (id: string | bigint) =>
  db()
    .select()
    .from(changeLog)
    .where(and(eq(changeLog.entity, 'test_reports'), eq(changeLog.entityId, BigInt(id))))
    .orderBy(desc(changeLog.id));

const upload = (token: string, name = 'report.pdf') =>
  uploadFile(t, token, name, name.endsWith('.png') ? samples.png() : MINIMAL_PDF);

/** A submitted and received test order of two lines (T-EN71-1, T-AZO) and the report it created. */
async function submittedOrder(withRisk = false) {
  const { order, products } = await buildOrder(db(), { lines: [{ productType: 2 }, { productType: 2 }] });
  if (withRisk)
    await buildOrderRisk(db(), {
      orderId: order.id,
      orderProductId: products[0]!.id,
      items: { 'T-EN71-1': 0 },
    });
  const body = {
    orderProductIds: products.map((p) => String(p.id)),
    labId: String(await idOf(db(), labs, 'SGS-SZ')),
    testTypeId: String(await idOf(db(), testTypes, 'CHEM')),
    currency: 'RMB',
    planTime: businessDate(),
    // With a risk: the proposed lines (the risk's open items, linked to them).
    ...(withRisk
      ? {}
      : {
          items: [
            {
              orderProductId: String(products[0]!.id),
              testItemId: String(await idOf(db(), testItems, 'T-EN71-1')),
            },
            {
              orderProductId: String(products[1]!.id),
              testItemId: String(await idOf(db(), testItems, 'T-AZO')),
            },
          ],
        }),
  };
  const draft = await t.client.ok(to.createTestOrder, body as never, { token: qc });
  const submitted = await t.client.ok(
    to.submitTestOrder,
    { id: draft.id, version: draft.version },
    { token: qc },
  );
  const received = await t.client.ok(
    to.updateTestOrder,
    { id: submitted.id, version: submitted.version, receiveTime: businessDate() } as never,
    { token: lab },
  );
  const report = await reportOfTestOrder(db(), draft.id);
  const detail = await t.client.ok(ops.getTestReport, { id: String(report!.id) }, { token: lab });
  return { order, products, testOrder: received, report: detail };
}

/** The report's results entered by LAB: the first item `first`, the others pass. */
async function entered(first = 1, token = lab) {
  const s = await submittedOrder();
  const fileId = await upload(token);
  const detail = await t.client.ok(
    ops.enterTestReportResult,
    {
      id: s.report.id,
      version: s.report.version,
      reportNo: `R-${s.report.id}`,
      reportDate: businessDate(),
      fileIds: [fileId],
      items: s.report.items.map((i, n) => ({ itemId: i.id, result: n === 0 ? first : 1, value: 'ok' })),
    },
    { token },
  );
  return { ...s, report: detail };
}

const verified = async (first = 1) => {
  const s = await entered(first);
  const report = await t.client.ok(
    ops.verifyTestReport,
    { id: s.report.id, version: s.report.version },
    { token: auditor },
  );
  return { ...s, report };
};

describe('a submitted test order creates its report', () => {
  it('one pending report with the lab, test type, products and items of the order; no report no', async () => {
    const { report, products, testOrder } = await submittedOrder();
    expect(report).toMatchObject({
      status: 10,
      reportNo: null,
      result: 0,
      retestNo: 0,
      previousReportId: null,
    });
    expect(report.testOrder?.testOrderNo).toBe(testOrder.testOrderNo);
    expect(report.products.map((p) => p.id).sort()).toEqual(products.map((p) => String(p.id)).sort());
    expect(report.items.map((i) => i.testItem.code)).toEqual(['T-EN71-1', 'T-AZO']);
    expect(report.actions).toEqual(expect.arrayContaining(['result', 'edit']));
    // Its creation's log names the products by their number and the test items by name.
    const history = await t.client.ok(
      changeLogOp,
      { entity: 'test_reports', id: report.id, page: 1, pageSize: 10 },
      { token: lab },
    );
    const changes = history.list.flatMap((entry) => entry.changes);
    expect(
      changes
        .find((c) => c.field === 'orderProductIds')
        ?.toNames?.en.split(', ')
        .sort(),
    ).toEqual(products.map((p) => p.productNo).sort());
    const [azo] = await db().select().from(testItems).where(eq(testItems.code, 'T-AZO'));
    expect(changes.find((c) => c.field === `items[${products[1]!.productNo}]`)?.toNames).toEqual({
      zh: azo!.nameZh || azo!.nameEn,
      en: azo!.nameEn || azo!.nameZh,
    });
  });
});

describe('testreport/search', () => {
  it('finds by each filter; CLIENT sees published only; SALES of another department nothing', async () => {
    const { report, products } = await entered(3);
    const find = async (filters: Record<string, unknown>, token = qc) =>
      (await t.client.ok(ops.searchTestReports, { ...filters, pageSize: 100 } as never, { token })).list.map(
        (r) => r.id,
      );
    const p = products[0]!;
    expect(await find({ reportNo: report.reportNo!.slice(2) })).toContain(report.id);
    expect(await find({ orderNo: p.orderNo.slice(-6) })).toContain(report.id);
    expect(await find({ productNo: p.productNo })).toContain(report.id);
    expect(await find({ sku: p.sku! })).toContain(report.id);
    expect(await find({ lab: report.lab.id })).toContain(report.id);
    expect(await find({ testType: report.testType.id })).toContain(report.id);
    expect(await find({ client: report.client.id })).toContain(report.id);
    expect(await find({ department: report.department.id })).toContain(report.id);
    expect(await find({ type: 1 })).toContain(report.id);
    expect(await find({ type: 3 })).not.toContain(report.id);
    expect(await find({ result: 3 })).toContain(report.id);
    expect(await find({ result: 11 })).toContain(report.id);
    expect(await find({ result: 1 })).not.toContain(report.id);
    expect(await find({ startTime: businessDate(), endTime: businessDate() })).toContain(report.id);
    expect(await find({ factory: 'F-HM' })).toContain(report.id);
    expect(await find({ status: 20 })).toContain(report.id);
    expect(await find({}, client)).not.toContain(report.id);
  });

  it('filters on the description', async () => {
    const { report } = await submittedOrder();
    await t.client.ok(
      ops.updateTestReport,
      { id: report.id, version: report.version, description: 'Zylophone batch' },
      { token: lab },
    );
    const page = await t.client.ok(ops.searchTestReports, { desc: 'zylophone' } as never, { token: qc });
    expect(page.list.map((r) => r.id)).toEqual([report.id]);
  });
});

describe('testreport/create, update, item/update', () => {
  it('registers a factory-provided report of products of one client; delete and restore in 10', async () => {
    const { products } = await buildOrder(db());
    const item = String(await idOf(db(), testItems, 'T-AZO'));
    const created = await t.client.ok(
      ops.createTestReport,
      {
        reportType: 3,
        labId: String(await idOf(db(), labs, 'SGS-SZ')),
        testTypeId: String(await idOf(db(), testTypes, 'CHEM')),
        items: [{ orderProductId: String(products[0]!.id), testItemId: item }],
      },
      { token: lab },
    );
    expect(created).toMatchObject({ status: 10, reportType: 3, testOrder: null });
    const deleted = await t.client.ok(
      ops.updateTestReport,
      { id: created.id, version: created.version, valid: 0 },
      { token: lab },
    );
    expect(deleted.valid).toBe(0);
    expect((await logOf(created.id))[0]!.action).toBe('delete');
    const restored = await t.client.ok(
      ops.updateTestReport,
      { id: created.id, version: deleted.version, valid: 1 },
      { token: lab },
    );
    expect(restored.valid).toBe(1);
  });

  it('refuses products of two clients (E_CART_CLIENT_DEPT) and QC (no testreport.edit)', async () => {
    const a = await buildOrder(db());
    const b = await buildOrder(db());
    const item = String(await idOf(db(), testItems, 'T-AZO'));
    const body = {
      reportType: 3,
      labId: String(await idOf(db(), labs, 'SGS-SZ')),
      testTypeId: String(await idOf(db(), testTypes, 'CHEM')),
      items: [
        { orderProductId: String(a.products[0]!.id), testItemId: item },
        { orderProductId: String(b.products[0]!.id), testItemId: item },
      ],
    };
    const before = (await db().select().from(testReports)).length;
    const mixed = await t.client.call(ops.createTestReport, body, { token: lab });
    expect(mixed.result).toMatchObject({ success: false, reason: 'E_CART_CLIENT_DEPT' });
    const byQc = await t.client.call(ops.createTestReport, body, { token: qc });
    expect(byQc.result).toMatchObject({ success: false, reason: 'E_PERMISSION' });
    expect((await db().select().from(testReports)).length).toBe(before);
  });

  it('item/update records results; the report result is the worst (§6.4); stale version E_VERSION', async () => {
    const { report } = await submittedOrder();
    const updated = await t.client.ok(
      ops.updateTestReportItems,
      {
        id: report.id,
        version: report.version,
        items: [
          { itemId: report.items[0]!.id, result: 2, value: '12', limit: '10' },
          { itemId: report.items[1]!.id, result: 1 },
        ],
      },
      { token: lab },
    );
    expect(updated.result).toBe(2);
    expect(updated.items[0]).toMatchObject({ result: 2, value: '12', limit: '10' });
    const stale = await t.client.call(
      ops.updateTestReportItems,
      { id: report.id, version: report.version, items: [{ itemId: report.items[0]!.id, result: 3 }] },
      { token: lab },
    );
    expect(stale.result).toMatchObject({ success: false, reason: 'E_VERSION' });
    expect((await rowOf(report.id)).result).toBe(2);
  });
});

describe('testreport/result/update', () => {
  it('10 → 20 with report no, date, file; stores who entered; result = worst item', async () => {
    const { report } = await entered(2);
    expect(report).toMatchObject({ status: 20, result: 2, reportDate: businessDate() });
    expect(report.resultBy?.name).toBeTruthy();
    expect(report.files).toHaveLength(1);
  });

  it('refuses an item still "not out" (E_TR_NOT_OUT), a missing file, a better hand-set result; nothing changes', async () => {
    const { report } = await submittedOrder();
    const fileId = await upload(lab);
    const base = {
      id: report.id,
      version: report.version,
      reportNo: `N-${report.id}`,
      reportDate: businessDate(),
    };
    const notOut = await t.client.call(
      ops.enterTestReportResult,
      { ...base, fileIds: [fileId], items: [{ itemId: report.items[0]!.id, result: 1 }] },
      { token: lab, lang: 'en' },
    );
    expect(notOut.result).toMatchObject({ success: false, reason: 'E_TR_NOT_OUT' });
    expect(notOut.result.error).toContain('1 test item has no result');
    const all = report.items.map((i) => ({ itemId: i.id, result: i === report.items[0] ? 3 : 1 }));
    const noFile = await t.client.call(ops.enterTestReportResult, { ...base, items: all }, { token: lab });
    expect(noFile.result).toMatchObject({ success: false, reason: 'E_TR_FILE_REQUIRED' });
    // A report's file is the lab's PDF, not a picture (issue 23).
    const picture = await t.client.call(
      ops.enterTestReportResult,
      { ...base, items: all.map((i) => ({ ...i, result: 1 })), fileIds: [await upload(lab, 'report.png')] },
      { token: lab, lang: 'en' },
    );
    expect(picture.result).toMatchObject({
      success: false,
      reason: 'E_TR_FILE_TYPE',
      field: 'fileIds',
      error: 'Report files must be PDF files',
    });
    const better = await t.client.call(
      ops.enterTestReportResult,
      { ...base, items: all, fileIds: [fileId], result: 1 },
      { token: lab },
    );
    expect(better.result).toMatchObject({ success: false, reason: 'E_RESULT_INCONSISTENT' });
    const row = await rowOf(report.id);
    expect(row).toMatchObject({ status: 10, reportNo: null, result: 0, version: report.version });
    const items = await db()
      .select()
      .from(testReportItems)
      .where(eq(testReportItems.testReportId, BigInt(report.id)));
    expect(items.every((i) => i.result === TEST_RESULT.notOut)).toBe(true);
    expect(
      await db()
        .select()
        .from(testReportFiles)
        .where(eq(testReportFiles.testReportId, BigInt(report.id))),
    ).toEqual([]);
  });

  it('refuses a report no the lab already used (E_DUPLICATE) and AUDITOR (no testreport.result)', async () => {
    const first = await entered();
    const { report } = await submittedOrder();
    const fileId = await upload(lab);
    const body = {
      id: report.id,
      version: report.version,
      reportNo: first.report.reportNo!,
      reportDate: businessDate(),
      fileIds: [fileId],
      items: report.items.map((i) => ({ itemId: i.id, result: 1 })),
    };
    const dup = await t.client.call(ops.enterTestReportResult, body, { token: lab });
    expect(dup.result).toMatchObject({ success: false, reason: 'E_DUPLICATE', field: 'reportNo' });
    const byAuditor = await t.client.call(ops.enterTestReportResult, body, { token: auditor });
    expect(byAuditor.result).toMatchObject({ success: false, reason: 'E_PERMISSION' });
    expect((await rowOf(report.id)).status).toBe(10);
  });
});

describe('verify, reject, publish, invalidate', () => {
  it('verify refuses the user who entered the results (E_TR_SELF_VERIFY); another verifier 20 → 30', async () => {
    const { report } = await entered();
    const self = await t.client.call(
      ops.verifyTestReport,
      { id: report.id, version: report.version },
      { token: lab },
    );
    expect(self.result).toMatchObject({ success: false, reason: 'E_TR_SELF_VERIFY' });
    expect((await rowOf(report.id)).status).toBe(20);
    const ok = await t.client.ok(
      ops.verifyTestReport,
      { id: report.id, version: report.version },
      { token: auditor },
    );
    expect(ok.status).toBe(30);
  });

  it('reject needs a reason and returns the report to 10', async () => {
    const { report } = await entered();
    const bare = await t.client.call(
      ops.rejectTestReport,
      { id: report.id, version: report.version },
      { token: auditor },
    );
    expect(bare.result).toMatchObject({ success: false, reason: 'E_REASON_REQUIRED' });
    const back = await t.client.ok(
      ops.rejectTestReport,
      { id: report.id, version: report.version, reason: 'Wrong limit' },
      { token: auditor },
    );
    expect(back).toMatchObject({ status: 10, reason: 'Wrong limit', resultBy: null });
  });

  it('publish refuses a report without a file (E_TR_FILE_REQUIRED), nothing changes', async () => {
    const { report } = await verified();
    await db()
      .delete(testReportFiles)
      .where(eq(testReportFiles.testReportId, BigInt(report.id)));
    const refused = await t.client.call(
      ops.publishTestReport,
      { id: report.id, version: report.version },
      { token: auditor },
    );
    expect(refused.result).toMatchObject({ success: false, reason: 'E_TR_FILE_REQUIRED' });
    expect(await rowOf(report.id)).toMatchObject({ status: 30, version: report.version, publishedAt: null });
  });

  it('publish 30 → 40: risk items take the results (risk 20 → 30), sample test result, TESTED milestone, fail mail', async () => {
    const s = await submittedOrder(true);
    const [risk] = await db()
      .select()
      .from(orderRisks)
      .where(eq(orderRisks.orderProductId, s.products[0]!.id));
    expect(risk!.status).toBe(20);
    const sample = await buildSampleOfProduct(db(), s.order, s.products[0]!);
    const fileId = await upload(lab);
    const issued = await t.client.ok(
      ops.enterTestReportResult,
      {
        id: s.report.id,
        version: s.report.version,
        reportNo: `P-${s.report.id}`,
        reportDate: businessDate(),
        fileIds: [fileId],
        items: s.report.items.map((i, n) => ({ itemId: i.id, result: n === 0 ? 3 : 1 })),
      },
      { token: lab },
    );
    const ver = await t.client.ok(
      ops.verifyTestReport,
      { id: issued.id, version: issued.version },
      { token: auditor },
    );
    const published = await t.client.ok(
      ops.publishTestReport,
      { id: ver.id, version: ver.version },
      { token: auditor },
    );
    expect(published).toMatchObject({ status: 40, result: 3 });
    const [after] = await db().select().from(orderRisks).where(eq(orderRisks.id, risk!.id));
    expect(after).toMatchObject({ status: 30, result: 3 });
    const [item] = await db().select().from(orderRiskItems).where(eq(orderRiskItems.orderRiskId, risk!.id));
    expect(item).toMatchObject({ result: 3, testReportId: BigInt(s.report.id) });
    expect(
      (await db().select().from(productionSamples).where(eq(productionSamples.id, sample.id)))[0]!.testResult,
    ).toBe(3);
    const tracks = await db()
      .select()
      .from(productTracks)
      .where(eq(productTracks.orderProductId, s.products[0]!.id));
    expect(tracks.find((tr) => tr.milestone === 'TESTED')?.actualDate).toBe(businessDate());
    const mails = await db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.entity, 'test_reports'), eq(mailOutbox.entityId, BigInt(s.report.id))));
    expect(mails.length).toBeGreaterThan(0);
    expect(mails.every((m) => m.template === 'test-report-result')).toBe(true);
    // Every report of the received order is in 30–80: the test order is reported with the worst.
    expect(
      (
        await db()
          .select()
          .from(testOrders)
          .where(eq(testOrders.id, BigInt(s.testOrder.id)))
      )[0],
    ).toMatchObject({
      status: 40,
      result: 3,
    });
    // The demo CLIENT user belongs to another client: out of scope even when published.
    const seen = await t.client.call(ops.getTestReport, { id: published.id }, { token: client });
    expect(seen.result).toMatchObject({ success: false, reason: 'E_SCOPE' });
  });

  it('invalidate 30 → 90 with a reason; SALES may not (E_PERMISSION)', async () => {
    const { report } = await verified();
    const bySales = await t.client.call(
      ops.invalidateTestReport,
      { id: report.id, version: report.version, reason: 'x' },
      { token: sales },
    );
    expect(bySales.result).toMatchObject({ success: false, reason: 'E_PERMISSION' });
    const gone = await t.client.ok(
      ops.invalidateTestReport,
      { id: report.id, version: report.version, reason: 'Lab error' },
      { token: auditor },
    );
    expect(gone).toMatchObject({ status: 90, reason: 'Lab error' });
  });
});

describe('testreport/retest', () => {
  it('refuses a passed report (E_TR_RETEST), nothing changes', async () => {
    const { report } = await verified(1);
    const refused = await t.client.call(
      ops.retestTestReport,
      { id: report.id, version: report.version, reason: 'again' },
      { token: qc },
    );
    expect(refused.result).toMatchObject({ success: false, reason: 'E_TR_RETEST' });
    expect(await rowOf(report.id)).toMatchObject({ status: 30, version: report.version });
  });

  it('30 → 80 with a draft retest order of the failed items; its submit creates the next report; the chain', async () => {
    const { report } = await verified(2);
    const retested = await t.client.ok(
      ops.retestTestReport,
      { id: report.id, version: report.version, reason: 'Improve' },
      { token: qc },
    );
    expect(retested.status).toBe(80);
    expect(retested.retestOrder).not.toBeNull();
    const draft = await t.client.ok(to.getTestOrder, { id: retested.retestOrder!.id }, { token: qc });
    expect(draft).toMatchObject({ status: 10, retest: true, previousReportId: report.id });
    await t.client.ok(to.submitTestOrder, { id: draft.id, version: draft.version }, { token: qc });
    const next = await reportOfTestOrder(db(), draft.id);
    expect(next).toMatchObject({ status: 10, retestNo: 1, previousReportId: BigInt(report.id) });
    const detail = await t.client.ok(ops.getTestReport, { id: String(next!.id) }, { token: qc });
    expect(detail.previousReports.map((r) => r.id)).toEqual([report.id]);
    expect(detail.previousReports[0]!.items).toHaveLength(2);
  });

  it('a cancelled retest order returns the report from 80 to the status it had', async () => {
    const { report } = await verified(3);
    const retested = await t.client.ok(
      ops.retestTestReport,
      { id: report.id, version: report.version, reason: 'Fail' },
      { token: qc },
    );
    const draft = await t.client.ok(to.getTestOrder, { id: retested.retestOrder!.id }, { token: qc });
    await t.client.ok(to.cancelTestOrder, { id: draft.id, version: draft.version, reason: 'No' } as never, {
      token: qc,
    });
    expect((await rowOf(report.id)).status).toBe(30);
  });
});

describe('the seed', () => {
  it('submits the demo test order’s report, enters one pass and one fail (receiving the order), verified by another user; a second run adds nothing', async () => {
    const ctx = seedContext(t);
    await seedTestOrders(ctx);
    // The seed's submit runs TEST_ORDER_SUBMITTED as the operation does: the order has its pending report.
    const [demoOrderId] = await orderIdsOfNos(db(), [DEMO_REPORT_ORDER_NO]);
    const [submitted] = await db()
      .select({ report: testReports })
      .from(testReports)
      .innerJoin(testReportItems, eq(testReportItems.testReportId, testReports.id))
      .innerJoin(orderProducts, eq(orderProducts.id, testReportItems.orderProductId))
      .where(and(eq(orderProducts.orderId, demoOrderId!), eq(testReports.valid, 1)))
      .limit(1);
    expect(submitted?.report.testOrderId).toBeTruthy();
    await seedTestReports(ctx);
    const reportLogs = async () =>
      (await db().select().from(changeLog).where(eq(changeLog.entity, 'test_reports'))).length;
    const before = { reports: (await db().select().from(testReports)).length, logs: await reportLogs() };
    const [orderId] = await orderIdsOfNos(db(), [DEMO_REPORT_ORDER_NO]);
    const [seeded] = await db()
      .select({ report: testReports })
      .from(testReports)
      .innerJoin(testReportItems, eq(testReportItems.testReportId, testReports.id))
      .innerJoin(orderProducts, eq(orderProducts.id, testReportItems.orderProductId))
      .where(and(eq(orderProducts.orderId, orderId!), eq(testReports.valid, 1)))
      .limit(1);
    expect(seeded?.report).toMatchObject({ status: 30, result: 3 });
    expect(seeded!.report.verifiedBy).not.toBe(seeded!.report.resultBy);
    const results = (
      await db().select().from(testReportItems).where(eq(testReportItems.testReportId, seeded!.report.id))
    ).map((i) => i.result);
    expect(results.slice(0, 2)).toEqual([1, 3]);
    const shown = await t.client.ok(ops.getTestReport, { id: String(seeded!.report.id) }, { token: lab });
    expect(shown.reportNo).toMatch(/^DEMO-TO/);
    expect(shown.files).toHaveLength(1);
    // The entry received the demo order (issue 25) and the verify settled it with the fail.
    expect(
      await db().select().from(testOrders).where(eq(testOrders.id, seeded!.report.testOrderId!)),
    ).toEqual([expect.objectContaining({ status: 40, result: 3, receiveTime: businessDate() })]);
    await seedTestReports(ctx);
    expect((await db().select().from(testReports)).length).toBe(before.reports);
    expect(await reportLogs()).toBe(before.logs);
  });
});

import { areas } from '@qcdesk/contract';
import { INSPECTION_APPLY_STATUS } from '@qcdesk/contract/inspection-apply';
import { INSPECTION_PLAN_STATUS } from '@qcdesk/contract/inspection-plan';
import { INSPECTION_REPORT_STATUS } from '@qcdesk/contract/inspection-report';
import { INSPECTION_TASK_STATUS } from '@qcdesk/contract/inspection-task';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAMERA, cameraJpeg } from '../../../test/support/camera-photos';
import { idOf } from '../../../test/support/factories';
import { uploadFile } from '../../../test/support/files-helpers';
import { signInAs } from '../../../test/support/identity';
import { signedInTask } from '../../../test/support/inspection-tasks';
import { startTestApp, type TestApp } from '../../../test/support/test-app';
import { defects, expresses, factories, inspectionTests, labs } from '../../db/schema/config';
import { inspectionApplies } from '../../db/schema/inspection-apply';
import { inspectionPlans } from '../../db/schema/inspection-plan';
import { inspectionReports } from '../../db/schema/inspection-report';
import { inspectionTasks } from '../../db/schema/inspection-task';
import { testOrders } from '../../db/schema/test-order';
import { jpeg } from './inspection-report.factory';

// Inspection reports through the envelope (DOMAIN.md §4.4, §6.2, §6.10, §7.3; issue 27): the lead
// creates the report of a dispatched task with its sample plan, under a checkout; saves need the
// checkout and the version read; the quantities recompute the plan; bad input changes nothing.

const ops = areas.inspectionReport;
let t: TestApp;
let qcMgr: string;

beforeAll(async () => {
  t = await startTestApp(
    process.env.DEBUG_LOG ? { logStream: process.stderr, env: { LOG_LEVEL: 'error' } } : {},
  );
  qcMgr = await signInAs(t, 'QC_MGR');
});
afterAll(() => t.close());

const db = () => t.database.db;
const status = async (
  table: typeof inspectionTasks | typeof inspectionApplies | typeof inspectionPlans,
  id: bigint,
) => (await db().select({ status: table.status }).from(table).where(eq(table.id, id)))[0]!.status;

const task = (quantities: readonly number[] = [500], inspectionType = 'PSI') =>
  signedInTask(t, { quantities, inspectionType });

const create = (token: string, taskId: bigint) =>
  t.client.ok(ops.createInspectionReport, { taskId: String(taskId) }, { token });
const refusal = (
  op: Parameters<TestApp['client']['refused']>[0],
  body: Record<string, unknown>,
  token: string,
) => t.client.refused(op, body, { token });

describe('inspection/report/create', () => {
  it('numbers the report, snapshots the client’s plan, checks it out to the lead and starts task, application and plan', async () => {
    const x = await task([500]);
    const report = await create(x.lead, x.task.id);
    expect(report.reportNo).toMatch(/^PSI\d{10}$/);
    expect(report.status).toBe(INSPECTION_REPORT_STATUS.draft);
    // Level II, lot 500 → H, n 50; major 2.5 → 3/4, minor 4.0 → 5/6 (DOMAIN.md §6.2).
    expect(report.sampling).toMatchObject({ level: 'II', majorAql: '2.5', minorAql: '4.0' });
    expect(report.sampling.plan).toMatchObject({
      letter: 'H',
      drawn: 50,
      severity: 'normal',
      major: { n: 50, ac: 3, re: 4 },
      minor: { n: 50, ac: 5, re: 6 },
      critical: { ac: 0, re: 1 },
    });
    expect(report.checkout?.by.id).toBe(report.inspector.id);
    expect(report.actions).toEqual(expect.arrayContaining(['update', 'release', 'submit']));
    expect(await status(inspectionTasks, x.task.id)).toBe(INSPECTION_TASK_STATUS.inProgress);
    expect(await status(inspectionApplies, x.apply.id)).toBe(INSPECTION_APPLY_STATUS.inspecting);
    expect(await status(inspectionPlans, x.plan.id)).toBe(INSPECTION_PLAN_STATUS.inProgress);
    const [taskRow] = await db().select().from(inspectionTasks).where(eq(inspectionTasks.id, x.task.id));
    expect(taskRow!.reportBaseNo).toBe(report.reportNo);
  });

  it('refuses a second live report on the task, a non-lead, and a task of a plan not dispatched', async () => {
    const x = await task();
    expect(
      (await refusal(ops.createInspectionReport, { taskId: String(x.task.id) }, x.assistant)).reason,
    ).toBe('E_NOT_LEAD');
    await create(x.lead, x.task.id);
    expect((await refusal(ops.createInspectionReport, { taskId: String(x.task.id) }, x.lead)).reason).toBe(
      'E_DUPLICATE',
    );
    const y = await task();
    await db()
      .update(inspectionPlans)
      .set({ status: INSPECTION_PLAN_STATUS.planned })
      .where(eq(inspectionPlans.id, y.plan.id));
    expect((await refusal(ops.createInspectionReport, { taskId: String(y.task.id) }, y.lead)).reason).toBe(
      'E_STATUS',
    );
    expect(
      await db().select().from(inspectionReports).where(eq(inspectionReports.taskId, y.task.id)),
    ).toEqual([]);
  });
});

describe('checkout (DOMAIN.md §6.10)', () => {
  it('lets one team member hold the lock; saves need it; an admin may force it free', async () => {
    const x = await task();
    let report = await create(x.lead, x.task.id);
    const id = report.id;
    const taken = await refusal(ops.checkoutInspectionReport, { id }, x.assistant);
    expect(taken.reason).toBe('E_CHECKED_OUT');
    expect(taken.error).toContain('checked out by');
    report = await t.client.ok(ops.releaseInspectionReport, { id, force: false }, { token: x.lead });
    expect(report.checkout).toBeNull();
    report = await t.client.ok(ops.checkoutInspectionReport, { id }, { token: x.assistant });
    const save = { id, version: report.version, inspectionDate: report.inspectionDate };
    expect((await refusal(ops.updateInspectionReport, save, x.lead)).reason).toBe('E_NOT_CHECKED_OUT');
    report = await t.client.ok(ops.updateInspectionReport, save, { token: x.assistant });
    expect((await refusal(ops.releaseInspectionReport, { id, force: true }, x.lead)).reason).toBe(
      'E_PERMISSION',
    );
    report = await t.client.ok(ops.releaseInspectionReport, { id, force: true }, { token: qcMgr });
    expect(report.checkout).toBeNull();
  });

  it('treats an expired checkout as free', async () => {
    const x = await task();
    const report = await create(x.lead, x.task.id);
    await db()
      .update(inspectionReports)
      .set({ checkoutExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(inspectionReports.id, BigInt(report.id)));
    const taken = await t.client.ok(ops.checkoutInspectionReport, { id: report.id }, { token: x.assistant });
    expect(taken.checkout?.by.id).toBe(taken.assistants[0]!.id);
  });
});

describe('saves', () => {
  it('keeps the defect counts equal to their lines, per product and class', async () => {
    const x = await task([300, 200]);
    const report = await create(x.lead, x.task.id);
    const [d1, d5] = [await idOf(db(), defects, 'D001'), await idOf(db(), defects, 'D005')];
    const [p1, p2] = report.products.map((p) => p.orderProductId);
    const saved = await t.client.ok(
      ops.updateInspectionReport,
      {
        id: report.id,
        version: report.version,
        defects: [
          { defectId: String(d5), defectClass: 2, qty: 2, orderProductId: p1 },
          { defectId: String(d5), defectClass: 3, qty: 3, orderProductId: p2 },
          { defectId: String(d1), defectClass: 2, qty: 1, orderProductId: p2 },
        ],
      },
      { token: x.lead },
    );
    expect(saved).toMatchObject({ critical: 0, major: 3, minor: 3 });
    expect(saved.products.map((p) => [p.major, p.minor])).toEqual([
      [2, 0],
      [1, 3],
    ]);
    // With two products, a line without its product is refused, and nothing changes.
    const missing = await refusal(
      ops.updateInspectionReport,
      { id: report.id, version: saved.version, defects: [{ defectId: String(d5), defectClass: 2, qty: 1 }] },
      x.lead,
    );
    expect(missing).toMatchObject({ reason: 'E_REQUIRED', field: 'orderProductId' });
    const again = await t.client.ok(ops.getInspectionReport, { id: report.id }, { token: x.lead });
    expect(again.defects).toHaveLength(3);
    expect(again.version).toBe(saved.version);
  });

  it('refuses counts below 0, and of two saves of one version one wins (E_VERSION)', async () => {
    const x = await task();
    const report = await create(x.lead, x.task.id);
    const negative = await refusal(
      ops.updateReportQuantity,
      {
        id: report.id,
        version: report.version,
        products: [{ orderProductId: report.products[0]!.orderProductId, presentedQuantity: -1 }],
      },
      x.lead,
    );
    expect(negative.reason).toBe('E_RANGE');
    const save = (inspectionDate: string) =>
      t.client.call(
        ops.updateInspectionReport,
        { id: report.id, version: report.version, inspectionDate },
        { token: x.lead },
      );
    const answers = await Promise.all([save('2030-01-02'), save('2030-01-03')]);
    const codes = answers
      .map((a) => (a.result.success ? 'ok' : (a.result as unknown as { reason: string }).reason))
      .sort();
    expect(codes).toEqual(['E_VERSION', 'ok']);
  });

  it('recomputes the plan from the presented quantity, refuses more than applied, and takes an override only with a reason', async () => {
    const x = await task([500]);
    const report = await create(x.lead, x.task.id);
    const product = report.products[0]!.orderProductId;
    const over = await refusal(
      ops.updateReportQuantity,
      {
        id: report.id,
        version: report.version,
        products: [{ orderProductId: product, presentedQuantity: 501 }],
      },
      x.lead,
    );
    expect(over).toMatchObject({ reason: 'E_QTY_EXCEEDS', field: 'presentedQuantity' });
    let saved = await t.client.ok(
      ops.updateReportQuantity,
      {
        id: report.id,
        version: report.version,
        products: [{ orderProductId: product, presentedQuantity: 50, packedQuantity: 40 }],
      },
      { token: x.lead },
    );
    // Lot 50 → D: major 2.5 points up to C (n 5, 0/1), minor 4.0 down to E (n 13, 1/2); 13 drawn.
    expect(saved.quantity).toBe(50);
    expect(saved.sampling.plan).toMatchObject({
      letter: 'D',
      drawn: 13,
      major: { letter: 'C', n: 5 },
      minor: { letter: 'E', n: 13 },
    });
    expect(saved.sampleSize).toBe(13);
    const noReason = await refusal(
      ops.updateReportQuantity,
      {
        id: report.id,
        version: saved.version,
        products: [{ orderProductId: product, presentedQuantity: 50 }],
        sampleSize: 20,
      },
      x.lead,
    );
    expect(noReason.reason).toBe('E_REASON_REQUIRED');
    saved = await t.client.ok(
      ops.updateReportQuantity,
      {
        id: report.id,
        version: saved.version,
        products: [{ orderProductId: product, presentedQuantity: 50, packedQuantity: 40 }],
        sampleSize: 20,
        sampleOverrideReason: '客户要求加抽 / client asked for more',
      },
      { token: x.lead },
    );
    expect(saved.sampleSize).toBe(20);
    expect(saved.sampling.override).toEqual({
      sampleSize: 20,
      reason: '客户要求加抽 / client asked for more',
    });
  });

  it('takes photos that are images, once each: the same file or the same bytes twice is E_DUPLICATE', async () => {
    const x = await task();
    const report = await create(x.lead, x.task.id);
    const a = await uploadFile(t, x.lead, 'a.jpg', await jpeg(1));
    const b = await uploadFile(t, x.lead, 'b.jpg', await jpeg(2));
    const copy = await uploadFile(t, x.lead, 'a-copy.jpg', await jpeg(1));
    const pdf = await uploadFile(t, x.lead, 'spec.pdf', Buffer.from('%PDF-1.7\n%%EOF\n'));
    const base = { id: report.id, version: report.version };
    expect((await refusal(ops.updateInspectionReport, { ...base, photoIds: [a, a] }, x.lead)).reason).toBe(
      'E_DUPLICATE',
    );
    expect((await refusal(ops.updateInspectionReport, { ...base, photoIds: [a, copy] }, x.lead)).reason).toBe(
      'E_DUPLICATE',
    );
    expect((await refusal(ops.updateInspectionReport, { ...base, photoIds: [pdf] }, x.lead)).reason).toBe(
      'E_IMAGE_ONLY',
    );
    const saved = await t.client.ok(
      ops.updateInspectionReport,
      { ...base, photoIds: [a, b] },
      { token: x.lead },
    );
    expect(saved.photos.map((p) => p.name)).toEqual(['a.jpg', 'b.jpg']);
    expect(saved.photos[0]!.url).toMatch(/\/api\/file\/\d+/);
    expect(saved.photos[0]!.thumbnailUrl).toMatch(/thumb/);
  });
});

describe('photo integrity (issue 27)', () => {
  it('flags for the auditor a photo taken another day, one without EXIF, and a near copy of a photo stored elsewhere', async () => {
    const x = await task();
    const report = await create(x.lead, x.task.id);
    const [y, m, d] = report.inspectionDate.split('-');
    const sameDay = await uploadFile(
      t,
      x.lead,
      'today.jpg',
      await cameraJpeg(11, { taken: `${y}:${m}:${d} 10:00:00`, width: 640, height: 480 }),
    );
    const otherDay = await uploadFile(
      t,
      x.lead,
      'old.jpg',
      await cameraJpeg(12, { taken: '2020:01:02 10:00:00', width: 640, height: 480 }),
    );
    const bare = await uploadFile(t, x.lead, 'bare.jpg', await jpeg(99));
    // The factory is where the camera says; a photo 1,200 km away (Shanghai) is flagged.
    await db()
      .update(factories)
      .set({ latitude: String(CAMERA.gps.lat), longitude: String(CAMERA.gps.lng) })
      .where(eq(factories.code, 'F-HM-SZ'));
    const far = await uploadFile(
      t,
      x.lead,
      'far.jpg',
      await cameraJpeg(14, {
        taken: `${y}:${m}:${d} 11:00:00`,
        gps: { lat: 31.23, lng: 121.47 },
        width: 640,
        height: 480,
      }),
    );
    const original = await cameraJpeg(13, { width: 640, height: 480 });
    await uploadFile(t, x.assistant, 'elsewhere.jpg', original);
    const nearCopy = await uploadFile(
      t,
      x.lead,
      'copy.jpg',
      await sharp(original).resize(600).jpeg({ quality: 70 }).toBuffer(),
    );
    const saved = await t.client.ok(
      ops.updateInspectionReport,
      { id: report.id, version: report.version, photoIds: [sameDay, otherDay, bare, nearCopy, far] },
      { token: x.lead },
    );
    const flags = Object.fromEntries(saved.photos.map((p) => [p.name, p.flags]));
    expect(flags['today.jpg']).toEqual([]);
    expect(flags['old.jpg']).toEqual(['DATE_MISMATCH']);
    expect(flags['bare.jpg']).toEqual(['NO_EXIF']);
    expect(flags['copy.jpg']).toContain('NEAR_DUPLICATE');
    expect(flags['far.jpg']).toEqual(['FAR_FROM_FACTORY']);
    const details = saved.photos.find((p) => p.name === 'far.jpg')!.flagDetails[0]!;
    expect(details).toMatchObject({ code: 'FAR_FROM_FACTORY' });
  });
});

describe('samples drawn on site', () => {
  it('make a draft test order for the lab, linked both ways, and record their courier', async () => {
    const x = await task();
    const report = await create(x.lead, x.task.id);
    const product = report.products[0]!.orderProductId;
    const labId = String(await idOf(db(), labs, 'SGS-SZ'));
    const drawn = await t.client.ok(
      ops.drawReportSamples,
      {
        id: report.id,
        version: report.version,
        labId,
        samples: [{ orderProductId: product, quantity: 3, sealNo: 'SEAL-0001' }],
      },
      { token: x.lead },
    );
    expect(drawn.labSamples).toMatchObject({
      samples: [{ quantity: 3, sealNo: 'SEAL-0001' }],
      trackingNo: null,
    });
    const order = drawn.labSamples!.testOrder!;
    const [row] = await db()
      .select()
      .from(testOrders)
      .where(eq(testOrders.id, BigInt(order.id)));
    expect(row).toMatchObject({ status: 10, inspectionReportId: BigInt(report.id), labId: BigInt(labId) });
    const again = await refusal(
      ops.drawReportSamples,
      {
        id: report.id,
        version: drawn.version,
        labId,
        samples: [{ orderProductId: product, quantity: 1, sealNo: 'S2' }],
      },
      x.lead,
    );
    expect(again.reason).toBe('E_DUPLICATE');
    const expressId = String(await idOf(db(), expresses, 'SF'));
    const sent = await t.client.ok(
      ops.sendReportSamples,
      { id: report.id, version: drawn.version, expressId, trackingNo: 'SF1234567890' },
      { token: x.assistant },
    );
    expect(sent.labSamples).toMatchObject({ trackingNo: 'SF1234567890', express: { code: 'SF' } });
  });
});

describe('safetest/inspection/search', () => {
  it('lists the safety tests recorded on reports with their products, by result and product, in scope', async () => {
    const x = await task();
    const report = await create(x.lead, x.task.id);
    const [tests] = [
      await db().select().from(inspectionTests).where(eq(inspectionTests.safety, true)).limit(2),
    ];
    await t.client.ok(
      ops.updateInspectionReport,
      {
        id: report.id,
        version: report.version,
        safetyTests: tests.map((test, i) => ({
          inspectionTestId: String(test.id),
          result: i === 0 ? 1 : 2,
          value: `${i}`,
        })),
      },
      { token: x.lead },
    );
    const productNo = report.products[0]!.productNo;
    const all = await t.client.ok(
      ops.searchSafetyTests,
      { page: 1, pageSize: 10, productNo },
      { token: qcMgr },
    );
    expect(all.total).toBe(tests.length);
    expect(all.list[0]).toMatchObject({ report: { reportNo: report.reportNo }, products: [{ productNo }] });
    const failed = await t.client.ok(
      ops.searchSafetyTests,
      { page: 1, pageSize: 10, productNo, result: 2 },
      { token: qcMgr },
    );
    expect(failed.list.map((r) => r.result)).toEqual([2]);
    const sales = await signInAs(t, 'SALES');
    const theirs = await t.client.ok(
      ops.searchSafetyTests,
      { page: 1, pageSize: 10, productNo },
      { token: sales },
    );
    expect(theirs.total).toBe(tests.length); // demo.sales owns the order's client
    const client = await signInAs(t, 'CLIENT');
    expect((await refusal(ops.searchSafetyTests, { page: 1, pageSize: 10 }, client)).reason).toBe(
      'E_PERMISSION',
    );
  });
});

describe('aql/plan', () => {
  it('answers the plan of a lot and refuses an AQL that is not a column of the table', async () => {
    const plan = await t.client.ok(
      ops.getAqlPlan,
      { lot: 3000, level: 'II', major: 2.5, minor: '4.0' },
      { token: qcMgr },
    );
    expect(plan).toMatchObject({
      letter: 'K',
      drawn: 125,
      severity: 'normal',
      major: { ac: 7, re: 8 },
      minor: { ac: 10, re: 11 },
    });
    const tightened = await t.client.ok(
      ops.getAqlPlan,
      { lot: 3000, level: 'II', major: 2.5, minor: 4, severity: 'tightened' },
      { token: qcMgr },
    );
    expect(tightened.major).toMatchObject({ ac: 5, re: 6 });
    const small = await t.client.ok(
      ops.getAqlPlan,
      { lot: 3, level: 'II', major: 2.5, minor: 4 },
      { token: qcMgr },
    );
    expect(small).toMatchObject({ drawn: 3, hundredPercent: true });
    expect(
      (await refusal(ops.getAqlPlan, { lot: 3000, level: 'II', major: 3, minor: 4 }, qcMgr)).reason,
    ).toBe('E_FORMAT');
  });
});

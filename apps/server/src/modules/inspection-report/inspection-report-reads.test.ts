import { areas } from '@qcdesk/contract';
import { INSPECTION_REPORT_STATUS } from '@qcdesk/contract/inspection-report';
import { INSPECTION_TASK_STATUS } from '@qcdesk/contract/inspection-task';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idOf } from '../../../test/support/factories';
import { signInAs } from '../../../test/support/identity';
import { signedInTask } from '../../../test/support/inspection-tasks';
import { startTestApp, type TestApp } from '../../../test/support/test-app';
import { inspectionTypes } from '../../db/schema/config';
import { inspectionReports } from '../../db/schema/inspection-report';
import { inspectionTasks } from '../../db/schema/inspection-task';
import { lotPlan } from '../../domain/sampling/plans';

// Inspection reports through the envelope, the reads and the rarer rows (DOMAIN.md §4.4, §6.8,
// §6.9, §5.4): the to-do lists and scopes of search, list, the result part, product-line results,
// cancel (its number never reused), level-2 reject, and a QC manager approving reduced inspection.

const ops = areas.inspectionReport;
let t: TestApp;
let auditor: string;
let qcMgr: string;

beforeAll(async () => {
  t = await startTestApp();
  [auditor, qcMgr] = await Promise.all([signInAs(t, 'AUDITOR'), signInAs(t, 'QC_MGR')]);
});
afterAll(() => t.close());

const db = () => t.database.db;
const create = (token: string, taskId: bigint) =>
  t.client.ok(ops.createInspectionReport, { taskId: String(taskId) }, { token });
const search = (token: string, input: Record<string, unknown>) =>
  t.client.ok(ops.searchInspectionReports, { page: 1, pageSize: 50, ...input }, { token });

/** A report moved straight to `status` (its other parts are the API tests' concern). */
const setStatus = (id: string, status: number) =>
  db()
    .update(inspectionReports)
    .set({ status })
    .where(eq(inspectionReports.id, BigInt(id)));

describe('inspection/report/search and list', () => {
  it('shows each reader their to-do and their scope: the team its drafts, an auditor what waits, a client only sent reports', async () => {
    const x = await task();
    const other = await task();
    const report = await create(x.lead, x.task.id);
    const orderNo = x.order.order.orderNo;
    expect((await search(x.lead, { orderNo })).list.map((r) => r.id)).toEqual([report.id]);
    expect((await search(x.assistant, { orderNo })).list.map((r) => r.id)).toEqual([report.id]);
    expect((await search(other.lead, { orderNo, work: false })).list).toEqual([]);
    expect((await search(auditor, { orderNo })).list).toEqual([]); // a draft is nobody's audit
    await setStatus(report.id, INSPECTION_REPORT_STATUS.submitted);
    expect((await search(auditor, { orderNo })).list.map((r) => r.id)).toEqual([report.id]);
    expect((await search(x.lead, { orderNo })).list).toEqual([]); // waiting on the auditor now
    const client = await signInAs(t, 'CLIENT');
    expect((await search(client, { orderNo, work: false })).list).toEqual([]);
    const byProduct = await search(qcMgr, { productNo: report.products[0]!.productNo, work: false });
    expect(byProduct.list.map((r) => r.reportNo)).toEqual([report.reportNo]);
    expect((await search(qcMgr, { orderNo, work: false, interim: true })).list).toEqual([]);
    const listed = await t.client.ok(
      ops.listInspectionReports,
      { taskId: String(x.task.id) },
      { token: qcMgr },
    );
    expect(listed.list.map((r) => r.reportNo)).toEqual([report.reportNo]);
    const found = await t.client.ok(
      ops.listInspectionReports,
      { keyword: report.reportNo.slice(-6) },
      { token: qcMgr },
    );
    expect(found.list.map((r) => r.id)).toContain(report.id);
  });
});

async function task(o: { clientId?: bigint } = {}) {
  return signedInTask(t, o);
}

describe('the result part', () => {
  it('answers the computed verdict, and a product line differing from the report needs a remark', async () => {
    const x = await task();
    let r = await create(x.lead, x.task.id);
    const line = {
      orderProductId: r.products[0]!.orderProductId,
      presentedQuantity: 500,
      packedQuantity: 500,
    };
    r = await t.client.ok(
      ops.updateReportQuantity,
      { id: r.id, version: r.version, products: [line] },
      { token: x.lead },
    );
    r = await t.client.ok(
      ops.createReportResult,
      { id: r.id, version: r.version, preResult: 1 },
      { token: x.lead },
    );
    const again = await t.client.refused(
      ops.createReportResult,
      { id: r.id, version: r.version, preResult: 1 },
      { token: x.lead },
    );
    expect(again.reason).toBe('E_DUPLICATE');
    const product = r.products[0]!.orderProductId;
    const bare = await t.client.refused(
      ops.updateReportResult,
      { id: r.id, version: r.version, products: [{ orderProductId: product, result: 2 }] },
      { token: x.lead },
    );
    expect(bare).toMatchObject({ reason: 'E_REQUIRED', field: 'remark' });
    r = await t.client.ok(
      ops.updateReportResult,
      {
        id: r.id,
        version: r.version,
        products: [{ orderProductId: product, result: 2, remark: '包装破损 / torn packing' }],
      },
      { token: x.lead },
    );
    const result = await t.client.ok(ops.getReportResult, { id: r.id }, { token: auditor });
    expect(result).toMatchObject({ computed: { result: 1, reasons: [] }, preResult: 1 });
    expect(result.products[0]).toMatchObject({ result: 2, remark: '包装破损 / torn packing' });
  });
});

describe('cancel and level-2 reject', () => {
  it('cancels a draft with a reason; the task’s next report takes a new number', async () => {
    const x = await task();
    const r = await create(x.lead, x.task.id);
    const noReason = await t.client.refused(
      ops.cancelInspectionReport,
      { id: r.id, version: r.version },
      { token: qcMgr },
    );
    expect(noReason.reason).toBe('E_REASON_REQUIRED');
    expect(
      (
        await t.client.refused(
          ops.cancelInspectionReport,
          { id: r.id, version: r.version, reason: 'x' },
          { token: x.lead },
        )
      ).reason,
    ).toBe('E_PERMISSION');
    const cancelled = await t.client.ok(
      ops.cancelInspectionReport,
      { id: r.id, version: r.version, reason: '重复创建 / created twice' },
      { token: qcMgr },
    );
    expect(cancelled.status).toBe(INSPECTION_REPORT_STATUS.cancelled);
    const next = await create(x.lead, x.task.id);
    expect(next.reportNo).not.toBe(r.reportNo);
    const [taskRow] = await db().select().from(inspectionTasks).where(eq(inspectionTasks.id, x.task.id));
    expect(taskRow!.reportBaseNo).toBe(next.reportNo);
  });

  it('at level 2 only an admin sends back, and the task returns to 20', async () => {
    const x = await task();
    const r = await create(x.lead, x.task.id);
    await setStatus(r.id, INSPECTION_REPORT_STATUS.levelTwo);
    await db()
      .update(inspectionTasks)
      .set({ status: INSPECTION_TASK_STATUS.reported })
      .where(eq(inspectionTasks.id, x.task.id));
    const version = r.version;
    const refused = await t.client.refused(
      ops.rejectInspectionReport,
      { id: r.id, version, reason: 'x' },
      { token: auditor },
    );
    expect(refused.reason).toBe('E_PERMISSION');
    const back = await t.client.ok(
      ops.rejectInspectionReport,
      { id: r.id, version, reason: '复核不通过 / not at level 2' },
      { token: qcMgr },
    );
    expect(back.status).toBe(INSPECTION_REPORT_STATUS.rejected);
    const [taskRow] = await db().select().from(inspectionTasks).where(eq(inspectionTasks.id, x.task.id));
    expect(taskRow!.status).toBe(INSPECTION_TASK_STATUS.inProgress);
  });
});

describe('reduced inspection (ISO 2859-1 §9.3.3)', () => {
  it('is approved by a QC manager once ten clean lots score 30, and the next report is planned on the reduced table', async () => {
    const x = await task();
    const type = await idOf(db(), inspectionTypes, 'PSI');
    const plan = {
      ...lotPlan('normal', 'H', 500, { major: '2.5', minor: '4.0' }),
      severity: 'normal' as const,
    };
    for (let day = 1; day <= 10; day++)
      await db()
        .insert(inspectionReports)
        .values({
          reportNo: `RED${x.task.id}-${day}`,
          taskId: x.task.id,
          applyId: x.apply.id,
          interim: false,
          inspectionTypeId: type,
          orderId: x.order.order.id,
          clientId: x.order.order.clientId,
          departmentId: x.order.order.departmentId,
          factoryId: x.order.products[0]!.factoryId,
          inspectorId: x.task.inspectorId,
          inspectionDate: `2026-02-${String(day).padStart(2, '0')}`,
          quantity: 500,
          samplingLevel: 'II',
          majorAql: '2.5',
          minorAql: '4.0',
          plan,
          sampleSize: 50,
          result: 1,
          status: INSPECTION_REPORT_STATUS.approved,
        });
    const supplier = {
      clientId: String(x.order.order.clientId),
      factoryId: String(x.order.products[0]!.factoryId),
      inspectionTypeId: String(type),
    };
    const before = await t.client.ok(ops.getAqlSeverity, supplier, { token: auditor });
    expect(before).toMatchObject({ severity: 'normal', score: 30, reducedEligible: true });
    const denied = await t.client.refused(
      ops.updateAqlSeverity,
      { ...supplier, decision: 'approveReduced', reason: 'x' },
      { token: auditor },
    );
    expect(denied.reason).toBe('E_PERMISSION');
    const after = await t.client.ok(
      ops.updateAqlSeverity,
      { ...supplier, decision: 'approveReduced', reason: '生产稳定 / steady production' },
      { token: qcMgr },
    );
    expect(after).toMatchObject({ severity: 'reduced', reason: 'REDUCED_APPROVED' });
    expect(after.history.at(-1)).toMatchObject({ kind: 'decision', accepted: true });
    const next = await signedInTask(t, { clientId: x.order.order.clientId });
    const report = await create(next.lead, next.task.id);
    // Reduced H at 2.5: n 20, Ac 1 / Re 4 (Z1.4's gap); normal would be n 50, 3/4.
    expect(report.sampling.plan).toMatchObject({ severity: 'reduced', major: { n: 20, ac: 1, re: 4 } });
  });
});

import { areas } from '@qcdesk/contract';
import { INSPECTION_APPLY_STATUS, INSPECTION_RESULT } from '@qcdesk/contract/inspection-apply';
import { INSPECTION_PLAN_STATUS } from '@qcdesk/contract/inspection-plan';
import { INSPECTION_REPORT_STATUS } from '@qcdesk/contract/inspection-report';
import { INSPECTION_TASK_STATUS } from '@qcdesk/contract/inspection-task';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idOf } from '../../../test/support/factories';
import { uploadFile } from '../../../test/support/files-helpers';
import { signInAs } from '../../../test/support/identity';
import { signedInTask } from '../../../test/support/inspection-tasks';
import { startTestApp, type TestApp } from '../../../test/support/test-app';
import { defects, inspectionTypes } from '../../db/schema/config';
import { users } from '../../db/schema/identity';
import { inspectionApplies, inspectionApplyItems } from '../../db/schema/inspection-apply';
import { inspectionPlans } from '../../db/schema/inspection-plan';
import { inspectionReports } from '../../db/schema/inspection-report';
import { inspectionTasks } from '../../db/schema/inspection-task';
import { mailOutbox } from '../../db/schema/mail';
import { lotPlan } from '../../domain/sampling/plans';
import { jpeg } from './inspection-report.factory';

// The audit of inspection reports through the envelope (DOMAIN.md §4.1, §4.3, §4.4, §6.3, §6.6,
// §7.3; issue 27): submit checks completeness and the pre-result; approval at level 1 or 2 by
// someone outside the team books the scores and closes task, application and plan; reject, reopen,
// interim; and the switching rules over a supplier's lots.

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
type Detail = Awaited<ReturnType<typeof create>>;

const task = (o: { inspectionType?: string; clientId?: bigint } = {}) => signedInTask(t, o);

const create = (token: string, taskId: bigint) =>
  t.client.ok(ops.createInspectionReport, { taskId: String(taskId) }, { token });
const reasonOf = (
  op: Parameters<TestApp['client']['refused']>[0],
  body: Record<string, unknown>,
  token: string,
) => t.client.refused(op, body, { token });
const statusOf = async (
  table: typeof inspectionTasks | typeof inspectionApplies | typeof inspectionPlans,
  id: bigint,
) => (await db().select({ status: table.status }).from(table).where(eq(table.id, id)))[0]!.status;

/** The PSI parts §7.3 asks for, with `majors` major defects (one photo each) and the pre-result. */
async function fill(
  report: Detail,
  token: string,
  o: { majors?: number; preResult?: number; remark?: string } = {},
) {
  const defectId = String(await idOf(db(), defects, 'D005'));
  const photo = await uploadFile(t, token, 'defect.jpg', await jpeg(Number(report.id) % 200));
  let r = await t.client.ok(
    ops.updateInspectionReport,
    {
      id: report.id,
      version: report.version,
      cartonData: { cartonQty: 50, pcsPerCarton: 10, openedCartons: 5, shippingMark: true },
      weights: { grossSpec: 10, grossActual: 10.2, unit: 'KG' },
      defects: o.majors ? [{ defectId, defectClass: 2, qty: o.majors, photoIds: [photo] }] : [],
    },
    { token },
  );
  r = await t.client.ok(
    ops.updateReportQuantity,
    {
      id: r.id,
      version: r.version,
      products: [
        { orderProductId: r.products[0]!.orderProductId, presentedQuantity: 500, packedQuantity: 500 },
      ],
    },
    { token },
  );
  const preResult = o.preResult ?? 1;
  return t.client.ok(
    ops.createReportResult,
    {
      id: r.id,
      version: r.version,
      preResult,
      ...(preResult !== INSPECTION_RESULT.pass
        ? { resultRemark: o.remark ?? '返工后复验 / rework, then re-inspect' }
        : {}),
    },
    { token },
  );
}

const submit = (r: Detail, token: string) =>
  t.client.ok(ops.submitInspectionReport, { id: r.id, version: r.version }, { token });
const approve = (r: Detail, token: string, extra: Record<string, unknown> = {}) =>
  t.client.ok(ops.approveInspectionReport, { id: r.id, version: r.version, ...extra }, { token });

describe('submit (§7.3)', () => {
  it('names the first missing part, and moves a final report’s task to 30', async () => {
    const x = await task();
    let r = await create(x.lead, x.task.id);
    const missing = await reasonOf(ops.submitInspectionReport, { id: r.id, version: r.version }, x.lead);
    expect(missing).toMatchObject({
      reason: 'E_INCOMPLETE',
      field: 'cartonData',
      error: 'The report is incomplete: Carton data',
    });
    const defectId = String(await idOf(db(), defects, 'D005'));
    r = await t.client.ok(
      ops.updateInspectionReport,
      { id: r.id, version: r.version, defects: [{ defectId, defectClass: 2, qty: 1 }] },
      { token: x.lead },
    );
    r = await fill(r, x.lead, { majors: 1 });
    expect(
      (await reasonOf(ops.submitInspectionReport, { id: r.id, version: r.version }, x.assistant)).reason,
    ).toBe('E_NOT_LEAD');
    r = await submit(r, x.lead);
    expect(r.status).toBe(INSPECTION_REPORT_STATUS.submitted);
    expect(r.checkout).toBeNull();
    expect(await statusOf(inspectionTasks, x.task.id)).toBe(INSPECTION_TASK_STATUS.reported);
  });

  it('refuses a pre-result better than the verdict of the counts, and takes rework for a fail', async () => {
    const x = await task();
    const r = await create(x.lead, x.task.id);
    const filled = await fill(r, x.lead, {
      majors: 4,
      preResult: 4,
      remark: '严重缺陷超标 / too many majors',
    });
    expect(filled.computed).toEqual({ result: 4, reasons: ['MAJOR_RE'] });
    const better = await reasonOf(
      ops.setReportPreResult,
      { id: r.id, version: filled.version, preResult: 2, resultRemark: 'x' },
      x.lead,
    );
    expect(better).toMatchObject({ reason: 'E_RESULT_BETTER', field: 'preResult' });
    const rework = await t.client.ok(
      ops.setReportPreResult,
      { id: r.id, version: filled.version, preResult: 3, resultRemark: '工厂同意返工 / the factory reworks' },
      { token: x.lead },
    );
    expect(rework.preResult).toBe(3);
  });
});

describe('approve (§4.4, §6.6, §4.1, §4.3)', () => {
  it('approves a pass at level 1, books the scores and closes task, application and plan', async () => {
    const x = await task();
    let r = await fill(await create(x.lead, x.task.id), x.lead);
    r = await submit(r, x.lead);
    expect(
      (await reasonOf(ops.approveInspectionReport, { id: r.id, version: r.version }, x.lead)).reason,
    ).toBe('E_PERMISSION');
    r = await approve(r, auditor);
    expect(r.status).toBe(INSPECTION_REPORT_STATUS.approved);
    expect(r).toMatchObject({ result: 1, score: 100, assistScore: 50 }); // PSI 1.00 × n 50 (1.0) × 1 product
    expect(r.auditL1?.by.name).toBeTruthy();
    expect(r.products[0]!.result).toBe(1);
    expect(await statusOf(inspectionTasks, x.task.id)).toBe(INSPECTION_TASK_STATUS.closed);
    expect(await statusOf(inspectionApplies, x.apply.id)).toBe(INSPECTION_APPLY_STATUS.completed);
    expect(await statusOf(inspectionPlans, x.plan.id)).toBe(INSPECTION_PLAN_STATUS.completed);
    const [item] = await db()
      .select()
      .from(inspectionApplyItems)
      .where(eq(inspectionApplyItems.applyId, x.apply.id));
    expect(item!.inspectedQuantity).toBe(500);
    const [apply] = await db().select().from(inspectionApplies).where(eq(inspectionApplies.id, x.apply.id));
    expect(apply!.result).toBe(1);
  });

  it('never lets a member of the team approve (E_SELF_AUDIT)', async () => {
    const x = await task();
    const r = await submit(await fill(await create(x.lead, x.task.id), x.lead), x.lead);
    const [me] = await db().select().from(users).where(eq(users.username, 'demo.auditor'));
    await db()
      .update(inspectionReports)
      .set({ assistantIds: [me!.id] })
      .where(eq(inspectionReports.id, BigInt(r.id)));
    expect(
      (await reasonOf(ops.approveInspectionReport, { id: r.id, version: r.version }, auditor)).reason,
    ).toBe('E_SELF_AUDIT');
  });

  it('takes rework to level 2, where an admin approves it', async () => {
    const x = await task();
    let r = await fill(await create(x.lead, x.task.id), x.lead, { majors: 4, preResult: 3 });
    r = await submit(r, x.lead);
    r = await approve(r, auditor);
    expect(r.status).toBe(INSPECTION_REPORT_STATUS.levelTwo);
    expect(r.levelTwoTriggers).toEqual(['RESULT']);
    expect(await statusOf(inspectionTasks, x.task.id)).toBe(INSPECTION_TASK_STATUS.reported);
    expect(
      (await reasonOf(ops.approveInspectionReport, { id: r.id, version: r.version }, auditor)).reason,
    ).toBe('E_PERMISSION');
    r = await approve(r, qcMgr);
    expect(r.status).toBe(INSPECTION_REPORT_STATUS.approved);
    expect(r.auditL2).not.toBeNull();
    expect(await statusOf(inspectionApplies, x.apply.id)).toBe(INSPECTION_APPLY_STATUS.completed);
  });

  it('lets the auditor set a better result only with a reason, which goes to level 2', async () => {
    const x = await task();
    let r = await fill(await create(x.lead, x.task.id), x.lead, {
      majors: 4,
      preResult: 4,
      remark: '严重缺陷超标 / too many majors',
    });
    r = await submit(r, x.lead);
    const noReason = await reasonOf(
      ops.approveInspectionReport,
      { id: r.id, version: r.version, result: 2, resultRemark: '轻微' },
      auditor,
    );
    expect(noReason.reason).toBe('E_REASON_REQUIRED');
    r = await approve(r, auditor, {
      result: 2,
      resultRemark: '可接受 / acceptable',
      reason: '客户已确认可接受 / the client accepts',
    });
    expect(r.status).toBe(INSPECTION_REPORT_STATUS.levelTwo);
    expect(r.levelTwoTriggers).toEqual(['RESULT', 'BETTER_THAN_COMPUTED', 'BETTER_THAN_PRE_RESULT']);
    expect(r.resultReason).toBe('客户已确认可接受 / the client accepts');
  });

  it('sends an application back to planning on "no report" (ABORTED) and aborts the task', async () => {
    const x = await task();
    let r = await fill(await create(x.lead, x.task.id), x.lead, {
      preResult: 5,
      remark: '货未备好 / goods not ready',
    });
    r = await approve(await submit(r, x.lead), auditor);
    expect(r).toMatchObject({ status: INSPECTION_REPORT_STATUS.approved, result: 5, score: 30 });
    expect(await statusOf(inspectionTasks, x.task.id)).toBe(INSPECTION_TASK_STATUS.aborted);
    const [apply] = await db().select().from(inspectionApplies).where(eq(inspectionApplies.id, x.apply.id));
    expect(apply).toMatchObject({ status: INSPECTION_APPLY_STATUS.submitted, reasonCode: 'ABORTED' });
  });
});

describe('reject, reopen, interim', () => {
  it('rejects with a reason back to the inspector (task to 20, a mail), who submits again', async () => {
    const x = await task();
    let r = await submit(await fill(await create(x.lead, x.task.id), x.lead), x.lead);
    expect(
      (await reasonOf(ops.rejectInspectionReport, { id: r.id, version: r.version }, auditor)).reason,
    ).toBe('E_REASON_REQUIRED');
    r = await t.client.ok(
      ops.rejectInspectionReport,
      { id: r.id, version: r.version, reason: '照片不清晰 / blurred photos' },
      { token: auditor },
    );
    expect(r).toMatchObject({
      status: INSPECTION_REPORT_STATUS.rejected,
      rejectReason: '照片不清晰 / blurred photos',
    });
    expect(await statusOf(inspectionTasks, x.task.id)).toBe(INSPECTION_TASK_STATUS.inProgress);
    const mails = await db()
      .select()
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.template, 'inspection-report-rejected'),
          eq(mailOutbox.to, await leadEmail(x.task.id)),
        ),
      );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('照片不清晰');
    r = await t.client.ok(ops.checkoutInspectionReport, { id: r.id }, { token: x.lead });
    r = await submit(r, x.lead);
    expect(r.status).toBe(INSPECTION_REPORT_STATUS.submitted);
  });

  it('reopens an approved report as a revision; approving it again updates the application', async () => {
    const x = await task();
    let r = await approve(await submit(await fill(await create(x.lead, x.task.id), x.lead), x.lead), auditor);
    r = await t.client.ok(
      ops.reopenInspectionReport,
      { id: r.id, version: r.version, reason: '数量有误 / wrong count' },
      { token: qcMgr },
    );
    expect(r).toMatchObject({ status: INSPECTION_REPORT_STATUS.rejected, revision: 1 });
    expect(await statusOf(inspectionTasks, x.task.id)).toBe(INSPECTION_TASK_STATUS.closed);
    r = await t.client.ok(ops.checkoutInspectionReport, { id: r.id }, { token: x.lead });
    r = await t.client.ok(
      ops.setReportPreResult,
      { id: r.id, version: r.version, preResult: 2, resultRemark: '包装不足 / packing short' },
      { token: x.lead },
    );
    r = await approve(await submit(r, x.lead), auditor);
    r = await approve(r, qcMgr); // result 2 is a level-2 trigger
    const [apply] = await db().select().from(inspectionApplies).where(eq(inspectionApplies.id, x.apply.id));
    expect(apply).toMatchObject({ status: INSPECTION_APPLY_STATUS.completed, result: 2 });
  });

  it('issues an interim report only where the type allows it, renumbered, leaving the task open', async () => {
    const psi = await task();
    const p = await fill(await create(psi.lead, psi.task.id), psi.lead);
    expect(
      (await reasonOf(ops.interimInspectionReport, { id: p.id, version: p.version }, psi.lead)).reason,
    ).toBe('E_STATUS');
    const x = await task({ inspectionType: 'DUPRO' });
    let r = await create(x.lead, x.task.id);
    const base = r.reportNo;
    r = await fill(r, x.lead);
    r = await t.client.ok(ops.interimInspectionReport, { id: r.id, version: r.version }, { token: x.lead });
    expect(r).toMatchObject({
      interim: true,
      reportNo: `${base}-I1`,
      status: INSPECTION_REPORT_STATUS.submitted,
    });
    expect(await statusOf(inspectionTasks, x.task.id)).toBe(INSPECTION_TASK_STATUS.inProgress);
    const next = await create(x.lead, x.task.id);
    expect(next.reportNo).toBe(base);
  });
});

async function leadEmail(taskId: bigint) {
  const [row] = await db()
    .select({ email: users.email })
    .from(inspectionTasks)
    .innerJoin(users, eq(users.id, inspectionTasks.inspectorId))
    .where(eq(inspectionTasks.id, taskId));
  return row!.email;
}

describe('switching rules (ISO 2859-1 §9)', () => {
  /** An approved final lot of the supplier, inserted as the report the switching rules read. */
  async function lot(x: Awaited<ReturnType<typeof task>>, day: number, majors: number) {
    const plan = {
      ...lotPlan('normal', 'H', 500, { major: '2.5', minor: '4.0' }),
      severity: 'normal' as const,
    };
    await db()
      .insert(inspectionReports)
      .values({
        reportNo: `LOT${x.task.id}-${day}`,
        taskId: x.task.id,
        applyId: x.apply.id,
        inspectionTypeId: await idOf(db(), inspectionTypes, 'PSI'),
        orderId: x.order.order.id,
        clientId: x.order.order.clientId,
        departmentId: x.order.order.departmentId,
        factoryId: x.order.products[0]!.factoryId,
        inspectorId: x.task.inspectorId,
        inspectionDate: `2026-01-${String(day).padStart(2, '0')}`,
        quantity: 500,
        samplingLevel: 'II',
        majorAql: '2.5',
        minorAql: '4.0',
        plan,
        sampleSize: 50,
        major: majors,
        result: majors >= 4 ? 4 : 1,
        status: INSPECTION_REPORT_STATUS.approved,
        interim: true, // out of the task's way; flipped below
      });
    await db()
      .update(inspectionReports)
      .set({ interim: false })
      .where(eq(inspectionReports.reportNo, `LOT${x.task.id}-${day}`));
  }

  it('tightens after two lots of five not accepted, plans the next report on tightened, and a QC manager cannot resume what is not discontinued', async () => {
    const x = await task();
    const supplier = {
      clientId: String(x.order.order.clientId),
      factoryId: String(x.order.products[0]!.factoryId),
      inspectionTypeId: String(await idOf(db(), inspectionTypes, 'PSI')),
    };
    await lot(x, 1, 4);
    await lot(x, 2, 0);
    let state = await t.client.ok(ops.getAqlSeverity, supplier, { token: qcMgr });
    expect(state).toMatchObject({ severity: 'normal', score: 3 }); // H: 0 majors would pass at 1.5 too
    await lot(x, 3, 5);
    state = await t.client.ok(ops.getAqlSeverity, supplier, { token: qcMgr });
    expect(state).toMatchObject({ severity: 'tightened', reason: 'TWO_OF_FIVE' });
    expect(state.history.map((h) => h.accepted)).toEqual([false, true, false]);
    const next = await task({ clientId: x.order.order.clientId });
    const report = await create(next.lead, next.task.id);
    // Tightened H at 2.5: n 50, Ac 2 / Re 3 (normal: 3/4).
    expect(report.sampling.plan).toMatchObject({ severity: 'tightened', major: { n: 50, ac: 2, re: 3 } });
    const refused = await reasonOf(
      ops.updateAqlSeverity,
      { ...supplier, decision: 'resume', reason: 'x' },
      qcMgr,
    );
    expect(refused.reason).toBe('E_STATUS');
    const client = await t.client.ok(
      ops.factorySeverities,
      { clientId: supplier.clientId },
      { token: qcMgr },
    );
    expect(client.list).toEqual([expect.objectContaining({ severity: 'tightened', lots: 3 })]);
  });
});

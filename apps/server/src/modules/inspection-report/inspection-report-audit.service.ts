import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { INSPECTION_RESULT } from '@qcdesk/contract/inspection-apply';
import { INSPECTION_REPORT_STATUS } from '@qcdesk/contract/inspection-report';
import { INSPECTION_TASK_STATUS } from '@qcdesk/contract/inspection-task';
import { and, eq, sql } from 'drizzle-orm';
import { inspectionReportProducts, inspectionReports } from '../../db/schema/inspection-report';
import { inspectionTasks } from '../../db/schema/inspection-task';
import { assistScore, leadScore } from '../../domain/inspection-score';
import { betterThanComputed, isEvaluated, preResultAllowed } from '../../domain/inspection-verdict';
import type { Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { lockVersion } from '../../platform/records';
import { getSystemParam } from '../../platform/system-params';
import { transition } from '../../platform/transition';
import { applyReported } from '../inspection-apply/inspection-apply-report.service';
import { bookingReportApproved } from '../inspection-booking/inspection-booking-system.service';
import { followPlanTasks } from '../inspection-plan/inspection-plan-transitions.service';
import { moveTaskForReport } from '../inspection-task/inspection-task.service';
import {
  assertComplete,
  assertLead,
  assertNotTeam,
  assertRemark,
  type InspectionReportRecord,
  inspectionReportMachine,
  interimNumber,
  liveHolder,
} from './inspection-report.rules';
import { reportDetail } from './inspection-report-detail.service';
import { mailInspector } from './inspection-report-mail.service';
import {
  inspectionTypeOf,
  reportDefects,
  reportProducts,
  reportSafetyTests,
  requiredSafetyTests,
  triggersOf,
  verdictOf,
} from './inspection-report-parts.service';
import { queueReportPdf } from './inspection-report-pdf.service';

// The transitions of an inspection report (DOMAIN.md §4.4) and what they cause in the same
// transaction: submit and interim (§7.3 completeness, the verdict checked again), the two-level
// approval (§6.3 result rules, scores §6.6; a final report closes its task and application),
// reject (the task back to 20, a mail to the inspector), reopen (a revision) and cancel.

type Ops = typeof areas.inspectionReport;
type ReasonInput = ParsedInputOf<Ops['submitInspectionReport']>;
const { draft, levelTwo, approved, sent, confirmed } = INSPECTION_REPORT_STATUS;
const released = { checkedOutBy: null, checkedOutAt: null, checkoutExpiresAt: null };

const move = (
  db: Db,
  r: InspectionReportRecord,
  action: string,
  user: Principal,
  reason?: string,
  set = {},
) =>
  transition(db, {
    machine: inspectionReportMachine,
    table: inspectionReports,
    id: r.id,
    version: r.version,
    action,
    user,
    reason,
    set,
  });

const taskStatus = async (db: Db, taskId: bigint) =>
  (
    await db
      .select({ status: inspectionTasks.status })
      .from(inspectionTasks)
      .where(eq(inspectionTasks.id, taskId))
  )[0]?.status;

/** §7.3 and §6.3 rule 6, before a submit or an interim: complete, and the pre-result still allowed. */
async function assertSubmittable(db: Db, r: InspectionReportRecord, user: Principal, now: Date) {
  assertLead(r, user);
  const holder = liveHolder(r, now);
  if (holder !== null && holder !== user.userId) throw new AppError('E_CHECKED_OUT', { user: '' });
  const type = await inspectionTypeOf(db, r.inspectionTypeId);
  const products = await reportProducts(db, r.id);
  const tests = await reportSafetyTests(db, r.id);
  assertComplete({
    inspectionDate: r.inspectionDate,
    quantity: r.quantity,
    products: products.map((p) => p.line),
    usesAql: type.usesAql,
    hasPlan: r.plan !== null,
    serviceCode: type.serviceCode,
    hasCartonData: r.cartonData !== null,
    hasWeights: r.weights !== null,
    requiredSafetyTestIds: (await requiredSafetyTests(db, r.clientId)).map((t) => t.id),
    safetyTests: tests.map((t) => t.line),
    preResult: r.preResult,
    resultRemark: r.resultRemark,
    defects: (await reportDefects(db, r.id)).map((d) => d.line),
  });
  const verdict = await verdictOf(db, r);
  if (!preResultAllowed(r.preResult!, verdict.result))
    throw new AppError('E_RESULT_BETTER', {}, { field: 'preResult' });
  return { type, verdict };
}

/** inspection/report/submit: 10/80 → 20; a final report moves its task to 30. */
export async function submitInspectionReport(db: Db, input: ReasonInput, user: Principal) {
  const now = new Date();
  const r = await lockVersion(db, inspectionReports, input.id, input.version);
  const { verdict } = await assertSubmittable(db, r, user, now);
  await move(db, r, 'submit', user, input.reason, {
    ...released,
    computedResult: verdict.result,
    rejectReason: null,
  });
  // A reopened report's task stays where its first approval left it (§4.4 reopen).
  if (!r.interim && (await taskStatus(db, r.taskId)) === INSPECTION_TASK_STATUS.inProgress)
    await moveTaskForReport(db, r.taskId, 'report', user);
  return reportDetail(db, r.id, user, now);
}

/** inspection/report/interim: 10 → 20, interim for good, renumbered `{base}-I{n}` (§6.9, §6.10). */
export async function interimInspectionReport(db: Db, input: ReasonInput, user: Principal) {
  const now = new Date();
  const r = await lockVersion(db, inspectionReports, input.id, input.version);
  if (r.status !== draft || r.interim) throw new AppError('E_STATUS');
  const { type, verdict } = await assertSubmittable(db, r, user, now);
  if (!type.allowInterim) throw new AppError('E_STATUS');
  const [task] = await db
    .select()
    .from(inspectionTasks)
    .where(eq(inspectionTasks.id, r.taskId))
    .for('update');
  const [{ approvedFinals, interims }] = (await db
    .select({
      approvedFinals:
        sql<number>`count(*) filter (where not ${inspectionReports.interim} and ${inspectionReports.status} in (${approved}, ${sent}, ${confirmed}))`.mapWith(
          Number,
        ),
      interims: sql<number>`count(*) filter (where ${inspectionReports.interim})`.mapWith(Number),
    })
    .from(inspectionReports)
    .where(eq(inspectionReports.taskId, r.taskId))) as [{ approvedFinals: number; interims: number }];
  if (approvedFinals > 0) throw new AppError('E_STATUS');
  await move(db, r, 'interim', user, input.reason, {
    ...released,
    interim: true,
    reportNo: interimNumber(task!.reportBaseNo!, interims + 1),
    computedResult: verdict.result,
  });
  return reportDetail(db, r.id, user, now);
}

/** At 30: the scores booked (§6.6), product lines defaulted, a final report's task and application closed. */
async function bookApproval(db: Db, r: InspectionReportRecord, result: number, user: Principal) {
  const type = await inspectionTypeOf(db, r.inspectionTypeId);
  const products = await reportProducts(db, r.id);
  const lead = leadScore({
    baseScore: type.baseScore,
    sampleSize: r.sampleSize,
    usesAql: type.usesAql,
    products: products.length,
    result,
    interim: r.interim,
  });
  const assist =
    r.assistantIds.length > 0 ? assistScore(lead, await getSystemParam(db, 'score.assistRatio')) : 0;
  await db
    .update(inspectionReportProducts)
    .set({ result })
    .where(
      and(
        eq(inspectionReportProducts.reportId, r.id),
        eq(inspectionReportProducts.result, INSPECTION_RESULT.empty),
      ),
    );
  if (!r.interim) {
    const [task] = await db.select().from(inspectionTasks).where(eq(inspectionTasks.id, r.taskId));
    if (task?.status === INSPECTION_TASK_STATUS.reported)
      await moveTaskForReport(db, r.taskId, isEvaluated(result) ? 'close' : 'abort', user);
    if (r.applyId !== null) {
      const inspected = new Map(products.map((p) => [p.line.orderProductId, p.line.presentedQuantity]));
      await applyReported(db, r.applyId, result, inspected, user);
    }
    if (task) await followPlanTasks(db, task.planId, user);
    if (task?.bookingId != null) await bookingReportApproved(db, task.bookingId, user);
  }
  return { score: lead, assistScore: assist };
}

/** inspection/report/approve: level 1 (20 → 30 or 25) and level 2 (25 → 30). */
export async function approveInspectionReport(
  db: Db,
  input: ParsedInputOf<Ops['approveInspectionReport']>,
  user: Principal,
) {
  const now = new Date();
  const r = await lockVersion(db, inspectionReports, input.id, input.version);
  assertNotTeam(r, user);
  if (r.status === levelTwo) {
    if (!user.permissions.has('insp.report.admin')) throw new AppError('E_PERMISSION');
    const booked = await bookApproval(db, r, r.result, user);
    await move(db, r, 'approveL2', user, input.reason, { ...booked, auditL2By: user.userId, auditL2At: now });
    await queueReportPdf(db, r.id, r.revision, user);
    return reportDetail(db, r.id, user, now);
  }
  const verdict = await verdictOf(db, r);
  const result = input.result ?? r.preResult ?? INSPECTION_RESULT.empty;
  if (result === INSPECTION_RESULT.empty)
    throw new AppError('E_REQUIRED', { field: 'preResult' }, { field: 'preResult' });
  const better =
    betterThanComputed(result, verdict.result) ||
    (r.preResult !== null && betterThanComputed(result, r.preResult));
  const reason = input.reason?.trim();
  if (better && !reason) throw new AppError('E_REASON_REQUIRED', {}, { field: 'reason' });
  const resultRemark = input.resultRemark ?? r.resultRemark;
  assertRemark(result, resultRemark);
  const triggers = triggersOf(r, result, verdict.result);
  const set = {
    ...released,
    result,
    resultRemark,
    resultReason: better ? reason! : null,
    computedResult: verdict.result,
    auditL1By: user.userId,
    auditL1At: now,
  };
  if (triggers.length > 0) await move(db, r, 'escalate', user, reason, set);
  else {
    await move(db, r, 'approve', user, reason, { ...set, ...(await bookApproval(db, r, result, user)) });
    await queueReportPdf(db, r.id, r.revision, user);
  }
  return reportDetail(db, r.id, user, now);
}

/** inspection/report/reject: 20 → 80 (audit) or 25 → 80 (admin), reason R; the task back to 20. */
export async function rejectInspectionReport(db: Db, input: ReasonInput, user: Principal) {
  const r = await lockVersion(db, inspectionReports, input.id, input.version);
  assertNotTeam(r, user);
  const action = r.status === levelTwo ? 'rejectL2' : 'reject';
  await move(db, r, action, user, input.reason, { ...released, rejectReason: input.reason?.trim() ?? null });
  if (!r.interim) {
    const [task] = await db.select().from(inspectionTasks).where(eq(inspectionTasks.id, r.taskId));
    if (task?.status === INSPECTION_TASK_STATUS.reported)
      await moveTaskForReport(db, r.taskId, 'resume', user);
  }
  await mailInspector(db, r, user, input.reason?.trim() ?? '');
  return reportDetail(db, r.id, user);
}

/** inspection/report/reopen: 30/40/50 → 80 with a reason; revision + 1 (the task and application stay). */
export async function reopenInspectionReport(db: Db, input: ReasonInput, user: Principal) {
  const r = await lockVersion(db, inspectionReports, input.id, input.version);
  await move(db, r, 'reopen', user, input.reason, {
    revision: r.revision + 1,
    rejectReason: input.reason?.trim() ?? null,
    // The PDF of the old revision stays stored; the re-approval makes the new one.
    pdfJobId: null,
  });
  return reportDetail(db, r.id, user);
}

/** inspection/report/cancel: 10/80 → 90 with a reason; its number is never reused (§6.9). */
export async function cancelInspectionReport(db: Db, input: ReasonInput, user: Principal) {
  const r = await lockVersion(db, inspectionReports, input.id, input.version);
  await move(db, r, 'cancel', user, input.reason, released);
  return reportDetail(db, r.id, user);
}

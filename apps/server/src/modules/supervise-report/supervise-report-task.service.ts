import { INSPECTION_TASK_STATUS } from '@qcdesk/contract/inspection-task';
import { and, asc, eq } from 'drizzle-orm';
import { inspectionTypes } from '../../db/schema/config';
import { inspectionTasks } from '../../db/schema/inspection-task';
import { isEvaluated } from '../../domain/inspection-verdict';
import type { Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { createBookingPlan, dropReportPlan } from '../inspection-plan/inspection-plan-bookings.service';
import { followPlanTasks } from '../inspection-plan/inspection-plan-transitions.service';
import { moveTaskForReport } from '../inspection-task/inspection-task.service';

// The CLC plan and task of a supervise report (DOMAIN.md §4.2, §4.3 last paragraph, §4.5): a report
// made from a shipping gets a dispatched plan with one task for its inspector (a booking's report has
// its booking's), and the report moves that task as a final inspection report moves its own —
// started by the first checkout (10 → 20), reported by the submit (→ 30), resumed by a reject
// (→ 20), closed or aborted by the approval (→ 40 / 50) — the plan following its task.

/** The CLC inspection type (seeded, DOMAIN.md §6.6 base 60). */
async function clcTypeId(db: Db): Promise<bigint> {
  const [type] = await db
    .select({ id: inspectionTypes.id })
    .from(inspectionTypes)
    .where(and(eq(inspectionTypes.serviceCode, 'CLC'), eq(inspectionTypes.valid, 1)))
    .orderBy(asc(inspectionTypes.id))
    .limit(1);
  if (!type) throw new AppError('E_NOT_FOUND', {}, { field: 'inspectionTypeId' });
  return type.id;
}

/** The dispatched CLC plan (20) and task (10) of a report made from a shipping; answers the plan id. */
export async function createShippingReportPlan(
  db: Db,
  r: { factoryId: bigint; loadingDate: string; inspectorId: bigint; assistantIds: readonly bigint[] },
  user: Principal,
): Promise<bigint> {
  return createBookingPlan(
    db,
    {
      bookingId: null,
      inspectionTypeId: await clcTypeId(db),
      factoryId: r.factoryId,
      planDate: r.loadingDate,
      leadInspectorId: r.inspectorId,
      assistantIds: r.assistantIds,
      manDays: 1,
    },
    user,
  );
}

/** The report's task: the one task of its plan. */
async function taskOf(db: Db, planId: bigint) {
  const [task] = await db
    .select()
    .from(inspectionTasks)
    .where(and(eq(inspectionTasks.planId, planId), eq(inspectionTasks.valid, 1)))
    .orderBy(asc(inspectionTasks.id))
    .limit(1);
  return task ?? null;
}

const { assigned, inProgress, reported } = INSPECTION_TASK_STATUS;

/** The §4.3 moves a supervise report causes; `approved` carries the report's result. */
export type ReportTaskEvent = 'checkedOut' | 'submitted' | 'rejected' | { approved: number };

/**
 * §4.3 for a CLC task: the first checkout starts it (10 → 20), the submit reports it (20 → 30, a task
 * never started is started first), a reject resumes it (30 → 20) and the approval closes (result 1–4,
 * → 40) or aborts it (5, 6 → 50); then the plan follows (§4.2: started, completed). A task in
 * another status (cancelled) is left as it is.
 */
export async function moveReportTask(
  db: Db,
  planId: bigint | null,
  event: ReportTaskEvent,
  user: Principal,
): Promise<void> {
  if (planId === null) return;
  const task = await taskOf(db, planId);
  if (!task) return;
  if (event === 'checkedOut') {
    if (task.status === assigned) await moveTaskForReport(db, task.id, 'start', user);
  } else if (event === 'submitted') {
    if (task.status === assigned) await moveTaskForReport(db, task.id, 'start', user);
    if (task.status === assigned || task.status === inProgress)
      await moveTaskForReport(db, task.id, 'report', user);
  } else if (event === 'rejected') {
    if (task.status === reported) await moveTaskForReport(db, task.id, 'resume', user);
  } else if (task.status === reported) {
    await moveTaskForReport(db, task.id, isEvaluated(event.approved) ? 'close' : 'abort', user);
  }
  await followPlanTasks(db, planId, user);
}

/** A cancelled report made from a shipping: its CLC task → 90 and its plan → 90. */
export async function dropShippingReportPlan(
  db: Db,
  r: { planId: bigint | null; bookingId: bigint | null },
  reason: string | undefined,
  user: Principal,
): Promise<void> {
  if (r.planId === null || r.bookingId !== null) return;
  await dropReportPlan(db, r.planId, reason, user);
}

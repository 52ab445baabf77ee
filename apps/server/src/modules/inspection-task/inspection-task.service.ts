import { INSPECTION_TASK_STATUS } from '@qcdesk/contract/inspection-task';
import { and, eq } from 'drizzle-orm';
import { inspectionTaskAssistants, inspectionTasks } from '../../db/schema/inspection-task';
import { type Actor, actorOf, type Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { cappedTotal, searchPage } from '../../platform/paging';
import { createRecord, updateRecord } from '../../platform/records';
import { scopeOf } from '../../platform/scope';
import { transition } from '../../platform/transition';
import {
  type InspectionTaskSearch,
  inspectionTaskDetail,
  inspectionTaskPage,
  inspectionTaskSearchWhere,
  planTasks,
} from './inspection-task.queries';
import {
  actingForSystem,
  CLOSED_TASK_STATUSES,
  followsPlan,
  INSPECTION_TASK_ENTITY,
  inspectionTaskMachine,
  OPEN_TASK_STATUSES,
  type TaskReportMove,
} from './inspection-task.rules';

// Inspection tasks (验货任务, DOMAIN.md §2.6, §4.3): the inspector's search and details, and what a
// plan does to its tasks in its own transaction (the plan area calls these): create one per
// application, follow the plan's date and inspectors, cancel with the plan.

export { actingForSystem, INSPECTION_TASK_ENTITY } from './inspection-task.rules';

/** inspection/task/search: spec §3 filters; inspectors only their own tasks of plans in 20–40. */
export async function searchInspectionTasks(db: Db, input: InspectionTaskSearch, user: Principal) {
  const scope = await scopeOf(db, user);
  const where = inspectionTaskSearchWhere(db, input, scope);
  return searchPage(db, {
    table: inspectionTasks,
    where,
    input,
    list: () => inspectionTaskPage(db, input, where),
  });
}

/** The dashboard's count (issue 30): this list's search WHERE in the caller's scope, capped like its total. */
export async function countInspectionTasks(db: Db, filters: Partial<InspectionTaskSearch>, user: Principal) {
  return cappedTotal(db, inspectionTasks, inspectionTaskSearchWhere(db, filters, await scopeOf(db, user)));
}

/** inspection/task/details: E_SCOPE for another inspector's task (or one of a plan not dispatched). */
export async function getInspectionTask(db: Db, id: bigint, user: Principal) {
  return inspectionTaskDetail(db, id, await scopeOf(db, user));
}

export interface PlanOfTasks {
  id: bigint;
  planNo: string;
  factoryId: bigint;
  planDate: string;
  leadInspectorId: bigint;
}

async function writeAssistants(db: Db, taskId: bigint, assistantIds: readonly bigint[], actor: Actor) {
  if (assistantIds.length === 0) return;
  await db.insert(inspectionTaskAssistants).values(
    assistantIds.map((userId, sort) => ({
      taskId,
      userId,
      sort,
      createdBy: actor.userId,
      updatedBy: actor.userId,
    })),
  );
}

/**
 * §4.3 "plan create → 10": one task per application, `{planNo}-nn` in the order given, on the
 * plan's date with its lead and assistants (copied: editable per task later).
 */
export async function createPlanTasks(
  db: Db,
  plan: PlanOfTasks,
  applies: readonly { id: bigint; inspectionTypeId: bigint }[],
  assistantIds: readonly bigint[],
  taskNo: (n: number) => string,
  user: Principal,
) {
  const actor = actorOf(user);
  for (const [index, apply] of applies.entries()) {
    const task = await createRecord(db, {
      table: inspectionTasks,
      entity: INSPECTION_TASK_ENTITY,
      actor,
      values: {
        taskNo: taskNo(index + 1),
        planId: plan.id,
        applyId: apply.id,
        factoryId: plan.factoryId,
        inspectionTypeId: apply.inspectionTypeId,
        inspectorId: plan.leadInspectorId,
        taskDate: plan.planDate,
      },
    });
    await writeAssistants(db, task.id, assistantIds, actor);
  }
}

/**
 * §4.6 assignment: the one task of a booking's plan, on the plan's date with its lead and assistants
 * (no booking: the CLC task of a supervise report made from a shipping).
 */
export async function createBookingTask(
  db: Db,
  plan: PlanOfTasks,
  booking: { id: bigint | null; inspectionTypeId: bigint },
  assistantIds: readonly bigint[],
  taskNo: string,
  user: Principal,
) {
  const actor = actorOf(user);
  const task = await createRecord(db, {
    table: inspectionTasks,
    entity: INSPECTION_TASK_ENTITY,
    actor,
    values: {
      taskNo,
      planId: plan.id,
      bookingId: booking.id,
      factoryId: plan.factoryId,
      inspectionTypeId: booking.inspectionTypeId,
      inspectorId: plan.leadInspectorId,
      taskDate: plan.planDate,
    },
  });
  await writeAssistants(db, task.id, assistantIds, actor);
  return task;
}

/**
 * A plan's new date or inspectors reach its tasks nobody has started (10): the task date, the
 * lead and the assistants (replaced), each change in the task's log.
 */
export async function followPlan(
  db: Db,
  plan: { id: bigint; planDate: string; leadInspectorId: bigint },
  assistantIds: readonly bigint[] | undefined,
  user: Principal,
) {
  const actor = actorOf(user);
  for (const task of await planTasks(db, plan.id, OPEN_TASK_STATUSES)) {
    if (!followsPlan(task.status)) continue;
    const moved = task.taskDate !== plan.planDate || task.inspectorId !== plan.leadInspectorId;
    if (moved)
      await updateRecord(db, {
        table: inspectionTasks,
        id: task.id,
        version: task.version,
        entity: INSPECTION_TASK_ENTITY,
        actor,
        values: { taskDate: plan.planDate, inspectorId: plan.leadInspectorId },
      });
    if (assistantIds === undefined) continue;
    await db
      .update(inspectionTaskAssistants)
      .set({ valid: 0, updatedAt: new Date(), updatedBy: actor.userId })
      .where(and(eq(inspectionTaskAssistants.taskId, task.id), eq(inspectionTaskAssistants.valid, 1)));
    await writeAssistants(db, task.id, assistantIds, actor);
  }
}

/** §4.3 "plan cancelled → 90": the plan's open tasks (10, 20), each logged with the reason. */
export async function cancelPlanTasks(db: Db, planId: bigint, reason: string | undefined, user: Principal) {
  for (const task of await planTasks(db, planId, OPEN_TASK_STATUSES)) {
    await transition(db, {
      machine: inspectionTaskMachine,
      table: inspectionTasks,
      id: task.id,
      version: task.version,
      action: 'cancel',
      user,
      reason,
    });
  }
}

/**
 * §4.3 "its application waived or cancelled → 90": the application's open tasks, cancelled for the
 * user who closed it; answers the plans they belong to (the plan area settles those).
 */
export async function cancelApplyTasks(db: Db, applyId: bigint, user: Principal): Promise<bigint[]> {
  const tasks = await db
    .select()
    .from(inspectionTasks)
    .where(and(eq(inspectionTasks.applyId, applyId), eq(inspectionTasks.valid, 1)))
    .for('update');
  const system = actingForSystem(user, inspectionTaskMachine.rules[0]!.permission);
  const plans = new Set<bigint>();
  for (const task of tasks) {
    if (!OPEN_TASK_STATUSES.includes(task.status)) continue;
    await transition(db, {
      machine: inspectionTaskMachine,
      table: inspectionTasks,
      id: task.id,
      version: task.version,
      action: 'cancel',
      user: system,
    });
    plans.add(task.planId);
  }
  return [...plans];
}

/**
 * §4.3 rows a final report causes, taken for the user whose report action caused them: `start`
 * (first report created; a task already started stays), `report` (submitted), `resume` (rejected),
 * `close` (approved 1–4), `abort` (approved 5 or 6). Answers the task after the move.
 */
export async function moveTaskForReport(db: Db, taskId: bigint, move: TaskReportMove, user: Principal) {
  const [task] = await db.select().from(inspectionTasks).where(eq(inspectionTasks.id, taskId)).for('update');
  if (!task) throw new AppError('E_NOT_FOUND');
  if (move === 'start' && task.status !== INSPECTION_TASK_STATUS.assigned) return task;
  const rule = inspectionTaskMachine.rules.find((r) => r.action === move)!;
  return transition(db, {
    machine: inspectionTaskMachine,
    table: inspectionTasks,
    id: task.id,
    version: task.version,
    action: move,
    user: actingForSystem(user, rule.permission),
  });
}

/** Whether every task of the plan is cancelled (§4.2 "all tasks cancelled → 90"). */
export async function allTasksCancelled(db: Db, planId: bigint): Promise<boolean> {
  const open = await planTasks(db, planId, [...OPEN_TASK_STATUSES, ...CLOSED_TASK_STATUSES]);
  return open.length === 0;
}

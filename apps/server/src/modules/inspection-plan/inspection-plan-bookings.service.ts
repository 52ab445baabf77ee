import { INSPECTION_PLAN_STATUS } from '@qcdesk/contract/inspection-plan';
import type { Warning } from '@qcdesk/contract/warnings';
import { eq } from 'drizzle-orm';
import { inspectionPlans } from '../../db/schema/inspection-plan';
import { actorOf, type Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { nextNumber } from '../../platform/numbering';
import { createRecord } from '../../platform/records';
import { transition } from '../../platform/transition';
import {
  actingForSystem,
  allTasksCancelled,
  cancelPlanTasks,
  createBookingTask,
} from '../inspection-task/inspection-task.service';
import {
  INSPECTION_PLAN_ENTITY,
  inspectionPlanMachine,
  isPlanDroppable,
  taskNumber,
} from './inspection-plan.rules';
import { assertInspectors, writePlanAssistants } from './inspection-plan.service';
import { dispatchInspectionPlan } from './inspection-plan-transitions.service';
import { updateInspectionPlan } from './inspection-plan-update.service';
import { planWarningsOf } from './inspection-plan-warnings.service';

// The plans of booking assignments (DOMAIN.md §4.2 "create … from a booking assignment", §4.6): the
// booking area's assignment creates a plan dispatched at once with one task for the booking, moves
// it on a reschedule and drops it on a cancel. The plan rows are taken for the booking admin as
// system rows (§4 rule e): the planner's permission is lent.

const PLANNER = 'inspplan.create';

export interface BookingAssignment {
  /** null for the CLC plan of a supervise report made from a shipping (no booking). */
  bookingId: bigint | null;
  inspectionTypeId: bigint;
  factoryId: bigint;
  planDate: string;
  leadInspectorId: bigint;
  assistantIds: readonly bigint[];
  manDays: number;
}

/** The warnings of an assignment (W_FACTORY_CLOSED, W_NON_WORKING_DAY, W_INSPECTOR_BUSY). */
export async function bookingPlanWarnings(
  db: Db,
  a: Omit<BookingAssignment, 'bookingId' | 'inspectionTypeId'>,
  exceptPlanId?: bigint,
): Promise<Warning[]> {
  await assertInspectors(db, a.leadInspectorId, a.assistantIds);
  return planWarningsOf(db, { ...a, endDate: a.planDate, applyIds: [] }, exceptPlanId);
}

/**
 * A dispatched plan (20) with the booking's task; the inspection notice is mailed. Answers the plan
 * id. A supervise report made from a shipping gets its CLC plan and task here too (no booking), so
 * fees, the inspectors' load and the plan warnings see it.
 */
export async function createBookingPlan(db: Db, a: BookingAssignment, user: Principal): Promise<bigint> {
  const planner = actingForSystem(user, PLANNER);
  const actor = actorOf(user);
  const planNo = await nextNumber(db, 'IP');
  const plan = await createRecord(db, {
    table: inspectionPlans,
    entity: INSPECTION_PLAN_ENTITY,
    actor,
    values: {
      planNo,
      factoryId: a.factoryId,
      planDate: a.planDate,
      endDate: a.planDate,
      leadInspectorId: a.leadInspectorId,
      manDays: String(a.manDays),
      status: INSPECTION_PLAN_STATUS.planned,
    },
    children: async (created) => {
      await writePlanAssistants(db, created.id, a.assistantIds, actor);
      return a.assistantIds.length === 0
        ? []
        : [{ field: 'assistantIds', from: null, to: a.assistantIds.map(String) }];
    },
  });
  await createBookingTask(
    db,
    plan,
    { id: a.bookingId, inspectionTypeId: a.inspectionTypeId },
    a.assistantIds,
    taskNumber(planNo, 1),
    planner,
  );
  await dispatchInspectionPlan(db, { id: plan.id, version: plan.version }, planner);
  return plan.id;
}

/** A reschedule or reassignment: the plan and its task follow (warnings unless `confirm`). */
export async function rescheduleBookingPlan(
  db: Db,
  planId: bigint,
  a: Pick<BookingAssignment, 'planDate' | 'leadInspectorId' | 'assistantIds' | 'manDays'>,
  confirm: boolean,
  user: Principal,
): Promise<{ saved: boolean; warnings: Warning[] }> {
  const [plan] = await db.select().from(inspectionPlans).where(eq(inspectionPlans.id, planId));
  if (!plan) throw new AppError('E_NOT_FOUND');
  const answer = await updateInspectionPlan(
    db,
    {
      id: plan.id,
      version: plan.version,
      planDate: a.planDate,
      endDate: a.planDate,
      leadInspectorId: a.leadInspectorId,
      assistantIds: [...a.assistantIds],
      manDays: a.manDays,
      confirm,
    },
    actingForSystem(user, PLANNER),
  );
  return { saved: answer.saved, warnings: answer.warnings };
}

/**
 * The CLC plan of a supervise report made from a shipping, when the report is cancelled: its open
 * task → 90 and the plan → 90 (also once the task has started: the plan has no other task).
 */
export async function dropReportPlan(db: Db, planId: bigint, reason: string | undefined, user: Principal) {
  const planner = actingForSystem(user, PLANNER);
  const [plan] = await db.select().from(inspectionPlans).where(eq(inspectionPlans.id, planId)).for('update');
  if (!plan) return;
  await cancelPlanTasks(db, planId, reason, planner);
  if (!isPlanDroppable(plan.status) || !(await allTasksCancelled(db, planId))) return;
  await transition(db, {
    machine: inspectionPlanMachine,
    table: inspectionPlans,
    id: planId,
    version: plan.version,
    action: 'drop',
    user: planner,
    reason,
  });
}

/** A booking cancelled in 30: its plan's open tasks → 90 and the plan (10, 20) → 90 (E_STATUS once started). */
export async function cancelBookingPlan(db: Db, planId: bigint, reason: string | undefined, user: Principal) {
  const planner = actingForSystem(user, PLANNER);
  const [plan] = await db.select().from(inspectionPlans).where(eq(inspectionPlans.id, planId)).for('update');
  if (!plan) return;
  if (plan.status !== INSPECTION_PLAN_STATUS.planned && plan.status !== INSPECTION_PLAN_STATUS.dispatched)
    throw new AppError('E_STATUS');
  await cancelPlanTasks(db, planId, reason, planner);
  await transition(db, {
    machine: inspectionPlanMachine,
    table: inspectionPlans,
    id: planId,
    version: plan.version,
    action: 'drop',
    user: planner,
    reason,
  });
}

import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { INSPECTION_PLAN_STATUS } from '@qcdesk/contract/inspection-plan';
import { and, eq } from 'drizzle-orm';
import { inspectionPlans } from '../../db/schema/inspection-plan';
import { inspectionTasks } from '../../db/schema/inspection-task';
import type { Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { defineHook, type HookRunner } from '../../platform/module';
import { transition } from '../../platform/transition';
import { unplanApplies } from '../inspection-apply/inspection-apply-transitions.service';
import {
  actingForSystem,
  allTasksCancelled,
  cancelApplyTasks,
  cancelPlanTasks,
} from '../inspection-task/inspection-task.service';
import { INSPECTION_NOTICE_MAIL } from './inspection-plan.mails';
import { inspectionPlanDetail } from './inspection-plan.queries';
import { inspectionPlanActions, inspectionPlanMachine, planMoveForTasks } from './inspection-plan.rules';
import { mailPlan } from './inspection-plan-mail.service';

// The planner's transitions of a plan (DOMAIN.md §4.2) and what they cause in the same transaction:
// dispatch (10 → 20, the inspection notice to the factory contact, the inspectors and sales) and
// cancel (10/20 → 90 with a reason: its open tasks → 90, its applications back to 20, RESET).

type Ops = typeof areas.inspectionPlan;
type TransitionInput = Pick<ParsedInputOf<Ops['dispatchInspectionPlan']>, 'id' | 'version'> & {
  reason?: string | undefined;
};

async function answer(db: Db, id: bigint, user: Principal) {
  const detail = await inspectionPlanDetail(db, id);
  return { ...detail, actions: inspectionPlanActions(detail.status, user) };
}

/** inspection/plan/dispatch (下达): the tasks become visible to their inspectors; the notice is mailed. */
export async function dispatchInspectionPlan(db: Db, input: TransitionInput, user: Principal) {
  await transition(db, {
    machine: inspectionPlanMachine,
    table: inspectionPlans,
    id: input.id,
    version: input.version,
    action: 'dispatch',
    user,
    reason: input.reason,
    set: { dispatchedAt: new Date() },
  });
  await mailPlan(db, input.id, INSPECTION_NOTICE_MAIL, user, { sales: true });
  return answer(db, input.id, user);
}

/** inspection/plan/cancel: reason R; open tasks → 90; applications 30 → 20 (RESET). */
/**
 * Run after a planner cancels a plan, in its transaction: a booking's plan cancelled sends the
 * booking back to its admins (§4.6 "plan cancelled → 20, reason RESET").
 */
export const INSPECTION_PLAN_CANCELLED = defineHook<{ planId: bigint; reason?: string }>(
  'inspectionPlan.cancelled',
);

export async function cancelInspectionPlan(
  db: Db,
  input: TransitionInput,
  user: Principal,
  hooks: HookRunner,
) {
  await transition(db, {
    machine: inspectionPlanMachine,
    table: inspectionPlans,
    id: input.id,
    version: input.version,
    action: 'cancel',
    user,
    reason: input.reason,
    set: { reasonText: input.reason?.trim() ?? null },
  });
  const applyIds = (
    await db
      .select({ applyId: inspectionTasks.applyId })
      .from(inspectionTasks)
      .where(and(eq(inspectionTasks.planId, input.id), eq(inspectionTasks.valid, 1)))
  ).flatMap((t) => (t.applyId === null ? [] : [t.applyId]));
  await cancelPlanTasks(db, input.id, input.reason, user);
  await unplanApplies(db, applyIds, user, input.reason);
  await hooks.runHook(
    INSPECTION_PLAN_CANCELLED,
    db,
    { planId: input.id, ...(input.reason ? { reason: input.reason } : {}) },
    user,
  );
  return answer(db, input.id, user);
}

/**
 * §4.3 / §4.2 system rows, for the application area's waive and cancel (its INSPECTION_APPLY_CLOSED
 * hook): the application's open tasks → 90, and a plan in 10/20 left with every task cancelled → 90.
 */
export async function closeApplyTasks(db: Db, applyId: bigint, user: Principal) {
  const system = actingForSystem(user, 'inspplan.create');
  for (const planId of await cancelApplyTasks(db, applyId, user)) {
    const [plan] = await db
      .select()
      .from(inspectionPlans)
      .where(eq(inspectionPlans.id, planId))
      .for('update');
    if (!plan || !(await allTasksCancelled(db, planId))) continue;
    if (plan.status !== INSPECTION_PLAN_STATUS.planned && plan.status !== INSPECTION_PLAN_STATUS.dispatched)
      continue;
    await transition(db, {
      machine: inspectionPlanMachine,
      table: inspectionPlans,
      id: planId,
      version: plan.version,
      action: 'drop',
      user: system,
    });
  }
}

/**
 * §4.2 system rows its tasks' reports cause, in the report's transaction: the plan starts (20 → 30)
 * with its first task, and completes (→ 40) when every task is done.
 */
export async function followPlanTasks(db: Db, planId: bigint, user: Principal) {
  const [plan] = await db.select().from(inspectionPlans).where(eq(inspectionPlans.id, planId)).for('update');
  if (!plan) return;
  const tasks = await db
    .select({ status: inspectionTasks.status })
    .from(inspectionTasks)
    .where(and(eq(inspectionTasks.planId, planId), eq(inspectionTasks.valid, 1)));
  const move = planMoveForTasks(
    plan.status,
    tasks.map((t) => t.status),
  );
  if (!move) return;
  const rule = inspectionPlanMachine.rules.find((r) => r.action === move)!;
  await transition(db, {
    machine: inspectionPlanMachine,
    table: inspectionPlans,
    id: planId,
    version: plan.version,
    action: move,
    user: actingForSystem(user, rule.permission),
  });
}

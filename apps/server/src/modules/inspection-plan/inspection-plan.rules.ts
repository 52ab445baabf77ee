import { INSPECTION_APPLY_STATUS } from '@qcdesk/contract/inspection-apply';
import { INSPECTION_PLAN_STATUS } from '@qcdesk/contract/inspection-plan';
import { INSPECTION_TASK_STATUS } from '@qcdesk/contract/inspection-task';
import type { inspectionPlans } from '../../db/schema/inspection-plan';
import { type PlanFields, planIssue } from '../../domain/inspection-planning';
import type { Principal } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { recordFlags } from '../../platform/flags';
import { availableActions, defineStateMachine } from '../../platform/transition';

// The pure rules of inspection plans (DOMAIN.md §2.6, §4.2): the transition table of plans, the
// applications a plan may take, the task numbers and the
// plan's own fields (domain/inspection-planning.ts). No database here.

export const INSPECTION_PLAN_ENTITY = 'inspection_plans';
export type InspectionPlanRecord = typeof inspectionPlans.$inferSelect;

type PlanStatus = (typeof INSPECTION_PLAN_STATUS)[keyof typeof INSPECTION_PLAN_STATUS];

const PLANNER = 'inspplan.create';
const plan = INSPECTION_PLAN_STATUS;
const apply = INSPECTION_APPLY_STATUS;

/** §4.2 as data: the planner's dispatch and cancel. */
export const inspectionPlanMachine = defineStateMachine<PlanStatus>(INSPECTION_PLAN_ENTITY, [
  { from: [plan.planned], action: 'dispatch', to: plan.dispatched, permission: PLANNER },
  {
    from: [plan.planned, plan.dispatched],
    action: 'cancel',
    to: plan.cancelled,
    permission: PLANNER,
    reasonRequired: true,
  },
  // System row: all its tasks cancelled (their applications waived or cancelled), taken for the
  // user whose write caused it; in 30 only the CLC plan of a cancelled supervise report (its one task).
  {
    from: [plan.planned, plan.dispatched, plan.inProgress],
    action: 'drop',
    to: plan.cancelled,
    permission: PLANNER,
  },
  // System rows its tasks' reports cause: the first task started, every task done.
  { from: [plan.dispatched], action: 'start', to: plan.inProgress, permission: 'insp.report.edit' },
  {
    from: [plan.dispatched, plan.inProgress],
    action: 'complete',
    to: plan.completed,
    permission: 'insp.report.audit',
  },
]);

/**
 * §4.2 system rows from its tasks' statuses: `start` once a task has moved past 10 while the plan is
 * dispatched; `complete` once every task is in 40, 50 or 90 and at least one is not cancelled.
 */
export function planMoveForTasks(
  planStatus: number,
  taskStatuses: readonly number[],
): 'start' | 'complete' | null {
  if (planStatus !== plan.dispatched && planStatus !== plan.inProgress) return null;
  const done = [
    INSPECTION_TASK_STATUS.closed,
    INSPECTION_TASK_STATUS.aborted,
    INSPECTION_TASK_STATUS.cancelled,
  ];
  const allDone = taskStatuses.every((s) => (done as readonly number[]).includes(s));
  if (allDone && taskStatuses.some((s) => s !== INSPECTION_TASK_STATUS.cancelled)) return 'complete';
  const started = taskStatuses.some(
    (s) => s !== INSPECTION_TASK_STATUS.assigned && s !== INSPECTION_TASK_STATUS.cancelled,
  );
  return planStatus === plan.dispatched && started ? 'start' : null;
}

/** §4.2 "all tasks cancelled → 90" (and a started CLC plan whose supervise report is cancelled). */
export const isPlanDroppable = (status: number): boolean =>
  status === plan.planned || status === plan.dispatched || status === plan.inProgress;

/** The rows the system takes for the user whose write caused them: never a button. */
const SYSTEM_ACTIONS = new Set(['drop', 'start', 'complete']);

/** §4.2: a plan's dates, inspectors and man-days change while it is planned or dispatched. */
export const isPlanUpdatable = (status: number): boolean =>
  status === plan.planned || status === plan.dispatched;

/** §4.2: the planner's actions on a plan now (update, dispatch, cancel), for the detail's buttons. */
export function inspectionPlanActions(status: number, user: Principal): string[] {
  const actions = availableActions(inspectionPlanMachine, status as PlanStatus, user).filter(
    (a) => !SYSTEM_ACTIONS.has(a),
  );
  return isPlanUpdatable(status) && user.permissions.has(PLANNER) ? ['update', ...actions] : actions;
}

/** §6.9: `{planNo}-nn`, two digits (three beyond 99). */
export const taskNumber = (planNo: string, n: number): string => `${planNo}-${String(n).padStart(2, '0')}`;

/**
 * §2.6, §4.2, §7.2: the plan's own fields, refused with the key and field of the first broken
 * rule (planDate ≥ today when `checkDate`).
 */
export function assertPlanFields(fields: PlanFields, today: string, checkDate: boolean): void {
  const issue = planIssue(fields, today, checkDate);
  if (issue) throw new AppError(issue.reason, { field: issue.field }, { field: issue.field });
}

/** The applications of a plan: all in 20 (E_STATUS) and of one factory (E_PLAN_FACTORY). */
export function assertPlannable(applies: readonly { status: number; factoryId: bigint }[]): bigint {
  if (applies.some((a) => a.status !== apply.submitted)) throw new AppError('E_STATUS');
  const factories = new Set(applies.map((a) => a.factoryId));
  if (factories.size !== 1) throw new AppError('E_PLAN_FACTORY', {}, { field: 'applyIds' });
  return applies[0]!.factoryId;
}

/** The detail flags (DOMAIN.md §5.4): `modify` while the planner may still change the plan. */
export const flagsOfPlan = (detail: { actions: readonly string[] }, user: Principal) =>
  recordFlags({
    user,
    record: {},
    editPermission: detail.actions.includes('update') ? PLANNER : null,
    inScope: true,
  });

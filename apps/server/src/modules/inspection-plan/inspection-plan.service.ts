import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { INSPECTION_PLAN_STATUS } from '@qcdesk/contract/inspection-plan';
import { and, eq, inArray } from 'drizzle-orm';
import { roles, users } from '../../db/schema/identity';
import { inspectionPlanAssistants, inspectionPlans } from '../../db/schema/inspection-plan';
import { addDays } from '../../domain/calendar';
import { type Actor, actorOf, type Principal } from '../../platform/auth';
import { businessDate } from '../../platform/business-time';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { nextNumber } from '../../platform/numbering';
import { searchPage } from '../../platform/paging';
import { createRecord } from '../../platform/records';
import { scopeOf } from '../../platform/scope';
import { saved, warnOrProceed } from '../../platform/warnings';
import { planApplies } from '../inspection-apply/inspection-apply-transitions.service';
import { createPlanTasks } from '../inspection-task/inspection-task.service';
import {
  type InspectionPlanSearch,
  inspectionPlanDetail,
  inspectionPlanPage,
  inspectionPlanSearchWhere,
  readablePlan,
} from './inspection-plan.queries';
import {
  assertPlanFields,
  assertPlannable,
  INSPECTION_PLAN_ENTITY,
  inspectionPlanActions,
  taskNumber,
} from './inspection-plan.rules';
import { lockApplies } from './inspection-plan-applies.service';
import { dispatchInspectionPlan } from './inspection-plan-transitions.service';
import { planWarningsOf } from './inspection-plan-warnings.service';

// Inspection plans (验货计划, DOMAIN.md §2.6, §4.2): search, details and create from applications in
// 20 of one factory (one task per application, the applications → 30 in the same transaction).
// Update is in inspection-plan-update.service.ts, dispatch and cancel in
// inspection-plan-transitions.service.ts, the board in inspection-plan-board.service.ts.

type Ops = typeof areas.inspectionPlan;
type NewPlan = ParsedInputOf<Ops['createInspectionPlan']>;

export { INSPECTION_PLAN_ENTITY } from './inspection-plan.rules';

/** inspection/plan/search: spec §3 filters in the caller's scope; the latest plan date first. */
export async function searchInspectionPlans(db: Db, input: InspectionPlanSearch, user: Principal) {
  const scope = await scopeOf(db, user);
  const where = inspectionPlanSearchWhere(db, input, scope);
  return searchPage(db, {
    table: inspectionPlans,
    where,
    input,
    list: () => inspectionPlanPage(db, input, where),
  });
}

/** The detail with the actions the caller may take now. */
export async function planDetailFor(db: Db, id: bigint, user: Principal) {
  const detail = await inspectionPlanDetail(db, id);
  return { ...detail, actions: inspectionPlanActions(detail.status, user) };
}

/** inspection/plan/details: E_SCOPE when none of its applications is in the caller's scope. */
export async function getInspectionPlan(db: Db, id: bigint, user: Principal) {
  await readablePlan(db, id, await scopeOf(db, user));
  return planDetailFor(db, id, user);
}

/** §2.6, §7.2: the lead and assistants are active users with the role INSPECTOR (E_PLAN_INSPECTOR). */
export async function assertInspectors(db: Db, lead: bigint, assistants: readonly bigint[]) {
  const ids = [lead, ...assistants];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(inArray(users.id, ids), eq(users.valid, 1), eq(users.state, 1), eq(roles.code, 'INSPECTOR')));
  const found = new Set(rows.map((r) => r.id));
  const field = !found.has(lead)
    ? 'leadInspectorId'
    : assistants.some((a) => !found.has(a))
      ? 'assistantIds'
      : null;
  if (field) throw new AppError('E_PLAN_INSPECTOR', { field }, { field });
}

/** The plan's assistants rows, in the order chosen. */
export async function writePlanAssistants(
  db: Db,
  planId: bigint,
  assistantIds: readonly bigint[],
  actor: Actor,
) {
  if (assistantIds.length === 0) return;
  await db.insert(inspectionPlanAssistants).values(
    assistantIds.map((userId, sort) => ({
      planId,
      userId,
      sort,
      createdBy: actor.userId,
      updatedBy: actor.userId,
    })),
  );
}

/** An end date kept the same number of days after a moved plan date. */
export const shiftedEnd = (from: { planDate: string; endDate: string }, planDate: string): string => {
  const days = Math.round((Date.parse(from.endDate) - Date.parse(from.planDate)) / 86_400_000);
  return addDays(planDate, days);
};

/**
 * inspection/plan/create (§4.2): the applications locked first (a second planner of one of them
 * finds it in 30: E_STATUS), the warnings answered unless `confirm`, then the plan, its tasks and
 * the applications → 30 in one transaction; with `dispatch` it is dispatched at once.
 */
export async function createInspectionPlan(db: Db, input: NewPlan, user: Principal) {
  const endDate = input.endDate ?? input.planDate;
  const fields = { ...input, endDate };
  assertPlanFields(fields, businessDate(), true);
  await assertInspectors(db, input.leadInspectorId, input.assistantIds);
  const applies = await lockApplies(db, input.applyIds);
  const factoryId = assertPlannable(applies);
  const warnings = await planWarningsOf(db, { ...fields, factoryId, applyIds: input.applyIds });
  const stop = warnOrProceed<Awaited<ReturnType<typeof planDetailFor>>>(warnings, input.confirm);
  if (stop) return stop;

  const actor = actorOf(user);
  const planNo = await nextNumber(db, 'IP');
  const plan = await createRecord(db, {
    table: inspectionPlans,
    entity: INSPECTION_PLAN_ENTITY,
    actor,
    values: {
      planNo,
      factoryId,
      planDate: input.planDate,
      endDate,
      leadInspectorId: input.leadInspectorId,
      manDays: String(input.manDays),
      remark: input.remark ?? null,
      status: INSPECTION_PLAN_STATUS.planned,
    },
    children: async (created) => {
      await writePlanAssistants(db, created.id, input.assistantIds, actor);
      return input.assistantIds.length === 0
        ? []
        : [{ field: 'assistantIds', from: null, to: input.assistantIds.map(String) }];
    },
  });
  await planApplies(db, applies, user);
  const byNo = [...applies].sort((a, b) => a.applyNo.localeCompare(b.applyNo));
  await createPlanTasks(db, plan, byNo, input.assistantIds, (n) => taskNumber(planNo, n), user);
  if (input.dispatch) await dispatchInspectionPlan(db, { id: plan.id, version: plan.version }, user);
  return saved(warnings, await planDetailFor(db, plan.id, user));
}

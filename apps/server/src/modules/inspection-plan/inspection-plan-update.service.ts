import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { INSPECTION_PLAN_STATUS } from '@qcdesk/contract/inspection-plan';
import { and, eq } from 'drizzle-orm';
import { inspectionPlanAssistants, inspectionPlans } from '../../db/schema/inspection-plan';
import { inspectionTasks } from '../../db/schema/inspection-task';
import { actorOf, type Principal } from '../../platform/auth';
import { businessDate } from '../../platform/business-time';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { changedFields, lockVersion, updateRecord } from '../../platform/records';
import { saved, warnOrProceed } from '../../platform/warnings';
import { followPlan } from '../inspection-task/inspection-task.service';
import { INSPECTION_PLAN_CHANGED_MAIL } from './inspection-plan.mails';
import { inspectionPlanDetail, planAssistants } from './inspection-plan.queries';
import {
  assertPlanFields,
  INSPECTION_PLAN_ENTITY,
  inspectionPlanActions,
  isPlanUpdatable,
} from './inspection-plan.rules';
import { assertInspectors, shiftedEnd, writePlanAssistants } from './inspection-plan.service';
import { mailPlan } from './inspection-plan-mail.service';
import { planWarningsOf } from './inspection-plan-warnings.service';

// inspection/plan/update (DOMAIN.md §4.2 "10, 20 update"): dates, inspectors, man-days and remark of
// a plan in 10 or 20; the warnings as on create (the plan's own old load not counted); its tasks
// nobody has started follow; in 20 the old and new inspectors and the factory are mailed.

type Ops = typeof areas.inspectionPlan;
type PlanUpdate = ParsedInputOf<Ops['updateInspectionPlan']>;

const sameIds = (a: readonly bigint[], b: readonly bigint[]) =>
  a.length === b.length && a.every((id, i) => id === b[i]);

export async function updateInspectionPlan(db: Db, input: PlanUpdate, user: Principal) {
  const current = await lockVersion(db, inspectionPlans, input.id, input.version);
  if (current.valid !== 1) throw new AppError('E_NOT_FOUND');
  if (!isPlanUpdatable(current.status)) throw new AppError('E_STATUS');
  const oldAssistants = ((await planAssistants(db, [current.id])).get(current.id) ?? []).map((u) => u.id);
  const planDate = input.planDate ?? current.planDate;
  const next = {
    planDate,
    endDate: input.endDate ?? (input.planDate ? shiftedEnd(current, planDate) : current.endDate),
    leadInspectorId: input.leadInspectorId ?? current.leadInspectorId,
    assistantIds: input.assistantIds ?? oldAssistants,
    manDays: input.manDays === undefined ? current.manDays : String(input.manDays),
  };
  assertPlanFields(next, businessDate(), next.planDate !== current.planDate);
  const assistantsChanged = !sameIds(next.assistantIds, oldAssistants);
  const values = changedFields(current, {
    planDate: next.planDate,
    endDate: next.endDate,
    leadInspectorId: next.leadInspectorId,
    manDays: Number(next.manDays) === Number(current.manDays) ? current.manDays : next.manDays,
    remark: input.remark === undefined ? undefined : input.remark || null,
  });
  const planning =
    assistantsChanged || ['planDate', 'endDate', 'leadInspectorId', 'manDays'].some((f) => f in values);
  if (planning) await assertInspectors(db, next.leadInspectorId, next.assistantIds);

  const applyIds = planning
    ? (
        await db
          .select({ applyId: inspectionTasks.applyId })
          .from(inspectionTasks)
          .where(and(eq(inspectionTasks.planId, current.id), eq(inspectionTasks.valid, 1)))
      ).flatMap((t) => (t.applyId === null ? [] : [t.applyId]))
    : [];
  const warnings = planning
    ? await planWarningsOf(db, { ...next, factoryId: current.factoryId, applyIds }, current.id)
    : [];
  type Detail = Awaited<ReturnType<typeof inspectionPlanDetail>> & { actions: string[] };
  const stop = warnOrProceed<Detail>(warnings, input.confirm);
  if (stop) return stop;

  const actor = actorOf(user);
  if (assistantsChanged) {
    await db
      .update(inspectionPlanAssistants)
      .set({ valid: 0, updatedAt: new Date(), updatedBy: actor.userId })
      .where(and(eq(inspectionPlanAssistants.planId, current.id), eq(inspectionPlanAssistants.valid, 1)));
    await writePlanAssistants(db, current.id, next.assistantIds, actor);
  }
  const childChanges = assistantsChanged
    ? [{ field: 'assistantIds', from: oldAssistants.map(String), to: next.assistantIds.map(String) }]
    : [];
  if (Object.keys(values).length > 0 || assistantsChanged) {
    await updateRecord(db, {
      table: inspectionPlans,
      id: current.id,
      version: input.version,
      entity: INSPECTION_PLAN_ENTITY,
      actor,
      values,
      childChanges,
    });
  }
  if (planning) {
    await followPlan(
      db,
      { id: current.id, ...next },
      assistantsChanged ? next.assistantIds : undefined,
      user,
    );
    if (current.status === INSPECTION_PLAN_STATUS.dispatched) {
      const tookOff = [current.leadInspectorId, ...oldAssistants];
      await mailPlan(db, current.id, INSPECTION_PLAN_CHANGED_MAIL, user, { alsoInspectors: tookOff });
    }
  }
  const detail = await inspectionPlanDetail(db, current.id);
  return saved(warnings, { ...detail, actions: inspectionPlanActions(detail.status, user) });
}

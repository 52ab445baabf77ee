import { areas } from '@qcdesk/contract';
import { inspectionPlans } from '../../db/schema/inspection-plan';
import { defineModule, type ModuleDeps, namedBy, onHook } from '../../platform/module';
import { type OperationRegistry, serve, serveDetail } from '../../platform/registry';
import { readableIn } from '../../platform/scope';
import { INSPECTION_APPLY_CLOSED } from '../inspection-apply/inspection-apply-transitions.service';
import { INSPECTION_NOTICE_MAIL, INSPECTION_PLAN_CHANGED_MAIL } from './inspection-plan.mails';
import { inspectionPlanScope } from './inspection-plan.queries';
import { flagsOfPlan } from './inspection-plan.rules';
import { seedInspectionPlans } from './inspection-plan.seed';
import {
  createInspectionPlan,
  getInspectionPlan,
  INSPECTION_PLAN_ENTITY,
  searchInspectionPlans,
} from './inspection-plan.service';
import { planBoard } from './inspection-plan-board.service';
import {
  cancelInspectionPlan,
  closeApplyTasks,
  dispatchInspectionPlan,
} from './inspection-plan-transitions.service';
import { updateInspectionPlan } from './inspection-plan-update.service';

// Inspection plans (DOMAIN.md §2.6, §4.2): the bindings, the change log and the names.

const ops = areas.inspectionPlan;

function registerInspectionPlanOperations(registry: OperationRegistry, deps: ModuleDeps): void {
  const read = { transaction: false };
  const hooks = deps.capabilities;
  serve(registry, ops.searchInspectionPlans, searchInspectionPlans, read);
  serveDetail(
    registry,
    ops.getInspectionPlan,
    async (db, id, user) => {
      const detail = await getInspectionPlan(db, id, user);
      return { detail, flags: flagsOfPlan(detail, user) };
    },
    read,
  );
  serve(registry, ops.planBoard, (db, input) => planBoard(db, input), read);
  serve(registry, ops.createInspectionPlan, createInspectionPlan);
  serve(registry, ops.updateInspectionPlan, updateInspectionPlan);
  serve(registry, ops.dispatchInspectionPlan, dispatchInspectionPlan);
  serve(registry, ops.cancelInspectionPlan, (db, input, user) =>
    cancelInspectionPlan(db, input, user, hooks),
  );
}

export const inspectionPlanModule = defineModule({
  name: 'inspectionPlan',
  register: registerInspectionPlanOperations,
  seed: seedInspectionPlans,
  mails: [INSPECTION_NOTICE_MAIL, INSPECTION_PLAN_CHANGED_MAIL],
  // §4.3: an application waived or cancelled cancels its open tasks (and a plan left with none).
  hooks: [onHook(INSPECTION_APPLY_CLOSED, (db, payload, user) => closeApplyTasks(db, payload.applyId, user))],
  changeLog: [
    {
      entity: INSPECTION_PLAN_ENTITY,
      permission: ops.getInspectionPlan.permission,
      readable: readableIn(inspectionPlans, inspectionPlanScope),
      fields: {
        factoryId: 'factory',
        leadInspectorId: 'user',
        status: { enum: 'InspectionPlanStatus' },
        manDays: { decimal: true },
      },
      actions: {
        dispatch: { zh: '下达', en: 'Dispatched' },
        cancel: { zh: '取消', en: 'Cancelled' },
        drop: { zh: '取消', en: 'Cancelled' },
        start: { zh: '开始验货', en: 'Inspection started' },
        complete: { zh: '完成', en: 'Completed' },
      },
    },
  ],
  names: {
    inspectionPlan: namedBy(inspectionPlans, 'planNo'),
  },
});

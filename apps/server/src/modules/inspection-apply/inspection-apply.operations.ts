import { areas } from '@qcdesk/contract';
import { inspectionApplies } from '../../db/schema/inspection-apply';
import { defineModule, type ModuleDeps, namedBy } from '../../platform/module';
import { type OperationRegistry, registerOperation, serve, serveDetail } from '../../platform/registry';
import { readableIn } from '../../platform/scope';
import { SAMPLE_CANCEL_CHECK } from '../production-sample/production-sample.service';
import { inspectionApplyExport } from './inspection-apply.export';
import {
  INSPECTION_APPLY_RETURNED_MAIL,
  INSPECTION_APPLY_SUBMITTED_MAIL,
  INSPECTION_APPLY_WAIVED_MAIL,
} from './inspection-apply.mails';
import { applyScope, sampleHasApplication } from './inspection-apply.queries';
import { IN_PROGRESS_STATUSES } from './inspection-apply.rules';
import { seedInspectionApplies } from './inspection-apply.seed';
import {
  getInspectionApply,
  INSPECTION_APPLY_ENTITY,
  inspectionApplyCart,
  searchInspectionApplies,
} from './inspection-apply.service';
import { createInspectionApply } from './inspection-apply-create.service';
import {
  cancelInspectionApply,
  returnInspectionApply,
  waiveInspectionApply,
} from './inspection-apply-transitions.service';
import { updateInspectionApply, updateInspectionApplyQuantity } from './inspection-apply-update.service';

const ops = areas.inspectionApply;

function registerInspectionApplyOperations(registry: OperationRegistry, deps: ModuleDeps): void {
  const read = { transaction: false };
  // Waive and cancel run the hook the planning area cancels the open tasks on, in the same transaction.
  const hooks = deps.capabilities;
  serve(registry, ops.searchInspectionApplies, searchInspectionApplies, read);
  serveDetail(registry, ops.getInspectionApply, getInspectionApply, read);
  serve(registry, ops.inspectionApplyCart, inspectionApplyCart, read);
  serve(registry, ops.createInspectionApply, createInspectionApply);
  serve(registry, ops.updateInspectionApply, updateInspectionApply);
  serve(registry, ops.updateInspectionApplyQuantity, updateInspectionApplyQuantity);
  serve(registry, ops.returnInspectionApply, returnInspectionApply);
  registerOperation(registry, ops.waiveInspectionApply, (input, ctx) =>
    waiveInspectionApply(ctx.db, input, ctx.user, hooks),
  );
  registerOperation(registry, ops.cancelInspectionApply, (input, ctx) =>
    cancelInspectionApply(ctx.db, input, ctx.user, hooks),
  );
}

export const inspectionApplyModule = defineModule({
  name: 'inspectionApply',
  register: registerInspectionApplyOperations,
  seed: seedInspectionApplies,
  exports: [inspectionApplyExport],
  mails: [INSPECTION_APPLY_SUBMITTED_MAIL, INSPECTION_APPLY_RETURNED_MAIL, INSPECTION_APPLY_WAIVED_MAIL],
  changeLog: [
    {
      entity: INSPECTION_APPLY_ENTITY,
      permission: ops.getInspectionApply.permission,
      readable: readableIn(inspectionApplies, applyScope),
      fields: {
        inspectionTypeId: 'inspectiontype',
        orderId: 'order',
        factoryId: 'factory',
        clientId: 'client',
        departmentId: 'department',
        splitFromId: 'inspectionApply',
        status: { enum: 'InspectionApplyStatus' },
        applyType: { enum: 'ApplyType' },
        result: { enum: 'InspectionResult' },
        reasonCode: { enum: 'ReasonCode' },
      },
      actions: {
        submit: { zh: '提交', en: 'Submitted' },
        return: { zh: '退回', en: 'Returned' },
        plan: { zh: '排期', en: 'Planned' },
        unplan: { zh: '取消排期', en: 'Plan cancelled' },
        waive: { zh: '免验', en: 'Waived' },
        cancelAny: { zh: '取消', en: 'Cancelled' },
        cancelPlanned: { zh: '取消', en: 'Cancelled' },
        split: { zh: '拆分', en: 'Split' },
        inspect: { zh: '开始验货', en: 'Inspection started' },
        complete: { zh: '验货完成', en: 'Inspected' },
        abort: { zh: '未能验货', en: 'Not inspected' },
        result: { zh: '结果更新', en: 'Result updated' },
      },
    },
  ],
  names: {
    inspectionApply: namedBy(inspectionApplies, 'applyNo'),
  },
  // §4.7: a production sample may not be cancelled while a linked product is being inspected.
  inUse: [
    {
      check: SAMPLE_CANCEL_CHECK,
      inUse: (db, sampleId) => sampleHasApplication(db, sampleId, IN_PROGRESS_STATUSES),
    },
  ],
});

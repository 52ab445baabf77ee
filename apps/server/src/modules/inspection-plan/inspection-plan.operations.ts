import { areas } from '@qcdesk/contract';
import { AppError } from '../../platform/errors';
import { defineModule, type ModuleDeps } from '../../platform/module';
import { type OperationRegistry, registerOperation } from '../../platform/registry';

// Inspection plans (DOMAIN.md §2.6, §4.2): the contract is complete so the permission matrix is;
// the operations are placeholders (E_STATUS) until the planning work (branch h3-plan) binds them.

const ops = areas.inspectionPlan;

const notYet = async (): Promise<never> => {
  throw new AppError('E_STATUS');
};

function registerInspectionPlanOperations(registry: OperationRegistry, _deps: ModuleDeps): void {
  const read = { transaction: false };
  registerOperation(registry, ops.searchInspectionPlans, notYet, read);
  registerOperation(registry, ops.getInspectionPlan, notYet, read);
  registerOperation(registry, ops.planBoard, notYet, read);
  registerOperation(registry, ops.createInspectionPlan, notYet);
  registerOperation(registry, ops.updateInspectionPlan, notYet);
  registerOperation(registry, ops.dispatchInspectionPlan, notYet);
  registerOperation(registry, ops.cancelInspectionPlan, notYet);
}

export const inspectionPlanModule = defineModule({
  name: 'inspectionPlan',
  register: registerInspectionPlanOperations,
});

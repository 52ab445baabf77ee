import { areas } from '@qcdesk/contract';
import { AppError } from '../../platform/errors';
import { defineModule, type ModuleDeps } from '../../platform/module';
import { type OperationRegistry, registerOperation } from '../../platform/registry';

// Inspection tasks (DOMAIN.md §2.6, §4.3): placeholders (E_STATUS) until the planning work (branch
// h3-plan) binds them; the contract is complete so the permission matrix is.

const ops = areas.inspectionTask;

const notYet = async (): Promise<never> => {
  throw new AppError('E_STATUS');
};

function registerInspectionTaskOperations(registry: OperationRegistry, _deps: ModuleDeps): void {
  const read = { transaction: false };
  registerOperation(registry, ops.searchInspectionTasks, notYet, read);
  registerOperation(registry, ops.getInspectionTask, notYet, read);
}

export const inspectionTaskModule = defineModule({
  name: 'inspectionTask',
  register: registerInspectionTaskOperations,
});

import { areas } from '@qcdesk/contract';
import { AppError } from '../../platform/errors';
import { defineModule, type ModuleDeps } from '../../platform/module';
import { type OperationRegistry, registerOperation } from '../../platform/registry';

// Inspection applications (DOMAIN.md §2.6, §4.1): placeholders (E_STATUS) until the services land.

const ops = areas.inspectionApply;

const notYet = async (): Promise<never> => {
  throw new AppError('E_STATUS');
};

function registerInspectionApplyOperations(registry: OperationRegistry, _deps: ModuleDeps): void {
  for (const op of Object.values(ops)) {
    if (typeof op === 'object' && op !== null && 'path' in op && 'method' in op)
      registerOperation(registry, op as (typeof ops)['getInspectionApply'], notYet);
  }
}

export const inspectionApplyModule = defineModule({
  name: 'inspectionApply',
  register: registerInspectionApplyOperations,
});

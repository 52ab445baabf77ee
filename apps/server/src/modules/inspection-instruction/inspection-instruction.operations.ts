import { areas } from '@qcdesk/contract';
import { AppError } from '../../platform/errors';
import { defineModule } from '../../platform/module';
import { type OperationRegistry, serve } from '../../platform/registry';

// Inspection instructions (DOMAIN.md §2.6, §4.4; issue 28): the client's answer to a sent report.

const ops = areas.inspectionInstruction;

function registerInspectionInstructionOperations(registry: OperationRegistry): void {
  const pending = async (): Promise<never> => {
    throw new AppError('E_STATUS');
  };
  serve(registry, ops.createInstruction, pending);
  serve(registry, ops.searchInstructions, pending, { transaction: false });
}

export const inspectionInstructionModule = defineModule({
  name: 'inspectionInstruction',
  register: registerInspectionInstructionOperations,
});

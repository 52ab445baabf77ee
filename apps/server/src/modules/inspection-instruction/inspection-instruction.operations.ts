import { areas } from '@qcdesk/contract';
import { inspectionInstructions } from '../../db/schema/inspection-report';
import { defineModule, type ModuleDeps } from '../../platform/module';
import { type OperationRegistry, registerOperation, serve } from '../../platform/registry';
import { readableIn } from '../../platform/scope';
import { withReportUrls } from '../inspection-report/inspection-report-photos.service';
import {
  createInstruction,
  INSTRUCTION_ENTITY,
  instructionScope,
  searchInstructions,
} from './inspection-instruction.service';

// Inspection instructions (DOMAIN.md §2.6, §4.4; issue 28): the client's answer to a sent report.

const ops = areas.inspectionInstruction;

function registerInspectionInstructionOperations(registry: OperationRegistry, deps: ModuleDeps): void {
  registerOperation(registry, ops.createInstruction, async (input, ctx) => {
    const { instruction, report } = await createInstruction(ctx.db, deps.capabilities, input, ctx.user);
    return { instruction, report: withReportUrls(report, await deps.files.ready(), deps.config.publicUrl) };
  });
  serve(registry, ops.searchInstructions, searchInstructions, { transaction: false });
}

export const inspectionInstructionModule = defineModule({
  name: 'inspectionInstruction',
  register: registerInspectionInstructionOperations,
  changeLog: [
    {
      entity: INSTRUCTION_ENTITY,
      permission: ops.searchInstructions.permission,
      readable: readableIn(inspectionInstructions, instructionScope),
      fields: {
        reportId: 'inspectionReport',
        clientId: 'client',
        departmentId: 'department',
        issuedBy: 'user',
        reinspectionApplyId: 'inspectionApply',
        type: { enum: 'InstructionType' },
        confirmedResult: { enum: 'InspectionResult' },
      },
    },
  ],
});

import { z } from 'zod';
import { enumSchema } from './enumerations';
import { inspectionReportDetail } from './inspection-report';
import { defineOperation } from './operation';
import {
  dateTimeOut,
  idIn,
  idOut,
  optStr,
  refOut,
  searchPageOf,
  searchPaging,
  userLabel,
  version,
} from './schemas';
import { defineTexts } from './texts';

// Inspection instructions (验货指示 / 确认验货结果, DOMAIN.md §2.6, §4.4; issue 28): the client's (or its
// sales') answer to a sent report: release, rework and re-inspect, reject, hold. Creating one confirms
// the report (40 → 50); a rework (type 2) makes a draft re-inspection application (type 3).

/** DOMAIN.md §3.2 InstructionType. */
export const INSTRUCTION_TYPE = { release: 1, rework: 2, reject: 3, hold: 4 } as const;

const enumCode = (name: Parameters<typeof enumSchema>[0]) => enumSchema(name).transform((v) => Number(v));

export const instructionRow = z.object({
  id: idOut,
  report: z.object({ id: idOut, reportNo: z.string(), revision: z.number().int() }),
  order: z.object({ id: idOut, orderNo: z.string() }),
  client: z.object({ id: idOut, code: z.string(), name: z.string() }),
  factory: refOut,
  /** enum InstructionType */
  type: z.number().int(),
  /** enum InspectionResult */
  confirmedResult: z.number().int(),
  content: z.string().nullable(),
  issuedBy: userLabel,
  issuedAt: dateTimeOut,
  /** The draft re-inspection application a type-2 instruction made (null otherwise). */
  reinspection: z.object({ id: idOut, applyNo: z.string(), status: z.number().int() }).nullable(),
});

export type InstructionRow = z.output<typeof instructionRow>;

export const createInstruction = defineOperation({
  path: 'inspection/instruction/create',
  method: 'POST',
  permission: 'insp.instruction.create',
  summary:
    'Confirm a sent report (40 → 50; E_REPORT_NOT_SENT otherwise) with the instruction: type (1 release, 2 rework & re-inspect, 3 reject, 4 hold), the confirmed result, content (R unless type 1). Sales in scope, or a CLIENT user of the report’s client (E_SCOPE for another client’s). Type 2 creates a draft re-inspection application (apply type 3) of the report’s products and quantities, referencing the report; a CLIENT user’s is made on behalf of the client’s sales. `version` is the report’s.',
  input: z
    .object({
      reportId: idIn,
      version,
      /** enum InstructionType */
      type: enumCode('InstructionType'),
      /** enum InspectionResult 1–6 */
      confirmedResult: enumCode('InspectionResult').refine((v) => v >= 1, {
        params: { reason: 'E_REQUIRED' },
      }),
      content: optStr(2000),
    })
    .refine((v) => v.type === INSTRUCTION_TYPE.release || v.content !== undefined, {
      path: ['content'],
      params: { reason: 'E_REQUIRED' },
    }),
  output: z.object({ instruction: instructionRow, report: inspectionReportDetail }),
});

export const searchInstructions = defineOperation({
  path: 'inspection/instruction/search',
  method: 'POST',
  permission: 'insp.report.search',
  alsoPermitted: ['insp.instruction.create'],
  summary:
    'Instructions in scope (a CLIENT user: its client’s), newest first; page only, optionally of one report.',
  input: z.object({ reportId: idIn.optional(), ...searchPaging }),
  output: searchPageOf(instructionRow),
});

/** The keys only this area raises (the report's status keys are the report area's). */
export const texts = defineTexts({
  fields: {
    instructionType: { zh: '指示类型', en: 'Instruction type' },
    issuedBy: { zh: '下达人', en: 'Issued by' },
    issuedAt: { zh: '下达时间', en: 'Issued at' },
  },
});

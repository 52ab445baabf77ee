import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { INSTRUCTION_TYPE } from '@qcdesk/contract/inspection-instruction';
import { and, eq, type SQL } from 'drizzle-orm';
import { clients } from '../../db/schema/client';
import { inspectionInstructions } from '../../db/schema/inspection-report';
import { actorOf, type Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { defineHook, type HookRunner } from '../../platform/module';
import { searchPage } from '../../platform/paging';
import { createRecord } from '../../platform/records';
import { type Scope, scopeOf, scopeWhere } from '../../platform/scope';
import { createReinspectionDraft } from '../inspection-apply/inspection-apply-reinspection.service';
import {
  confirmedReportDetail,
  confirmReport,
  reportToConfirm,
} from '../inspection-report/inspection-report-confirm.service';
import { instructionPage, instructionRows } from './inspection-instruction.queries';

// Inspection instructions (DOMAIN.md §2.6, §4.4; issue 28): sales in scope, or a CLIENT user of the
// report's client, answer a sent report — release, rework and re-inspect, reject, hold. The report
// goes 40 → 50 with the confirmed result; a rework makes a draft re-inspection application (made on
// behalf of the client's sales when a CLIENT user asks). Task and application keep their status
// (§4.1, §4.3: their approval already closed them); bookings follow through the hook below.

type Ops = typeof areas.inspectionInstruction;
export const INSTRUCTION_ENTITY = 'inspection_instructions';

/**
 * Run after an instruction is recorded, in its transaction: the hook point for the areas whose
 * status follows a confirmed report — the inspection booking of the report's task moves on here
 * (issue 28 leaves it to the bookings area: `hooks: [onHook(INSTRUCTION_GIVEN, …)]`).
 */
export const INSTRUCTION_GIVEN = defineHook<{
  instructionId: bigint;
  reportId: bigint;
  taskId: bigint;
  type: number;
  reinspectionApplyId: bigint | null;
}>('inspectionInstruction.given');

/** Who the re-inspection draft is made by: the caller, or for a CLIENT user the client's sales. */
async function draftAuthor(db: Db, clientId: bigint, user: Principal) {
  if (user.roleCode !== 'CLIENT') return actorOf(user);
  const [client] = await db
    .select({ salesId: clients.salesId })
    .from(clients)
    .where(eq(clients.id, clientId));
  return { userId: client?.salesId ?? null, impersonatorId: null };
}

export async function createInstruction(
  db: Db,
  hooks: HookRunner,
  input: ParsedInputOf<Ops['createInstruction']>,
  user: Principal,
) {
  const { report: r, products } = await reportToConfirm(db, input.reportId, input.version, user);
  if (user.roleCode === 'CLIENT' && user.clientId !== r.clientId) throw new AppError('E_SCOPE');
  const content = input.content?.trim() || null;
  let reinspectionApplyId: bigint | null = null;
  if (input.type === INSTRUCTION_TYPE.rework) {
    const draft = await createReinspectionDraft(
      db,
      {
        reportId: r.id,
        orderId: r.orderId,
        factoryId: r.factoryId,
        clientId: r.clientId,
        departmentId: r.departmentId,
        inspectionTypeId: r.inspectionTypeId,
        items: products,
        remark: `${r.reportNo}${content ? `: ${content}` : ''}`.slice(0, 500),
      },
      await draftAuthor(db, r.clientId, user),
    );
    reinspectionApplyId = draft.id;
  }
  const created = await createRecord(db, {
    table: inspectionInstructions,
    entity: INSTRUCTION_ENTITY,
    actor: actorOf(user),
    values: {
      reportId: r.id,
      clientId: r.clientId,
      departmentId: r.departmentId,
      type: input.type,
      confirmedResult: input.confirmedResult,
      content,
      revision: r.revision,
      issuedBy: user.userId,
      issuedAt: new Date(),
      reinspectionApplyId,
    },
  });
  await confirmReport(
    db,
    r,
    input.confirmedResult,
    `instruction ${input.type}${content ? `: ${content}` : ''}`,
    user,
  );
  await hooks.runHook(
    INSTRUCTION_GIVEN,
    db,
    { instructionId: created.id, reportId: r.id, taskId: r.taskId, type: input.type, reinspectionApplyId },
    user,
  );
  const [row] = await instructionRows(db, eq(inspectionInstructions.id, created.id));
  return { instruction: row!, report: await confirmedReportDetail(db, r.id, user) };
}

/** The instructions a scope reads: department and client as their report's (an inspector: none). */
export function instructionScope(scope: Scope): SQL | undefined {
  return scopeWhere(scope, {
    department: inspectionInstructions.departmentId,
    client: inspectionInstructions.clientId,
  });
}

export async function searchInstructions(
  db: Db,
  input: ParsedInputOf<Ops['searchInstructions']>,
  user: Principal,
) {
  const where = and(
    eq(inspectionInstructions.valid, 1),
    instructionScope(await scopeOf(db, user)),
    input.reportId === undefined ? undefined : eq(inspectionInstructions.reportId, input.reportId),
  );
  return searchPage(db, {
    table: inspectionInstructions,
    where,
    input,
    list: () => instructionPage(db, input, where),
  });
}

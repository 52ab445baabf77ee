import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { INSPECTION_APPLY_STATUS, INSPECTION_RESULT, REASON_CODE } from '@qcdesk/contract/inspection-apply';
import { eq } from 'drizzle-orm';
import { clients } from '../../db/schema/client';
import { inspectionApplies } from '../../db/schema/inspection-apply';
import type { Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { enqueueMail } from '../../platform/mail/mail-outbox';
import { userRecipient } from '../../platform/mail/recipients';
import { defineHook, type HookRunner } from '../../platform/module';
import { transition } from '../../platform/transition';
import { INSPECTION_APPLY_RETURNED_MAIL, INSPECTION_APPLY_WAIVED_MAIL } from './inspection-apply.mails';
import {
  cancelAction,
  INSPECTION_APPLY_ENTITY,
  type InspectionApplyRecord,
  inspectionApplyMachine,
} from './inspection-apply.rules';
import { applyDetail, writableApply } from './inspection-apply.service';
import { mailFacts, mailSubmitted } from './inspection-apply-submit.service';

// The transitions of an application (DOMAIN.md §4.1): submit (from create and update), return,
// waive, cancel; and the moves planning causes in the plan's transaction (plan, back to 20 on a
// plan cancel), which the inspection-plan area calls.

type Ops = typeof areas.inspectionApply;
type ReasonInput = ParsedInputOf<Ops['returnInspectionApply']>;

/**
 * Run after a waive or a cancel, in its transaction: the planning area cancels the application's
 * open tasks (§4.3 "its application waived or cancelled").
 */
export const INSPECTION_APPLY_CLOSED = defineHook<{ applyId: bigint; action: 'waive' | 'cancel' }>(
  'inspectionApply.closed',
);

const move = (
  db: Db,
  record: Pick<InspectionApplyRecord, 'id' | 'version'>,
  action: string,
  user: Principal,
  reason?: string,
  set?: Partial<typeof inspectionApplies.$inferInsert>,
) =>
  transition(db, {
    machine: inspectionApplyMachine,
    table: inspectionApplies,
    id: record.id,
    version: record.version,
    action,
    user,
    reason,
    ...(set ? { set } : {}),
  });

/** 10/80 → 20 and the mail to QC managers; the checks ran before (inspection-apply-submit.service.ts). */
export async function submitApply(db: Db, record: InspectionApplyRecord, user: Principal) {
  const updated = await move(db, record, 'submit', user, undefined, { submittedAt: new Date() });
  await mailSubmitted(db, updated, user);
  return updated;
}

/** inspection/apply/return: 20 → 80 (reason REJECTED, text R); mails the applicant. */
export async function returnInspectionApply(db: Db, input: ReasonInput, user: Principal) {
  const current = await writableApply(db, input.id, input.version, user);
  const updated = await move(db, current, 'return', user, input.reason, {
    reasonCode: REASON_CODE.rejected,
    reasonText: input.reason ?? null,
  });
  await mailApplicant(db, updated, user, input.reason ?? '');
  return applyDetail(db, input.id, user);
}

/** inspection/apply/waive: 20/30 → 50, result 1, reason WAIVED; tasks cancelled (hook); mails sales and factory. */
export async function waiveInspectionApply(db: Db, input: ReasonInput, user: Principal, hooks: HookRunner) {
  const current = await writableApply(db, input.id, input.version, user);
  const updated = await move(db, current, 'waive', user, input.reason, {
    result: INSPECTION_RESULT.pass,
    reasonCode: REASON_CODE.waived,
    reasonText: input.reason ?? null,
  });
  await hooks.runHook(INSPECTION_APPLY_CLOSED, db, { applyId: input.id, action: 'waive' }, user);
  await mailWaived(db, updated, user);
  return applyDetail(db, input.id, user);
}

/** inspection/apply/cancel: by the author (10/20/80), inspapply.waive (any), the planner (30, reason R). */
export async function cancelInspectionApply(db: Db, input: ReasonInput, user: Principal, hooks: HookRunner) {
  const current = await writableApply(db, input.id, input.version, user);
  const action = cancelAction(current, user);
  if (!action) throw new AppError(user.permissions.has('inspapply.edit') ? 'E_SCOPE' : 'E_STATUS');
  await move(db, current, action, user, input.reason, {
    reasonCode: input.reason ? REASON_CODE.other : null,
    reasonText: input.reason ?? null,
  });
  await hooks.runHook(INSPECTION_APPLY_CLOSED, db, { applyId: input.id, action: 'cancel' }, user);
  return applyDetail(db, input.id, user);
}

// -- The moves planning causes (DOMAIN.md §4.1 system rows), in the plan's transaction -----------

/**
 * Locks the applications a plan takes, at the versions the planner read (E_VERSION), each in 20
 * (E_STATUS), and moves them to 30. Two planners planning one application: the second waits on
 * the row lock, then gets E_VERSION. Answers the moved records.
 */
export async function planApplies(
  db: Db,
  applies: readonly { id: bigint; version: number }[],
  user: Principal,
): Promise<InspectionApplyRecord[]> {
  const moved = [];
  for (const a of [...applies].sort((x, y) => (x.id < y.id ? -1 : 1)))
    moved.push(await move(db, a, 'plan', user, undefined, { reasonCode: null, reasonText: null }));
  return moved;
}

/** A plan cancelled: its applications in 30 back to 20, reason RESET. */
export async function unplanApplies(db: Db, applyIds: readonly bigint[], user: Principal, reason?: string) {
  for (const id of [...applyIds].sort((x, y) => (x < y ? -1 : 1))) {
    const [row] = await db.select().from(inspectionApplies).where(eq(inspectionApplies.id, id));
    if (!row || row.status !== INSPECTION_APPLY_STATUS.planned) continue;
    await move(db, row, 'unplan', user, reason, {
      reasonCode: REASON_CODE.reset,
      reasonText: reason ?? null,
    });
  }
}

/** The applications' records by id (the planning area reads them to plan). */
export async function appliesById(db: Db, ids: readonly bigint[]) {
  const rows = [];
  for (const id of ids) {
    const [row] = await db.select().from(inspectionApplies).where(eq(inspectionApplies.id, id));
    if (row) rows.push(row);
  }
  return rows;
}

// -- Mails ---------------------------------------------------------------------------------------

async function mailApplicant(db: Db, apply: InspectionApplyRecord, user: Principal, reason: string) {
  const applicant = await userRecipient(db, apply.createdBy);
  if (!applicant) return;
  const facts = await mailFacts(db, apply);
  const lang = applicant.lang;
  await enqueueMail(db, {
    to: applicant.email,
    template: INSPECTION_APPLY_RETURNED_MAIL,
    lang,
    params: {
      name: applicant.name,
      applyNo: apply.applyNo,
      orderNo: facts.orderNo,
      factory: (lang === 'en' ? facts.factory?.nameEn : facts.factory?.nameZh) ?? '',
      sender: user.displayName,
      reason,
    },
    entity: INSPECTION_APPLY_ENTITY,
    entityId: apply.id,
    createdBy: user.userId,
  });
}

/** Sales (the client's owner, in their language) and the factory's contacts (zh). */
async function mailWaived(db: Db, apply: InspectionApplyRecord, user: Principal) {
  const facts = await mailFacts(db, apply);
  const [client] = await db
    .select({ salesId: clients.salesId })
    .from(clients)
    .where(eq(clients.id, apply.clientId));
  const sales = await userRecipient(db, client?.salesId ?? null);
  const contacts = ((facts.factory?.contacts ?? []) as { name?: unknown; email?: unknown }[]).flatMap((c) =>
    typeof c.email === 'string' && c.email.trim()
      ? [{ email: c.email.trim(), name: typeof c.name === 'string' ? c.name : c.email, lang: 'zh' as const }]
      : [],
  );
  const recipients = [...(sales ? [sales] : []), ...contacts].filter(
    (r, n, all) => all.findIndex((o) => o.email.toLowerCase() === r.email.toLowerCase()) === n,
  );
  for (const r of recipients) {
    await enqueueMail(db, {
      to: r.email,
      template: INSPECTION_APPLY_WAIVED_MAIL,
      lang: r.lang,
      params: {
        name: r.name,
        applyNo: apply.applyNo,
        orderNo: facts.orderNo,
        factory: (r.lang === 'en' ? facts.factory?.nameEn : facts.factory?.nameZh) ?? '',
        sender: user.displayName,
        lines: facts.lines,
      },
      entity: INSPECTION_APPLY_ENTITY,
      entityId: apply.id,
      createdBy: user.userId,
    });
  }
}

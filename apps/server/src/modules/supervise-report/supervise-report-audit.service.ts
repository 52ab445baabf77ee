import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { SHIPPING_STATUS } from '@qcdesk/contract/shipping';
import { eq } from 'drizzle-orm';
import { inspectionTypes } from '../../db/schema/config';
import { shippings } from '../../db/schema/shipping';
import { superviseReports } from '../../db/schema/supervise-report';
import { assistScore, leadScore } from '../../domain/inspection-score';
import { actorOf, type Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { lockRow, lockVersion, updateRecord } from '../../platform/records';
import { getSystemParam } from '../../platform/system-params';
import { transition } from '../../platform/transition';
import { bookingReportApproved } from '../inspection-booking/inspection-booking-system.service';
import { superviseProducts } from './supervise-report.queries';
import { isTeam, superviseReportMachine } from './supervise-report.rules';
import { assertReadable, superviseDetail } from './supervise-report.service';
import { dropShippingReportPlan, moveReportTask } from './supervise-report-task.service';

// The auditor's side of a supervise report (DOMAIN.md §4.5, §6.6): approve (not by the team; the
// scores booked as a final report of type CLC; the shipping loaded; a CLC booking performed), reject
// and cancel with a reason.

type Ops = typeof areas.superviseReport;
const noCheckout = { checkedOutBy: null, checkedOutAt: null, checkoutExpiresAt: null };

/** §6.6: an approved supervise report scores as a final report of type CLC (size 1.0, its product lines). */
async function scoresOf(db: Db, reportId: bigint, result: number, assistants: number) {
  const [type] = await db
    .select({ baseScore: inspectionTypes.baseScore })
    .from(inspectionTypes)
    .where(eq(inspectionTypes.serviceCode, 'CLC'));
  const products = (await superviseProducts(db, reportId)).length;
  const lead = leadScore({
    baseScore: type?.baseScore ?? 0,
    sampleSize: 0,
    usesAql: false,
    products,
    result,
    interim: false,
  });
  const assist = assistants > 0 ? assistScore(lead, await getSystemParam(db, 'score.assistRatio')) : 0;
  return { score: lead, assistScore: assist };
}

/** supervisereport/approve (30 → 40). */
export async function approveSuperviseReport(
  db: Db,
  input: ParsedInputOf<Ops['approveSuperviseReport']>,
  user: Principal,
) {
  await assertReadable(db, input.id, user);
  const row = await lockVersion(db, superviseReports, input.id, input.version);
  if (isTeam(row, user.userId)) throw new AppError('E_SELF_AUDIT');
  const approved = await transition(db, {
    machine: superviseReportMachine,
    table: superviseReports,
    id: row.id,
    version: row.version,
    action: 'approve',
    user,
    set: {
      ...noCheckout,
      result: input.result,
      approvedBy: user.userId,
      approvedAt: new Date(),
      ...(await scoresOf(db, row.id, input.result, row.assistantIds.length)),
    },
  });
  if (approved.shippingId !== null) {
    const shipping = await lockRow(db, shippings, approved.shippingId);
    if (shipping.status === SHIPPING_STATUS.planned)
      await updateRecord(db, {
        table: shippings,
        id: shipping.id,
        version: shipping.version,
        actor: actorOf(user),
        values: { status: SHIPPING_STATUS.loaded },
      });
  }
  // §4.3: the CLC task closed (result 1–4) or aborted (5, 6), its plan completed.
  await moveReportTask(db, approved.planId, { approved: input.result }, user);
  // §4.6 system row: the CLC booking whose report this is, performed (30 → 40).
  if (approved.bookingId !== null) await bookingReportApproved(db, approved.bookingId, user);
  return superviseDetail(db, row.id, user);
}

type ReasonInput = ParsedInputOf<Ops['rejectSuperviseReport']>;

async function withReason(db: Db, input: ReasonInput, user: Principal, action: 'reject' | 'cancel') {
  await assertReadable(db, input.id, user);
  const row = await transition(db, {
    machine: superviseReportMachine,
    table: superviseReports,
    id: input.id,
    version: input.version,
    action,
    user,
    reason: input.reason,
    set: { ...noCheckout, reasonText: input.reason?.trim() ?? null },
  });
  // §4.3: a reject resumes the CLC task (30 → 20); a cancel drops the plan and task of a report made
  // from a shipping (a booking's stay with the booking: its cancel or reset drops them).
  if (action === 'reject') await moveReportTask(db, row.planId, 'rejected', user);
  else await dropShippingReportPlan(db, row, input.reason, user);
  return superviseDetail(db, input.id, user);
}

/** supervisereport/reject (30 → 80, reason R). */
export const rejectSuperviseReport = (db: Db, input: ReasonInput, user: Principal) =>
  withReason(db, input, user, 'reject');

/** supervisereport/cancel (10, 20, 80 → 90, reason R). */
export const cancelSuperviseReport = (db: Db, input: ReasonInput, user: Principal) =>
  withReason(db, input, user, 'cancel');

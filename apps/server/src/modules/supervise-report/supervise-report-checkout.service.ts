import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { SUPERVISE_REPORT_STATUS } from '@qcdesk/contract/supervise-report';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/identity';
import { superviseReports } from '../../db/schema/supervise-report';
import { actorOf, type Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { lockRow, updateRecord } from '../../platform/records';
import { getSystemParam } from '../../platform/system-params';
import { transition } from '../../platform/transition';
import {
  ADMIN,
  EDIT,
  isOpen,
  isTeam,
  liveHolder,
  SUPERVISE_REPORT_ENTITY,
  superviseReportMachine,
} from './supervise-report.rules';
import { assertReadable, superviseDetail } from './supervise-report.service';
import { moveReportTask } from './supervise-report-task.service';

// The checkout of a supervise report (DOMAIN.md §4.5, §6.10): the team's exclusive lock (10 → 20
// with the arrival time, starting the report's CLC task; 20, 80 → 20) and its release (a force by
// insp.report.admin). The saves and the submit under it are supervise-report-edit.service.ts.

type Ops = typeof areas.superviseReport;
const { preSupervise, rejected } = SUPERVISE_REPORT_STATUS;
const noCheckout = { checkedOutBy: null, checkedOutAt: null, checkoutExpiresAt: null };

export async function checkoutUntil(db: Db, now: Date): Promise<Date> {
  return new Date(now.getTime() + (await getSystemParam(db, 'checkout.ttlHours')) * 3_600_000);
}

async function holderName(db: Db, id: bigint) {
  const [u] = await db.select({ name: users.name }).from(users).where(eq(users.id, id));
  return u?.name ?? '';
}

/** supervisereport/checkout: the team's exclusive lock; 10 and 80 move to 20. */
export async function checkoutSuperviseReport(
  db: Db,
  input: ParsedInputOf<Ops['checkoutSuperviseReport']>,
  user: Principal,
) {
  const now = new Date();
  await assertReadable(db, input.id, user);
  const row = await lockRow(db, superviseReports, input.id);
  if (row.valid !== 1) throw new AppError('E_NOT_FOUND');
  if (!isOpen(row.status)) throw new AppError('E_STATUS');
  if (!isTeam(row, user.userId)) throw new AppError('E_SR_INSPECTOR');
  const holder = liveHolder(row, now);
  if (holder !== null && holder !== user.userId)
    throw new AppError('E_CHECKED_OUT', { user: await holderName(db, holder) });
  const lock = {
    checkedOutBy: user.userId,
    checkedOutAt: now,
    checkoutExpiresAt: await checkoutUntil(db, now),
  };
  if (row.status === preSupervise || row.status === rejected)
    await transition(db, {
      machine: superviseReportMachine,
      table: superviseReports,
      id: row.id,
      version: row.version,
      action: 'checkout',
      user,
      set: { ...lock, ...(row.status === preSupervise && !row.arrivalTime ? { arrivalTime: now } : {}) },
    });
  else
    await updateRecord(db, {
      table: superviseReports,
      id: row.id,
      version: row.version,
      entity: SUPERVISE_REPORT_ENTITY,
      actor: actorOf(user),
      action: 'checkout',
      values: lock,
    });
  // §4.3: the first checkout starts the CLC task (10 → 20) as a first report created does.
  if (row.status === preSupervise) await moveReportTask(db, row.planId, 'checkedOut', user);
  return superviseDetail(db, row.id, user, now);
}

/** supervisereport/release: the holder gives the lock back; insp.report.admin forces another's. */
export async function releaseSuperviseReport(
  db: Db,
  input: ParsedInputOf<Ops['releaseSuperviseReport']>,
  user: Principal,
) {
  const now = new Date();
  await assertReadable(db, input.id, user);
  const row = await lockRow(db, superviseReports, input.id);
  const holder = liveHolder(row, now);
  if (holder === null) throw new AppError('E_NOT_CHECKED_OUT');
  const forced = holder !== user.userId;
  if (forced && !(input.force && user.permissions.has(ADMIN)))
    throw new AppError('E_CHECKED_OUT', { user: await holderName(db, holder) });
  if (!forced && !user.permissions.has(EDIT)) throw new AppError('E_PERMISSION');
  await updateRecord(db, {
    table: superviseReports,
    id: row.id,
    version: row.version,
    entity: SUPERVISE_REPORT_ENTITY,
    actor: actorOf(user),
    action: forced ? 'forceRelease' : 'release',
    values: noCheckout,
  });
  return superviseDetail(db, row.id, user, now);
}

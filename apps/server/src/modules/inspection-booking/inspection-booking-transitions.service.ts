import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { INSPECTION_BOOKING_STATUS } from '@qcdesk/contract/inspection-booking';
import type { Warning } from '@qcdesk/contract/warnings';
import { eq } from 'drizzle-orm';
import { clients } from '../../db/schema/client';
import { users } from '../../db/schema/identity';
import { inspectionBookings } from '../../db/schema/inspection-booking';
import { addDays, earliestDateIn, isWorkingDayIn } from '../../domain/calendar';
import { actorOf, type Principal } from '../../platform/auth';
import { businessDate, businessDateTime } from '../../platform/business-time';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { lockRow, lockVersion, updateRecord } from '../../platform/records';
import { getSystemParam } from '../../platform/system-params';
import { transition } from '../../platform/transition';
import { saved, warning, warnOrProceed } from '../../platform/warnings';
import { loadHolidays } from '../config/holiday.service';
import { cancelBookingPlan } from '../inspection-plan/inspection-plan-bookings.service';
import { bookingProducts } from './inspection-booking.queries';
import {
  ADMIN,
  assertSubmittableProducts,
  checkExtra,
  INSPECTION_BOOKING_ENTITY,
  inspectionBookingMachine,
  isAuthor,
  isLateCancel,
  liveHolder,
} from './inspection-booking.rules';
import { assertReadable, bookingDetail } from './inspection-booking.service';
import { mailBookingSubmitted } from './inspection-booking-mail.service';
import { bookingTypeOf, checkoutUntil } from './inspection-booking-records.service';

// The booking's status actions (DOMAIN.md §4.6, §6.7, §6.10): submit with the advance days (or as
// an urgent request), checkout and release of the admin's lock, return, and cancel (late after the
// cutoff of the last working day before the inspection date; a scheduled booking's plan dropped).

type Ops = typeof areas.inspectionBooking;
type Detail = Awaited<ReturnType<typeof bookingDetail>>;
const { submitted, scheduled } = INSPECTION_BOOKING_STATUS;
const noCheckout = { checkedOutBy: null, checkedOutAt: null, checkoutExpiresAt: null };

/**
 * inspection/booking/submit (10, 80 → 20) by the author: completeness (§7.3), then the advance days
 * (§6.7). A date inside them is refused (E_ADVANCE_DAYS) unless sent as an urgent request with its
 * reason: the booking is then submitted as such, for a booking admin to accept or return.
 */
export async function submitInspectionBooking(
  db: Db,
  input: ParsedInputOf<Ops['submitInspectionBooking']>,
  user: Principal,
  now: Date = new Date(),
) {
  await assertReadable(db, input.id, user);
  const row = await lockVersion(db, inspectionBookings, input.id, input.version);
  if (!isAuthor(row, user)) throw new AppError('E_SCOPE');
  if (input.urgentRequested && !input.urgentReason)
    throw new AppError('E_REASON_REQUIRED', {}, { field: 'urgentReason' });
  const type = await bookingTypeOf(db, row.bookingTypeId);
  const extra = checkExtra(type.fields, row.extra, true);
  assertSubmittableProducts(await bookingProducts(db, row.id), type.clc);

  const today = businessDate(now);
  const until = addDays(row.inspectionDate > today ? row.inspectionDate : today, 90);
  const calendar = await loadHolidays(db, today, until);
  const [client] = await db
    .select({ advanceDays: clients.advanceDays })
    .from(clients)
    .where(eq(clients.id, row.clientId));
  const advanceDays = client?.advanceDays ?? 0;
  const cutoff = String(await getSystemParam(db, 'booking.cutoff'));
  const earliest = earliestDateIn(
    calendar,
    today,
    businessDateTime(now).slice(11),
    cutoff,
    advanceDays,
    until,
  );
  const tooEarly = !row.urgent && (earliest === null || row.inspectionDate < earliest);
  if (tooEarly && !input.urgentRequested)
    throw new AppError('E_ADVANCE_DAYS', { n: advanceDays }, { field: 'inspectionDate' });

  const warnings: Warning[] = isWorkingDayIn(calendar, row.inspectionDate)
    ? []
    : [warning('W_NON_WORKING_DAY', { dates: row.inspectionDate })];
  const stop = warnOrProceed<Detail>(warnings, input.confirm);
  if (stop) return stop;
  const sent = await transition(db, {
    machine: inspectionBookingMachine,
    table: inspectionBookings,
    id: row.id,
    version: row.version,
    action: 'submit',
    user,
    set: {
      extra,
      submittedAt: now,
      urgentRequested: tooEarly,
      urgentReason: tooEarly ? (input.urgentReason ?? null) : row.urgentReason,
      reasonText: null,
    },
  });
  await mailBookingSubmitted(db, sent, user);
  return saved(warnings, await bookingDetail(db, row.id, user));
}

async function holderName(db: Db, id: bigint) {
  const [u] = await db.select({ name: users.name }).from(users).where(eq(users.id, id));
  return u?.name ?? '';
}

/** inspection/booking/checkout (20, 30): the admin's exclusive lock; of two at once, one wins. */
export async function checkoutInspectionBooking(
  db: Db,
  input: ParsedInputOf<Ops['checkoutInspectionBooking']>,
  user: Principal,
) {
  const now = new Date();
  await assertReadable(db, input.id, user);
  const row = await lockRow(db, inspectionBookings, input.id);
  if (row.valid !== 1) throw new AppError('E_NOT_FOUND');
  if (row.status !== submitted && row.status !== scheduled) throw new AppError('E_STATUS');
  const holder = liveHolder(row, now);
  if (holder !== null && holder !== user.userId)
    throw new AppError('E_CHECKED_OUT', { user: await holderName(db, holder) });
  await updateRecord(db, {
    table: inspectionBookings,
    id: row.id,
    version: row.version,
    entity: INSPECTION_BOOKING_ENTITY,
    actor: actorOf(user),
    action: 'checkout',
    values: { checkedOutBy: user.userId, checkedOutAt: now, checkoutExpiresAt: await checkoutUntil(db, now) },
  });
  return bookingDetail(db, row.id, user, now);
}

/** inspection/booking/release: the holder gives the lock back; another admin only with `force`. */
export async function releaseInspectionBooking(
  db: Db,
  input: ParsedInputOf<Ops['releaseInspectionBooking']>,
  user: Principal,
) {
  const now = new Date();
  const row = await lockRow(db, inspectionBookings, input.id);
  const holder = liveHolder(row, now);
  if (holder === null) throw new AppError('E_NOT_CHECKED_OUT');
  const forced = holder !== user.userId;
  if (forced && !input.force) throw new AppError('E_CHECKED_OUT', { user: await holderName(db, holder) });
  await updateRecord(db, {
    table: inspectionBookings,
    id: row.id,
    version: row.version,
    entity: INSPECTION_BOOKING_ENTITY,
    actor: actorOf(user),
    action: forced ? 'forceRelease' : 'release',
    values: noCheckout,
  });
  return bookingDetail(db, row.id, user, now);
}

type ReasonInput = ParsedInputOf<Ops['returnInspectionBooking']>;

/** inspection/booking/return (20 → 80, reason R): an urgent request refused, or a booking to correct. */
export async function returnInspectionBooking(db: Db, input: ReasonInput, user: Principal) {
  await transition(db, {
    machine: inspectionBookingMachine,
    table: inspectionBookings,
    id: input.id,
    version: input.version,
    action: 'return',
    user,
    reason: input.reason,
    set: { ...noCheckout, urgentRequested: false, reasonText: input.reason?.trim() ?? null },
  });
  return bookingDetail(db, input.id, user);
}

/**
 * inspection/booking/cancel: the author or an admin in 10/20/80; an admin in 30 with a reason — its
 * plan and task are cancelled, and `lateCancel` is set after the cutoff of the last working day
 * before the inspection date (§4.6, chargeable).
 */
export async function cancelInspectionBooking(db: Db, input: ReasonInput, user: Principal, now = new Date()) {
  await assertReadable(db, input.id, user);
  const row = await lockVersion(db, inspectionBookings, input.id, input.version);
  const admin = user.permissions.has(ADMIN);
  if (!admin && !isAuthor(row, user)) throw new AppError('E_SCOPE');
  if (row.status !== scheduled) {
    await transition(db, {
      machine: inspectionBookingMachine,
      table: inspectionBookings,
      id: row.id,
      version: row.version,
      action: 'cancel',
      user: admin ? { ...user, permissions: new Set([...user.permissions, 'booking.create']) } : user,
      reason: input.reason,
      set: { ...noCheckout, reasonText: input.reason?.trim() ?? null },
    });
    return bookingDetail(db, row.id, user);
  }
  const reason = input.reason?.trim();
  if (!reason) throw new AppError('E_REASON_REQUIRED', {}, { field: 'reason' });
  const today = businessDate(now);
  const calendar = await loadHolidays(db, addDays(row.inspectionDate, -60), addDays(today, 1));
  const cutoff = String(await getSystemParam(db, 'booking.cutoff'));
  const lateCancel = isLateCancel(
    calendar,
    row.inspectionDate,
    today,
    businessDateTime(now).slice(11),
    cutoff,
  );
  await transition(db, {
    machine: inspectionBookingMachine,
    table: inspectionBookings,
    id: row.id,
    version: row.version,
    action: 'cancelScheduled',
    user,
    reason,
    set: { ...noCheckout, lateCancel, reasonText: reason },
  });
  if (row.planId) await cancelBookingPlan(db, row.planId, reason, user);
  return bookingDetail(db, row.id, user);
}

import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { INSPECTION_BOOKING_STATUS } from '@qcdesk/contract/inspection-booking';
import { and, eq, ne } from 'drizzle-orm';
import { users } from '../../db/schema/identity';
import { inspectionBookings } from '../../db/schema/inspection-booking';
import { reversed } from '../../db/schema/search-columns';
import { addDays } from '../../domain/calendar';
import type { Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { recordFlags } from '../../platform/flags';
import { cappedTotal, searchPage } from '../../platform/paging';
import { mayWrite, scopeOf } from '../../platform/scope';
import { endsWith } from '../../platform/search';
import { bookingInspectorDays } from '../inspection-plan/inspection-plan-board.service';
import {
  assignmentOf,
  type BookingSearch,
  bookingInScope,
  bookingPage,
  bookingProducts,
  bookingReports,
  bookingRows,
  bookingScope,
  bookingSearchWhere,
  bookingWithLabels,
  toBookingRow,
} from './inspection-booking.queries';
import { bookingActions, liveHolder } from './inspection-booking.rules';

// Inspection bookings (DOMAIN.md §2.7, §4.6): search, list, details, report retrieval, the admin's
// assignment view, and what every write shares (the booking type, the products, the checkout).
// Create and update are inspection-booking-write.service.ts, the transitions
// inspection-booking-transitions.service.ts.

export { INSPECTION_BOOKING_ENTITY } from './inspection-booking.rules';

type Ops = typeof areas.inspectionBooking;

/** inspection/booking/search. */
export async function searchInspectionBookings(db: Db, input: BookingSearch, user: Principal) {
  const where = bookingSearchWhere(db, input, await scopeOf(db, user), user);
  return searchPage(db, {
    table: inspectionBookings,
    where,
    input,
    list: () => bookingPage(db, input, where),
  });
}

/** The dashboard's count (issue 30): this list's search WHERE in the caller's scope, capped like its total. */
export async function countInspectionBookings(db: Db, filters: Partial<BookingSearch>, user: Principal) {
  return cappedTotal(db, inspectionBookings, bookingSearchWhere(db, filters, await scopeOf(db, user), user));
}

/** inspection/booking/list: the auto-complete. */
export async function listInspectionBookings(
  db: Db,
  input: ParsedInputOf<Ops['listInspectionBookings']>,
  user: Principal,
) {
  const where = and(
    eq(inspectionBookings.valid, 1),
    ne(inspectionBookings.status, INSPECTION_BOOKING_STATUS.cancelled),
    bookingScope(await scopeOf(db, user)),
    input.keyword ? endsWith(reversed(inspectionBookings.bookingNo), input.keyword) : undefined,
  );
  const rows = await db
    .select()
    .from(inspectionBookings)
    .where(where)
    .orderBy(inspectionBookings.id)
    .limit(input.limit);
  return { list: rows.reverse() };
}

/** The detail every read and write answers, with the actions the caller may take now. */
export async function bookingDetail(db: Db, id: bigint, user: Principal, now = new Date()) {
  const r = await bookingWithLabels(db, id);
  if (!r) throw new AppError('E_NOT_FOUND');
  const b = r.b;
  const holder = liveHolder(b, now);
  const [holderRow] = holder
    ? await db
        .select({ id: users.id, name: users.name, englishName: users.englishName })
        .from(users)
        .where(eq(users.id, holder))
    : [];
  const scope = await scopeOf(db, user);
  const writable = mayWrite(scope, {
    departmentId: b.departmentId,
    clientId: b.clientId,
    salesId: r.client.salesId,
  });
  const { plan, ...assignment } = await assignmentOf(db, b);
  return {
    ...toBookingRow(r),
    ...assignment,
    plan: plan ? { id: plan.id, planNo: plan.planNo, status: plan.status } : null,
    products: await bookingProducts(db, id),
    extra: b.extra,
    contactName: b.contactName,
    contactPhone: b.contactPhone,
    remark: b.remark,
    urgentReason: b.urgentReason,
    reasonText: b.reasonText,
    clc: r.inspectionType.serviceCode === 'CLC',
    submittedAt: b.submittedAt,
    checkedOutBy: holderRow ?? null,
    checkoutExpiresAt: holder ? b.checkoutExpiresAt : null,
    createdAt: b.createdAt,
    actions: writable || user.permissions.has('booking.admin') ? bookingActions(b, user, now) : [],
  };
}

/** Refuses a booking outside the caller's read scope (E_SCOPE), or absent (E_NOT_FOUND). */
export async function assertReadable(db: Db, id: bigint, user: Principal) {
  if (await bookingInScope(db, id, await scopeOf(db, user))) return;
  const [row] = await db
    .select({ id: inspectionBookings.id })
    .from(inspectionBookings)
    .where(eq(inspectionBookings.id, id));
  throw new AppError(row ? 'E_SCOPE' : 'E_NOT_FOUND');
}

/** inspection/booking/details: E_SCOPE outside the caller's scope (another client's booking). */
export async function getInspectionBooking(db: Db, id: bigint, user: Principal) {
  await assertReadable(db, id, user);
  const now = new Date();
  const detail = await bookingDetail(db, id, user, now);
  const [row] = await db.select().from(inspectionBookings).where(eq(inspectionBookings.id, id));
  const holder = row ? liveHolder(row, now) : null;
  const flags = recordFlags({
    user,
    record: { createdBy: row?.createdBy ?? null, valid: detail.valid },
    editPermission: detail.actions.includes('update') ? (holder ? 'booking.admin' : 'booking.create') : null,
    inScope: detail.actions.length > 0,
    checkout: holder && row?.checkoutExpiresAt ? { userId: holder, expiresAt: row.checkoutExpiresAt } : null,
    now,
  });
  return { detail, flags };
}

/** inspection/booking/reports: approved reports; CLIENT users only sent ones. */
export async function inspectionBookingReports(
  db: Db,
  input: ParsedInputOf<Ops['inspectionBookingReports']>,
  user: Principal,
) {
  await assertReadable(db, input.id, user);
  const scope = await scopeOf(db, user);
  return { list: await bookingReports(db, input.id, scope.kind === 'client') };
}

/** The assignment view can show a month at most. */
export const SCHEDULE_MAX_DAYS = 31;

/** inspection/booking/schedule: every submitted booking (by inspection date), and the inspectors' load over the range. */
export async function inspectionBookingSchedule(
  db: Db,
  input: ParsedInputOf<Ops['inspectionBookingSchedule']>,
  user: Principal,
) {
  if (addDays(input.startTime, SCHEDULE_MAX_DAYS - 1) < input.endTime)
    throw new AppError('E_RANGE', { field: 'endTime' }, { field: 'endTime' });
  const where = and(
    eq(inspectionBookings.valid, 1),
    eq(inspectionBookings.status, INSPECTION_BOOKING_STATUS.submitted),
    bookingScope(await scopeOf(db, user)),
  );
  const bookings = await bookingRows(db, where, 200);
  return { bookings, inspectors: await bookingInspectorDays(db, input) };
}

import { BOOKING_FIELD_TYPE, INSPECTION_BOOKING_STATUS } from '@qcdesk/contract/inspection-booking';
import type { inspectionBookings } from '../../db/schema/inspection-booking';
import { addDays, addWorkingDaysIn, type HolidayCalendar } from '../../domain/calendar';
import type { Principal } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { defineStateMachine } from '../../platform/transition';

// The pure rules of inspection bookings (DOMAIN.md §2.7, §4.6, §6.7, §6.10): the transition table,
// who may modify a booking now, the checkout, the extra fields against the booking type's field
// definitions, the products a submit needs, and the late-cancel cutoff. No database here.

export const INSPECTION_BOOKING_ENTITY = 'inspection_bookings';
export type InspectionBookingRecord = typeof inspectionBookings.$inferSelect;

type Status = (typeof INSPECTION_BOOKING_STATUS)[keyof typeof INSPECTION_BOOKING_STATUS];
const s = INSPECTION_BOOKING_STATUS;
export const AUTHOR = 'booking.create';
export const ADMIN = 'booking.admin';

/** §4.6 as data; the author-or-admin checks of submit and cancel are the service's. */
export const inspectionBookingMachine = defineStateMachine<Status>(INSPECTION_BOOKING_ENTITY, [
  { from: [s.draft, s.returned], action: 'submit', to: s.submitted, permission: AUTHOR },
  { from: [s.submitted], action: 'assign', to: s.scheduled, permission: ADMIN },
  { from: [s.submitted], action: 'return', to: s.returned, permission: ADMIN, reasonRequired: true },
  { from: [s.draft, s.submitted, s.returned], action: 'cancel', to: s.cancelled, permission: AUTHOR },
  {
    from: [s.scheduled],
    action: 'cancelScheduled',
    to: s.cancelled,
    permission: ADMIN,
    reasonRequired: true,
  },
  // System (§4.6): the booking's final inspection report approved (taken for the approver).
  { from: [s.scheduled], action: 'perform', to: s.performed, permission: 'insp.report.audit' },
  // System (§4.6): its plan cancelled by a planner → back to the booking admins (taken for the planner).
  { from: [s.scheduled], action: 'reset', to: s.submitted, permission: 'inspplan.create' },
]);

type Checkout = Pick<InspectionBookingRecord, 'checkedOutBy' | 'checkoutExpiresAt'>;

/** The holder of a live checkout (§6.10: an expired lock is free), or null. */
export const liveHolder = (r: Checkout, now: Date): bigint | null =>
  r.checkedOutBy !== null && r.checkoutExpiresAt !== null && r.checkoutExpiresAt > now
    ? r.checkedOutBy
    : null;

export const isAuthor = (r: Pick<InspectionBookingRecord, 'createdBy'>, user: Principal) =>
  r.createdBy === user.userId;

export type Editor = 'author' | 'holder';

/**
 * §4 rule c, §4.6: who modifies the booking now — its author in 10/80, and in 20 while nobody holds
 * a checkout; a booking admin holding the checkout in 20/30. Refused with E_NOT_CHECKED_OUT (an
 * admin without the lock, or the author while an admin holds it), E_STATUS or E_SCOPE.
 */
export function editorOf(r: InspectionBookingRecord, user: Principal, now: Date): Editor {
  const holder = liveHolder(r, now);
  if (holder === user.userId && user.permissions.has(ADMIN)) {
    if (r.status === s.submitted || r.status === s.scheduled) return 'holder';
    throw new AppError('E_STATUS');
  }
  if (isAuthor(r, user)) {
    if (r.status === s.draft || r.status === s.returned) return 'author';
    if (r.status === s.submitted && holder === null) return 'author';
    if (r.status === s.submitted || r.status === s.scheduled) {
      if (holder !== null) throw new AppError('E_CHECKED_OUT', { user: '' });
    }
    throw new AppError('E_STATUS');
  }
  if (user.permissions.has(ADMIN)) {
    if (r.status === s.submitted || r.status === s.scheduled) throw new AppError('E_NOT_CHECKED_OUT');
    throw new AppError('E_STATUS');
  }
  throw new AppError('E_SCOPE');
}

/** The actions the caller may take now, for the detail's buttons. */
export function bookingActions(r: InspectionBookingRecord, user: Principal, now: Date): string[] {
  const out: string[] = [];
  const admin = user.permissions.has(ADMIN);
  const holder = liveHolder(r, now);
  const author = isAuthor(r, user) && user.permissions.has(AUTHOR);
  const open = r.status === s.draft || r.status === s.returned;
  const live = r.status === s.submitted || r.status === s.scheduled;
  if (author && (open || (r.status === s.submitted && holder === null))) out.push('update', 'products');
  if (admin && live && holder === user.userId) out.push('update', 'products', 'assign', 'urgent', 'release');
  if (admin && live && holder === null) out.push('checkout');
  if (admin && live && holder !== null && holder !== user.userId) out.push('forceRelease');
  if (author && open) out.push('submit');
  if (admin && r.status === s.submitted) out.push('return');
  if (((author || admin) && (open || r.status === s.submitted)) || (admin && r.status === s.scheduled))
    out.push('cancel');
  return [...new Set(out)];
}

export interface BookingFieldDef {
  key: string;
  labelZh?: string;
  labelEn?: string;
  fieldType: number;
  required?: boolean;
  options?: string[];
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function fits(def: BookingFieldDef, value: unknown): boolean {
  const options = def.options ?? [];
  switch (def.fieldType) {
    case BOOKING_FIELD_TYPE.text:
      return typeof value === 'string';
    case BOOKING_FIELD_TYPE.number:
      return typeof value === 'number' && Number.isFinite(value);
    case BOOKING_FIELD_TYPE.date:
      return typeof value === 'string' && ISO_DATE.test(value) && !Number.isNaN(Date.parse(value));
    case BOOKING_FIELD_TYPE.select:
      return typeof value === 'string' && options.includes(value);
    case BOOKING_FIELD_TYPE.multiSelect:
      return Array.isArray(value) && value.every((v) => typeof v === 'string' && options.includes(v));
    case BOOKING_FIELD_TYPE.file:
      return Array.isArray(value) && value.every((v) => typeof v === 'string' && /^[1-9]\d{0,18}$/.test(v));
    case BOOKING_FIELD_TYPE.yesNo:
      return typeof value === 'boolean';
    default:
      return false;
  }
}

const empty = (v: unknown) =>
  v === null ||
  v === undefined ||
  (typeof v === 'string' && v.trim() === '') ||
  (Array.isArray(v) && v.length === 0);

/**
 * The extra fields against the booking type's definitions: an unknown key or a value of the wrong
 * kind (not one of the options, not a date, …) is E_BK_EXTRA; with `complete` (submit) a required
 * field left empty is E_REQUIRED. Answers the values to store (empty ones dropped, texts trimmed).
 */
export function checkExtra(
  defs: readonly BookingFieldDef[],
  extra: Record<string, unknown>,
  complete: boolean,
): Record<string, unknown> {
  const byKey = new Map(defs.map((d) => [d.key, d]));
  const out: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(extra)) {
    const def = byKey.get(key);
    if (!def) throw new AppError('E_BK_EXTRA', { field: key }, { field: `extra.${key}` });
    if (empty(raw)) continue;
    const value = typeof raw === 'string' ? raw.trim() : raw;
    if (!fits(def, value))
      throw new AppError('E_BK_EXTRA', { field: def.labelEn ?? key }, { field: `extra.${key}` });
    out[key] = value;
  }
  if (complete)
    for (const def of defs)
      if (def.required && empty(out[def.key]))
        throw new AppError('E_REQUIRED', { field: def.labelEn ?? def.key }, { field: `extra.${def.key}` });
  return out;
}

/** §7.3: a submit needs ≥ 1 product, and a CLC booking ≥ 1 order product (its loading report is built on orders). */
export function assertSubmittableProducts(
  products: readonly { orderProductId: bigint | null }[],
  clc: boolean,
): void {
  if (products.length === 0) throw new AppError('E_REQUIRED', { field: 'products' }, { field: 'products' });
  if (clc && !products.some((p) => p.orderProductId !== null))
    throw new AppError('E_BK_CLC_ORDER', {}, { field: 'products' });
}

/**
 * §4.6 late cancel: a cancel after the booking cutoff (`time` ≥ `cutoff`, business time) on the
 * last working day before the inspection date, or any later day, is late (chargeable).
 */
export function isLateCancel(
  calendar: HolidayCalendar,
  inspectionDate: string,
  today: string,
  time: string,
  cutoff: string,
): boolean {
  const lastDay = addWorkingDaysIn(calendar, inspectionDate, -1, addDays(inspectionDate, -60)) ?? today;
  return today > lastDay || (today === lastDay && time >= cutoff);
}

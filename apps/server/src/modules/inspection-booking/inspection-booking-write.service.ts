import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { INSPECTION_BOOKING_STATUS } from '@qcdesk/contract/inspection-booking';
import type { Warning } from '@qcdesk/contract/warnings';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/identity';
import { inspectionBookings } from '../../db/schema/inspection-booking';
import { actorOf, type Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { nextNumber } from '../../platform/numbering';
import { changedFields, createRecord, lockVersion, updateRecord } from '../../platform/records';
import { transition } from '../../platform/transition';
import { saved, warnOrProceed } from '../../platform/warnings';
import {
  bookingPlanWarnings,
  createBookingPlan,
  rescheduleBookingPlan,
} from '../inspection-plan/inspection-plan-bookings.service';
import { createSuperviseReportForBooking } from '../supervise-report/supervise-report-write.service';
import { bookingProducts } from './inspection-booking.queries';
import {
  ADMIN,
  assertSubmittableProducts,
  checkExtra,
  editorOf,
  INSPECTION_BOOKING_ENTITY,
  type InspectionBookingRecord,
  inspectionBookingMachine,
  liveHolder,
} from './inspection-booking.rules';
import { assertReadable, bookingDetail } from './inspection-booking.service';
import { mailBookingAssigned } from './inspection-booking-mail.service';
import {
  assertFactories,
  bookingClient,
  bookingTypeOf,
  checkoutUntil,
  writeProducts,
} from './inspection-booking-records.service';

// The booking's create and modify (DOMAIN.md §4.6): the author's fields and products, and the
// booking admin's assignment under the checkout (20 → 30: a dispatched plan and task; for CLC
// types the supervise-report hook), reschedule and reassignment (30), and the urgent flag.

type Ops = typeof areas.inspectionBooking;
type Detail = Awaited<ReturnType<typeof bookingDetail>>;

/** inspection/booking/create: a draft (10); a CLIENT user's booking is of its own client. */
export async function createInspectionBooking(
  db: Db,
  input: ParsedInputOf<Ops['createInspectionBooking']>,
  user: Principal,
) {
  const client = await bookingClient(db, input.clientId, user);
  const type = await bookingTypeOf(db, input.bookingTypeId);
  if (!type.active)
    throw new AppError('E_REF_INACTIVE', { field: 'bookingTypeId' }, { field: 'bookingTypeId' });
  await assertFactories(db, input.factoryId, input.outsourceFactoryId);
  const extra = checkExtra(type.fields, input.extra, false);
  const booking = await createRecord(db, {
    table: inspectionBookings,
    entity: INSPECTION_BOOKING_ENTITY,
    actor: actorOf(user),
    values: {
      bookingNo: await nextNumber(db, 'BK'),
      bookingTypeId: type.id,
      inspectionTypeId: type.inspectionTypeId,
      clientId: client.id,
      departmentId: client.departmentId,
      factoryId: input.factoryId,
      outsourceFactoryId: input.outsourceFactoryId ?? null,
      inspectionDate: input.inspectionDate,
      extra,
      contactName: input.contactName,
      contactPhone: input.contactPhone,
      remark: input.remark ?? null,
    },
    children: (created) => writeProducts(db, created, input.products, user),
  });
  return bookingDetail(db, booking.id, user);
}

/** A modify's record: locked at the version read, in scope, and who edits it now (§4 rule c). */
async function editable(db: Db, id: bigint, version: number, user: Principal, now: Date) {
  await assertReadable(db, id, user);
  const row = await lockVersion(db, inspectionBookings, id, version);
  if (row.valid !== 1) throw new AppError('E_NOT_FOUND');
  const holder = liveHolder(row, now);
  if (
    holder !== null &&
    holder !== user.userId &&
    (row.status === INSPECTION_BOOKING_STATUS.submitted || row.status === INSPECTION_BOOKING_STATUS.scheduled)
  ) {
    const [u] = await db.select({ name: users.name }).from(users).where(eq(users.id, holder));
    throw new AppError('E_CHECKED_OUT', { user: u?.name ?? '' });
  }
  return { row, editor: editorOf(row, user, now) };
}

type UpdateInput = ParsedInputOf<Ops['updateInspectionBooking']>;

const assigning = (input: UpdateInput) =>
  input.inspectorId !== undefined ||
  input.assignedDate !== undefined ||
  input.assistantIds !== undefined ||
  input.manDays !== undefined;

/**
 * inspection/booking/update: the fields of the booking; `urgent` only by a booking admin
 * (E_BK_URGENT_ADMIN); the assignment fields only by the admin holding the checkout.
 */
export async function updateInspectionBooking(db: Db, input: UpdateInput, user: Principal) {
  if (input.urgent !== undefined && !user.permissions.has(ADMIN)) throw new AppError('E_BK_URGENT_ADMIN');
  const now = new Date();
  const { row, editor } = await editable(db, input.id, input.version, user, now);
  if (assigning(input) && editor !== 'holder')
    throw new AppError(user.permissions.has(ADMIN) ? 'E_NOT_CHECKED_OUT' : 'E_PERMISSION');
  if (input.urgent === true && !input.urgentReason && !row.urgentReason && !row.urgent)
    throw new AppError('E_REASON_REQUIRED', {}, { field: 'urgentReason' });

  const typeId = input.bookingTypeId ?? row.bookingTypeId;
  const type = await bookingTypeOf(db, typeId);
  await assertFactories(db, input.factoryId, input.outsourceFactoryId);
  const extra =
    input.extra !== undefined || input.bookingTypeId !== undefined
      ? checkExtra(type.fields, input.extra ?? row.extra, false)
      : undefined;
  const values = changedFields(row, {
    bookingTypeId: typeId,
    inspectionTypeId: type.inspectionTypeId,
    factoryId: input.factoryId,
    outsourceFactoryId: input.outsourceFactoryId,
    inspectionDate: input.inspectionDate,
    contactName: input.contactName,
    contactPhone: input.contactPhone,
    remark: input.remark === undefined ? undefined : input.remark || null,
    ...(extra === undefined ? {} : { extra }),
    // §4.6: a booking admin accepts an urgent request (or marks a booking urgent) with a reason.
    ...(input.urgent === undefined
      ? {}
      : {
          urgent: input.urgent,
          urgentRequested: false,
          urgentReason: input.urgentReason ?? row.urgentReason,
        }),
  });
  const checkout = editor === 'holder' ? { checkoutExpiresAt: await checkoutUntil(db, now) } : {};
  if (assigning(input)) {
    const outcome = await assign(db, row, input, { ...values, ...checkout }, type.clc, user);
    if (outcome) return outcome;
  } else {
    await updateRecord(db, {
      table: inspectionBookings,
      id: row.id,
      version: row.version,
      entity: INSPECTION_BOOKING_ENTITY,
      actor: actorOf(user),
      values: { ...values, ...checkout },
    });
  }
  return saved([], await bookingDetail(db, row.id, user));
}

/**
 * §4.6 assignment (20 → 30) or reschedule (30): the warnings first (nothing written unless
 * `confirm`), then the plan and task, then the booking. Answers the warned answer when stopped.
 */
async function assign(
  db: Db,
  row: InspectionBookingRecord,
  input: UpdateInput,
  values: Partial<InspectionBookingRecord>,
  clc: boolean,
  user: Principal,
) {
  const urgent = values.urgent ?? row.urgent;
  const pending = values.urgentRequested ?? row.urgentRequested;
  if (pending && !urgent) throw new AppError('E_BK_URGENT_PENDING');
  const next = {
    planDate: input.assignedDate ?? row.assignedDate,
    leadInspectorId: input.inspectorId ?? row.assignedInspectorId,
    assistantIds: input.assistantIds ?? [],
    manDays: input.manDays ?? 1,
  };
  if (!next.planDate) throw new AppError('E_REQUIRED', { field: 'assignedDate' }, { field: 'assignedDate' });
  if (!next.leadInspectorId)
    throw new AppError('E_REQUIRED', { field: 'inspectorId' }, { field: 'inspectorId' });
  if (next.assistantIds.includes(next.leadInspectorId))
    throw new AppError('E_PLAN_INSPECTOR', { field: 'assistantIds' }, { field: 'assistantIds' });
  const plan = { ...next, planDate: next.planDate, leadInspectorId: next.leadInspectorId };
  const assigned = { assignedDate: plan.planDate, assignedInspectorId: plan.leadInspectorId };
  const factoryId = values.factoryId ?? row.factoryId;

  if (row.status === INSPECTION_BOOKING_STATUS.scheduled && row.planId) {
    const moved = await rescheduleBookingPlan(db, row.planId, plan, input.confirm, user);
    if (!moved.saved) return warnOrProceed<Detail>(moved.warnings, false);
    const rescheduled = await updateRecord(db, {
      table: inspectionBookings,
      id: row.id,
      version: row.version,
      entity: INSPECTION_BOOKING_ENTITY,
      actor: actorOf(user),
      action: 'reschedule',
      values: changedFields(row, { ...values, ...assigned }),
    });
    await mailBookingAssigned(db, rescheduled, user);
    return saved(moved.warnings, await bookingDetail(db, row.id, user));
  }
  if (row.status !== INSPECTION_BOOKING_STATUS.submitted) throw new AppError('E_STATUS');
  assertSubmittableProducts(await bookingProducts(db, row.id), clc);
  const warnings: Warning[] = await bookingPlanWarnings(db, { ...plan, factoryId });
  const stop = warnOrProceed<Detail>(warnings, input.confirm);
  if (stop) return stop;
  const planId = await createBookingPlan(
    db,
    {
      ...plan,
      bookingId: row.id,
      inspectionTypeId: values.inspectionTypeId ?? row.inspectionTypeId,
      factoryId,
    },
    user,
  );
  const scheduledRow = await transition(db, {
    machine: inspectionBookingMachine,
    table: inspectionBookings,
    id: row.id,
    version: row.version,
    action: 'assign',
    user,
    set: { ...values, ...assigned, planId },
  });
  await mailBookingAssigned(db, scheduledRow, user);
  if (clc) await onClcBookingAssigned(db, { bookingId: row.id, planId }, user);
  return saved(warnings, await bookingDetail(db, row.id, user));
}

/**
 * The supervise (loading) report of a CLC booking (DOMAIN.md §4.5 "create … system on a CLC booking
 * assignment", §4.6): called in the assignment's transaction, after the booking's plan and task are
 * written and the booking is in 30: a report in 10 for the booking's order products, its inspector,
 * the plan's assistants and the assigned date, checkpoints preloaded from the master list.
 */
export async function onClcBookingAssigned(
  db: Db,
  assignment: { bookingId: bigint; planId: bigint },
  user: Principal,
): Promise<void> {
  await createSuperviseReportForBooking(db, assignment, user);
}

/** inspection/booking/product/update: the lines replaced by whoever modifies the booking now. */
export async function updateInspectionBookingProducts(
  db: Db,
  input: ParsedInputOf<Ops['updateInspectionBookingProducts']>,
  user: Principal,
) {
  const now = new Date();
  const { row, editor } = await editable(db, input.id, input.version, user, now);
  const childChanges = await writeProducts(db, row, input.products, user);
  await updateRecord(db, {
    table: inspectionBookings,
    id: row.id,
    version: row.version,
    entity: INSPECTION_BOOKING_ENTITY,
    actor: actorOf(user),
    values: editor === 'holder' ? { checkoutExpiresAt: await checkoutUntil(db, now) } : {},
    childChanges,
  });
  return bookingDetail(db, row.id, user);
}

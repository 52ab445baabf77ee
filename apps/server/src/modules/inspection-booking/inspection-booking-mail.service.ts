import type { Language } from '@qcdesk/contract';
import { and, arrayContains, eq } from 'drizzle-orm';
import { clients } from '../../db/schema/client';
import { bookingTypes, factories } from '../../db/schema/config';
import { roles, users } from '../../db/schema/identity';
import type { Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { mailEach, userRecipients } from '../../platform/mail/recipients';
import {
  BOOKING_ASSIGNED_MAIL,
  BOOKING_RESET_MAIL,
  BOOKING_SUBMITTED_MAIL,
} from './inspection-booking.mails';
import { bookingProducts } from './inspection-booking.queries';
import { INSPECTION_BOOKING_ENTITY, type InspectionBookingRecord } from './inspection-booking.rules';

// The booking's mails (DOMAIN.md §4.6, §4 rule d): submitted → the booking admins; assigned or
// rescheduled → its author; its plan cancelled (RESET) → the booking admins. Each recipient in their language. (The inspectors and the factory get
// the plan's inspection notice when the booking's plan is dispatched.)

async function facts(db: Db, b: InspectionBookingRecord) {
  const [row] = await db
    .select({ factory: factories, type: bookingTypes, client: clients.name })
    .from(factories)
    .innerJoin(bookingTypes, eq(bookingTypes.id, b.bookingTypeId))
    .innerJoin(clients, eq(clients.id, b.clientId))
    .where(eq(factories.id, b.factoryId));
  const named = (lang: Language, r?: { nameZh: string; nameEn: string }) =>
    (lang === 'en' ? r?.nameEn : r?.nameZh) ?? '';
  return {
    factory: (lang: Language) => named(lang, row?.factory),
    type: (lang: Language) => named(lang, row?.type),
    client: row?.client ?? '',
  };
}

/** The active holders of booking.admin, each in their language. */
async function bookingAdmins(db: Db) {
  const admins = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(arrayContains(roles.permissions, ['booking.admin']), eq(users.valid, 1), eq(users.state, 1)));
  return userRecipients(
    db,
    admins.map((a) => a.id),
  );
}

/** §4.6 submit: the active holders of booking.admin. */
export async function mailBookingSubmitted(db: Db, b: InspectionBookingRecord, user: Principal) {
  const f = await facts(db, b);
  const lines = (await bookingProducts(db, b.id))
    .map((p) => `${[p.productNo, p.name].filter(Boolean).join(' · ')} × ${p.quantity}`)
    .join('\n');
  await mailEach(db, await bookingAdmins(db), {
    template: BOOKING_SUBMITTED_MAIL,
    params: (r) => ({
      name: r.name,
      bookingNo: b.bookingNo,
      bookingType: f.type(r.lang),
      client: f.client,
      factory: f.factory(r.lang),
      inspectionDate: b.inspectionDate,
      urgent: b.urgentRequested ? (r.lang === 'en' ? ' (urgent requested)' : '（申请加急）') : '',
      sender: user.displayName,
      lines,
    }),
    entity: INSPECTION_BOOKING_ENTITY,
    entityId: b.id,
    createdBy: user.userId,
  });
}

/** §4.6 assignment and reschedule: the author. */
export async function mailBookingAssigned(db: Db, b: InspectionBookingRecord, user: Principal) {
  const f = await facts(db, b);
  const [inspector] = b.assignedInspectorId
    ? await db
        .select({ name: users.name, englishName: users.englishName })
        .from(users)
        .where(eq(users.id, b.assignedInspectorId))
    : [];
  await mailEach(db, await userRecipients(db, [b.createdBy]), {
    template: BOOKING_ASSIGNED_MAIL,
    params: (r) => ({
      name: r.name,
      bookingNo: b.bookingNo,
      factory: f.factory(r.lang),
      assignedDate: b.assignedDate ?? '',
      assignment: `${b.assignedDate ?? ''} · ${(r.lang === 'en' ? inspector?.englishName : null) ?? inspector?.name ?? ''}`,
    }),
    entity: INSPECTION_BOOKING_ENTITY,
    entityId: b.id,
    createdBy: user.userId,
  });
}

/**
 * §4.6 "plan cancelled → 20": the booking admins, with the assignment that was dropped (`was`, the
 * booking before the reset) and the planner's reason.
 */
export async function mailBookingReset(
  db: Db,
  was: InspectionBookingRecord,
  reason: string | undefined,
  user: Principal,
) {
  const f = await facts(db, was);
  const [inspector] = was.assignedInspectorId
    ? await db
        .select({ name: users.name, englishName: users.englishName })
        .from(users)
        .where(eq(users.id, was.assignedInspectorId))
    : [];
  await mailEach(db, await bookingAdmins(db), {
    template: BOOKING_RESET_MAIL,
    params: (r) => ({
      name: r.name,
      bookingNo: was.bookingNo,
      client: f.client,
      factory: f.factory(r.lang),
      inspectionDate: was.inspectionDate,
      assignment: `${was.assignedDate ?? ''} · ${(r.lang === 'en' ? inspector?.englishName : null) ?? inspector?.name ?? ''}`,
      sender: user.displayName,
      reason: reason?.trim() || 'RESET',
    }),
    entity: INSPECTION_BOOKING_ENTITY,
    entityId: was.id,
    createdBy: user.userId,
  });
}

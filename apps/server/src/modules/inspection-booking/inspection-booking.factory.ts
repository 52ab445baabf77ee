import { and, eq } from 'drizzle-orm';
import { byDepartment, type ChangeLogScopeCases } from '../../../test/support/change-log-scope';
import { idOf, unique } from '../../../test/support/factories';
import { bookingTypes, factories } from '../../db/schema/config';
import { users } from '../../db/schema/identity';
import { inspectionBookings } from '../../db/schema/inspection-booking';
import { addDays } from '../../domain/calendar';
import { businessDate } from '../../platform/business-time';
import type { Db } from '../../platform/db';
import { nextWorkingDay } from '../config/holiday.service';
import { buildOrder } from '../order/order.factory';

// Test data of inspection bookings (STYLE.md rule 9): the body of inspection/booking/create for a
// seeded booking type (BK-PSI asks for `poNumbers`, BK-CLC for `containerType` among 20GP/40GP/40HQ
// and `closingDate`), and a CLIENT user linked to a client.

export const bookingTypeId = async (db: Db, code: string) => {
  const [row] = await db
    .select({ id: bookingTypes.id })
    .from(bookingTypes)
    .where(and(eq(bookingTypes.code, code), eq(bookingTypes.valid, 1)));
  return row!.id;
};

/** A working day at least `days` days ahead. */
export const bookingDay = (db: Db, days = 30) => nextWorkingDay(db, addDays(businessDate(), days));

export interface BookingOverrides {
  type?: string;
  clientId?: bigint;
  factory?: string;
  inspectionDate?: string;
  extra?: Record<string, string | number | boolean | string[] | null>;
  products?: { orderProductId?: string; productNo?: string; name?: string; quantity: number }[];
}

/** The body of inspection/booking/create (BK-PSI with its PO numbers, one free-text line, in 30 days). */
export async function bookingInput(db: Db, o: BookingOverrides = {}) {
  const type = o.type ?? 'BK-PSI';
  return {
    bookingTypeId: String(await bookingTypeId(db, type)),
    ...(o.clientId ? { clientId: String(o.clientId) } : {}),
    factoryId: String(await idOf(db, factories, o.factory ?? 'F-HM-SZ')),
    inspectionDate: o.inspectionDate ?? (await bookingDay(db)),
    contactName: '王经理',
    contactPhone: '+86 755 1234 5678',
    extra: o.extra ?? (type === 'BK-PSI' ? { poNumbers: 'PO-1001' } : {}),
    products: o.products ?? [{ productNo: 'FREE-1', name: 'Plush bear 毛绒熊', quantity: 500 }],
  };
}

/** Links a user to a client (a CLIENT user's scope). */
export async function linkClientUser(db: Db, userId: bigint, clientId: bigint) {
  await db.update(users).set({ clientId }).where(eq(users.id, userId));
}

/** A draft booking of an order's client (`buildOrder`'s answer), inserted directly. */
export async function buildInspectionBooking(
  db: Db,
  built: {
    order: { clientId: bigint; departmentId: bigint };
    products: readonly { id: bigint; factoryId: bigint }[];
  },
) {
  const [type] = await db.select().from(bookingTypes).where(eq(bookingTypes.code, 'BK-PSI'));
  const [booking] = await db
    .insert(inspectionBookings)
    .values({
      bookingNo: unique('BK').slice(0, 16),
      bookingTypeId: type!.id,
      inspectionTypeId: type!.inspectionTypeId,
      clientId: built.order.clientId,
      departmentId: built.order.departmentId,
      factoryId: built.products[0]!.factoryId,
      inspectionDate: addDays(businessDate(), 30),
      contactName: 'Contact',
      contactPhone: '123',
    })
    .returning();
  return booking!;
}

/** The change-log scope case (test/change-log-scope.test.ts): by the booking's order's department. */
export const changeLogScope: ChangeLogScopeCases = {
  inspection_bookings: byDepartment(
    async (db, owner) => (await buildInspectionBooking(db, await buildOrder(db, owner))).id,
  ),
};

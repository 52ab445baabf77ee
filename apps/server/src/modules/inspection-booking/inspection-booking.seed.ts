import { areas } from '@qcdesk/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { bookingTypes, factories } from '../../db/schema/config';
import { inspectionBookingProducts, inspectionBookings } from '../../db/schema/inspection-booking';
import { orderProducts } from '../../db/schema/order';
import { addDays } from '../../domain/calendar';
import { businessDate } from '../../platform/business-time';
import type { SeedContext } from '../../platform/module';
import { seedPrincipal } from '../../platform/seed-principal';
import { nextWorkingDay } from '../config/holiday.service';
import { orderIdsOfNos } from '../order/order-hooks.service';
import { submitInspectionBooking } from './inspection-booking-transitions.service';
import { createInspectionBooking } from './inspection-booking-write.service';

// The demo booking (QCDESK_DEMO_USERS=1), through the services as the demo sales: a loading
// supervision (BK-CLC) of the first product of NH24-0315 a month ahead, submitted, so the booking
// admin has one to check out and assign (which makes its supervise report). Idempotent: a CLC
// booking of that product already there is left alone.

export const DEMO_BOOKING_ORDER = 'NH24-0315';
const ops = areas.inspectionBooking;

export async function seedInspectionBookings(ctx: SeedContext): Promise<void> {
  if (ctx.config.QCDESK_DEMO_USERS !== '1') return;
  await ctx.database.db.transaction(async (db) => {
    const author = await seedPrincipal(db, 'demo.sales');
    const orderIds = await orderIdsOfNos(db, [DEMO_BOOKING_ORDER]);
    const [type] = await db
      .select({ id: bookingTypes.id })
      .from(bookingTypes)
      .where(and(eq(bookingTypes.code, 'BK-CLC'), eq(bookingTypes.valid, 1)));
    if (!author || !type || orderIds.length === 0) return;
    const [product] = await db
      .select({
        id: orderProducts.id,
        clientId: orderProducts.clientId,
        factoryId: orderProducts.factoryId,
        quantity: orderProducts.quantity,
      })
      .from(orderProducts)
      .innerJoin(factories, eq(factories.id, orderProducts.factoryId))
      .where(and(inArray(orderProducts.orderId, orderIds), eq(orderProducts.valid, 1)))
      .orderBy(asc(orderProducts.id))
      .limit(1);
    if (!product) return;
    const [booked] = await db
      .select({ id: inspectionBookings.id })
      .from(inspectionBookingProducts)
      .innerJoin(inspectionBookings, eq(inspectionBookings.id, inspectionBookingProducts.bookingId))
      .where(
        and(
          eq(inspectionBookingProducts.orderProductId, product.id),
          eq(inspectionBookings.bookingTypeId, type.id),
        ),
      );
    if (booked) return;
    const draft = await createInspectionBooking(
      db,
      ops.createInspectionBooking.input.parse({
        bookingTypeId: String(type.id),
        clientId: String(product.clientId),
        factoryId: String(product.factoryId),
        inspectionDate: await nextWorkingDay(db, addDays(businessDate(), 30)),
        contactName: '李主管',
        contactPhone: '+86 579 8512 3456',
        extra: { containerType: '40HQ' },
        products: [{ orderProductId: String(product.id), quantity: product.quantity }],
      }),
      author,
    );
    await submitInspectionBooking(
      db,
      ops.submitInspectionBooking.input.parse({
        id: String(draft.id),
        version: draft.version,
        confirm: true,
      }),
      author,
    );
  });
}

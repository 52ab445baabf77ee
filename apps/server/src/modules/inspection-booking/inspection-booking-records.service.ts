import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { clients } from '../../db/schema/client';
import { bookingTypes, factories, inspectionTypes, outsourceFactories } from '../../db/schema/config';
import { inspectionBookingProducts } from '../../db/schema/inspection-booking';
import { orderProducts } from '../../db/schema/order';
import { actorOf, type Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { inScope, mayWrite, scopeOf } from '../../platform/scope';
import { getSystemParam } from '../../platform/system-params';
import { bookingProducts } from './inspection-booking.queries';
import type { BookingFieldDef, InspectionBookingRecord } from './inspection-booking.rules';

// What the booking's writes share (DOMAIN.md §2.7, §4.6, §6.10): its booking type with the field
// definitions, the factory references, the client a booking is written for (a CLIENT user's own),
// the product lines, and the checkout's end.

type Ops = typeof areas.inspectionBooking;

/** The booking type (active), its inspection type and field definitions; E_REF_NOT_FOUND otherwise. */
export async function bookingTypeOf(db: Db, id: bigint) {
  const [row] = await db
    .select({ type: bookingTypes, serviceCode: inspectionTypes.serviceCode })
    .from(bookingTypes)
    .innerJoin(inspectionTypes, eq(inspectionTypes.id, bookingTypes.inspectionTypeId))
    .where(and(eq(bookingTypes.id, id), eq(bookingTypes.valid, 1)));
  if (!row) throw new AppError('E_REF_NOT_FOUND', { field: 'bookingTypeId' }, { field: 'bookingTypeId' });
  return {
    id: row.type.id,
    inspectionTypeId: row.type.inspectionTypeId,
    fields: row.type.fields as unknown as BookingFieldDef[],
    clc: row.serviceCode === 'CLC',
    active: row.type.active === 1,
  };
}

/** A valid, active factory (and outsource factory); E_REF_NOT_FOUND / E_REF_INACTIVE otherwise. */
export async function assertFactories(
  db: Db,
  factoryId: bigint | undefined,
  outsourceId: bigint | null | undefined,
) {
  const check = async (table: typeof factories | typeof outsourceFactories, id: bigint, field: string) => {
    const [row] = await db
      .select({ active: table.active })
      .from(table)
      .where(and(eq(table.id, id), eq(table.valid, 1)));
    if (!row) throw new AppError('E_REF_NOT_FOUND', { field }, { field });
    if (row.active !== 1) throw new AppError('E_REF_INACTIVE', { field }, { field });
  };
  if (factoryId !== undefined) await check(factories, factoryId, 'factoryId');
  if (outsourceId) await check(outsourceFactories, outsourceId, 'outsourceFactoryId');
}

/** The client a booking is written for: a CLIENT user's own; another's in the caller's write scope. */
export async function bookingClient(db: Db, requested: bigint | undefined, user: Principal) {
  const scope = await scopeOf(db, user);
  const clientId = scope.kind === 'client' ? scope.clientId : requested;
  if (clientId === null) throw new AppError('E_SCOPE');
  if (clientId === undefined) throw new AppError('E_REQUIRED', { field: 'clientId' }, { field: 'clientId' });
  const [client] = await db
    .select()
    .from(clients)
    .where(and(eq(clients.id, clientId), eq(clients.valid, 1)));
  if (!client) throw new AppError('E_REF_NOT_FOUND', { field: 'clientId' }, { field: 'clientId' });
  const record = { departmentId: client.departmentId, clientId: client.id, salesId: client.salesId };
  if (!inScope(scope, record) || !mayWrite(scope, record)) throw new AppError('E_SCOPE');
  return client;
}

export type ProductLine = ParsedInputOf<Ops['updateInspectionBookingProducts']>['products'][number];

/**
 * The product lines replaced (E_BK_PRODUCT for an order product of another client); answers the
 * change for the log.
 */
export async function writeProducts(
  db: Db,
  booking: Pick<InspectionBookingRecord, 'id' | 'clientId'>,
  lines: readonly ProductLine[],
  user: Principal,
) {
  const ids = lines.flatMap((l) => (l.orderProductId === undefined ? [] : [l.orderProductId]));
  if (ids.length > 0) {
    const found = await db
      .select({ id: orderProducts.id })
      .from(orderProducts)
      .where(
        and(
          inArray(orderProducts.id, ids),
          eq(orderProducts.clientId, booking.clientId),
          eq(orderProducts.valid, 1),
          eq(orderProducts.orderValid, 1),
        ),
      );
    if (found.length < new Set(ids).size) throw new AppError('E_BK_PRODUCT', {}, { field: 'products' });
  }
  const before = await bookingProducts(db, booking.id);
  const actor = actorOf(user);
  await db
    .update(inspectionBookingProducts)
    .set({ valid: 0, updatedAt: new Date(), updatedBy: actor.userId })
    .where(and(eq(inspectionBookingProducts.bookingId, booking.id), eq(inspectionBookingProducts.valid, 1)));
  if (lines.length > 0)
    await db.insert(inspectionBookingProducts).values(
      lines.map((l, sort) => ({
        bookingId: booking.id,
        orderProductId: l.orderProductId ?? null,
        productNo: l.orderProductId === undefined ? (l.productNo ?? null) : null,
        itemNo: l.orderProductId === undefined ? (l.itemNo ?? null) : null,
        name: l.orderProductId === undefined ? (l.name ?? null) : null,
        quantity: l.quantity,
        sort,
        createdBy: actor.userId,
        updatedBy: actor.userId,
      })),
    );
  const text = (p: {
    orderProductId: bigint | string | null;
    productNo?: string | null;
    name?: string | null;
    quantity: number;
  }) => `${p.orderProductId ?? p.productNo ?? p.name ?? ''} × ${p.quantity}`;
  return [
    {
      field: 'products',
      from: before.map(text),
      to: lines.map((l) => text({ ...l, orderProductId: l.orderProductId ?? null })),
    },
  ];
}

/** The checkout's end (§6.10: `checkout.ttlHours` from now). */
export async function checkoutUntil(db: Db, now: Date): Promise<Date> {
  return new Date(now.getTime() + (await getSystemParam(db, 'checkout.ttlHours')) * 3_600_000);
}

import type { shippingInput } from '@qcdesk/contract/shipping';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { countries, vehicles } from '../../db/schema/config';
import { shippings } from '../../db/schema/shipping';
import type { Actor, Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { nextNumber } from '../../platform/numbering';
import { searchPage } from '../../platform/paging';
import { createRecord, lockRow } from '../../platform/records';
import { assertReference } from '../../platform/references';
import { scopeOf } from '../../platform/scope';
import { transition } from '../../platform/transition';
import { type ShippingSearch, shippingRows, shippingWhere } from './shipping.queries';
import { SHIPPING_EDIT, SHIPPING_ENTITY, SHIPPING_MACHINE, statusAction } from './shipping.rules';

// Shipments (DOMAIN.md §2.4): the `/shippingList` read, and the writes the order area makes with
// its shipping fields (new shipment, attach one of the client's, status 30 or 90). Those writes
// need shipping.edit; the order area calls them, holding the order's own write checks.

export type NewShipping = z.output<typeof shippingInput>;

/** shippingList: shipments in scope, newest first (one, with `id`: its details). */
export async function shippingList(db: Db, input: ShippingSearch, user: Principal) {
  const where = shippingWhere(input, await scopeOf(db, user));
  const list = () => shippingRows(db, where, input.page, input.pageSize);
  return searchPage(db, { table: shippings, where, input, list });
}

/** The shipment an order's detail shows (its tab), or null. */
export async function shippingOf(db: Db, id: bigint | null) {
  if (id === null) return null;
  const [row] = await shippingRows(db, eq(shippings.id, id));
  return row ?? null;
}

/** Shipping fields of an order write need shipping.edit (DOMAIN.md §5.2). */
export function assertShippingEdit(user: Principal): void {
  if (!user.permissions.has(SHIPPING_EDIT)) throw new AppError('E_PERMISSION');
}

/** A new shipment of `clientId`, numbered `SH`+yyMMdd+4 (DOMAIN.md §6.9). Answers its id. */
export async function createShipping(db: Db, clientId: bigint, input: NewShipping, actor: Actor) {
  await assertReference(db, { table: vehicles, active: vehicles.active }, input.vehicleId, 'vehicleId');
  if (input.destinationCountryId !== undefined) {
    await assertReference(
      db,
      { table: countries, active: countries.active },
      input.destinationCountryId,
      'destinationCountryId',
    );
  }
  const row = await createRecord(db, {
    table: shippings,
    entity: SHIPPING_ENTITY,
    actor,
    values: {
      shippingNo: await nextNumber(db, 'SH'),
      clientId,
      vehicleId: input.vehicleId,
      etd: input.etd,
      eta: input.eta ?? null,
      loadingPort: input.loadingPort ?? null,
      destinationCountryId: input.destinationCountryId ?? null,
      containerType: input.containerType ?? null,
      containerNo: input.containerNo ?? null,
      sealNo: input.sealNo ?? null,
    },
  });
  return row.id;
}

/** An existing valid shipment an order of `clientId` may join: the same client (E_SHIPPING_CLIENT). */
export async function assertShippingOfClient(db: Db, shippingId: bigint, clientId: bigint) {
  const shipment = await assertReference(db, { table: shippings }, shippingId, 'shippingId');
  if (shipment.clientId !== clientId) throw new AppError('E_SHIPPING_CLIENT', {}, { field: 'shippingId' });
}

/**
 * Sets a shipment's status to 30 (shipped) or 90 (cancelled), as a logged transition that needs
 * shipping.edit; `feed`: the order feed (import, sync) sets it on the upstream's word. Answers
 * whether anything changed.
 */
export async function setShippingStatus(
  db: Db,
  shippingId: bigint,
  status: number,
  user: Principal,
  feed = false,
): Promise<boolean> {
  const current = await lockRow(db, shippings, shippingId);
  if (current.status === status) return false;
  const actingUser = feed ? { ...user, permissions: new Set([...user.permissions, SHIPPING_EDIT]) } : user;
  await transition(db, {
    machine: SHIPPING_MACHINE,
    table: shippings,
    id: shippingId,
    version: current.version,
    action: statusAction(status),
    user: actingUser,
  });
  return true;
}

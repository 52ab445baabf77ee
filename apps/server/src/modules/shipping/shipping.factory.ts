import { byDepartment, type ChangeLogScopeCases } from '../../../test/support/change-log-scope';
import { unique } from '../../../test/support/factories';
import { vehicles } from '../../db/schema/config';
import { shippings } from '../../db/schema/shipping';
import type { Db } from '../../platform/db';
import { buildClient } from '../client/client.factory';

// Test data of shipments (STYLE.md rule 9).

/** A shipment of a client on the first vehicle, inserted directly. */
export async function buildShipping(db: Db, clientId: bigint) {
  const [vehicle] = await db.select({ id: vehicles.id }).from(vehicles).limit(1);
  const [row] = await db
    .insert(shippings)
    .values({ shippingNo: unique('SH'), clientId, vehicleId: vehicle!.id, etd: '2026-01-01' })
    .returning();
  return row!;
}

/** test/change-log-scope.test.ts: shipments are scoped through their client. */
export const changeLogScope: ChangeLogScopeCases = {
  shippings: byDepartment(
    async (db, owner) => (await buildShipping(db, (await buildClient(db, owner)).id)).id,
  ),
};

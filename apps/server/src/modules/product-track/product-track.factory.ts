import { byDepartment, type ChangeLogScopeCases } from '../../../test/support/change-log-scope';
import { productTracks } from '../../db/schema/config';
import type { Db } from '../../platform/db';
import { buildOrder } from '../order/order.factory';

// Test data of product tracks (STYLE.md rule 9).

/** A milestone of an order product, inserted directly. */
export async function buildProductTrack(db: Db, orderProductId: bigint, milestone = 'LOADED') {
  const [row] = await db.insert(productTracks).values({ orderProductId, milestone }).returning();
  return row!;
}

/** test/change-log-scope.test.ts: scoped through the order product (its order's department and client). */
export const changeLogScope: ChangeLogScopeCases = {
  product_tracks: byDepartment(
    async (db, owner) => (await buildProductTrack(db, (await buildOrder(db, owner)).products[0]!.id)).id,
  ),
};

import { productTracks } from '../../db/schema/config';
import type { Actor } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { createRecord, updateRecord } from '../../platform/records';
import { liveTrack, PRODUCT_TRACK_ENTITY } from './product-track.service';

// A milestone reached by a system side effect (a published test report: TESTED): the product's
// track gets the actual date, created when the product has no such milestone yet.

export async function markMilestone(
  db: Db,
  orderProductIds: readonly bigint[],
  milestone: string,
  actualDate: string,
  actor: Actor,
) {
  for (const orderProductId of orderProductIds) {
    const track = await liveTrack(db, orderProductId, milestone);
    if (!track) {
      await createRecord(db, {
        table: productTracks,
        values: { orderProductId, milestone, actualDate },
        actor,
        entity: PRODUCT_TRACK_ENTITY,
      });
    } else if (track.actualDate !== actualDate) {
      await updateRecord(db, {
        table: productTracks,
        id: track.id,
        version: track.version,
        values: { actualDate },
        actor,
        entity: PRODUCT_TRACK_ENTITY,
      });
    }
  }
}

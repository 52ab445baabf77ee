import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { files } from '../../db/schema/files';
import type { Db } from '../../platform/db';
import type { ObjectStore } from '../../platform/storage/object-store';
import { printKey } from './photo-analysis';
import { thumbnailKey } from './thumbnails';

// DOMAIN.md §4.14: a deleted or replaced file's object is kept 90 days, so it can be undeleted;
// after that the object goes and the row stays (who uploaded what, when, with its hash).

export const DELETED_FILE_RETENTION_DAYS = 90;
const BATCH = 200;

/**
 * Deletes the objects of files deleted more than `retentionDays` ago, a batch at a time, and
 * stamps their rows. Rows are claimed with SKIP LOCKED, so several processes never do the same
 * file twice; an object already missing from the store counts as deleted. Returns how many.
 */
export async function purgeDeletedObjects(
  db: Db,
  store: ObjectStore,
  retentionDays = DELETED_FILE_RETENTION_DAYS,
): Promise<number> {
  let purged = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const due = await tx
        .select({ id: files.id, storageKey: files.storageKey })
        .from(files)
        .where(
          and(
            eq(files.valid, 0),
            isNull(files.objectDeletedAt),
            lt(files.updatedAt, sql`now() - make_interval(days => ${retentionDays})`),
          ),
        )
        .orderBy(files.updatedAt)
        .limit(BATCH)
        .for('update', { skipLocked: true });
      for (const file of due) {
        await store.delete(file.storageKey);
        await store.delete(thumbnailKey(file.storageKey));
        await store.delete(printKey(file.storageKey));
      }
      if (due.length > 0) {
        await tx
          .update(files)
          .set({ objectDeletedAt: new Date() })
          .where(
            inArray(
              files.id,
              due.map((f) => f.id),
            ),
          );
      }
      return due.length;
    });
    purged += done;
    if (done < BATCH) return purged;
  }
}

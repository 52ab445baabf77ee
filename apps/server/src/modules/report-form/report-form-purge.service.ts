import { inArray, sql } from 'drizzle-orm';
import { reportFormExports } from '../../db/schema/report-form';
import { type Db, rows } from '../../platform/db';
import type { ObjectStore } from '../../platform/storage/object-store';
import { discardGeneratedFiles } from '../files/generated-files.service';

// "My exports" are kept 7 days (issue 30): a periodic task of the job worker (once per interval
// across all processes, `jobs.every`) deletes the exports past `expiresAt` with their files' objects.

export const REPORT_FORM_PURGE_TASK = 'reportform.purge-exports';
const BATCH = 200;

/**
 * Deletes expired exports and their files' objects, a batch at a time; rows are claimed with SKIP
 * LOCKED, so two processes never purge one export twice. Answers how many exports went.
 */
export async function purgeExpiredExports(db: Db, store: ObjectStore): Promise<number> {
  let purged = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const due = await rows<{ id: string; file_id: string | null }>(
        tx,
        sql`select id, file_id from ${reportFormExports} where expires_at <= now()
            order by expires_at limit ${BATCH} for update skip locked`,
      );
      if (due.length === 0) return 0;
      const fileIds = due.flatMap((r) => (r.file_id === null ? [] : [BigInt(r.file_id)]));
      await tx.delete(reportFormExports).where(
        inArray(
          reportFormExports.id,
          due.map((r) => BigInt(r.id)),
        ),
      );
      await discardGeneratedFiles(tx, store, fileIds);
      return due.length;
    });
    purged += done;
    if (done < BATCH) return purged;
  }
}

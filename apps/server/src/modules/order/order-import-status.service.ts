import { and, eq, sql } from 'drizzle-orm';
import { orderImports } from '../../db/schema/order';
import { jobs } from '../../db/schema/platform';
import type { Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { FilesRuntime } from '../../platform/storage/files-context';
import { findFile, signedFileUrl } from '../files/files.service';
import { feedErrors } from './order-sync.service';

// What the owner of an import reads when its job gives up (issue 23: a file that killed its worker
// was claimed again after every restart). The job worker stops a job after its attempts: `failed`
// when the handler throws on its last attempt (runImport records the failure itself), `dead` when
// the job's worker stopped on its last attempt (never reaching the handler again: the status poll
// reads it from the job).

export const IMPORT_JOB = 'order.import';

/** The import's values once its job has failed: status failed, and why, in both languages. */
export const failedImport = (fileName: string) => ({
  status: 'failed' as const,
  errors: feedErrors([{ row: 1, column: 'file', value: fileName, reason: 'E_IMPORT_FAILED' }]),
  errorCount: 1,
});

type ImportRow = typeof orderImports.$inferSelect;

const FINISHED = ['done', 'refused', 'failed'];

/** The import's job has been given up (failed, or dead with its worker) while the import still reads as running. */
async function jobFailed(db: Db, id: bigint): Promise<boolean> {
  const [job] = await db
    .select({ status: jobs.status })
    .from(jobs)
    .where(
      and(
        eq(jobs.kind, IMPORT_JOB),
        sql`${jobs.payload} @> ${JSON.stringify({ importId: String(id) })}::jsonb`,
      ),
    )
    .limit(1);
  return job?.status === 'failed' || job?.status === 'dead';
}

/** A refused import's annotated file as a signed download (issue 25), or null. */
async function errorFile(db: Db, row: ImportRow, files: () => Promise<FilesRuntime>) {
  if (!row.errorFileId) return null;
  const file = await findFile(db, row.errorFileId);
  if (!file) return null;
  const runtime = await files();
  return {
    name: file.name,
    url: signedFileUrl(runtime.signer, file.id, runtime.tokenSeconds, { basePath: runtime.basePath }),
  };
}

/** order/import/status: one of the caller's imports (failed, with its reason, once its job is). */
export async function importStatus(db: Db, id: bigint, user: Principal, files: () => Promise<FilesRuntime>) {
  const [row] = await db
    .select()
    .from(orderImports)
    .where(and(eq(orderImports.id, id), eq(orderImports.createdBy, user.userId)));
  if (!row) throw new AppError('E_NOT_FOUND');
  const answer = { ...row, errorFile: await errorFile(db, row, files) };
  if (FINISHED.includes(row.status) || !(await jobFailed(db, id))) return answer;
  return { ...answer, ...failedImport(row.fileName) };
}

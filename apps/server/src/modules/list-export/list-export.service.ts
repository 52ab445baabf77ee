import { type Language, permits } from '@qcdesk/contract';
import { actorOf, type Principal } from '../../platform/auth';
import { writeChangeLog } from '../../platform/change-log';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { enqueueJob } from '../../platform/jobs/job-queue';
import { countUpTo, type ListExportDef } from '../../platform/list-export';
import type { Capabilities } from '../../platform/module';
import { scopeOf } from '../../platform/scope';
import type { FilesContext } from '../../platform/storage/files-context';
import { readJob } from './list-export.queries';
import {
  type ExportPayload,
  exportChanges,
  LIST_EXPORT_JOB,
  progressOf,
  snapshotOf,
  toTaggedJson,
} from './list-export.rules';

// List exports (issue 12): the call checks, counts and queues; the job (list-export-job.service.ts)
// writes the workbook and mails the link; `job/progress` tells the requester how far it is.

/** What the exports need besides the database. */
export interface ListExportDeps {
  config: Pick<Config, 'EXPORT_MAX_ROWS' | 'publicUrl'>;
  files: Pick<FilesContext, 'ready'>;
  capabilities: Pick<Capabilities, 'exports'>;
}

/** The jobs table's name, as the change log names the export's row. */
export const JOB_ENTITY = 'jobs';

/**
 * `<list>/export`: refuses a filter of more than EXPORT_MAX_ROWS rows (E_EXPORT_TOO_MANY, nothing
 * queued) and one of no rows (E_EXPORT_EMPTY: no job, no mail saying an empty file was sent); otherwise queues the job and writes the EXPORT row of the change log, both in the call's
 * transaction. The operation's permission was checked by the registry; an export with its own
 * permission (`testreport.export`) needs the list's read permission as well.
 */
export async function requestExport(
  db: Db,
  deps: ListExportDeps,
  def: ListExportDef,
  filters: unknown,
  user: Principal,
  lang: ExportPayload['lang'],
): Promise<{ jobId: bigint }> {
  if (!permits(def.search, user.permissions)) throw new AppError('E_PERMISSION');
  const scope = await scopeOf(db, user);
  const where = await def.where(filters, { db, user, scope });
  const max = deps.config.EXPORT_MAX_ROWS;
  const rows = await countUpTo(db, def.table, where, max);
  if (rows > max) throw new AppError('E_EXPORT_TOO_MANY', { max: max.toLocaleString('en-US') });
  if (rows === 0) throw new AppError('E_EXPORT_EMPTY');
  const payload: ExportPayload = {
    export: def.operation.path,
    filters: toTaggedJson(filters),
    user: snapshotOf(user),
    lang,
  };
  const jobId = await enqueueJob(db, LIST_EXPORT_JOB, payload, {
    requestedBy: user.userId,
    tracksProgress: true,
    maxAttempts: 3,
  });
  await writeChangeLog(db, actorOf(user), {
    entity: JOB_ENTITY,
    entityId: jobId,
    action: 'export',
    changes: exportChanges(def.entity, filters, rows),
  });
  return { jobId };
}

/** `job/progress`: only the user who queued the job reads it (E_SCOPE for anyone else). */
export async function jobProgress(db: Db, id: bigint, user: Principal, lang: Language) {
  const job = await readJob(db, id);
  if (!job) throw new AppError('E_NOT_FOUND');
  if (job.requestedBy === null || job.requestedBy !== user.userId) throw new AppError('E_SCOPE');
  return { id: job.id, ...progressOf(job, lang) };
}

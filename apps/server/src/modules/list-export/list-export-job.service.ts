import { unlink } from 'node:fs/promises';
import type { SQL } from 'drizzle-orm';
import { actorOf } from '../../platform/auth';
import { businessDate } from '../../platform/business-time';
import type { Db } from '../../platform/db';
import { setJobProgress } from '../../platform/jobs/job-queue';
import type { JobContext, JobHandler } from '../../platform/jobs/job-worker';
import {
  columnsFor,
  countUpTo,
  inKeyOrder,
  keyBatches,
  type ListExportDef,
  personIn,
} from '../../platform/list-export';
import { writeExportWorkbook, XLSX_TYPE } from '../../platform/list-export-xlsx';
import { enqueueMail } from '../../platform/mail/mail-outbox';
import { scopeOf } from '../../platform/scope';
import type { FilesRuntime } from '../../platform/storage/files-context';
import { getSystemParam } from '../../platform/system-params';
import { storeGeneratedFileFrom } from '../files/generated-files.service';
import { createShortLink } from '../files/short-links.service';
import { LIST_EXPORT_MAIL } from './list-export.mails';
import { exportMailed, readRequester } from './list-export.queries';
import {
  EXPORT_BATCH,
  type ExportPayload,
  exportFileName,
  exportPayload,
  fromTaggedJson,
  principalOf,
  rowsPercent,
} from './list-export.rules';
import { JOB_ENTITY, type ListExportDeps } from './list-export.service';

// The export job: reads the rows of the requester's filter in key order, a batch at a time, into an
// XLSX file (streamed to a temporary file), stores it as the requester's file and mails them a
// download link in their language. Progress is written after every batch. A run after one that
// committed its file and mail does nothing (test/job-kill.test.ts).

/** The rows of the filter, a batch at a time, with their labels, in key order. */
async function* rowBatches(db: Db, def: ListExportDef, where: SQL | undefined, limit: number) {
  for await (const keys of keyBatches(db, def, where, { size: EXPORT_BATCH, limit })) {
    yield inKeyOrder(keys, await def.rows(db, keys), (row) => def.keyOf(row));
  }
}

async function runExport(deps: ListExportDeps, payload: ExportPayload, ctx: JobContext): Promise<void> {
  const { db } = ctx;
  const def = deps.capabilities.exports.get(payload.export);
  if (!def) throw new Error(`no export declared for ${payload.export}`);
  // Run again after a server died between this job's commit and its being marked done: the file,
  // its link and the mail exist; a second run would store and mail a second file.
  if (await exportMailed(db, JOB_ENTITY, ctx.jobId)) {
    ctx.log.warn({ job: String(ctx.jobId) }, 'export already stored and mailed by an earlier run');
    return;
  }
  const user = principalOf(payload.user);
  const requester = await readRequester(db, user.userId);
  // A user locked or deleted since asking gets nothing.
  if (requester?.state !== 1 || requester.valid !== 1) {
    ctx.log.warn({ job: String(ctx.jobId) }, 'export dropped: the requester is locked or deleted');
    return;
  }
  const filters = fromTaggedJson(payload.filters);
  const scope = await scopeOf(db, user);
  const where = await def.where(filters, { db, user, scope });
  const limit = deps.config.EXPORT_MAX_ROWS;
  const total = Math.min(await countUpTo(db, def.table, where, limit), limit);
  const lang = payload.lang;
  const title = def.title[lang];
  const runtime: FilesRuntime = await deps.files.ready();
  const path = await runtime.tempPath();
  try {
    const rows = await writeExportWorkbook({
      path,
      title,
      lang,
      columns: columnsFor(def.columns, scope),
      batches: rowBatches(db, def, where, limit),
      onBatch: (written) => setJobProgress(db, ctx.jobId, rowsPercent(written, total)),
    });
    const days = await getSystemParam(db, 'share.expiryDays');
    const name = exportFileName(title, businessDate());
    // The file, its link and the mail exist together or not at all (a retry starts again).
    await db.transaction(async (tx) => {
      const file = await storeGeneratedFileFrom(
        tx,
        runtime.store,
        { name, contentType: XLSX_TYPE, path },
        actorOf(user),
      );
      const link = await createShortLink(
        tx,
        {
          fileIds: [file.id],
          expiresAt: new Date(Date.now() + days * 86_400_000),
          limit: null,
          direct: true,
          sub: name,
        },
        actorOf(user),
      );
      await enqueueMail(tx, {
        to: requester.email,
        template: LIST_EXPORT_MAIL,
        lang,
        params: {
          name: personIn(requester, lang),
          list: title,
          rows,
          link: `${deps.config.publicUrl}/s/${link.code}`,
          days,
        },
        entity: JOB_ENTITY,
        entityId: ctx.jobId,
        createdBy: user.userId,
      });
    });
  } finally {
    // Moved into the store on success; left behind only by a failure.
    await unlink(path).catch(() => {});
  }
}

export function listExportHandler(deps: ListExportDeps): JobHandler {
  return (payload, ctx) => runExport(deps, exportPayload.parse(payload), ctx);
}

import type { Language } from '@qcdesk/contract';
import { REPORT_FORM_KEEP_DAYS, type ReportFormFilters } from '@qcdesk/contract/report-form';
import { sql } from 'drizzle-orm';
import { reportFormExports } from '../../db/schema/report-form';
import { actorOf, type Principal } from '../../platform/auth';
import { writeChangeLog } from '../../platform/change-log';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { enqueueJob } from '../../platform/jobs/job-queue';
import { assertDepartmentFilter, scopeOf } from '../../platform/scope';
import type { FilesContext } from '../../platform/storage/files-context';
import { getSystemParam } from '../../platform/system-params';
import { signedFileUrl } from '../files/files.service';
import { JOB_ENTITY } from '../list-export/list-export.service';
import { exportRow, myExports, unfinishedExport } from './report-form.queries';
import { filterKeyOf, formFileName, REPORT_FORM_JOB, rangeDays, storedFilters } from './report-form.rules';

// Report forms (DOMAIN.md §6.12): the call checks the range and the department's scope, then queues
// the job (report-form-job.service.ts) or joins an unfinished one of the same filters; "my exports"
// lists the caller's forms of the last 7 days and signs a file's URL afresh on each download.

/** The job's payload: who asked, in which language. The filters are on the export row. */
export interface ReportFormPayload {
  [key: string]: unknown;
  username: string;
  lang: Language;
}

export async function requestReportForm(
  db: Db,
  filters: ReportFormFilters,
  user: Principal,
  lang: Language,
): Promise<{ jobId: bigint }> {
  const max = await getSystemParam(db, 'export.maxRangeDays');
  if (rangeDays(filters.startTime, filters.endTime) > max) {
    throw new AppError('E_RF_RANGE', { max }, { field: 'endTime' });
  }
  const scope = await scopeOf(db, user);
  assertDepartmentFilter(scope, filters.departmentId);
  if (scope.kind === 'client' || scope.kind === 'inspector') throw new AppError('E_SCOPE');
  const filterKey = filterKeyOf(filters, lang);
  // Two equal requests at once: the second waits for the first's transaction, then joins its job.
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`reportform:${user.userId}:${filterKey}`}))`);
  const running = await unfinishedExport(db, user.userId, filterKey);
  if (running) return { jobId: running.jobId };
  const payload: ReportFormPayload = { username: user.username, lang };
  const jobId = await enqueueJob(db, REPORT_FORM_JOB, payload, {
    requestedBy: user.userId,
    tracksProgress: true,
    maxAttempts: 3,
  });
  await db.insert(reportFormExports).values({
    requestedBy: user.userId,
    jobId,
    form: filters.form,
    startTime: filters.startTime,
    endTime: filters.endTime,
    filters: storedFilters(filters),
    filterKey,
    expiresAt: new Date(Date.now() + REPORT_FORM_KEEP_DAYS * 86_400_000),
  });
  await writeChangeLog(db, actorOf(user), {
    entity: JOB_ENTITY,
    entityId: jobId,
    action: 'export',
    changes: [
      { field: 'entity', from: null, to: 'report_form_exports' },
      { field: 'filters', from: null, to: storedFilters(filters) },
    ],
  });
  return { jobId };
}

const stateOf = (status: string) =>
  (status === 'dead' ? 'failed' : status) as 'queued' | 'running' | 'done' | 'failed';

/** `reportform/exports`: the caller's forms of the last 7 days, newest first. */
export async function listMyExports(db: Db, user: Principal, lang: Language) {
  const rows = await myExports(db, user.userId);
  return {
    list: rows.map((r) => {
      const state = stateOf(r.status);
      const filters = { startTime: r.startTime, endTime: r.endTime };
      const form = r.form as Parameters<typeof formFileName>[0];
      return {
        id: r.id,
        jobId: r.jobId,
        form,
        startTime: r.startTime,
        endTime: r.endTime,
        state,
        percent: state === 'done' ? 100 : Math.max(0, Math.min(99, r.progress ?? 0)),
        rows: r.rows,
        fileName: r.fileId === null ? null : formFileName(form, filters, lang),
        createdAt: r.createdAt,
        expiresAt: r.expiresAt,
      };
    }),
  };
}

/** `reportform/download`: a URL of the caller's finished form, signed now for the files' lifetime. */
export async function downloadReportForm(
  db: Db,
  files: Pick<FilesContext, 'ready'>,
  id: bigint,
  user: Principal,
  lang: Language,
) {
  const row = await exportRow(db, id);
  if (!row) throw new AppError('E_NOT_FOUND');
  if (row.requestedBy !== user.userId) throw new AppError('E_SCOPE');
  if (row.fileId === null || row.expiresAt.getTime() <= Date.now()) throw new AppError('E_RF_GONE');
  const runtime = await files.ready();
  return {
    url: signedFileUrl(runtime.signer, row.fileId, runtime.tokenSeconds, { basePath: runtime.basePath }),
    name: formFileName(row.form as Parameters<typeof formFileName>[0], row, lang),
  };
}

import { unlink } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/identity';
import { reportFormExports } from '../../db/schema/report-form';
import { actorOf } from '../../platform/auth';
import type { Config } from '../../platform/config';
import { setJobProgress } from '../../platform/jobs/job-queue';
import type { JobContext, JobHandler } from '../../platform/jobs/job-worker';
import { personIn } from '../../platform/list-export';
import { writeExportWorkbook, XLSX_TYPE } from '../../platform/list-export-xlsx';
import { enqueueMail } from '../../platform/mail/mail-outbox';
import { scopeOf } from '../../platform/scope';
import { seedPrincipal } from '../../platform/seed-principal';
import type { FilesContext } from '../../platform/storage/files-context';
import { getSystemParam } from '../../platform/system-params';
import { loadHolidays } from '../config/holiday.service';
import { storeGeneratedFileFrom } from '../files/generated-files.service';
import { JOB_ENTITY } from '../list-export/list-export.service';
import { REPORT_FORM_MAIL } from './report-form.mails';
import { exportsOfJob } from './report-form.queries';
import { FORM_TITLES, formFileName, parseStoredFilters, rangeDays } from './report-form.rules';
import type { ReportFormPayload } from './report-form.service';
import { FORMS } from './report-form.sheets';

// The report-form job: builds the form's workbook a batch at a time with exceljs's streaming writer
// (no row cap: report forms are exempt from EXPORT_MAX_ROWS), stores it as the requester's file,
// links it to "my exports" and mails the requester. Progress moves with the batches.

export interface ReportFormDeps {
  config: Pick<Config, 'publicUrl'>;
  files: Pick<FilesContext, 'ready'>;
}

async function runForm(deps: ReportFormDeps, payload: ReportFormPayload, ctx: JobContext): Promise<void> {
  const { db } = ctx;
  const [row] = await exportsOfJob(db, ctx.jobId);
  if (!row) throw new Error(`no report form export of job ${ctx.jobId}`);
  const user = await seedPrincipal(db, payload.username);
  const [requester] = await db
    .select({ name: users.name, englishName: users.englishName, email: users.email, state: users.state })
    .from(users)
    .where(eq(users.username, payload.username));
  // A user locked or deleted since asking gets nothing.
  if (!user || !requester || requester.state !== 1) {
    ctx.log.warn({ job: String(ctx.jobId) }, 'report form dropped: the requester is locked or deleted');
    return;
  }
  const lang = payload.lang;
  const filters = parseStoredFilters(row.filters);
  const form = FORMS[filters.form];
  const scope = await scopeOf(db, user);
  const calendar = await loadHolidays(db, filters.startTime, filters.endTime);
  const standardHours = await getSystemParam(db, 'work.standardHours');
  const runtime = await deps.files.ready();
  const path = await runtime.tempPath();
  const days = rangeDays(filters.startTime, filters.endTime);
  try {
    let batches = 0;
    const written = await writeExportWorkbook({
      path,
      title: FORM_TITLES[filters.form][lang],
      lang,
      columns: form.columns,
      batches: form.rows({ db, filters, scope, lang, calendar, standardHours }),
      // Rows are not counted beforehand: the bar creeps towards 90 % and jumps once stored.
      onBatch: () => setJobProgress(db, ctx.jobId, Math.min(90, 10 + 10 * ++batches)),
    });
    const name = formFileName(filters.form, filters, lang);
    await db.transaction(async (tx) => {
      const file = await storeGeneratedFileFrom(
        tx,
        runtime.store,
        { name, contentType: XLSX_TYPE, path },
        actorOf(user),
      );
      await tx
        .update(reportFormExports)
        .set({ fileId: file.id, rows: written })
        .where(eq(reportFormExports.jobId, ctx.jobId));
      await enqueueMail(tx, {
        to: requester.email,
        template: REPORT_FORM_MAIL,
        lang,
        params: {
          name: personIn(requester, lang),
          form: FORM_TITLES[filters.form][lang],
          range: `${filters.startTime} – ${filters.endTime} (${days})`,
          rows: written,
          link: `${deps.config.publicUrl}/${lang}/reportform`,
          days: 7,
        },
        entity: JOB_ENTITY,
        entityId: ctx.jobId,
        createdBy: user.userId,
      });
    });
  } finally {
    await unlink(path).catch(() => {});
  }
}

export function reportFormHandler(deps: ReportFormDeps): JobHandler {
  return (payload, ctx) => runForm(deps, payload as ReportFormPayload, ctx);
}

import { areas } from '@qcdesk/contract';
import { defineModule, type ModuleDeps } from '../../platform/module';
import { type OperationRegistry, registerOperation } from '../../platform/registry';
import { REPORT_FORM_MAIL } from './report-form.mails';
import { REPORT_FORM_JOB } from './report-form.rules';
import { downloadReportForm, listMyExports, requestReportForm } from './report-form.service';
import { closeFeeMonth } from './report-form-close.service';
import { reportFormHandler } from './report-form-job.service';
import { purgeExpiredExports, REPORT_FORM_PURGE_TASK } from './report-form-purge.service';

const ops = areas.reportForm;

function registerReportForms(registry: OperationRegistry, deps: ModuleDeps): void {
  registerOperation(registry, ops.exportReportForm, async (input, ctx) => {
    const started = await requestReportForm(ctx.db, input, ctx.user, ctx.lang);
    ctx.setMessage('MAIL_SENT');
    return started;
  });
  registerOperation(
    registry,
    ops.myReportFormExports,
    (_input, ctx) => listMyExports(ctx.db, ctx.user, ctx.lang),
    {
      transaction: false,
    },
  );
  registerOperation(registry, ops.downloadReportForm, (input, ctx) =>
    downloadReportForm(ctx.db, deps.files, input.id, ctx.user, ctx.lang),
  );
  registerOperation(registry, ops.closeFeeMonth, (input, ctx) => closeFeeMonth(ctx.db, input, ctx.user));
  deps.jobs.handle(REPORT_FORM_JOB, reportFormHandler({ config: deps.config, files: deps.files }));
  // Kept 7 days: expired exports and their files go, checked hourly.
  deps.jobs.every(REPORT_FORM_PURGE_TASK, 3_600_000, async (db) =>
    purgeExpiredExports(db, (await deps.files.ready()).store),
  );
}

export const reportFormModule = defineModule({
  name: 'reportForm',
  mails: [REPORT_FORM_MAIL],
  register: registerReportForms,
});

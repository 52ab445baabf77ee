import { areas } from '@qcdesk/contract';
import { defineModule, type ModuleDeps } from '../../platform/module';
import { type OperationRegistry, registerOperation } from '../../platform/registry';
import { LIST_EXPORT_MAIL } from './list-export.mails';
import { LIST_EXPORT_JOB } from './list-export.rules';
import { jobProgress, type ListExportDeps, requestExport } from './list-export.service';
import { listExportHandler } from './list-export-job.service';

const ops = areas.listExport;

/**
 * Binds the export operation of every list an area declared (`defineModule({ exports })`), the
 * export job and `job/progress`. The areas declare; this module is the only one that runs exports.
 */
function registerListExports(registry: OperationRegistry, deps: ModuleDeps): void {
  const exportDeps: ListExportDeps = {
    config: deps.config,
    files: deps.files,
    capabilities: deps.capabilities,
  };
  for (const def of deps.capabilities.exports.values()) {
    registerOperation(registry, def.operation, async (input, ctx) => {
      const started = await requestExport(ctx.db, exportDeps, def, input, ctx.user, ctx.lang);
      ctx.setMessage('MAIL_SENT');
      return started;
    });
  }
  deps.jobs.handle(LIST_EXPORT_JOB, listExportHandler(exportDeps));
  registerOperation(registry, ops.jobProgress, (input, ctx) =>
    jobProgress(ctx.db, input.id, ctx.user, ctx.lang),
  );
}

export const listExportModule = defineModule({
  name: 'listExport',
  mails: [LIST_EXPORT_MAIL],
  register: registerListExports,
});

import { jobErrorList, jobErrorRetry, mailErrorList, mailErrorSolve } from '@qcdesk/contract/mail-service';
import { defineModule, type ModuleDeps } from '../../platform/module';
import { type OperationRegistry, registerOperation, serve } from '../../platform/registry';
import { listJobErrors, retryJobError } from './job-error.service';
import { listMailErrors, MAIL_ENTITY, solveMailError } from './mail-service.service';

function registerMailServiceOperations(registry: OperationRegistry, _deps: ModuleDeps): void {
  registerOperation(registry, mailErrorList, (input, ctx) => listMailErrors(ctx.db, input));
  serve(registry, mailErrorSolve, solveMailError);
  registerOperation(registry, jobErrorList, (input, ctx) => listJobErrors(ctx.db, input));
  registerOperation(registry, jobErrorRetry, (input, ctx) => retryJobError(ctx.db, input.id, ctx.user));
}

export const mailServiceModule = defineModule({
  name: 'mailService',
  register: registerMailServiceOperations,
  changeLog: [
    {
      entity: MAIL_ENTITY,
      permission: mailErrorList.permission,
      readable: 'unscoped',
      unscopedBecause: 'the mail-error list is an administrator screen without record scope',
    },
  ],
});

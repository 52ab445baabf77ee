import { mailErrorList, mailErrorSolve } from '@qcdesk/contract/mail-service';
import type { ModuleDeps } from '../../app';
import { type OperationRegistry, registerOperation } from '../../platform/registry';
import { allowChangeLogReads } from '../config/changelog.service';
import { listMailErrors, MAIL_ENTITY, solveMailError } from './mail-service.service';

export function registerMailServiceOperations(registry: OperationRegistry, _deps: ModuleDeps): void {
  allowChangeLogReads(MAIL_ENTITY, mailErrorList.permission);
  registerOperation(registry, mailErrorList, (input, ctx) => listMailErrors(ctx.db, input));
  registerOperation(registry, mailErrorSolve, (input, ctx) => solveMailError(ctx.db, input, ctx.user!));
}

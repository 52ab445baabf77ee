import { areas } from '@qcdesk/contract';
import type { ModuleDeps } from '../../app';
import { type OperationRegistry, registerOperation } from '../../platform/registry';
import { searchMail } from './mail.service';

const ops = areas.mail;

export function registerMailOperations(registry: OperationRegistry, _deps: ModuleDeps): void {
  registerOperation(registry, ops.searchMail, (input, ctx) => searchMail(ctx.db, input));
}

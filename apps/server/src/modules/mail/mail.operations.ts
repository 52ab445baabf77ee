import { areas } from '@qcdesk/contract';
import { defineModule, type ModuleDeps } from '../../platform/module';
import { type OperationRegistry, registerOperation } from '../../platform/registry';
import { searchMail } from './mail.service';

const ops = areas.mail;

function registerMailOperations(registry: OperationRegistry, _deps: ModuleDeps): void {
  registerOperation(registry, ops.searchMail, (input, ctx) => searchMail(ctx.db, input));
}

export const mailModule = defineModule({ name: 'mail', register: registerMailOperations });

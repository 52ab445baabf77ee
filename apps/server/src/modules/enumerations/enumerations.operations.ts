import { enumerationList } from '@qcdesk/contract/enumerations';
import { defineModule, type ModuleDeps } from '../../platform/module';
import { type OperationRegistry, registerOperation } from '../../platform/registry';
import { enumerationLists } from './enumerations.service';

function registerEnumerationOperations(registry: OperationRegistry, _deps: ModuleDeps): void {
  registerOperation(registry, enumerationList, (_input, ctx) => enumerationLists(ctx.db, ctx.user));
}

export const enumerationModule = defineModule({
  name: 'enumeration',
  register: registerEnumerationOperations,
});

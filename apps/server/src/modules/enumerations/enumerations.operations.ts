import { enumerationList } from '@qcdesk/contract/enumerations';
import type { ModuleDeps } from '../../app';
import { type OperationRegistry, registerOperation } from '../../platform/registry';
import { enumerationLists } from './enumerations.service';

export function registerEnumerationOperations(registry: OperationRegistry, _deps: ModuleDeps): void {
  registerOperation(registry, enumerationList, (_input, ctx) => enumerationLists(ctx.db, ctx.user!));
}

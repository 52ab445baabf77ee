import { homeSearch as homeSearchOp } from '@qcdesk/contract/home-search';
import { defineModule, type ModuleDeps } from '../../platform/module';
import { type OperationRegistry, registerOperation } from '../../platform/registry';
import { homeSearch } from './home-search.service';

function registerHomeSearchOperations(registry: OperationRegistry, deps: ModuleDeps): void {
  // A read: without a transaction the sources run in parallel on the pool.
  registerOperation(
    registry,
    homeSearchOp,
    (input, ctx) => homeSearch(ctx.db, deps.capabilities, input.term, ctx.user),
    {
      transaction: false,
    },
  );
}

export const homeSearchModule = defineModule({ name: 'homeSearch', register: registerHomeSearchOperations });

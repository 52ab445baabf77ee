import { homeSearch as homeSearchOp } from '@qcdesk/contract/home-search';
import type { ModuleDeps } from '../../app';
import { type OperationRegistry, registerOperation } from '../../platform/registry';
import { homeSearch } from './home-search.service';

export function registerHomeSearchOperations(registry: OperationRegistry, _deps: ModuleDeps): void {
  // A read: without a transaction the sources run in parallel on the pool.
  registerOperation(registry, homeSearchOp, (input, ctx) => homeSearch(ctx.db, input.term, ctx.user!), {
    transaction: false,
  });
}

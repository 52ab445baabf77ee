import { dashboardQueue as dashboardQueueOp } from '@qcdesk/contract/dashboard';
import { defineModule } from '../../platform/module';
import { type OperationRegistry, registerOperation } from '../../platform/registry';
import { dashboardQueue } from './dashboard.service';

function registerDashboardOperations(registry: OperationRegistry): void {
  // A read: without a transaction the counts run in parallel on the pool.
  registerOperation(registry, dashboardQueueOp, (_input, ctx) => dashboardQueue(ctx.db, ctx.user), {
    transaction: false,
  });
}

export const dashboardModule = defineModule({ name: 'dashboard', register: registerDashboardOperations });

import {
  dashboardCharts as dashboardChartsOp,
  dashboardChartXlsx as dashboardChartXlsxOp,
  dashboardQueue as dashboardQueueOp,
} from '@qcdesk/contract/dashboard';
import { defineModule } from '../../platform/module';
import { type OperationRegistry, registerOperation } from '../../platform/registry';
import { dashboardQueue } from './dashboard.service';
import { dashboardCharts, dashboardChartXlsx } from './dashboard-charts.service';

function registerDashboardOperations(registry: OperationRegistry): void {
  // Reads: without a transaction the counts and charts run in parallel on the pool.
  const read = { transaction: false };
  registerOperation(registry, dashboardQueueOp, (_input, ctx) => dashboardQueue(ctx.db, ctx.user), read);
  registerOperation(
    registry,
    dashboardChartsOp,
    (input, ctx) => dashboardCharts(ctx.db, input, ctx.user),
    read,
  );
  registerOperation(
    registry,
    dashboardChartXlsxOp,
    (input, ctx) => dashboardChartXlsx(ctx.db, input, ctx.user, ctx.lang),
    read,
  );
}

export const dashboardModule = defineModule({ name: 'dashboard', register: registerDashboardOperations });

import { changeLog, configListOperations, configs, holidayCalendar } from '@qcdesk/contract/config';
import { CONFIG_LIST_NAMES } from '@qcdesk/contract/config-lists';
import type { ModuleDeps } from '../../app';
import { type OperationRegistry, registerOperation } from '../../platform/registry';
import { readChangeLogPage } from './changelog.service';
import { createConfigRow, listConfigs, searchConfigRows, updateConfigRow } from './config.service';
import { exportConfigRows, importConfigRows } from './config-xlsx.service';
import { holidayCalendarDays } from './holiday.service';

export function registerConfigOperations(registry: OperationRegistry, _deps: ModuleDeps): void {
  registerOperation(registry, configs, async (_input, ctx) => listConfigs(ctx.user!));
  registerOperation(registry, changeLog, (input, ctx) => readChangeLogPage(ctx.db, input, ctx.user!));
  registerOperation(registry, holidayCalendar, (input, ctx) =>
    holidayCalendarDays(ctx.db, input.startDate, input.endDate),
  );
  // One family per list of the registry: config/{list}, /create, /update, /export, /import.
  for (const name of CONFIG_LIST_NAMES) {
    const ops = configListOperations[name];
    registerOperation(registry, ops.search, (input, ctx) => searchConfigRows(ctx.db, name, input, ctx.user!));
    registerOperation(registry, ops.create, (input, ctx) => createConfigRow(ctx.db, name, input, ctx.user!));
    registerOperation(registry, ops.update, (input, ctx) => updateConfigRow(ctx.db, name, input, ctx.user!));
    registerOperation(registry, ops.export, (input, ctx) =>
      exportConfigRows(ctx.db, name, input, ctx.user!, ctx.lang),
    );
    registerOperation(registry, ops.import, (input, ctx) =>
      importConfigRows(ctx.db, name, input.content, ctx.user!, ctx.lang),
    );
  }
}

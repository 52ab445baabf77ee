import { changeLog, configListOperations, configs, holidayCalendar } from '@qcdesk/contract/config';
import { CONFIG_LIST_NAMES, configList } from '@qcdesk/contract/config-lists';
import type { EnumName } from '@qcdesk/contract/enumerations';
import { getTableColumns } from 'drizzle-orm';
import { readChangeLogPage } from '../../platform/change-log-read';
import {
  type ChangeLogSource,
  defineModule,
  type FieldSpec,
  type ModuleDeps,
  type NameSource,
} from '../../platform/module';
import { type OperationRegistry, registerOperation } from '../../platform/registry';
import { seedConfig } from './config.seed';
import { createConfigRow, listConfigs, searchConfigRows, updateConfigRow } from './config.service';
import { CONFIG_TABLES } from './config-tables';
import { exportConfigRows, importConfigRows } from './config-xlsx.service';
import { holidayCalendarDays } from './holiday.service';

function registerConfigOperations(registry: OperationRegistry, deps: ModuleDeps): void {
  registerOperation(registry, configs, async (_input, ctx) => listConfigs(ctx.user));
  registerOperation(registry, changeLog, (input, ctx) =>
    readChangeLogPage(ctx.db, deps.capabilities, input, ctx.user),
  );
  registerOperation(registry, holidayCalendar, (input, ctx) =>
    holidayCalendarDays(ctx.db, input.startDate, input.endDate),
  );
  // One family per list of the registry: config/{list}, /create, /update, /export, /import.
  for (const name of CONFIG_LIST_NAMES) {
    const ops = configListOperations[name];
    registerOperation(registry, ops.search, (input, ctx) => searchConfigRows(ctx.db, name, input, ctx.user));
    registerOperation(registry, ops.create, (input, ctx) => createConfigRow(ctx.db, name, input, ctx.user));
    registerOperation(registry, ops.update, (input, ctx) => updateConfigRow(ctx.db, name, input, ctx.user));
    registerOperation(registry, ops.export, (input, ctx) =>
      exportConfigRows(ctx.db, name, input, ctx.user, ctx.lang),
    );
    registerOperation(registry, ops.import, (input, ctx) =>
      importConfigRows(ctx.db, name, input, ctx.user, ctx.lang),
    );
  }
}

/** A list's reference and enumeration fields, from its registry entry. */
function listFields(name: (typeof CONFIG_LIST_NAMES)[number]): Record<string, FieldSpec> {
  const fields: Record<string, FieldSpec> = {};
  for (const field of configList(name).fields) {
    if (field.type === 'enum' && field.enum) fields[field.name] = { enum: field.enum as EnumName };
    // Decimal columns keep their scale ("1.50"); the log reads them as numbers.
    if (field.type === 'decimal') fields[field.name] = { decimal: true };
    if (!field.ref) continue;
    if (field.type === 'ref' || (field.type === 'array' && (field.of === 'ref' || field.of === 'code'))) {
      fields[field.name] = { source: field.ref, by: field.of === 'code' ? 'code' : 'id' };
    }
  }
  return fields;
}

/** A list's rows are named by their Chinese and English names, else their `name` (a lab contact), else their code. */
function listNames(name: (typeof CONFIG_LIST_NAMES)[number]): NameSource {
  const table = CONFIG_TABLES[name];
  const code = getTableColumns(table).code;
  return {
    table,
    key: table.id,
    ...(code ? { codeKey: code } : {}),
    names: (row) => {
      const zh =
        (row.nameZh as string | null) ||
        (row.nameEn as string | null) ||
        (row.name as string | null) ||
        String(row.code ?? row.id);
      return { zh, en: (row.nameEn as string | null) || zh };
    },
  };
}

export const configModule = defineModule({
  name: 'config',
  register: registerConfigOperations,
  seed: seedConfig,
  // Master data is read by every signed-in user (DOMAIN.md §5.2), and so is its change log.
  changeLog: CONFIG_LIST_NAMES.map(
    (name): ChangeLogSource => ({
      entity: name,
      permission: 'signed-in',
      readable: 'unscoped',
      unscopedBecause: 'configuration lists are master data every signed-in user reads',
      fields: listFields(name),
    }),
  ),
  names: Object.fromEntries(CONFIG_LIST_NAMES.map((name) => [name, listNames(name)])),
});

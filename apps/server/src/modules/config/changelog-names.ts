import { type ConfigListName, configList, isConfigListName } from '@qcdesk/contract/config-lists';
import { type EnumName, enumerations } from '@qcdesk/contract/enumerations';
import { inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { clients } from '../../db/schema/client';
import { users } from '../../db/schema/identity';
import { materials } from '../../db/schema/material';
import type { Db } from '../../platform/db';
import { CONFIG_TABLES } from './config-tables';

// The change log stores what a write changed as it was written: a reference is its id (or a
// country's code). People read names, so a page of the log is answered with the names of the rows
// its references point at, in both languages, looked up in one query per referenced table.

export interface Names {
  zh: string;
  en: string;
}

/** What a reference field points at, and whether it holds ids or codes. */
export interface NamedField {
  source: ConfigListName | 'user' | 'client' | 'material';
  by?: 'id' | 'code';
}

/** A field holding a code of an enumeration (DOMAIN.md §3): named from the contract, no query. */
export interface EnumField {
  enum: EnumName;
}

type FieldSpec = NamedField | EnumField;
const isEnum = (field: FieldSpec): field is EnumField => 'enum' in field;

const registered = new Map<string, Record<string, FieldSpec>>();

/**
 * Declares the reference fields of an area's change-log rows (`countryId` → the country list), so
 * the log shows names instead of ids, and its enumeration fields (`type` → `{ enum: 'ClientType' }`)
 * so it shows labels instead of codes. Master-data lists need no call: their fields say it.
 */
export function nameChangeLogFields(
  entity: string,
  fields: Record<string, NamedField['source'] | FieldSpec>,
) {
  registered.set(
    entity,
    Object.fromEntries(
      Object.entries(fields).map(([field, f]) => [field, typeof f === 'string' ? { source: f } : f]),
    ),
  );
}

function fieldsOf(entity: string): Record<string, FieldSpec> {
  const own = registered.get(entity);
  if (own) return own;
  if (!isConfigListName(entity)) return {};
  const fields: Record<string, FieldSpec> = {};
  for (const field of configList(entity).fields) {
    if (field.type === 'enum' && field.enum) fields[field.name] = { enum: field.enum as EnumName };
    if (!field.ref) continue;
    if (field.type === 'ref' || (field.type === 'array' && (field.of === 'ref' || field.of === 'code'))) {
      fields[field.name] = { source: field.ref, by: field.of === 'code' ? 'code' : 'id' };
    }
  }
  return fields;
}

interface Lookup {
  key: PgColumn;
  names: (row: Record<string, unknown>) => Names;
  table: PgTable;
}

function lookupOf(field: NamedField): Lookup {
  if (field.source === 'user') {
    return {
      table: users,
      key: users.id,
      names: (row) => {
        const name = String(row.name);
        return { zh: name, en: (row.englishName as string | null) || name };
      },
    };
  }
  if (field.source === 'client') {
    return {
      table: clients,
      key: clients.id,
      names: (row) => ({ zh: String(row.name), en: String(row.name) }),
    };
  }
  if (field.source === 'material') {
    return {
      table: materials,
      key: materials.id,
      names: (row) => {
        const text = `${String(row.upc)} | ${String(row.name)}`;
        return { zh: text, en: text };
      },
    };
  }
  const table = CONFIG_TABLES[field.source] as unknown as PgTable & Record<string, PgColumn>;
  return {
    table,
    key: field.by === 'code' ? table.code! : table.id!,
    names: (row) => {
      const zh = (row.nameZh as string | null) || (row.nameEn as string | null) || String(row.code ?? row.id);
      return { zh, en: (row.nameEn as string | null) || zh };
    },
  };
}

const valuesOf = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.filter((v) => typeof v === 'string' || typeof v === 'number').map(String)
    : typeof value === 'string' || typeof value === 'number'
      ? [String(value)]
      : [];

const ID = /^\d{1,19}$/;

/** An enumeration's labels of a code or a list of codes; undefined when none is known. */
function enumNames(name: EnumName, value: unknown): Names | undefined {
  const codes = Array.isArray(value) ? value : value === null || value === undefined ? [] : [value];
  const items = codes.map((code) => enumerations[name].find((item) => String(item.code) === String(code)));
  if (items.length === 0 || items.some((item) => !item)) return undefined;
  return {
    zh: items.map((item) => item!.zh).join('、'),
    en: items.map((item) => item!.en).join(', '),
  };
}

interface Change {
  field: string;
  from: unknown;
  to: unknown;
}

export type NamedChange = Change & { fromNames?: Names; toNames?: Names };

/** The entries with `fromNames`/`toNames` on every change of a reference field whose rows exist. */
export async function nameChanges<E extends { changes: Change[] }>(
  db: Db,
  entity: string,
  entries: readonly E[],
): Promise<Array<E & { changes: NamedChange[] }>> {
  const fields = fieldsOf(entity);
  const wanted = new Map<string, { field: NamedField; keys: Set<string> }>();
  for (const entry of entries) {
    for (const change of entry.changes) {
      const field = fields[change.field];
      if (!field || isEnum(field)) continue;
      const group = `${field.source}:${field.by ?? 'id'}`;
      const keys = wanted.get(group)?.keys ?? new Set<string>();
      wanted.set(group, { field, keys });
      for (const key of [...valuesOf(change.from), ...valuesOf(change.to)]) {
        if (field.by === 'code' || ID.test(key)) keys.add(key);
      }
    }
  }
  const found = new Map<string, Map<string, Names>>();
  for (const [group, { field, keys }] of wanted) {
    const names = new Map<string, Names>();
    found.set(group, names);
    if (keys.size === 0) continue;
    const lookup = lookupOf(field);
    const list = [...keys].map((k) => (field.by === 'code' ? k : BigInt(k)));
    // Deleted rows too: the log speaks of what was, and a reference may outlive its row's validity.
    const rows = (await db.select().from(lookup.table).where(inArray(lookup.key, list))) as Record<
      string,
      unknown
    >[];
    const property = field.by === 'code' ? 'code' : 'id';
    for (const row of rows) names.set(String(row[property]), lookup.names(row));
  }

  const named = (group: string, value: unknown): Names | undefined => {
    const names = found.get(group);
    const keys = valuesOf(value);
    if (!names || keys.length === 0) return undefined;
    const each = keys.map((k) => names.get(k) ?? { zh: k, en: k });
    if (each.every((n, i) => n.zh === keys[i])) return undefined;
    return { zh: each.map((n) => n.zh).join('、'), en: each.map((n) => n.en).join(', ') };
  };

  return entries.map((entry) => ({
    ...entry,
    changes: entry.changes.map((change) => {
      const field = fields[change.field];
      if (!field) return change;
      if (isEnum(field)) {
        const fromNames = enumNames(field.enum, change.from);
        const toNames = enumNames(field.enum, change.to);
        return { ...change, ...(fromNames ? { fromNames } : {}), ...(toNames ? { toNames } : {}) };
      }
      const group = `${field.source}:${field.by ?? 'id'}`;
      const fromNames = named(group, change.from);
      const toNames = named(group, change.to);
      return { ...change, ...(fromNames ? { fromNames } : {}), ...(toNames ? { toNames } : {}) };
    }),
  }));
}

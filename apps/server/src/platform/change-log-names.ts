import { type EnumName, enumerations } from '@qcdesk/contract/enumerations';
import { inArray } from 'drizzle-orm';
import type { Db } from './db';
import type { Capabilities, EnumField, FieldSpec, NamedField, Names } from './module';

// The change log stores what a write changed as it was written: a reference is its id (or a
// country's code). People read names, so a page of the log is answered with the names of the rows
// its references point at, in both languages, looked up in one query per referenced table. Which
// fields are references, and how each table is named, the areas declare (`defineModule`'s
// `changeLog` and `names`).

const isEnum = (field: FieldSpec): field is EnumField => 'enum' in field;

/** The declared fields of an entity, with shorthand (`countryId: 'country'`) spelled out. */
export function fieldsOf(capabilities: Capabilities, entity: string): Record<string, FieldSpec> {
  const declared = capabilities.changeLogs.get(entity)?.fields ?? {};
  return Object.fromEntries(
    Object.entries(declared).map(([field, f]) => [field, typeof f === 'string' ? { source: f } : f]),
  );
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
  capabilities: Capabilities,
  entity: string,
  entries: readonly E[],
): Promise<Array<E & { changes: NamedChange[] }>> {
  const fields = fieldsOf(capabilities, entity);
  const wanted = new Map<string, { field: NamedField; keys: Set<string> }>();
  for (const entry of entries) {
    for (const change of entry.changes) {
      const field = fields[change.field];
      if (!field || isEnum(field) || !capabilities.names.has(field.source)) continue;
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
    const source = capabilities.names.get(field.source)!;
    const byCode = field.by === 'code';
    const key = byCode ? (source.codeKey ?? source.key) : source.key;
    const list = [...keys].map((k) => (byCode ? k : BigInt(k)));
    // Deleted rows too: the log speaks of what was, and a reference may outlive its row's validity.
    const rows = (await db.select().from(source.table).where(inArray(key, list))) as Record<
      string,
      unknown
    >[];
    const property = byCode ? 'code' : 'id';
    for (const row of rows) names.set(String(row[property]), source.names(row));
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

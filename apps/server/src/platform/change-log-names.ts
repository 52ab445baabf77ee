import { enumerations } from '@qcdesk/contract/enumerations';
import { getTableColumns, inArray } from 'drizzle-orm';
import type { Db } from './db';
import type {
  Capabilities,
  DecimalField,
  EnumField,
  FieldSpec,
  NamedField,
  NameSource,
  Names,
} from './module';

// The change log stores what a write changed as it was written: a reference is its id (or a
// country's code), a child row is keyed by its code (`parts[FABRIC]`), a decimal has its column's
// scale ("2.500"). People read names and numbers, so a page of the log is answered with the names
// of the rows its references and child keys point at, in both languages (one query per referenced
// table), and with decimals as numbers. Which fields are which, and how each table is named, the
// areas declare (`defineModule`'s `changeLog` and `names`).

const isEnum = (field: FieldSpec): field is EnumField => 'enum' in field;
const isDecimal = (field: FieldSpec): field is DecimalField => 'decimal' in field;
const isNamed = (field: FieldSpec | undefined): field is NamedField => !!field && 'source' in field;

/** The declared fields of an entity, with shorthand (`countryId: 'country'`) spelled out. */
export function fieldsOf(capabilities: Capabilities, entity: string): Record<string, FieldSpec> {
  const declared = capabilities.changeLogs.get(entity)?.fields ?? {};
  return Object.fromEntries(
    Object.entries(declared).map(([field, f]) => [field, typeof f === 'string' ? { source: f } : f]),
  );
}

/** A logged field as declared: its child keys left out (`parts[FABRIC].sort` → `parts[].sort`). */
export const fieldPattern = (field: string): string => field.replace(/\[[^\]]*\]/g, '[]');

/** The child keys of a field with the declaration of each: `parts[FABRIC]` → [FABRIC, `parts[]`]. */
export function childKeys(field: string): { key: string; pattern: string }[] {
  const keys: { key: string; pattern: string }[] = [];
  for (const match of field.matchAll(/\[([^\]]*)\]/g)) {
    const end = match.index + match[0].length;
    keys.push({ key: match[1]!, pattern: fieldPattern(field.slice(0, end)) });
  }
  return keys;
}

/** A decimal's stored text as the number it is: "2.500" → "2.5", "100.00" → "100". */
export function decimalText(value: unknown): unknown {
  if (typeof value !== 'string' || !/^-?\d+\.\d+$/.test(value)) return value;
  return value.replace(/0+$/, '').replace(/\.$/, '');
}

/**
 * A logged value with its decimals as numbers: the value of a decimal field, or the decimal
 * properties of a child row's values (`{ percentage: "90.00", sort: 0 }` of `parts[].materials[]`).
 */
function withDecimals(fields: Record<string, FieldSpec>, pattern: string, value: unknown): unknown {
  const own = fields[pattern];
  if (own && isDecimal(own)) return decimalText(value);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([property, v]) => {
      const spec = fields[`${pattern}.${property}`];
      return [property, spec && isDecimal(spec) ? decimalText(v) : v];
    }),
  );
}

const valuesOf = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.filter((v) => typeof v === 'string' || typeof v === 'number').map(String)
    : typeof value === 'string' || typeof value === 'number'
      ? [String(value)]
      : [];

const ID = /^\d{1,19}$/;

/** An enumeration's labels of a code or a list of codes (or of objects, `of`); undefined when none is known. */
function enumNames(field: EnumField, value: unknown): Names | undefined {
  const values = Array.isArray(value) ? value : value === null || value === undefined ? [] : [value];
  const entries = values.map((v) => {
    const object =
      field.of && v !== null && typeof v === 'object' ? (v as Record<string, unknown>) : undefined;
    const code = object ? object[field.of!] : v;
    const detail = object && field.detail ? object[field.detail] : undefined;
    return {
      item: enumerations[field.enum].find((item) => String(item.code) === String(code)),
      suffix: typeof detail === 'string' && detail !== '' ? ` ${detail}` : '',
    };
  });
  if (entries.length === 0 || entries.some((e) => !e.item)) return undefined;
  return {
    zh: entries.map((e) => `${e.item!.zh}${e.suffix}`).join('、'),
    en: entries.map((e) => `${e.item!.en}${e.suffix}`).join(', '),
  };
}

interface Change {
  field: string;
  from: unknown;
  to: unknown;
}

export type NamedChange = Change & {
  fromNames?: Names;
  toNames?: Names;
  /** The names of the rows the field's child keys stand for (`FABRIC` → 面料 / Fabric). */
  keyNames?: Record<string, Names>;
  /** A whole child row's reference and enumeration properties, named. */
  fromPropertyNames?: Record<string, Names>;
  toPropertyNames?: Record<string, Names>;
};

const isRow = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The property of a source's rows that holds the key it is referenced by (`id`, `code`, `upc`). */
function keyProperty(source: NameSource, byCode: boolean): string {
  const column = byCode ? (source.codeKey ?? source.key) : source.key;
  const found = Object.entries(getTableColumns(source.table)).find(([, c]) => c === column);
  return found?.[0] ?? (byCode ? 'code' : 'id');
}

const groupOf = (field: NamedField) => `${field.source}:${field.by ?? 'id'}`;

/** Looks up the names of the wanted keys: one query per referenced table and key kind. */
async function lookUp(
  db: Db,
  capabilities: Capabilities,
  wanted: Map<string, { field: NamedField; keys: Set<string> }>,
): Promise<Map<string, Map<string, Names>>> {
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
    const property = keyProperty(source, byCode);
    for (const row of rows) names.set(String(row[property]), source.names(row));
  }
  return found;
}

/** The entries with names on every change of a reference field and every named child key. */
export async function nameChanges<E extends { action?: string; changes: Change[] }>(
  db: Db,
  capabilities: Capabilities,
  entity: string,
  entries: readonly E[],
): Promise<Array<E & { changes: NamedChange[]; actionNames?: Names }>> {
  const fields = fieldsOf(capabilities, entity);
  const actions = capabilities.changeLogs.get(entity)?.actions ?? {};
  const named = (spec: FieldSpec | undefined): spec is NamedField =>
    isNamed(spec) && capabilities.names.has(spec.source);
  const wanted = new Map<string, { field: NamedField; keys: Set<string> }>();
  const want = (field: NamedField, values: string[]) => {
    const keys = wanted.get(groupOf(field))?.keys ?? new Set<string>();
    wanted.set(groupOf(field), { field, keys });
    for (const key of values) if (field.by === 'code' || ID.test(key)) keys.add(key);
  };
  for (const entry of entries) {
    for (const change of entry.changes) {
      const field = fields[fieldPattern(change.field)];
      if (named(field)) want(field, [...valuesOf(change.from), ...valuesOf(change.to)]);
      for (const row of [change.from, change.to].filter(isRow)) {
        for (const [property, value] of Object.entries(row)) {
          const spec = fields[`${fieldPattern(change.field)}.${property}`];
          if (named(spec)) want(spec, valuesOf(value));
        }
      }
      for (const { key, pattern } of childKeys(change.field)) {
        const spec = fields[pattern];
        if (named(spec)) want(spec, [key]);
      }
    }
  }
  const found = await lookUp(db, capabilities, wanted);

  const namesOf = (group: string, value: unknown): Names | undefined => {
    const names = found.get(group);
    const keys = valuesOf(value);
    if (!names || keys.length === 0) return undefined;
    const each = keys.map((k) => names.get(k) ?? { zh: k, en: k });
    if (each.every((n, i) => n.zh === keys[i])) return undefined;
    return { zh: each.map((n) => n.zh).join('、'), en: each.map((n) => n.en).join(', ') };
  };

  const keyNamesOf = (field: string): Record<string, Names> | undefined => {
    const pairs = childKeys(field).flatMap(({ key, pattern }) => {
      const spec = fields[pattern];
      const names = named(spec) ? found.get(groupOf(spec))?.get(key) : undefined;
      return names ? [[key, names] as const] : [];
    });
    return pairs.length > 0 ? Object.fromEntries(pairs) : undefined;
  };

  /** A whole child row's named properties (`products[].factoryId` of `products[P-01]`). */
  const propertyNamesOf = (pattern: string, value: unknown): Record<string, Names> | undefined => {
    if (!isRow(value)) return undefined;
    const pairs = Object.entries(value).flatMap(([property, v]) => {
      const spec = fields[`${pattern}.${property}`];
      if (!spec || isDecimal(spec)) return [];
      const names = isEnum(spec) ? enumNames(spec, v) : named(spec) ? namesOf(groupOf(spec), v) : undefined;
      return names ? [[property, names] as const] : [];
    });
    return pairs.length > 0 ? Object.fromEntries(pairs) : undefined;
  };

  return entries.map((entry) => ({
    ...entry,
    ...(entry.action && Object.hasOwn(actions, entry.action) ? { actionNames: actions[entry.action] } : {}),
    changes: entry.changes.map((change): NamedChange => {
      const pattern = fieldPattern(change.field);
      const field = fields[pattern];
      const keyNames = keyNamesOf(change.field);
      const fromPropertyNames = propertyNamesOf(pattern, change.from);
      const toPropertyNames = propertyNamesOf(pattern, change.to);
      const base: NamedChange = {
        ...change,
        from: withDecimals(fields, pattern, change.from),
        to: withDecimals(fields, pattern, change.to),
        ...(keyNames ? { keyNames } : {}),
        ...(fromPropertyNames ? { fromPropertyNames } : {}),
        ...(toPropertyNames ? { toPropertyNames } : {}),
      };
      if (!field || isDecimal(field)) return base;
      const fromNames = isEnum(field) ? enumNames(field, change.from) : namesOf(groupOf(field), change.from);
      const toNames = isEnum(field) ? enumNames(field, change.to) : namesOf(groupOf(field), change.to);
      return { ...base, ...(fromNames ? { fromNames } : {}), ...(toNames ? { toNames } : {}) };
    }),
  }));
}

import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FieldChange } from '../db/schema/platform';
import type { Actor } from './auth';
import type { Db } from './db';
import { AppError } from './errors';

// Child rows owned by a record (a client's test requirements, a sample's parts): written as a set,
// matched on their natural key, soft-deleted when left out, and logged on the parent as
// `tests[T-EN71-1].mandatory` (DOMAIN.md §6.11). The caller then bumps the parent's version with
// updateRecord({ childChanges }), so the parent's optimistic lock covers its children.

type Row = Record<string, unknown>;

/** A child table: the audit block and an int64 id. */
export type ChildTable = PgTable & {
  id: PgColumn;
  valid: PgColumn;
  version: PgColumn;
};

export interface ChildSet<T extends ChildTable> {
  table: T;
  /** The property of the child table holding the parent's id. */
  parentKey: keyof T['$inferSelect'] & string;
  parentId: bigint;
  /** The change-log field of the set: `tests`, `parts[BODY].materials`. */
  field: string;
  /** The properties that identify a row within the parent (test item + country). */
  keys: readonly string[];
  /** The other properties that are compared and written. */
  values: readonly string[];
  /** How a row's key reads in the change log (codes instead of ids). */
  label: (row: Row) => string;
  /** Properties every new row also gets (a denormalised grandparent id). */
  fixed?: Row;
  actor: Actor;
}

export interface ChildSync {
  changes: FieldChange[];
  /** The valid rows after the sync, by key. */
  rows: Map<string, Row>;
}

const canonical = (value: unknown): string =>
  JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)) ?? 'null';

const keyOf = (keys: readonly string[], row: Row) => keys.map((k) => canonical(row[k] ?? null)).join('|');

const pick = (row: Row, fields: readonly string[]) =>
  Object.fromEntries(fields.map((f) => [f, row[f] ?? null]));

/** A value as the change log (jsonb) keeps it. */
const logged = (value: unknown): unknown => JSON.parse(canonical(value ?? null));

const column = (table: ChildTable, property: string) => getTableColumns(table)[property]!;

/** The valid child rows of a parent, in insertion order. */
export async function childRows<T extends ChildTable>(
  db: Db,
  set: Pick<ChildSet<T>, 'table' | 'parentKey' | 'parentId'>,
): Promise<Row[]> {
  return (await db
    .select()
    .from(set.table as PgTable)
    .where(and(eq(column(set.table, set.parentKey), set.parentId), eq(set.table.valid, 1)))
    .orderBy(set.table.id)) as Row[];
}

/**
 * Brings the parent's valid children to `wanted`. `replace`: rows left out are deleted (valid 0);
 * `add`: `wanted` are new rows, and one whose key exists is E_DUPLICATE. Twice the same key in
 * `wanted` is E_DUPLICATE too.
 */
export async function syncChildRows<T extends ChildTable>(
  db: Db,
  set: ChildSet<T>,
  wanted: readonly Row[],
  mode: 'replace' | 'add',
): Promise<ChildSync> {
  const duplicate = () => new AppError('E_DUPLICATE', { field: set.field }, { field: set.field });
  const current = new Map((await childRows(db, set)).map((row) => [keyOf(set.keys, row), row]));
  const seen = new Set<string>();
  const changes: FieldChange[] = [];
  const rows = new Map(mode === 'add' ? current : []);
  const stamp = { updatedBy: set.actor.userId, updatedAt: new Date() };

  for (const row of wanted) {
    const key = keyOf(set.keys, row);
    if (seen.has(key)) throw duplicate();
    seen.add(key);
    const name = `${set.field}[${set.label(row)}]`;
    const existing = current.get(key);
    if (existing && mode === 'add') throw duplicate();
    if (!existing) {
      const values = { ...pick(row, [...set.keys, ...set.values]), ...set.fixed };
      const [created] = await db
        .insert(set.table as PgTable)
        .values({ ...values, [set.parentKey]: set.parentId, createdBy: set.actor.userId, ...stamp })
        .returning();
      rows.set(key, created as Row);
      changes.push({ field: name, from: null, to: logged(pick(row, set.values)) });
      continue;
    }
    const changed = set.values.filter((f) => canonical(existing[f] ?? null) !== canonical(row[f] ?? null));
    if (changed.length === 0) {
      rows.set(key, existing);
      continue;
    }
    const [updated] = await db
      .update(set.table as PgTable)
      .set({ ...pick(row, changed), ...stamp, version: sql`${set.table.version} + 1` })
      .where(eq(set.table.id, existing.id as bigint))
      .returning();
    rows.set(key, updated as Row);
    for (const f of changed) {
      changes.push({ field: `${name}.${f}`, from: logged(existing[f]), to: logged(row[f]) });
    }
  }

  if (mode === 'replace') {
    const gone = [...current].filter(([key]) => !seen.has(key)).map(([, row]) => row);
    if (gone.length > 0) {
      await db
        .update(set.table as PgTable)
        .set({ valid: 0, ...stamp, version: sql`${set.table.version} + 1` })
        .where(
          inArray(
            set.table.id,
            gone.map((row) => row.id as bigint),
          ),
        );
      for (const row of gone) {
        changes.push({
          field: `${set.field}[${set.label(row)}]`,
          from: logged(pick(row, set.values)),
          to: null,
        });
      }
    }
  }
  return { changes, rows };
}

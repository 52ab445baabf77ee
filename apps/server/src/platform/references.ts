import { and, eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './db';
import { AppError } from './errors';

// DOMAIN.md §7.1: a reference must point at a valid row (E_REF_NOT_FOUND), and a reference a write
// adds may not point at a frozen one (E_REF_INACTIVE). Services check only the references the
// write adds or changes, so old records keep pointing at rows frozen since.

type Row = Record<string, unknown>;

export interface ReferencedTable {
  table: PgTable & { id: PgColumn; valid: PgColumn };
  /** The active flag (master data `active`, users and clients `state`); absent: never frozen. */
  active?: PgColumn;
  /** The column ids are given in (default `id`; country codes use `code`). */
  key?: PgColumn;
}

/** The valid rows whose key (default `id`) is among `keys`, by key; missing keys are left out. */
export async function findReferences<K extends bigint | string>(
  db: Db,
  target: ReferencedTable,
  keys: readonly K[],
): Promise<Map<K, Row>> {
  const wanted = [...new Set(keys)];
  const found = new Map<K, Row>();
  if (wanted.length === 0) return found;
  const key = target.key ?? target.table.id;
  const rows = (await db
    .select()
    .from(target.table as PgTable)
    .where(and(inArray(key, wanted as unknown[]), eq(target.table.valid, 1)))) as Row[];
  const property = Object.entries(target.table).find(([, c]) => c === key)?.[0] ?? 'id';
  for (const row of rows) found.set(row[property] as K, row);
  return found;
}

/**
 * The referenced rows, by the key given; E_REF_NOT_FOUND (or E_REF_INACTIVE) on `field` when one
 * is missing (or frozen).
 */
export async function assertReferences<K extends bigint | string>(
  db: Db,
  target: ReferencedTable,
  keys: readonly K[],
  field: string,
): Promise<Map<K, Row>> {
  const found = await findReferences(db, target, keys);
  if (found.size < new Set(keys).size) throw new AppError('E_REF_NOT_FOUND', { field }, { field });
  if (target.active) {
    const activeProperty = Object.entries(target.table).find(([, c]) => c === target.active)?.[0];
    if ([...found.values()].some((row) => activeProperty && row[activeProperty] !== 1)) {
      throw new AppError('E_REF_INACTIVE', { field }, { field });
    }
  }
  return found;
}

/** One reference; see assertReferences. */
export async function assertReference<K extends bigint | string>(
  db: Db,
  target: ReferencedTable,
  key: K,
  field: string,
): Promise<Row> {
  return (await assertReferences(db, target, [key], field)).get(key)!;
}

/** code → id of the valid rows of a coded table (master-data lists, clients); seeds resolve by it. */
export async function idsByCode(
  db: Db,
  table: ReferencedTable['table'] & { code: PgColumn },
  codes: readonly string[],
): Promise<Map<string, bigint>> {
  const rows = await findReferences(db, { table, key: table.code }, codes);
  return new Map([...rows].map(([code, row]) => [code, row.id as bigint]));
}

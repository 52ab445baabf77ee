import type { Reason } from '@qcdesk/contract';
import { and, eq, inArray, is, sql } from 'drizzle-orm';
import { getTableConfig, type PgColumn, PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../db/schema/index';
import type { Db } from './db';
import { AppError } from './errors';

// In use (DOMAIN.md §2.10, §4 rule f): a record another valid row references is frozen, not deleted
// (E_IN_USE). The references are every foreign key of the schema, found from the table definitions,
// so an area added later is counted by declaring its foreign keys.

export interface Reference {
  table: PgTable;
  column: PgColumn;
  valid: PgColumn | undefined;
}

let foreignKeys: Map<PgTable, Reference[]> | undefined;

/**
 * Every foreign key of the schema pointing at a table, found from the table definitions: any
 * area's table that references a list (a client's country, a user's department) counts.
 */
export function referencesTo(target: PgTable): Reference[] {
  if (!foreignKeys) {
    foreignKeys = new Map();
    for (const value of Object.values(schema)) {
      if (!is(value, PgTable)) continue;
      const config = getTableConfig(value);
      const valid = config.columns.find((c) => c.name === 'valid');
      for (const fk of config.foreignKeys) {
        const reference = fk.reference();
        const list = foreignKeys.get(reference.foreignTable) ?? [];
        list.push({ table: value, column: reference.columns[0]!, valid });
        foreignKeys.set(reference.foreignTable, list);
      }
    }
  }
  return foreignKeys.get(target) ?? [];
}

/**
 * Any area's record (a client) is in use while a valid row of another table references it; the
 * record's own child rows (`owned`) do not count. E_IN_USE: freeze it instead.
 */
export async function assertRecordNotInUse(
  db: Db,
  table: PgTable & { id: PgColumn },
  id: bigint,
  owned: readonly PgTable[] = [],
): Promise<void> {
  for (const r of referencesTo(table)) {
    if (owned.includes(r.table)) continue;
    const where = and(eq(r.column, id), r.valid ? eq(r.valid, 1) : undefined);
    const [hit] = await db.select({ one: sql`1` }).from(r.table).where(where).limit(1);
    if (hit) throw new AppError('E_IN_USE');
  }
}

/**
 * The ids among `ids` that a valid row of another table references (a set of child rows a write
 * would remove: an order's products). One query per foreign key, whatever the number of ids.
 */
export async function recordsInUse(
  db: Db,
  table: PgTable & { id: PgColumn },
  ids: readonly bigint[],
  owned: readonly PgTable[] = [],
): Promise<Set<bigint>> {
  const used = new Set<bigint>();
  if (ids.length === 0) return used;
  for (const r of referencesTo(table)) {
    if (owned.includes(r.table)) continue;
    const where = and(inArray(r.column, [...ids]), r.valid ? eq(r.valid, 1) : undefined);
    const hits = await db.selectDistinct({ id: r.column }).from(r.table).where(where);
    for (const hit of hits) used.add(BigInt(hit.id as bigint));
  }
  return used;
}

/**
 * An in-use check an area states for one of its actions and later areas fill (DOMAIN.md §4.7: a
 * production sample is not cancelled while a linked product has an inspection in progress). The
 * area owning the action names the check; an area that can hold the record declares
 * `inUse: [{ check, inUse }]` in its `defineModule`, and the app collects them in its Capabilities.
 */
export interface InUseCheck {
  /** The check's name, as the owning area exports it (`productionSample.cancel`). */
  check: string;
  /** True while the record `id` is held by the declaring area's records. */
  inUse(db: Db, id: bigint): Promise<boolean>;
}

/** Refuses with `code` when any declared check holds the record; no checks: nothing blocks. */
export async function assertNoInUseCheck(
  db: Db,
  checks: readonly InUseCheck[],
  id: bigint,
  code: Reason,
): Promise<void> {
  for (const c of checks) if (await c.inUse(db, id)) throw new AppError(code);
}

import { and, eq, getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FieldChange } from '../db/schema/platform';
import type { Actor } from './auth';
import { diff, writeChangeLog } from './change-log';
import type { Db } from './db';
import { AppError } from './errors';

/** A table with the audit block and an int64 id (every business table). */
export type AuditedTable = PgTable & {
  id: PgColumn;
  version: PgColumn;
  updatedAt: PgColumn;
  updatedBy: PgColumn;
};

type Row = Record<string, unknown>;

/** Reads a row and locks it for the rest of the transaction; E_NOT_FOUND when absent. */
export async function lockRow<T extends AuditedTable>(
  db: Db,
  table: T,
  id: bigint,
): Promise<T['$inferSelect']> {
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(eq(table.id, id))
    .for('update');
  if (!row) throw new AppError('E_NOT_FOUND');
  return row as T['$inferSelect'];
}

/**
 * The row locked at the version the caller read (the optimistic lock, checked here once for every
 * write): E_NOT_FOUND when absent, E_VERSION when it changed since.
 */
export async function lockVersion<T extends AuditedTable>(
  db: Db,
  table: T,
  id: bigint,
  version: number,
): Promise<T['$inferSelect']> {
  const row = await lockRow(db, table, id);
  if ((row as Row).version !== version) throw new AppError('E_VERSION');
  return row;
}

/**
 * A record the caller may write (record access of DOMAIN.md §5.4): locked at the version read, and
 * E_SCOPE when `mayWrite` (the area's write scope over the locked row) says no.
 */
export async function writableRecord<T extends AuditedTable>(
  db: Db,
  args: {
    table: T;
    id: bigint;
    version: number;
    mayWrite(row: T['$inferSelect']): boolean | Promise<boolean>;
  },
): Promise<T['$inferSelect']> {
  const row = await lockVersion(db, args.table, args.id, args.version);
  if (!(await args.mayWrite(row))) throw new AppError('E_SCOPE');
  return row;
}

/**
 * The row of `id` if the area's scope condition `where` holds for it; otherwise whether it exists at
 * all (the caller answers E_SCOPE or E_NOT_FOUND, or skips it).
 */
export async function rowInScope<T extends AuditedTable>(
  db: Db,
  table: T,
  id: bigint,
  where: SQL | undefined,
): Promise<{ row: T['$inferSelect'] | undefined; exists: boolean }> {
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(and(eq(table.id, id), where));
  if (row) return { row: row as T['$inferSelect'], exists: true };
  const [exists] = await db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(eq(table.id, id));
  return { row: undefined, exists: exists !== undefined };
}

/**
 * A record the caller reads (record access of DOMAIN.md §5.4): E_SCOPE when `where` (the area's
 * scope condition) excludes it, E_NOT_FOUND when it is absent or, unless `deleted`, not valid.
 */
export async function readableRecord<T extends AuditedTable & { valid: PgColumn }>(
  db: Db,
  args: { table: T; id: bigint; where: SQL | undefined; deleted?: boolean },
): Promise<T['$inferSelect']> {
  const { row, exists } = await rowInScope(db, args.table, args.id, args.where);
  if (!row) throw new AppError(exists ? 'E_SCOPE' : 'E_NOT_FOUND');
  if (!args.deleted && (row as Row).valid !== 1) throw new AppError('E_NOT_FOUND');
  return row;
}

export interface UpdateArgs<T extends AuditedTable> {
  table: T;
  id: bigint;
  /** The version the caller read; a mismatch refuses with E_VERSION and writes nothing. */
  version: number;
  values: Partial<T['$inferInsert']>;
  actor: Actor;
  action?: string;
  reason?: string | undefined;
  /** Entity name in the change log; defaults to the table name. */
  entity?: string;
  /** Changes of the record's child rows, logged with the record's own (`tests[T-EN71-1].mandatory`). */
  childChanges?: FieldChange[];
}

/**
 * The optimistic-lock update every service uses: checks `version`, bumps it, stamps the audit
 * block and writes the change log, all in the caller's transaction.
 */
export async function updateRecord<T extends AuditedTable>(
  db: Db,
  args: UpdateArgs<T>,
): Promise<T['$inferSelect']> {
  const before: Row = await lockVersion(db, args.table, args.id, args.version);
  const [after] = await db
    .update(args.table as PgTable)
    .set({
      ...args.values,
      version: sql`${args.table.version} + 1`,
      updatedAt: new Date(),
      updatedBy: args.actor.userId,
    } as Row)
    .where(eq(args.table.id, args.id))
    .returning();
  const changes = [...diff(before, args.values as Row), ...(args.childChanges ?? [])];
  await writeChangeLog(db, args.actor, {
    entity: args.entity ?? getTableName(args.table),
    entityId: args.id,
    action: args.action ?? 'update',
    changes,
    reason: args.reason,
  });
  return after as T['$inferSelect'];
}

/** Insert with the audit block stamped and a `create` change-log row. */
export async function createRecord<T extends AuditedTable>(
  db: Db,
  args: {
    table: T;
    values: T['$inferInsert'];
    actor: Actor;
    entity?: string;
    /** Writes the record's child rows (a sample's parts) and answers their changes, logged with the create. */
    children?: (created: T['$inferSelect']) => Promise<readonly FieldChange[]>;
  },
): Promise<T['$inferSelect']> {
  const [row] = await db
    .insert(args.table as PgTable)
    .values({ ...args.values, createdBy: args.actor.userId, updatedBy: args.actor.userId } as Row)
    .returning();
  const created = row as T['$inferSelect'];
  const childChanges = args.children ? await args.children(created) : [];
  await writeChangeLog(db, args.actor, {
    entity: args.entity ?? getTableName(args.table),
    entityId: (created as Row).id as bigint,
    action: 'create',
    changes: [...diff(null, args.values as Row), ...childChanges],
  });
  return created;
}

const canonical = (value: unknown): string =>
  JSON.stringify(value ?? null, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));

/**
 * The entries of `candidate` that are given (not undefined) and differ from `current`: what an
 * update writes, so unchanged fields neither bump nothing nor clutter the change log.
 */
export function changedFields<T extends Row>(current: T, candidate: Partial<T>): Partial<T> {
  return Object.fromEntries(
    Object.entries(candidate).filter(
      ([field, value]) => value !== undefined && canonical(current[field]) !== canonical(value),
    ),
  ) as Partial<T>;
}

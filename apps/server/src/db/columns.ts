import { getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { bigint, index, integer, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/** Primary key: int64 identity; travels as a decimal string (contract `schemas.id`). */
export const idColumn = () => bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity();

export const ref = (name: string) => bigint(name, { mode: 'bigint' });

export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The audit block every table carries (DOMAIN.md §0): who and when, `version` for optimistic
 * locking, `valid` for soft delete. `createdBy`/`updatedBy` gain their foreign key to users
 * once the identity tables exist.
 */
export const auditBlock = () => ({
  createdBy: ref('created_by'),
  createdAt: timestamptz('created_at').notNull().default(sql`now()`),
  updatedBy: ref('updated_by'),
  updatedAt: timestamptz('updated_at').notNull().default(sql`now()`),
  version: integer('version').notNull().default(0),
  valid: smallint('valid').notNull().default(1),
});

/**
 * The master-data block (DOMAIN.md §0): code (upper-case, unique among valid rows), names in both
 * languages, active flag, sort order and remark.
 */
export const masterBlock = () => ({
  code: text('code').notNull(),
  nameZh: text('name_zh').notNull(),
  nameEn: text('name_en').notNull(),
  active: smallint('active').notNull().default(1),
  sort: integer('sort').notNull().default(0),
  remark: text('remark'),
});

/**
 * `"table"."column"`: a column of the outer query inside a correlated subquery. Drizzle writes a
 * single-table select's columns unqualified, where they would bind to the subquery's own table.
 */
export function qualified(column: PgColumn): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}

/**
 * The index a sort of a list search reads (issue 12): the sort key, then the id. A page in that
 * order, either direction, is read from the index instead of sorted; the search writes the key
 * exactly as here (`platform/sorting.ts`). Not partial on `valid = 1`: such a narrow partial index
 * would also be the cheapest way to read every valid row, and the planner would take it over the
 * trigram index for a "name has" filter on a mid-sized table; the few deleted rows are skipped
 * while walking it.
 */
export const sortIndex = (name: string, key: PgColumn | SQL, id: PgColumn) => index(name).on(key, id);

/** The sort indexes of a master-data list (issue 12): by Chinese and by English name, case-blind. */
export const nameSortIndexes = (table: string, t: { nameZh: PgColumn; nameEn: PgColumn; id: PgColumn }) => [
  sortIndex(`${table}_name_zh_sort_idx`, sql`lower(${t.nameZh})`, t.id),
  sortIndex(`${table}_name_en_sort_idx`, sql`lower(${t.nameEn})`, t.id),
];

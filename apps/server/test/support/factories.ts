import { and, eq, type SQLWrapper, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { expect } from 'vitest';
import { countries, inspectionTests, labs, parts, testItems } from '../../src/db/schema/config';
import { users } from '../../src/db/schema/identity';
import type { Db } from '../../src/platform/db';

// Test-data factories (STYLE.md rule 9): `buildX(db, overrides)` inserts a valid record with
// realistic bilingual defaults and answers the row; `xInput(db, overrides)` answers the body of
// the area's create operation. References are named by code (users by username).

let serial = 0;
/** A value unique within the test run (names and codes must not collide across tests). */
export const unique = (prefix: string) => `${prefix}${++serial}${Date.now().toString(36).toUpperCase()}`;

type CodedTable = PgTable & { id: PgColumn; code: PgColumn; valid: PgColumn };

/** The id of a valid master-data row by code. */
export async function idOf(db: Db, table: CodedTable, code: string): Promise<bigint> {
  const [row] = (await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.code, code), eq(table.valid, 1)))) as { id: bigint }[];
  if (!row) throw new Error(`no ${code} in ${String(table)}`);
  return row.id;
}

export async function userId(db: Db, username: string): Promise<bigint> {
  const [row] = await db
    .select({ id: users.id, departmentId: users.departmentId })
    .from(users)
    .where(eq(users.username, username));
  if (!row) throw new Error(`no user ${username}`);
  return row.id;
}

/** Master-data ids the tests of several areas use. */
export const master = {
  testItem: (db: Db, code = 'T-EN71-1') => idOf(db, testItems, code),
  inspectionTest: (db: Db, code = 'IT-DROP') => idOf(db, inspectionTests, code),
  lab: (db: Db, code = 'SGS-SZ') => idOf(db, labs, code),
  part: (db: Db, code = 'BODY') => idOf(db, parts, code),
  country: (db: Db, code = 'US') => idOf(db, countries, code),
};

/** The plan reads `index` and sorts nothing but ties (no full Sort node of the matches). */
export function expectIndexOrder(plan: string, index: string): void {
  expect(plan, plan).toContain(index);
  expect(plan, plan).not.toMatch(/(?<!Incremental )Sort {2}\(/);
}

/** Runs `query` with sequential scans off and answers its plan (EXPLAIN checks of ARCHITECTURE.md). */
export async function planOf(db: Db, query: SQLWrapper): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const result = await tx.execute<Record<string, string>>(sql`explain ${query}`);
    return result.rows.map((r) => Object.values(r)[0]).join('\n');
  });
}

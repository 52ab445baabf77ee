import { and, eq, type SQLWrapper, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  countries,
  inspectionTests,
  labs,
  materialTypes,
  parts,
  riskLevels,
  suppliers,
  testItems,
} from '../../src/db/schema/config';
import { users } from '../../src/db/schema/identity';
import { materials } from '../../src/db/schema/material';
import { commonStandards, countryRequirements } from '../../src/db/schema/standard';
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

// -- Materials --------------------------------------------------------------------------------

export interface MaterialOverrides {
  upc?: string;
  name?: string;
  technicalName?: string;
  customName?: string;
  riskLevel?: string;
  materialType?: string;
  supplier?: string | null;
}

export async function materialInput(db: Db, overrides: MaterialOverrides = {}) {
  return {
    upc: overrides.upc ?? unique('UPC-'),
    name: overrides.name ?? unique('ABS塑料 '),
    technicalName: overrides.technicalName ?? 'Acrylonitrile butadiene styrene',
    customName: overrides.customName ?? '塑料粒子',
    riskLevelId: String(await idOf(db, riskLevels, overrides.riskLevel ?? 'R3')),
    materialTypeId: String(await idOf(db, materialTypes, overrides.materialType ?? 'PLASTIC')),
    ...(overrides.supplier === null
      ? {}
      : { supplierId: String(await idOf(db, suppliers, overrides.supplier ?? 'SUP-HM')) }),
  };
}

export async function buildMaterial(db: Db, overrides: MaterialOverrides = {}) {
  const input = await materialInput(db, overrides);
  const [row] = await db
    .insert(materials)
    .values({
      upc: input.upc,
      name: input.name,
      technicalName: input.technicalName,
      customName: input.customName,
      riskLevelId: BigInt(input.riskLevelId),
      materialTypeId: BigInt(input.materialTypeId),
      supplierId: input.supplierId ? BigInt(input.supplierId) : null,
    })
    .returning();
  return row!;
}

// -- Standards --------------------------------------------------------------------------------

export async function buildCommonStandard(db: Db, overrides: { name?: string } = {}) {
  const [row] = await db
    .insert(commonStandards)
    .values({
      name: overrides.name ?? unique('毛绒玩具通用标准 Plush toys '),
      productScope: '毛绒玩具 / Plush toys',
    })
    .returning();
  return row!;
}

export async function buildCountryRequirement(db: Db, overrides: { name?: string; country?: string } = {}) {
  const [row] = await db
    .insert(countryRequirements)
    .values({
      countryId: await idOf(db, countries, overrides.country ?? 'DE'),
      name: overrides.name ?? unique('德国玩具法规 German toy rules '),
    })
    .returning();
  return row!;
}

/** Master-data ids the tests of several areas use. */
export const master = {
  testItem: (db: Db, code = 'T-EN71-1') => idOf(db, testItems, code),
  inspectionTest: (db: Db, code = 'IT-DROP') => idOf(db, inspectionTests, code),
  lab: (db: Db, code = 'SGS-SZ') => idOf(db, labs, code),
  part: (db: Db, code = 'BODY') => idOf(db, parts, code),
  country: (db: Db, code = 'US') => idOf(db, countries, code),
};

/** Runs `query` with sequential scans off and answers its plan (EXPLAIN checks of ARCHITECTURE.md). */
export async function planOf(db: Db, query: SQLWrapper): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const result = (await tx.execute(sql`explain ${query}`)) as unknown as { rows: Record<string, string>[] };
    return result.rows.map((r) => Object.values(r)[0]).join('\n');
  });
}

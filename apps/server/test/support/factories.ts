import { and, eq, type SQLWrapper, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { clients } from '../../src/db/schema/client';
import {
  countries,
  inspectionTests,
  labs,
  parts,
  samplingLevels,
  testItems,
} from '../../src/db/schema/config';
import { users } from '../../src/db/schema/identity';
import {
  originalSampleMaterials,
  originalSampleParts,
  originalSamples,
} from '../../src/db/schema/original-sample';
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

const CLIENT_NAMES = [
  ['华美贸易', 'Huamei Trading'],
  ['北欧家居', 'Nordic Home'],
  ['太平洋玩具', 'Pacific Toys'],
  ['金星百货', 'Golden Star Stores'],
] as const;

// -- Clients ----------------------------------------------------------------------------------

export interface ClientOverrides {
  name?: string;
  code?: string;
  country?: string;
  type?: number;
  /** Username of the sales owner (default demo.sales). */
  sales?: string;
  majorAql?: number;
  minorAql?: number;
  advanceDays?: number;
  destinationCountries?: string[];
  reportEmails?: string[];
  state?: number;
}

/** The body of client/create. */
export async function clientInput(db: Db, overrides: ClientOverrides = {}) {
  const [zh] = CLIENT_NAMES[serial % CLIENT_NAMES.length]!;
  return {
    name: overrides.name ?? unique(`${zh} `),
    ...(overrides.code ? { code: overrides.code } : {}),
    countryId: String(await idOf(db, countries, overrides.country ?? 'US')),
    type: overrides.type ?? 2,
    salesId: String(await userId(db, overrides.sales ?? 'demo.sales')),
    majorAql: overrides.majorAql ?? 2.5,
    minorAql: overrides.minorAql ?? 4,
    advanceDays: overrides.advanceDays ?? 2,
    destinationCountries: overrides.destinationCountries ?? ['US', 'EU'],
    inspectionRequirement: '按客户验货手册执行 / Follow the client inspection manual',
    reportEmails: overrides.reportEmails ?? ['qa@example.com'],
  };
}

/** A client row, owned by `sales` (default demo.sales) in that user's department. */
export async function buildClient(db: Db, overrides: ClientOverrides = {}) {
  const salesId = await userId(db, overrides.sales ?? 'demo.sales');
  const [owner] = await db
    .select({ departmentId: users.departmentId })
    .from(users)
    .where(eq(users.id, salesId));
  const [en] = CLIENT_NAMES[serial % CLIENT_NAMES.length]!.slice(1);
  const [row] = await db
    .insert(clients)
    .values({
      code: overrides.code ?? unique('CT'),
      name: overrides.name ?? unique(`${en} `),
      countryId: await idOf(db, countries, overrides.country ?? 'US'),
      type: overrides.type ?? 1,
      salesId,
      departmentId: owner!.departmentId,
      samplingLevelId: await idOf(db, samplingLevels, 'II'),
      majorAql: (overrides.majorAql ?? 2.5).toFixed(3),
      minorAql: (overrides.minorAql ?? 4).toFixed(3),
      advanceDays: overrides.advanceDays ?? 2,
      destinationCountries: overrides.destinationCountries ?? ['US'],
      reportEmails: overrides.reportEmails ?? [],
      state: overrides.state ?? 1,
      createdBy: salesId,
      updatedBy: salesId,
    })
    .returning();
  return row!;
}

// -- Original samples -------------------------------------------------------------------------

export interface OriginalSampleOverrides {
  itemNo?: string;
  name?: string;
  clientId?: bigint | null;
  /** Part code → the material ids of that part; default one BODY part without materials. */
  parts?: Record<string, bigint[]>;
}

export async function buildOriginalSample(db: Db, overrides: OriginalSampleOverrides = {}) {
  const wanted = overrides.parts ?? {};
  const complete =
    Object.keys(wanted).length > 0 && Object.values(wanted).every((materialIds) => materialIds.length > 0);
  const [sample] = await db
    .insert(originalSamples)
    .values({
      itemNo: overrides.itemNo ?? unique('IT-'),
      name: overrides.name ?? unique('毛绒小熊 Plush bear '),
      clientId: overrides.clientId ?? null,
      complete,
    })
    .returning();
  for (const [code, materialIds] of Object.entries(wanted)) {
    const [part] = await db
      .insert(originalSampleParts)
      .values({ originalSampleId: sample!.id, partId: await idOf(db, parts, code) })
      .returning();
    for (const materialId of materialIds) {
      await db
        .insert(originalSampleMaterials)
        .values({ originalSamplePartId: part!.id, originalSampleId: sample!.id, materialId });
    }
  }
  return sample!;
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

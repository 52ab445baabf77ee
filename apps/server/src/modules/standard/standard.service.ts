import { and, asc, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { qualified } from '../../db/columns';
import { countries, standards, testItems } from '../../db/schema/config';
import { users } from '../../db/schema/identity';
import { searchText } from '../../db/schema/search-columns';
import {
  commonStandardNorms,
  commonStandards,
  commonStandardTests,
  countryRequirementNorms,
  countryRequirements,
  countryRequirementTests,
} from '../../db/schema/standard';
import { actorOf, type Principal } from '../../platform/auth';
import { syncChildRows } from '../../platform/child-rows';
import type { Db } from '../../platform/db';
import { uniqueViolation } from '../../platform/db-errors';
import { AppError } from '../../platform/errors';
import { recordFlags } from '../../platform/flags';
import { searchTotal } from '../../platform/paging';
import { rankedHits } from '../../platform/ranked-hits';
import { changedFields, createRecord, lockRow, updateRecord } from '../../platform/records';
import { assertReference, assertReferences } from '../../platform/references';
import { contains } from '../../platform/search';

// Common standards and country standards (DOMAIN.md §2.8). The two entities have the same shape
// (a named list of required test items and the norms it follows); a country standard also names
// its country and is unique per country. One set of functions serves both, told apart by `Kind`.

export type KindName = 'common' | 'country';

/** The columns both standard tables share (the country table adds `countryId`). */
type StandardTable = typeof commonStandards;

interface Kind {
  entity: string;
  table: StandardTable;
  norms: PgTable;
  normParent: PgColumn;
  normStandard: PgColumn;
  tests: typeof commonStandardTests | typeof countryRequirementTests;
  testsParentKey: 'commonStandardId' | 'countryRequirementId';
  testsParent: PgColumn;
}

export const KINDS: Record<KindName, Kind> = {
  common: {
    entity: 'common_standards',
    table: commonStandards,
    norms: commonStandardNorms,
    normParent: commonStandardNorms.commonStandardId,
    normStandard: commonStandardNorms.standardId,
    tests: commonStandardTests,
    testsParentKey: 'commonStandardId',
    testsParent: commonStandardTests.commonStandardId,
  },
  country: {
    entity: 'country_requirements',
    // Same columns by the same property names, plus countryId (read through `countryRequirements`).
    table: countryRequirements as unknown as StandardTable,
    norms: countryRequirementNorms,
    normParent: countryRequirementNorms.countryRequirementId,
    normStandard: countryRequirementNorms.standardId,
    tests: countryRequirementTests,
    testsParentKey: 'countryRequirementId',
    testsParent: countryRequirementTests.countryRequirementId,
  },
};

type StandardRow = StandardTable['$inferSelect'] & { countryId?: bigint };

const testCount = (kind: Kind) =>
  sql<number>`(select count(*) from ${kind.tests} where ${kind.testsParent} = ${qualified(kind.table.id)} and ${kind.tests.valid} = 1)`.mapWith(
    Number,
  );

const standardFields = (kind: Kind) => ({
  id: kind.table.id,
  name: kind.table.name,
  productScope: kind.table.productScope,
  description: kind.table.description,
  valid: kind.table.valid,
  version: kind.table.version,
  createdBy: kind.table.createdBy,
  createdAt: kind.table.createdAt,
  updatedAt: kind.table.updatedAt,
  testCount: testCount(kind),
});

interface ListQuery {
  where: SQL | undefined;
  order: SQL[];
  limit: number;
  offset: number;
}

/** Rows of either kind in one shape; a country standard with its country. */
async function standardRows(db: Db, kind: Kind, query: ListQuery) {
  if (kind === KINDS.common) {
    const rows = await db
      .select(standardFields(kind))
      .from(commonStandards)
      .where(query.where)
      .orderBy(...query.order)
      .limit(query.limit)
      .offset(query.offset);
    return rows.map((r) => ({ ...r, country: null }));
  }
  const rows = await db
    .select({
      ...standardFields(kind),
      countryId: countryRequirements.countryId,
      countryCode: countries.code,
      countryZh: countries.nameZh,
      countryEn: countries.nameEn,
    })
    .from(countryRequirements)
    .innerJoin(countries, eq(countries.id, countryRequirements.countryId))
    .where(query.where)
    .orderBy(...query.order)
    .limit(query.limit)
    .offset(query.offset);
  return rows.map(({ countryId, countryCode, countryZh, countryEn, ...r }) => ({
    ...r,
    country: { id: countryId, code: countryCode, nameZh: countryZh, nameEn: countryEn },
  }));
}

type Selected = Awaited<ReturnType<typeof standardRows>>[number];

function toRow(r: Selected) {
  return {
    id: r.id,
    name: r.name,
    productScope: r.productScope,
    testCount: r.testCount,
    valid: r.valid,
    version: r.version,
    updatedAt: r.updatedAt,
    ...(r.country ? { country: r.country } : {}),
  };
}

// -- Search -----------------------------------------------------------------------------------

export interface StandardSearch {
  name?: string | undefined;
  country?: bigint | undefined;
  deleted: boolean;
  page: number;
  pageSize: number;
  count: boolean;
}

/** standard/search and countryrequire/search: name has (and country), by country and name. */
export async function searchStandards(db: Db, kindName: KindName, input: StandardSearch, user: Principal) {
  const kind = KINDS[kindName];
  const t = kind.table;
  const deleted = input.deleted && user.permissions.has('standard.edit');
  const where: SQL | undefined = and(
    eq(t.valid, deleted ? 0 : 1),
    input.name ? contains(searchText(t.name), input.name) : undefined,
    kindName === 'country' && input.country !== undefined
      ? eq(countryRequirements.countryId, input.country)
      : undefined,
  );
  const byName = asc(sql`lower(${t.name})`);
  const rows = await standardRows(db, kind, {
    where,
    order: kindName === 'country' ? [asc(countries.code), byName, asc(t.id)] : [byName, asc(t.id)],
    limit: input.pageSize,
    offset: (input.page - 1) * input.pageSize,
  });
  return {
    list: rows.map(toRow),
    page: input.page,
    pageSize: input.pageSize,
    ...(await searchTotal(db, t, where, input.count)),
  };
}

// -- Details ----------------------------------------------------------------------------------

async function normsOf(db: Db, kind: Kind, id: bigint) {
  return db
    .select({ id: standards.id, code: standards.code, nameZh: standards.nameZh, nameEn: standards.nameEn })
    .from(kind.norms)
    .innerJoin(standards, eq(standards.id, kind.normStandard))
    .where(eq(kind.normParent, id))
    .orderBy(asc(standards.sort), asc(standards.code));
}

async function standardDetail(db: Db, kind: Kind, id: bigint) {
  const [r] = await standardRows(db, kind, { where: eq(kind.table.id, id), order: [], limit: 1, offset: 0 });
  if (!r) throw new AppError('E_NOT_FOUND');
  const [createdBy] = r.createdBy
    ? await db
        .select({ id: users.id, name: users.name, englishName: users.englishName })
        .from(users)
        .where(eq(users.id, r.createdBy))
    : [];
  return {
    ...toRow(r),
    description: r.description,
    standards: await normsOf(db, kind, id),
    createdBy: createdBy ?? null,
    createdAt: r.createdAt,
  };
}

async function readableStandard(db: Db, kind: Kind, id: bigint, user: Principal): Promise<StandardRow> {
  const [row] = await db.select().from(kind.table).where(eq(kind.table.id, id));
  if (!row || (row.valid !== 1 && !user.permissions.has('standard.edit'))) throw new AppError('E_NOT_FOUND');
  return row;
}

/** standard/details and countryrequire/details; standards have no record scope. */
export async function getStandard(db: Db, kindName: KindName, id: bigint, user: Principal) {
  const kind = KINDS[kindName];
  const row = await readableStandard(db, kind, id, user);
  const flags = recordFlags({ user, record: row, editPermission: 'standard.edit', inScope: true });
  return { detail: await standardDetail(db, kind, id), flags };
}

async function testsOf(db: Db, kind: Kind, row: Pick<StandardRow, 'id' | 'version'>) {
  const tests = await db
    .select({
      id: kind.tests.id,
      testItem: {
        id: testItems.id,
        code: testItems.code,
        nameZh: testItems.nameZh,
        nameEn: testItems.nameEn,
      },
      mandatory: kind.tests.mandatory,
    })
    .from(kind.tests)
    .innerJoin(testItems, eq(testItems.id, kind.tests.testItemId))
    .where(and(eq(kind.testsParent, row.id), eq(kind.tests.valid, 1)))
    .orderBy(asc(testItems.sort), asc(testItems.code));
  return { id: row.id, version: row.version, tests };
}

/** standard/test and countryrequire/test. */
export async function getStandardTests(db: Db, kindName: KindName, id: bigint, user: Principal) {
  const kind = KINDS[kindName];
  const row = await readableStandard(db, kind, id, user);
  const flags = recordFlags({ user, record: row, editPermission: 'standard.edit', inScope: true });
  return { detail: await testsOf(db, kind, row), flags };
}

// -- Writes -----------------------------------------------------------------------------------

async function assertUniqueName(
  db: Db,
  kind: Kind,
  name: string,
  countryId: bigint | undefined,
  exceptId?: bigint,
) {
  const t = kind.table;
  const [hit] = await db
    .select({ id: t.id })
    .from(t)
    .where(
      and(
        eq(t.valid, 1),
        sql`lower(${t.name}) = ${name.toLowerCase()}`,
        countryId === undefined ? undefined : eq(countryRequirements.countryId, countryId),
        exceptId === undefined ? undefined : ne(t.id, exceptId),
      ),
    )
    .limit(1);
  if (hit) throw new AppError('E_DUPLICATE', { field: 'name' }, { field: 'name' });
}

function duplicateName(error: unknown): never {
  if (uniqueViolation(error) === null) throw error;
  throw new AppError('E_DUPLICATE', { field: 'name' }, { field: 'name' });
}

/** Replaces the norms of a standard; answers the change-log entry (codes), if any. */
async function setNorms(db: Db, kind: Kind, id: bigint, wanted: readonly bigint[]) {
  const current = await normsOf(db, kind, id);
  const next = [...new Set(wanted)];
  const currentIds = current.map((n) => n.id);
  if (next.length === currentIds.length && next.every((n) => currentIds.includes(n))) return [];
  const added = await assertReferences(
    db,
    { table: standards, active: standards.active },
    next.filter((n) => !currentIds.includes(n)),
    'standardIds',
  );
  await db.delete(kind.norms).where(eq(kind.normParent, id));
  if (next.length > 0) {
    const parentKey = kind === KINDS.common ? 'commonStandardId' : 'countryRequirementId';
    await db.insert(kind.norms).values(next.map((standardId) => ({ [parentKey]: id, standardId })));
  }
  const code = new Map([
    ...current.map((n) => [n.id, n.code] as const),
    ...[...added].map(([k, r]) => [k, String(r.code)] as const),
  ]);
  return [
    { field: 'standardIds', from: current.map((n) => n.code), to: next.map((n) => code.get(n) ?? String(n)) },
  ];
}

export interface NewStandard {
  name: string;
  countryId?: bigint | undefined;
  productScope?: string | undefined;
  description?: string | undefined;
  standardIds: bigint[];
}

export async function createStandard(db: Db, kindName: KindName, input: NewStandard, user: Principal) {
  const kind = KINDS[kindName];
  if (kindName === 'country') {
    await assertReference(db, { table: countries, active: countries.active }, input.countryId!, 'countryId');
  }
  await assertUniqueName(db, kind, input.name, kindName === 'country' ? input.countryId : undefined);
  const actor = actorOf(user);
  const row = await createRecord(db, {
    table: kind.table,
    entity: kind.entity,
    actor,
    values: {
      name: input.name,
      productScope: input.productScope ?? null,
      description: input.description ?? null,
      ...(kindName === 'country' ? { countryId: input.countryId } : {}),
    },
  }).catch(duplicateName);
  await setNorms(db, kind, row.id as bigint, input.standardIds);
  return standardDetail(db, kind, row.id as bigint);
}

export interface StandardUpdate {
  id: bigint;
  version: number;
  name?: string | undefined;
  countryId?: bigint | undefined;
  productScope?: string | null | undefined;
  description?: string | null | undefined;
  standardIds?: bigint[] | undefined;
  valid?: 0 | 1 | undefined;
}

export async function updateStandard(db: Db, kindName: KindName, input: StandardUpdate, user: Principal) {
  const kind = KINDS[kindName];
  const { id, version, standardIds, ...fields } = input;
  const current = (await lockRow(db, kind.table, id)) as StandardRow;
  if (current.version !== version) throw new AppError('E_VERSION');
  const wanted = changedFields(
    current as Record<string, unknown>,
    kindName === 'country' ? fields : { ...fields, countryId: undefined },
  );
  const wasValid = current.valid === 1;
  const staysValid = ((wanted.valid as number | undefined) ?? current.valid) === 1;
  if (!wasValid && !staysValid) throw new AppError('E_STATUS');
  if (wanted.countryId !== undefined) {
    await assertReference(
      db,
      { table: countries, active: countries.active },
      wanted.countryId as bigint,
      'countryId',
    );
  }
  if (staysValid && (wanted.name !== undefined || wanted.countryId !== undefined || !wasValid)) {
    const countryId =
      kindName === 'country' ? ((wanted.countryId ?? current.countryId) as bigint) : undefined;
    await assertUniqueName(db, kind, (wanted.name as string | undefined) ?? current.name, countryId, id);
  }
  const actor = actorOf(user);
  const childChanges = standardIds ? await setNorms(db, kind, id, standardIds) : [];
  if (Object.keys(wanted).length === 0 && childChanges.length === 0) return standardDetail(db, kind, id);
  const action = wasValid && !staysValid ? 'delete' : !wasValid && staysValid ? 'undelete' : 'update';
  await updateRecord(db, {
    table: kind.table,
    id,
    version,
    values: wanted,
    actor,
    action,
    entity: kind.entity,
    childChanges,
  }).catch(duplicateName);
  return standardDetail(db, kind, id);
}

/** standard/test/update and countryrequire/test/update: the required test items, as a set. */
export async function updateStandardTests(
  db: Db,
  kindName: KindName,
  input: { id: bigint; version: number; tests: { testItemId: bigint; mandatory: boolean }[] },
  user: Principal,
) {
  const kind = KINDS[kindName];
  const current = (await lockRow(db, kind.table, input.id)) as StandardRow;
  if (current.version !== input.version) throw new AppError('E_VERSION');
  if (current.valid !== 1) throw new AppError('E_STATUS');
  const stored = await db
    .select({ id: testItems.id, code: testItems.code })
    .from(kind.tests)
    .innerJoin(testItems, eq(testItems.id, kind.tests.testItemId))
    .where(and(eq(kind.testsParent, input.id), eq(kind.tests.valid, 1)));
  const added = await assertReferences(
    db,
    { table: testItems, active: testItems.active },
    input.tests.map((t) => t.testItemId).filter((id) => !stored.some((s) => s.id === id)),
    'testItemId',
  );
  const code = new Map([
    ...stored.map((s) => [s.id, s.code] as const),
    ...[...added].map(([k, r]) => [k, String(r.code)] as const),
  ]);
  const actor = actorOf(user);
  const { changes } = await syncChildRows(
    db,
    {
      table: kind.tests,
      parentKey: kind.testsParentKey as never,
      parentId: input.id,
      field: 'tests',
      keys: ['testItemId'],
      values: ['mandatory'],
      label: (row) => code.get(row.testItemId as bigint) ?? String(row.testItemId),
      actor,
    },
    input.tests.map((t) => ({ testItemId: t.testItemId, mandatory: t.mandatory })),
    'replace',
  );
  if (changes.length === 0) return testsOf(db, kind, current);
  const updated = (await updateRecord(db, {
    table: kind.table,
    id: input.id,
    version: input.version,
    values: {},
    actor,
    entity: kind.entity,
    childChanges: changes,
  })) as StandardRow;
  return testsOf(db, kind, updated);
}

// -- Home search ------------------------------------------------------------------------------

/** Home search: country standards whose name contains the term; the country as second line. */
export function countryStandardHits(db: Db, term: string, context: { limit: number }) {
  return rankedHits(db, {
    table: countryRequirements,
    id: countryRequirements.id,
    title: countryRequirements.name,
    subtitle: sql`(select ${countries.code} || ' ' || ${countries.nameZh} || ' / ' || ${countries.nameEn} from ${countries} where ${countries.id} = ${countryRequirements.countryId})`,
    where: and(eq(countryRequirements.valid, 1), contains(searchText(countryRequirements.name), term)),
    limit: context.limit,
  });
}

/** Home search: active test items whose Chinese or English name contains the term (master data). */
export function testItemHits(db: Db, term: string, context: { limit: number }) {
  return rankedHits(db, {
    table: testItems,
    id: testItems.id,
    title: sql`${testItems.code} || ' ' || ${testItems.nameZh}`,
    subtitle: testItems.nameEn,
    where: and(
      eq(testItems.valid, 1),
      eq(testItems.active, 1),
      contains(searchText(testItems.nameZh, testItems.nameEn), term),
    ),
    limit: context.limit,
  });
}

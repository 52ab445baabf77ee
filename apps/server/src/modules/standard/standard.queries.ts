import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { qualified } from '../../db/columns';
import { countries, standards, testItems } from '../../db/schema/config';
import { searchText } from '../../db/schema/search-columns';
import {
  commonStandardNorms,
  commonStandards,
  commonStandardTests,
  countryRequirementNorms,
  countryRequirements,
  countryRequirementTests,
} from '../../db/schema/standard';
import type { Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { label } from '../../platform/labels';
import { rankedHits } from '../../platform/ranked-hits';
import { contains } from '../../platform/search';
import { lowered, type Sorting, sortOrder } from '../../platform/sorting';
import { readsDeleted } from './standard.rules';

// The SQL of common standards and country standards (DOMAIN.md §2.8). The two entities have the
// same shape (a named list of required test items and the norms it follows); a country standard
// also names its country and is unique per country. One set of queries serves both, told apart by
// `Kind`.

export type KindName = 'common' | 'country';

/** The columns both standard tables share (the country table adds `countryId`). */
type StandardTable = typeof commonStandards;

export interface Kind {
  entity: string;
  table: StandardTable | typeof countryRequirements;
  norms: PgTable;
  normParent: PgColumn;
  normParentKey: 'commonStandardId' | 'countryRequirementId';
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
    normParentKey: 'commonStandardId',
    normStandard: commonStandardNorms.standardId,
    tests: commonStandardTests,
    testsParentKey: 'commonStandardId',
    testsParent: commonStandardTests.commonStandardId,
  },
  country: {
    entity: 'country_requirements',
    table: countryRequirements,
    norms: countryRequirementNorms,
    normParent: countryRequirementNorms.countryRequirementId,
    normParentKey: 'countryRequirementId',
    normStandard: countryRequirementNorms.standardId,
    tests: countryRequirementTests,
    testsParentKey: 'countryRequirementId',
    testsParent: countryRequirementTests.countryRequirementId,
  },
};

/** A row of either table; a country standard's has its `countryId`. */
export type StandardRow = StandardTable['$inferSelect'] & { countryId?: bigint };

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

export interface ListQuery {
  where: SQL | undefined;
  order: SQL[];
  limit: number;
  offset: number;
}

/** The rows of common standards (the query standard/search runs; tests EXPLAIN it). */
export function commonStandardQuery(db: Db, query: ListQuery) {
  return db
    .select(standardFields(KINDS.common))
    .from(commonStandards)
    .where(query.where)
    .orderBy(...query.order)
    .limit(query.limit)
    .offset(query.offset);
}

/** The rows of country standards with their country (countryrequire/search; tests EXPLAIN it). */
export function countryRequirementQuery(db: Db, query: ListQuery) {
  return db
    .select({
      ...standardFields(KINDS.country),
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
}

/** Rows of either kind in one shape; a country standard with its country. */
export async function standardRows(db: Db, kind: Kind, query: ListQuery) {
  if (kind === KINDS.common) {
    const rows = await commonStandardQuery(db, query);
    return rows.map((r) => ({ ...r, country: null }));
  }
  const rows = await countryRequirementQuery(db, query);
  return rows.map(({ countryId, countryCode, countryZh, countryEn, ...r }) => ({
    ...r,
    country: label(countryId, countryCode, countryZh, countryEn),
  }));
}

type Selected = Awaited<ReturnType<typeof standardRows>>[number];

export function toRow(r: Selected) {
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

/** The list rows of the standards `ids`, in no particular order (a batch of an export). */
export async function standardRowsOf(db: Db, kindName: KindName, ids: readonly bigint[]) {
  if (ids.length === 0) return [];
  const kind = KINDS[kindName];
  const rows = await standardRows(db, kind, {
    where: inArray(kind.table.id, [...ids]),
    order: [],
    limit: ids.length,
    offset: 0,
  });
  return rows.map(toRow);
}

export interface StandardFilters extends Sorting<'name' | 'updatedAt'> {
  name?: string | undefined;
  country?: bigint | undefined;
  deleted: boolean;
}

/**
 * The WHERE and order of standard/search and countryrequire/search: name has (and country); by
 * country and name, or by name, unless another sort is asked (name: common_standards_name_uq and
 * country_requirements_name_sort_idx; updatedAt: each table's updated sort index).
 */
export function standardSearch(kindName: KindName, input: StandardFilters, user: Principal) {
  const t = KINDS[kindName].table;
  const deleted = input.deleted && readsDeleted(user);
  const where: SQL | undefined = and(
    eq(t.valid, deleted ? 0 : 1),
    input.name ? contains(searchText(t.name), input.name) : undefined,
    kindName === 'country' && input.country !== undefined
      ? eq(countryRequirements.countryId, input.country)
      : undefined,
  );
  const byName = asc(lowered(t.name));
  // By country and name; by name.
  const byDefault = kindName === 'country' ? [asc(countries.code), byName, asc(t.id)] : [byName, asc(t.id)];
  const keys = { name: lowered(t.name), updatedAt: t.updatedAt };
  return { where, order: sortOrder(keys, input, t.id, byDefault) };
}

export async function readStandard(db: Db, kind: Kind, id: bigint): Promise<StandardRow | undefined> {
  const [row] = await db.select().from(kind.table).where(eq(kind.table.id, id));
  return row;
}

/** The norms (standards) a standard follows, by sort and code. */
export function normsOf(db: Db, kind: Kind, id: bigint) {
  return db
    .select({ id: standards.id, code: standards.code, nameZh: standards.nameZh, nameEn: standards.nameEn })
    .from(kind.norms)
    .innerJoin(standards, eq(standards.id, kind.normStandard))
    .where(eq(kind.normParent, id))
    .orderBy(asc(standards.sort), asc(standards.code));
}

/** Replaces the norms of a standard by `next`. */
export async function replaceNorms(db: Db, kind: Kind, id: bigint, next: readonly bigint[]) {
  await db.delete(kind.norms).where(eq(kind.normParent, id));
  if (next.length > 0) {
    await db.insert(kind.norms).values(next.map((standardId) => ({ [kind.normParentKey]: id, standardId })));
  }
}

/** The valid required test items of a standard, with their test items, by sort and code. */
export function requiredTests(db: Db, kind: Kind, id: bigint) {
  return db
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
    .where(and(eq(kind.testsParent, id), eq(kind.tests.valid, 1)))
    .orderBy(asc(testItems.sort), asc(testItems.code));
}

/** The ids and codes of a standard's valid required test items. */
export function requiredTestCodes(db: Db, kind: Kind, id: bigint) {
  return db
    .select({ id: testItems.id, code: testItems.code })
    .from(kind.tests)
    .innerJoin(testItems, eq(testItems.id, kind.tests.testItemId))
    .where(and(eq(kind.testsParent, id), eq(kind.tests.valid, 1)));
}

/** Whether another valid standard of the kind (of the country, for a country standard) has the name. */
export async function nameTaken(
  db: Db,
  kind: Kind,
  name: string,
  countryId: bigint | undefined,
  exceptId?: bigint,
): Promise<boolean> {
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
  return hit !== undefined;
}

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

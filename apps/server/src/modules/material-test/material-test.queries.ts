import type { areas, ParsedInputOf } from '@qcdesk/contract';
import type { FiltersOf } from '@qcdesk/contract/list-export';
import { and, asc, desc, eq, gte, inArray, lte, type SQL } from 'drizzle-orm';
import { clients } from '../../db/schema/client';
import { labs, suppliers, testItems } from '../../db/schema/config';
import { files } from '../../db/schema/files';
import { userSettings, users } from '../../db/schema/identity';
import { materials } from '../../db/schema/material';
import { materialTestFiles, materialTestItems, materialTests } from '../../db/schema/material-test';
import { originalSampleMaterials, originalSamples } from '../../db/schema/original-sample';
import type { Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { label } from '../../platform/labels';
import { onePage } from '../../platform/paging';
import { type Sorting, sortOrder } from '../../platform/sorting';
import { type RecipientSources, readsDeleted } from './material-test.rules';

// The SQL of material tests: the list row with its material and lab, the search, the test items
// and report files linked to a test, and what a push reads.

export type MaterialTestSearch = ParsedInputOf<typeof areas.materialTest.searchMaterialTests>;
/** What the WHERE reads: the search's filters (the export has no paging). */
export type MaterialTestFilters = FiltersOf<typeof areas.materialTest.searchMaterialTests>;

export function selectTests(db: Db) {
  return db
    .select({
      test: materialTests,
      materialUpc: materials.upc,
      materialName: materials.name,
      labCode: labs.code,
      labZh: labs.nameZh,
      labEn: labs.nameEn,
    })
    .from(materialTests)
    .innerJoin(materials, eq(materials.id, materialTests.materialId))
    .leftJoin(labs, eq(labs.id, materialTests.labId));
}

type Selected = Awaited<ReturnType<ReturnType<typeof selectTests>['execute']>>[number];

export function toRow(r: Selected) {
  const m = r.test;
  return {
    id: m.id,
    testNo: m.testNo,
    material: { id: m.materialId, upc: r.materialUpc, name: r.materialName },
    lab: m.labId === null ? null : label(m.labId, r.labCode, r.labZh, r.labEn),
    startDate: m.startDate,
    endDate: m.endDate,
    result: m.result,
    status: m.status,
    pushCount: m.pushCount,
    pushedAt: m.pushedAt,
    valid: m.valid,
    version: m.version,
    updatedAt: m.updatedAt,
  };
}

/** The WHERE of materialtest/search: validity ranges overlapping [startTime, endTime] (DOMAIN.md §2.11). */
export function materialTestSearchWhere(input: MaterialTestFilters, user: Principal): SQL | undefined {
  const deleted = input.deleted && readsDeleted(user);
  return and(
    eq(materialTests.valid, deleted ? 0 : 1),
    input.endTime ? lte(materialTests.startDate, input.endTime) : undefined,
    input.startTime ? gte(materialTests.endDate, input.startTime) : undefined,
    input.materialId === undefined ? undefined : eq(materialTests.materialId, input.materialId),
    input.status === undefined ? undefined : eq(materialTests.status, Number(input.status)),
    input.result === undefined ? undefined : eq(materialTests.result, Number(input.result)),
  );
}

type MaterialTestSortKey = NonNullable<MaterialTestSearch['sort']>;

const sortKeys = {
  testNo: materialTests.testNo,
  startDate: materialTests.startDate,
  endDate: materialTests.endDate,
  pushedAt: materialTests.pushedAt,
  updatedAt: materialTests.updatedAt,
};

/**
 * One page of material tests, newest first unless another sort is asked: testNo, startDate and
 * endDate by material_tests_no_uq, _start_idx and _end_idx, pushedAt and updatedAt by their sort
 * indexes.
 */
export function materialTestPage(
  db: Db,
  where: SQL | undefined,
  page: number,
  pageSize: number,
  sorting: Sorting<MaterialTestSortKey> = {},
) {
  return onePage(
    selectTests(db)
      .where(where)
      .orderBy(...sortOrder(sortKeys, sorting, materialTests.id, [desc(materialTests.id)])),
    { page, pageSize },
  );
}

/** The list rows of the tests `ids`, in no particular order (a batch of an export). */
export async function materialTestRows(db: Db, ids: readonly bigint[]) {
  if (ids.length === 0) return [];
  const rows = await selectTests(db).where(inArray(materialTests.id, [...ids]));
  return rows.map(toRow);
}

export async function readMaterialTest(db: Db, id: bigint) {
  const [row] = await db.select().from(materialTests).where(eq(materialTests.id, id));
  return row;
}

/** The test items (by sort and code) and report files (in their order) of a test. */
export async function linkedIds(db: Db, id: bigint) {
  const items = await db
    .select({ id: testItems.id, code: testItems.code, nameZh: testItems.nameZh, nameEn: testItems.nameEn })
    .from(materialTestItems)
    .innerJoin(testItems, eq(testItems.id, materialTestItems.testItemId))
    .where(eq(materialTestItems.materialTestId, id))
    .orderBy(asc(testItems.sort), asc(testItems.code));
  const reports = await db
    .select({ file: files })
    .from(materialTestFiles)
    .innerJoin(files, eq(files.id, materialTestFiles.fileId))
    .where(eq(materialTestFiles.materialTestId, id))
    .orderBy(asc(materialTestFiles.sort));
  return { items, reports: reports.map((r) => r.file) };
}

/** Replaces the test items and report files given (undefined: unchanged), each id once. */
export async function setLinks(
  db: Db,
  id: bigint,
  testItemIds?: readonly bigint[],
  fileIds?: readonly bigint[],
) {
  if (testItemIds) {
    await db.delete(materialTestItems).where(eq(materialTestItems.materialTestId, id));
    const unique = [...new Set(testItemIds)];
    if (unique.length > 0) {
      await db
        .insert(materialTestItems)
        .values(unique.map((testItemId) => ({ materialTestId: id, testItemId })));
    }
  }
  if (fileIds) {
    await db.delete(materialTestFiles).where(eq(materialTestFiles.materialTestId, id));
    const unique = [...new Set(fileIds)];
    if (unique.length > 0) {
      await db
        .insert(materialTestFiles)
        .values(unique.map((fileId, sort) => ({ materialTestId: id, fileId, sort })));
    }
  }
}

/** How many of the files are valid uploads of the user. */
export async function ownFileCount(db: Db, ids: readonly bigint[], userId: bigint): Promise<number> {
  const own = await db
    .select({ id: files.id })
    .from(files)
    .where(and(inArray(files.id, [...ids]), eq(files.valid, 1), eq(files.ownerId, userId)));
  return own.length;
}

/** The codes of test items, for the change log. */
export async function testItemCodes(db: Db, ids: readonly bigint[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ code: testItems.code })
    .from(testItems)
    .where(inArray(testItems.id, [...ids]));
  return rows.map((r) => r.code);
}

export async function readMaterial(db: Db, id: bigint) {
  const [material] = await db.select().from(materials).where(eq(materials.id, id));
  return material;
}

/**
 * Who a push of a test of the material could go to (§4.13): the supplier's contacts, the clients
 * whose valid original samples use the material, and the pusher.
 */
export async function recipientSources(
  db: Db,
  materialId: bigint,
  pusherId: bigint,
): Promise<RecipientSources> {
  const [material] = await db
    .select({ contacts: suppliers.contacts })
    .from(materials)
    .leftJoin(suppliers, eq(suppliers.id, materials.supplierId))
    .where(eq(materials.id, materialId));
  const buyers = await db
    .selectDistinct({ name: clients.name, emails: clients.reportEmails })
    .from(originalSampleMaterials)
    .innerJoin(originalSamples, eq(originalSamples.id, originalSampleMaterials.originalSampleId))
    .innerJoin(clients, eq(clients.id, originalSamples.clientId))
    .where(
      and(
        eq(originalSampleMaterials.materialId, materialId),
        eq(originalSampleMaterials.valid, 1),
        eq(originalSamples.valid, 1),
        eq(clients.valid, 1),
      ),
    );
  const [pusher] = await db
    .select({
      email: users.email,
      name: users.name,
      englishName: users.englishName,
      language: userSettings.language,
    })
    .from(users)
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(eq(users.id, pusherId));
  const contacts = (material?.contacts ?? []) as { name?: string; email?: string }[];
  return { contacts, buyers, pusher };
}

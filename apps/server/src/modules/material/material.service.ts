import { and, desc, eq, exists, inArray, ne, not, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { qualified } from '../../db/columns';
import { materialTypes, riskLevels, suppliers } from '../../db/schema/config';
import { users } from '../../db/schema/identity';
import { materials } from '../../db/schema/material';
import { materialTests } from '../../db/schema/material-test';
import { originalSampleMaterials, originalSamples } from '../../db/schema/original-sample';
import { reversed, searchText } from '../../db/schema/search-columns';
import { actorOf, type Principal } from '../../platform/auth';
import { businessDate } from '../../platform/business-time';
import type { Db } from '../../platform/db';
import { uniqueViolation } from '../../platform/db-errors';
import { AppError } from '../../platform/errors';
import { recordFlags } from '../../platform/flags';
import { assertRecordNotInUse } from '../../platform/in-use';
import { searchTotal } from '../../platform/paging';
import { rankedHits } from '../../platform/ranked-hits';
import { changedFields, createRecord, lockRow, updateRecord } from '../../platform/records';
import { assertReference } from '../../platform/references';
import { contains, endsWith } from '../../platform/search';

// Materials (DOMAIN.md §2.3): UPC, names, risk level, type and supplier; `validTests` counts the
// material tests that make it usable today, and `q0` finds the materials that have none.

export const MATERIAL_ENTITY = 'materials';

type MaterialRow = typeof materials.$inferSelect;

const risk = alias(riskLevels, 'risk');
const kind = alias(materialTypes, 'kind');
const supplier = alias(suppliers, 'supplier');

const nameText = searchText(materials.name, materials.technicalName, materials.customName);

/** A material test that makes the material usable today: completed or pushed, range holds today. */
export function validTestOf(materialId: SQL, today = businessDate()) {
  return and(
    sql`${materialTests.materialId} = ${materialId}`,
    eq(materialTests.valid, 1),
    inArray(materialTests.status, [20, 30]),
    sql`${materialTests.startDate} <= ${today}`,
    sql`${materialTests.endDate} >= ${today}`,
  );
}

function selectMaterials(db: Db) {
  const validTests = db.$count(materialTests, validTestOf(qualified(materials.id)));
  return db
    .select({
      material: materials,
      validTests,
      risk: { code: risk.code, nameZh: risk.nameZh, nameEn: risk.nameEn },
      kind: { code: kind.code, nameZh: kind.nameZh, nameEn: kind.nameEn },
      supplierCode: supplier.code,
      supplierZh: supplier.nameZh,
      supplierEn: supplier.nameEn,
    })
    .from(materials)
    .innerJoin(risk, eq(risk.id, materials.riskLevelId))
    .innerJoin(kind, eq(kind.id, materials.materialTypeId))
    .leftJoin(supplier, eq(supplier.id, materials.supplierId));
}

type Selected = Awaited<ReturnType<ReturnType<typeof selectMaterials>['execute']>>[number];

function toRow(r: Selected) {
  const m = r.material;
  return {
    id: m.id,
    upc: m.upc,
    name: m.name,
    technicalName: m.technicalName,
    customName: m.customName,
    riskLevel: { id: m.riskLevelId, ...r.risk },
    materialType: { id: m.materialTypeId, ...r.kind },
    supplier:
      m.supplierId === null
        ? null
        : { id: m.supplierId, code: r.supplierCode, nameZh: r.supplierZh, nameEn: r.supplierEn },
    validTests: Number(r.validTests),
    valid: m.valid,
    version: m.version,
    updatedAt: m.updatedAt,
  };
}

// -- Search -----------------------------------------------------------------------------------

export interface MaterialSearch {
  upc?: string | undefined;
  name?: string | undefined;
  type?: bigint | undefined;
  q0?: boolean | undefined;
  riskLevel?: bigint | undefined;
  supplier?: bigint | undefined;
  deleted: boolean;
  page: number;
  pageSize: number;
  count: boolean;
}

/** The WHERE of material/search: upc ends, name has (three names), type, risk, supplier, q0. */
export function materialSearchWhere(input: MaterialSearch, user: Principal): SQL | undefined {
  const deleted = input.deleted && user.permissions.has('material.edit');
  const hasValidTest = exists(
    sql`(select 1 from ${materialTests} where ${validTestOf(qualified(materials.id))})`,
  );
  return and(
    eq(materials.valid, deleted ? 0 : 1),
    input.upc ? endsWith(reversed(materials.upc), input.upc) : undefined,
    input.name ? contains(nameText, input.name) : undefined,
    input.type === undefined ? undefined : eq(materials.materialTypeId, input.type),
    input.riskLevel === undefined ? undefined : eq(materials.riskLevelId, input.riskLevel),
    input.supplier === undefined ? undefined : eq(materials.supplierId, input.supplier),
    input.q0 === undefined ? undefined : input.q0 ? not(hasValidTest) : hasValidTest,
  );
}

/** The ids of one page of materials, newest first (the query material/search runs). */
export function materialPageQuery(db: Db, where: SQL | undefined, page: number, pageSize: number) {
  return db
    .select({ id: materials.id })
    .from(materials)
    .where(where)
    .orderBy(desc(materials.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
}

/** material/search: the page's ids first, then their labels and valid-test counts. */
export async function searchMaterials(db: Db, input: MaterialSearch, user: Principal) {
  const where = materialSearchWhere(input, user);
  // The page and the (capped) total are independent: on PostgreSQL they run side by side.
  const [page, totals] = await Promise.all([
    materialPageQuery(db, where, input.page, input.pageSize),
    searchTotal(db, materials, where, input.count),
  ]);
  const ids = page.map((r) => r.id);
  const rows = ids.length > 0 ? await selectMaterials(db).where(inArray(materials.id, ids)) : [];
  const byId = new Map(rows.map((r) => [r.material.id, r]));
  return {
    list: ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [toRow(row)] : [];
    }),
    page: input.page,
    pageSize: input.pageSize,
    ...totals,
  };
}

// -- Details ----------------------------------------------------------------------------------

const DETAIL_LIST = 20;

async function materialDetail(db: Db, id: bigint) {
  const [r] = await selectMaterials(db).where(eq(materials.id, id));
  if (!r) throw new AppError('E_NOT_FOUND');
  const tests = await db
    .select({
      id: materialTests.id,
      testNo: materialTests.testNo,
      startDate: materialTests.startDate,
      endDate: materialTests.endDate,
      result: materialTests.result,
      status: materialTests.status,
    })
    .from(materialTests)
    .where(and(eq(materialTests.materialId, id), eq(materialTests.valid, 1)))
    .orderBy(desc(materialTests.id))
    .limit(DETAIL_LIST);
  const samples = await db
    .selectDistinct({ id: originalSamples.id, itemNo: originalSamples.itemNo, name: originalSamples.name })
    .from(originalSampleMaterials)
    .innerJoin(originalSamples, eq(originalSamples.id, originalSampleMaterials.originalSampleId))
    .where(
      and(
        eq(originalSampleMaterials.materialId, id),
        eq(originalSampleMaterials.valid, 1),
        eq(originalSamples.valid, 1),
      ),
    )
    .orderBy(desc(originalSamples.id))
    .limit(DETAIL_LIST);
  const creatorId = r.material.createdBy;
  const [createdBy] = creatorId
    ? await db
        .select({ id: users.id, name: users.name, englishName: users.englishName })
        .from(users)
        .where(eq(users.id, creatorId))
    : [];
  return {
    ...toRow(r),
    tests,
    originalSamples: samples,
    createdBy: createdBy ?? null,
    createdAt: r.material.createdAt,
  };
}

/** material (details); materials have no record scope: material.edit edits every valid one. */
export async function getMaterial(db: Db, id: bigint, user: Principal) {
  const [row] = await db.select().from(materials).where(eq(materials.id, id));
  if (!row || (row.valid !== 1 && !user.permissions.has('material.edit'))) throw new AppError('E_NOT_FOUND');
  const flags = recordFlags({ user, record: row, editPermission: 'material.edit', inScope: true });
  return { detail: await materialDetail(db, id), flags };
}

// -- Writes -----------------------------------------------------------------------------------

async function assertUniqueUpc(db: Db, upc: string, exceptId?: bigint): Promise<void> {
  const [hit] = await db
    .select({ id: materials.id })
    .from(materials)
    .where(
      and(
        eq(materials.valid, 1),
        sql`lower(${materials.upc}) = ${upc.toLowerCase()}`,
        exceptId === undefined ? undefined : ne(materials.id, exceptId),
      ),
    )
    .limit(1);
  if (hit) throw new AppError('E_DUPLICATE', { field: 'upc' }, { field: 'upc' });
}

function duplicateUpc(error: unknown): never {
  if (uniqueViolation(error) === null) throw error;
  throw new AppError('E_DUPLICATE', { field: 'upc' }, { field: 'upc' });
}

interface References {
  riskLevelId?: bigint | undefined;
  materialTypeId?: bigint | undefined;
  supplierId?: bigint | null | undefined;
}

async function assertMaterialReferences(db: Db, refs: References): Promise<void> {
  if (refs.riskLevelId !== undefined) {
    await assertReference(
      db,
      { table: riskLevels, active: riskLevels.active },
      refs.riskLevelId,
      'riskLevelId',
    );
  }
  if (refs.materialTypeId !== undefined) {
    await assertReference(
      db,
      { table: materialTypes, active: materialTypes.active },
      refs.materialTypeId,
      'materialTypeId',
    );
  }
  if (refs.supplierId != null) {
    await assertReference(db, { table: suppliers, active: suppliers.active }, refs.supplierId, 'supplierId');
  }
}

export interface NewMaterial {
  upc: string;
  name: string;
  technicalName?: string | undefined;
  customName?: string | undefined;
  riskLevelId: bigint;
  materialTypeId: bigint;
  supplierId?: bigint | undefined;
}

export async function createMaterial(db: Db, input: NewMaterial, user: Principal) {
  await assertMaterialReferences(db, input);
  await assertUniqueUpc(db, input.upc);
  const row = await createRecord(db, {
    table: materials,
    entity: MATERIAL_ENTITY,
    actor: actorOf(user),
    values: {
      upc: input.upc,
      name: input.name,
      technicalName: input.technicalName ?? null,
      customName: input.customName ?? null,
      riskLevelId: input.riskLevelId,
      materialTypeId: input.materialTypeId,
      supplierId: input.supplierId ?? null,
    },
  }).catch(duplicateUpc);
  return materialDetail(db, row.id as bigint);
}

export interface MaterialUpdate extends References {
  id: bigint;
  version: number;
  upc?: string | undefined;
  name?: string | undefined;
  technicalName?: string | null | undefined;
  customName?: string | null | undefined;
  valid?: 0 | 1 | undefined;
}

export async function updateMaterial(db: Db, input: MaterialUpdate, user: Principal) {
  const { id, version, ...fields } = input;
  const current = (await lockRow(db, materials, id)) as MaterialRow;
  if (current.version !== version) throw new AppError('E_VERSION');
  const wanted = changedFields(current, fields);
  const wasValid = current.valid === 1;
  const staysValid = (wanted.valid ?? current.valid) === 1;
  if (!wasValid && !staysValid) throw new AppError('E_STATUS');
  if (Object.keys(wanted).length === 0) return materialDetail(db, id);
  await assertMaterialReferences(db, wanted);
  if (staysValid && (wanted.upc !== undefined || !wasValid))
    await assertUniqueUpc(db, wanted.upc ?? current.upc, id);
  if (wasValid && !staysValid) await assertRecordNotInUse(db, materials, id);
  const action = wasValid && !staysValid ? 'delete' : !wasValid && staysValid ? 'undelete' : 'update';
  await updateRecord(db, {
    table: materials,
    id,
    version,
    values: wanted,
    actor: actorOf(user),
    action,
    entity: MATERIAL_ENTITY,
  }).catch(duplicateUpc);
  return materialDetail(db, id);
}

// -- Home search ------------------------------------------------------------------------------

/** Home search: materials whose name contains the term or whose UPC ends with it. */
export function materialHits(db: Db, term: string, context: { limit: number }) {
  return rankedHits(db, {
    table: materials,
    id: materials.id,
    title: materials.name,
    subtitle: materials.upc,
    where: and(eq(materials.valid, 1), or(contains(nameText, term), endsWith(reversed(materials.upc), term))),
    limit: context.limit,
  });
}

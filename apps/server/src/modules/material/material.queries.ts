import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { and, desc, eq, exists, inArray, ne, not, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { qualified } from '../../db/columns';
import { materialTypes, riskLevels, suppliers } from '../../db/schema/config';
import { materials } from '../../db/schema/material';
import { materialTests } from '../../db/schema/material-test';
import { originalSampleMaterials, originalSamples } from '../../db/schema/original-sample';
import { reversed, searchText } from '../../db/schema/search-columns';
import type { Principal } from '../../platform/auth';
import { businessDate } from '../../platform/business-time';
import type { Db } from '../../platform/db';
import { label } from '../../platform/labels';
import { onePage } from '../../platform/paging';
import { oncePerDatabase } from '../../platform/prepared';
import { rankedHits } from '../../platform/ranked-hits';
import { contains, containsOr, endsWith } from '../../platform/search';
import { lowered, type Sorting, sortOrder, unindexed } from '../../platform/sorting';
import { readsDeleted, USABLE_TEST_STATUSES } from './material.rules';

// The SQL of materials: the list row with its labels and valid-test count, the search WHERE and
// page query (test/search-plans.test.ts EXPLAINs them), the detail's lists and home-search hits.

export type MaterialSearch = ParsedInputOf<typeof areas.material.searchMaterials>;

/** The filters material/search reads; absent ones do not filter (as the EXPLAIN tests give them). */
export type MaterialFilters = Partial<MaterialSearch> & Pick<MaterialSearch, 'deleted'>;

const risk = alias(riskLevels, 'risk');
const kind = alias(materialTypes, 'kind');
const supplier = alias(suppliers, 'supplier');

const nameText = searchText(materials.name, materials.technicalName, materials.customName);

/** A material test that makes the material usable today: completed or pushed, range holds today. */
export function validTestOf(materialId: SQL, today: string | SQL = businessDate()) {
  return and(
    sql`${materialTests.materialId} = ${materialId}`,
    eq(materialTests.valid, 1),
    inArray(materialTests.status, [...USABLE_TEST_STATUSES]),
    sql`${materialTests.startDate} <= ${today}`,
    sql`${materialTests.endDate} >= ${today}`,
  );
}

/** Materials with their labels and valid-test count (as of `today`: a date or a placeholder). */
export function selectMaterials(db: Db, today: string | SQL = businessDate()) {
  const validTests = db.$count(materialTests, validTestOf(qualified(materials.id), today));
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

export function toRow(r: Selected) {
  const m = r.material;
  return {
    id: m.id,
    upc: m.upc,
    name: m.name,
    technicalName: m.technicalName,
    customName: m.customName,
    riskLevel: { id: m.riskLevelId, ...r.risk },
    materialType: { id: m.materialTypeId, ...r.kind },
    supplier: m.supplierId === null ? null : label(m.supplierId, r.supplierCode, r.supplierZh, r.supplierEn),
    validTests: Number(r.validTests),
    valid: m.valid,
    version: m.version,
    updatedAt: m.updatedAt,
  };
}

const preparedRows = oncePerDatabase((db) =>
  selectMaterials(db, sql`${sql.placeholder('today')}::date`)
    .where(sql`${materials.id} = any(${sql.placeholder('ids')}::bigint[])`)
    .prepare('qc_material_rows'),
);

/**
 * The rows of a page of materials, unordered, from a statement built once per database and
 * prepared by name on PostgreSQL (ADR 0009: building it cost more Node time than running it).
 */
export async function materialRows(db: Db, ids: readonly bigint[]) {
  if (ids.length === 0) return [];
  return preparedRows(db).execute({ ids: ids.map(String), today: businessDate() });
}

/** The WHERE of material/search: upc ends, name has (three names), type, risk, supplier, q0. */
export function materialSearchWhere(input: MaterialFilters, user: Principal): SQL | undefined {
  const deleted = input.deleted && readsDeleted(user);
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

type MaterialSortKey = NonNullable<MaterialSearch['sort']>;

/**
 * The ids of one page of materials (the query material/search runs), newest first unless another
 * sort is asked: upc by materials_upc_uq, name and updatedAt by their sort indexes. With a name
 * filter the name key is not the index's (`unindexed`, as for clients).
 */
export function materialPageQuery(
  db: Db,
  where: SQL | undefined,
  page: number,
  pageSize: number,
  sorting: Sorting<MaterialSortKey> & Pick<MaterialFilters, 'name'> = {},
) {
  const byName = lowered(materials.name);
  const keys = {
    upc: lowered(materials.upc),
    name: sorting.name ? unindexed(byName) : byName,
    updatedAt: materials.updatedAt,
  };
  return onePage(
    db
      .select({ id: materials.id })
      .from(materials)
      .where(where)
      .orderBy(...sortOrder(keys, sorting, materials.id, [desc(materials.id)])),
    { page, pageSize },
  );
}

export async function readMaterial(db: Db, id: bigint) {
  const [row] = await db.select().from(materials).where(eq(materials.id, id));
  return row;
}

/** How many rows of a material's detail lists (tests, original samples) it shows. */
const DETAIL_LIST = 20;

/** The material's newest valid tests. */
export function testsOfMaterial(db: Db, id: bigint) {
  return db
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
}

/** The newest valid original samples whose valid parts use the material. */
export function originalSamplesUsing(db: Db, id: bigint) {
  return db
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
}

/** Whether another valid material has the UPC (case-insensitive). */
export async function upcTaken(db: Db, upc: string, exceptId?: bigint): Promise<boolean> {
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
  return hit !== undefined;
}

/** Home search: materials whose name contains the term or whose UPC ends with it. */
export function materialHits(db: Db, term: string, context: { limit: number }) {
  return rankedHits(db, {
    table: materials,
    id: materials.id,
    title: materials.name,
    subtitle: materials.upc,
    where: and(eq(materials.valid, 1), containsOr(nameText, term, endsWith(reversed(materials.upc), term))),
    limit: context.limit,
  });
}

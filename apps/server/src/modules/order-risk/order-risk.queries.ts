import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { TEST_RESULT, TEST_SEARCH_RESULT } from '@qcdesk/contract/enumerations';
import type { ProductTestStatus } from '@qcdesk/contract/order-risk';
import { type AnyColumn, and, asc, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { qualified } from '../../db/columns';
import { clients, clientTestRequirements } from '../../db/schema/client';
import { countries, factories, parts, riskLevels, risks, testItems } from '../../db/schema/config';
import { departments, users } from '../../db/schema/identity';
import { materials } from '../../db/schema/material';
import { orderProducts } from '../../db/schema/order';
import { orderRiskItems, orderRisks } from '../../db/schema/order-risk';
import { originalSampleMaterials, originalSampleParts } from '../../db/schema/original-sample';
import { reversed, searchText } from '../../db/schema/search-columns';
import { groupBy } from '../../domain/grouping';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { label, ownerColumns, ownerLabels } from '../../platform/labels';
import { onePage } from '../../platform/paging';
import { type Scope, scopeWhere } from '../../platform/scope';
import { contains, endsWith, factoriesMatching } from '../../platform/search';
import { productTestStatuses } from '../order/order-test-status.service';
import type { ClientRequirement, RiskRule, SampleMaterial } from './order-risk.rules';
import { NEW_PRODUCT_TYPE } from './order-risk.rules';

// The SQL of order risk: the scope (the order product's), the search over the products' filters,
// the row select with labels and item counts, the detail with its items, and what the §6.5
// derivation reads (sample materials, risk rows, client requirements, country groups).

type Ops = typeof areas.orderRisk;
export type RiskSearch = ParsedInputOf<Ops['searchOrderRisks']>;

/** Valid products of valid orders in the caller's read scope (DOMAIN.md §5.4). */
const productsIn = (scope: Scope, ...conditions: (SQL | undefined)[]) =>
  and(
    eq(orderProducts.valid, 1),
    eq(orderProducts.orderValid, 1),
    scopeWhere(scope, { department: orderProducts.departmentId, client: orderProducts.clientId }),
    ...conditions,
  );

/** Risks whose product is in scope. */
export const riskScope = (db: Db, scope: Scope) =>
  inArray(
    orderRisks.orderProductId,
    db.select({ id: orderProducts.id }).from(orderProducts).where(productsIn(scope)),
  );

/** TestSearchResult (DOMAIN.md §3.2): 0–6 the result, 10 out (≠ 0), 11 not passed (2 or 3). */
function resultCondition(result: number | undefined): SQL | undefined {
  if (result === undefined) return undefined;
  if (result === TEST_SEARCH_RESULT.out) return ne(orderRisks.result, TEST_RESULT.notOut);
  if (result === TEST_SEARCH_RESULT.notPassed)
    return inArray(orderRisks.result, [TEST_RESULT.improve, TEST_RESULT.fail]);
  return eq(orderRisks.result, result);
}

/** The WHERE of orderrisk/search (DOMAIN.md §2.11: the dates are the product's delivery date). */
export function riskSearchWhere(db: Db, input: Partial<RiskSearch>, scope: Scope): SQL | undefined {
  const product = productsIn(
    scope,
    input.orderNo ? endsWith(reversed(orderProducts.orderNo), input.orderNo) : undefined,
    input.productNo ? contains(searchText(orderProducts.productNo), input.productNo) : undefined,
    input.factory ? inArray(orderProducts.factoryId, factoriesMatching(db, input.factory)) : undefined,
    input.client === undefined ? undefined : eq(orderProducts.clientId, input.client),
    input.department === undefined ? undefined : eq(orderProducts.departmentId, input.department),
    input.startTime ? sql`${orderProducts.deliveryDate} >= ${input.startTime}` : undefined,
    input.endTime ? sql`${orderProducts.deliveryDate} <= ${input.endTime}` : undefined,
  );
  return and(
    eq(orderRisks.valid, 1),
    inArray(
      orderRisks.orderProductId,
      db.select({ id: orderProducts.id }).from(orderProducts).where(product),
    ),
    resultCondition(input.result),
    input.byCreate === undefined ? undefined : eq(orderRisks.byCreate, input.byCreate),
    input.status === undefined ? undefined : eq(orderRisks.status, input.status),
  );
}

const factory = alias(factories, 'factory');
const itemCount = (open: boolean) =>
  sql<number>`(select count(*) from ${orderRiskItems} where ${orderRiskItems.orderRiskId} = ${qualified(orderRisks.id)} and ${orderRiskItems.valid} = 1${open ? sql` and ${orderRiskItems.result} = ${TEST_RESULT.notOut}` : sql``})`.mapWith(
    Number,
  );

function selectRisks(db: Db) {
  return db
    .select({
      risk: orderRisks,
      product: orderProducts,
      ...ownerColumns,
      factory: { code: factory.code, nameZh: factory.nameZh, nameEn: factory.nameEn },
      itemCount: itemCount(false),
      openCount: itemCount(true),
    })
    .from(orderRisks)
    .innerJoin(orderProducts, eq(orderProducts.id, orderRisks.orderProductId))
    .innerJoin(clients, eq(clients.id, orderProducts.clientId))
    .innerJoin(departments, eq(departments.id, orderProducts.departmentId))
    .innerJoin(factory, eq(factory.id, orderProducts.factoryId));
}

type Selected = Awaited<ReturnType<ReturnType<typeof selectRisks>['execute']>>[number];

/** The rows with their products' test statuses, read once for all of them. */
async function toRows(db: Db, rows: readonly Selected[]) {
  const statuses = await productTestStatuses(
    db,
    rows.map((r) => r.product.id),
  );
  return rows.map((r) => toRow(r, statuses));
}

/** A risk's row; its product's test status (issue 25: risk and published reports) from `statuses`. */
function toRow(r: Selected, statuses: ReadonlyMap<bigint, ProductTestStatus>) {
  const { risk: k, product: p } = r;
  return {
    id: k.id,
    order: { id: p.orderId, orderNo: p.orderNo },
    product: {
      id: p.id,
      productNo: p.productNo,
      sku: p.sku,
      itemNo: p.itemNo,
      name: p.name,
      productType: p.productType,
      deliveryDate: p.deliveryDate,
    },
    factory: label(p.factoryId, r.factory.code, r.factory.nameZh, r.factory.nameEn),
    ...ownerLabels(p, r),
    byCreate: k.byCreate,
    result: k.result,
    status: k.status,
    waiveReason: k.waiveReason,
    itemCount: r.itemCount,
    openCount: r.openCount,
    fullTest: p.productType === NEW_PRODUCT_TYPE,
    testStatus: statuses.get(p.id) ?? 'none',
    valid: k.valid,
    version: k.version,
    updatedAt: k.updatedAt,
  };
}

/**
 * The sorts of orderrisk/search and their tie-breaks: the product's columns walk the product's
 * indexes (order_products_order_no_idx, order_products_delivery_idx, a valid risk per product), the
 * status the risk's (order_risks_status_idx).
 */
const SORTS: Record<NonNullable<RiskSearch['sort']>, readonly [AnyColumn, AnyColumn]> = {
  orderNo: [orderProducts.orderNo, orderProducts.id],
  deliveryDate: [orderProducts.deliveryDate, orderProducts.id],
  status: [orderRisks.status, orderRisks.id],
};

export type RiskPageInput = Pick<RiskSearch, 'page' | 'pageSize'> &
  Partial<Pick<RiskSearch, 'sort' | 'order'>>;

/** The page query of orderrisk/search (EXPLAIN-tested): newest first, or by a sort and its tie-break. */
export function riskPageQuery(db: Db, input: RiskPageInput, where: SQL | undefined) {
  const direction = input.order === 'desc' ? desc : asc;
  const orderBy = input.sort ? SORTS[input.sort].map((c) => direction(c)) : [desc(orderRisks.id)];
  return onePage(
    selectRisks(db)
      .where(where)
      .orderBy(...orderBy),
    input,
  );
}

/** One page of orderrisk/search. */
export async function riskPage(db: Db, input: RiskPageInput, where: SQL | undefined) {
  return toRows(db, await riskPageQuery(db, input, where));
}

/** The list rows of the risks `ids`, in no particular order (a batch of the export). */
export async function riskRows(db: Db, ids: readonly bigint[]) {
  if (ids.length === 0) return [];
  return toRows(db, await selectRisks(db).where(inArray(orderRisks.id, [...ids])));
}

/** The valid risks of one order's products in scope, by product no. */
export async function risksOfOrder(db: Db, orderId: bigint, scope: Scope) {
  const rows = await selectRisks(db)
    .where(and(eq(orderRisks.orderId, orderId), eq(orderRisks.valid, 1), productsIn(scope)))
    .orderBy(orderProducts.productNo);
  return toRows(db, rows);
}

const material = alias(materials, 'material');
const part = alias(parts, 'part');
const riskDef = alias(risks, 'risk_def');

/** The detail of orderrisk/details and of every write: the row, its items and its author. */
export async function riskDetail(db: Db, id: bigint) {
  const [r] = await selectRisks(db).where(eq(orderRisks.id, id));
  if (!r) throw new AppError('E_NOT_FOUND');
  const items = await db
    .select({
      item: orderRiskItems,
      testItem: { code: testItems.code, nameZh: testItems.nameZh, nameEn: testItems.nameEn },
      material: { upc: material.upc, name: material.name },
      part: { code: part.code, nameZh: part.nameZh, nameEn: part.nameEn },
      risk: { code: riskDef.code, nameZh: riskDef.nameZh, nameEn: riskDef.nameEn },
    })
    .from(orderRiskItems)
    .innerJoin(testItems, eq(testItems.id, orderRiskItems.testItemId))
    .leftJoin(material, eq(material.id, orderRiskItems.materialId))
    .leftJoin(part, eq(part.id, orderRiskItems.partId))
    .leftJoin(riskDef, eq(riskDef.id, orderRiskItems.riskId))
    .where(and(eq(orderRiskItems.orderRiskId, id), eq(orderRiskItems.valid, 1)))
    .orderBy(orderRiskItems.id);
  const creatorId = r.risk.createdBy;
  const [createdBy] = creatorId
    ? await db
        .select({ id: users.id, name: users.name, englishName: users.englishName })
        .from(users)
        .where(eq(users.id, creatorId))
    : [];
  const [row] = await toRows(db, [r]);
  return {
    ...row!,
    items: items.map(({ item: i, ...n }) => ({
      id: i.id,
      testItem: label(i.testItemId, n.testItem.code, n.testItem.nameZh, n.testItem.nameEn),
      material:
        i.materialId === null
          ? null
          : { id: i.materialId, upc: n.material?.upc ?? '', name: n.material?.name ?? '' },
      part:
        i.partId === null
          ? null
          : label(i.partId, n.part?.code ?? null, n.part?.nameZh ?? null, n.part?.nameEn ?? null),
      risk:
        i.riskId === null
          ? null
          : label(i.riskId, n.risk?.code ?? null, n.risk?.nameZh ?? null, n.risk?.nameEn ?? null),
      result: i.result,
      testReportId: i.testReportId,
    })),
    createdBy: createdBy ?? null,
    createdAt: r.risk.createdAt,
  };
}

/** The risk with its product's scope columns, if the caller reads it (else whether it exists). */
export async function riskInScope(db: Db, id: bigint, scope: Scope) {
  const [row] = await db
    .select({ risk: orderRisks, product: orderProducts })
    .from(orderRisks)
    .innerJoin(orderProducts, eq(orderProducts.id, orderRisks.orderProductId))
    .where(and(eq(orderRisks.id, id), productsIn(scope)));
  if (row) return { row, exists: true };
  const [exists] = await db.select({ id: orderRisks.id }).from(orderRisks).where(eq(orderRisks.id, id));
  return { row: undefined, exists: exists !== undefined };
}

// -- What the derivation reads ---------------------------------------------------------------------

/** The valid products of orders (all, or the ones named) with their current valid risk. */
export async function productsWithRisks(db: Db, orderIds: readonly bigint[], productIds?: readonly bigint[]) {
  if (orderIds.length === 0) return [];
  return db
    .select({ product: orderProducts, risk: orderRisks })
    .from(orderProducts)
    .leftJoin(orderRisks, and(eq(orderRisks.orderProductId, orderProducts.id), eq(orderRisks.valid, 1)))
    .where(
      and(
        inArray(orderProducts.orderId, [...orderIds]),
        eq(orderProducts.valid, 1),
        eq(orderProducts.orderValid, 1),
        productIds ? inArray(orderProducts.id, [...productIds]) : undefined,
      ),
    )
    .orderBy(orderProducts.id);
}

/** The materials of original samples, with their risk level, by sample (in the sample's order). */
export async function sampleMaterials(db: Db, sampleIds: readonly bigint[]) {
  const bySample = new Map<bigint, SampleMaterial[]>();
  if (sampleIds.length === 0) return bySample;
  const rows = await db
    .select({
      sampleId: originalSampleMaterials.originalSampleId,
      materialId: materials.id,
      partId: originalSampleParts.partId,
      riskLevelId: materials.riskLevelId,
      materialTypeId: materials.materialTypeId,
      highRisk: riskLevels.highRisk,
    })
    .from(originalSampleMaterials)
    .innerJoin(originalSampleParts, eq(originalSampleParts.id, originalSampleMaterials.originalSamplePartId))
    .innerJoin(materials, eq(materials.id, originalSampleMaterials.materialId))
    .innerJoin(riskLevels, eq(riskLevels.id, materials.riskLevelId))
    .where(
      and(
        inArray(originalSampleMaterials.originalSampleId, [...sampleIds]),
        eq(originalSampleMaterials.valid, 1),
        eq(originalSampleParts.valid, 1),
      ),
    )
    .orderBy(
      originalSampleParts.sort,
      originalSampleParts.id,
      originalSampleMaterials.sort,
      originalSampleMaterials.id,
    );
  return groupBy(
    rows,
    (r) => r.sampleId,
    ({ sampleId: _, ...m }) => m,
  );
}

/** The valid Risk rows (config `risk`). */
export async function riskRules(db: Db): Promise<RiskRule[]> {
  const rows = await db.select().from(risks).where(eq(risks.valid, 1));
  return rows.map((r) => ({
    id: r.id,
    riskLevelId: r.riskLevelId,
    materialTypeId: r.materialTypeId,
    testItemIds: (r.testItemIds ?? []).map((v) => BigInt(v)),
    active: r.active === 1,
  }));
}

/** The clients' destinations and valid test requirements. */
export async function clientRequirements(db: Db, clientIds: readonly bigint[]) {
  const byClient = new Map<bigint, { destinations: string[]; requirements: ClientRequirement[] }>();
  if (clientIds.length === 0) return byClient;
  const owners = await db
    .select({ id: clients.id, destinations: clients.destinationCountries })
    .from(clients)
    .where(inArray(clients.id, [...clientIds]));
  for (const c of owners) byClient.set(c.id, { destinations: c.destinations, requirements: [] });
  const rows = await db
    .select()
    .from(clientTestRequirements)
    .where(
      and(inArray(clientTestRequirements.clientId, [...clientIds]), eq(clientTestRequirements.valid, 1)),
    );
  for (const r of rows) {
    byClient.get(r.clientId)?.requirements.push({
      testItemId: r.testItemId,
      countryCode: r.countryCode,
      productTypes: r.productTypes,
      mandatory: r.mandatory,
    });
  }
  return byClient;
}

/** Country groups: group code → member codes. */
export async function countryGroups(db: Db) {
  const rows = await db
    .select({ code: countries.code, members: countries.countrys })
    .from(countries)
    .where(and(eq(countries.valid, 1), sql`jsonb_array_length(${countries.countrys}) > 0`));
  return new Map(rows.map((r) => [r.code, r.members ?? []]));
}

/** The change-log read rule: the risk's product is in the caller's scope. */
export async function riskReadable(db: Db, id: bigint, _user: unknown, scope: Scope): Promise<boolean> {
  return (await riskInScope(db, id, scope)).row !== undefined;
}

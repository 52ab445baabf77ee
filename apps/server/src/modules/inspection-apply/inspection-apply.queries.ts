import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { APPLY_TYPE, INSPECTION_APPLY_STATUS } from '@qcdesk/contract/inspection-apply';
import { and, asc, desc, eq, gte, inArray, lte, ne, type SQL, sql } from 'drizzle-orm';
import { qualified } from '../../db/columns';
import { clients } from '../../db/schema/client';
import { factories, inspectionTypes } from '../../db/schema/config';
import { departments, users } from '../../db/schema/identity';
import { inspectionApplies, inspectionApplyItems } from '../../db/schema/inspection-apply';
import { orderProducts, orders } from '../../db/schema/order';
import { reversed, searchText } from '../../db/schema/search-columns';
import { shippings } from '../../db/schema/shipping';
import type { Db } from '../../platform/db';
import { label, ownerLabels } from '../../platform/labels';
import { onePage } from '../../platform/paging';
import { type Scope, scopeWhere } from '../../platform/scope';
import { contains, endsWith } from '../../platform/search';
import { type Sorting, sortOrder } from '../../platform/sorting';

// The SQL of inspection applications: the scope (the order's department and client; CLIENT users
// 20–50), the search, the rows with their labels and sums, the items, the cart's products, and the
// Σ applied per product and inspection type with the products locked (the quantity invariant).

type Ops = typeof areas.inspectionApply;
export type ApplySearch = ParsedInputOf<Ops['searchInspectionApplies']>;

const { submitted, completed, cancelled } = INSPECTION_APPLY_STATUS;

/** DOMAIN.md §5.4: department (SALES, SALES_MGR), own client with statuses 20–50 (CLIENT users). */
export function applyScope(scope: Scope): SQL | undefined {
  const where = scopeWhere(scope, {
    department: inspectionApplies.departmentId,
    client: inspectionApplies.clientId,
  });
  if (scope.kind !== 'client') return where;
  return and(where, gte(inspectionApplies.status, submitted), lte(inspectionApplies.status, completed));
}

const factoryText = searchText(factories.code, factories.nameZh, factories.nameEn);

export function applySearchWhere(db: Db, input: Partial<ApplySearch>, scope: Scope): SQL | undefined {
  const orderIds = (condition: SQL) =>
    inArray(inspectionApplies.orderId, db.select({ id: orders.id }).from(orders).where(condition));
  return and(
    eq(inspectionApplies.valid, 1),
    applyScope(scope),
    input.orderNo ? orderIds(endsWith(reversed(orders.orderNo), input.orderNo)) : undefined,
    input.po ? orderIds(endsWith(reversed(orders.clientPo), input.po)) : undefined,
    // The orders of the matching shipments first, as an array: as an IN (a semi join of two more
    // tables) the query joins nine tables, past the collapse limits (8), and the planner then read
    // every application to hash-join them (inspection-apply-plans.test.ts).
    input.shipping
      ? sql`${inspectionApplies.orderId} = any(array(${db
          .select({ id: orders.id })
          .from(orders)
          .innerJoin(shippings, eq(shippings.id, orders.shippingId))
          .where(endsWith(reversed(shippings.shippingNo), input.shipping))}))`
      : undefined,
    input.factory
      ? inArray(
          inspectionApplies.factoryId,
          db.select({ id: factories.id }).from(factories).where(contains(factoryText, input.factory)),
        )
      : undefined,
    input.productNo
      ? sql`exists (select 1 from ${inspectionApplyItems} join ${orderProducts} on ${orderProducts.id} = ${inspectionApplyItems.orderProductId} where ${inspectionApplyItems.applyId} = ${qualified(inspectionApplies.id)} and ${inspectionApplyItems.valid} = 1 and ${contains(searchText(orderProducts.productNo), input.productNo)})`
      : undefined,
    input.startTime ? gte(inspectionApplies.expectedDate, input.startTime) : undefined,
    input.endTime ? lte(inspectionApplies.expectedDate, input.endTime) : undefined,
    input.status === undefined ? undefined : eq(inspectionApplies.status, input.status),
  );
}

const itemSum = (what: SQL) =>
  sql<number>`(select coalesce(${what}, 0) from ${inspectionApplyItems} where ${inspectionApplyItems.applyId} = ${qualified(inspectionApplies.id)} and ${inspectionApplyItems.valid} = 1)`.mapWith(
    Number,
  );
const deliveryOf = sql<
  string | null
>`(select min(${orderProducts.deliveryDate})::text from ${inspectionApplyItems} join ${orderProducts} on ${orderProducts.id} = ${inspectionApplyItems.orderProductId} where ${inspectionApplyItems.applyId} = ${qualified(inspectionApplies.id)} and ${inspectionApplyItems.valid} = 1)`;

function selectApplies(db: Db) {
  return db
    .select({
      a: inspectionApplies,
      type: { code: inspectionTypes.code, nameZh: inspectionTypes.nameZh, nameEn: inspectionTypes.nameEn },
      order: { orderNo: orders.orderNo, clientPo: orders.clientPo },
      client: { code: clients.code, name: clients.name, salesId: clients.salesId },
      department: { code: departments.code, nameZh: departments.nameZh, nameEn: departments.nameEn },
      factory: { code: factories.code, nameZh: factories.nameZh, nameEn: factories.nameEn },
      creator: { name: users.name, englishName: users.englishName },
      quantity: itemSum(sql`sum(${inspectionApplyItems.applyQuantity})`),
      itemCount: itemSum(sql`count(*)`),
      deliveryDate: deliveryOf,
    })
    .from(inspectionApplies)
    .innerJoin(inspectionTypes, eq(inspectionTypes.id, inspectionApplies.inspectionTypeId))
    .innerJoin(orders, eq(orders.id, inspectionApplies.orderId))
    .innerJoin(clients, eq(clients.id, inspectionApplies.clientId))
    .innerJoin(departments, eq(departments.id, inspectionApplies.departmentId))
    .innerJoin(factories, eq(factories.id, inspectionApplies.factoryId))
    .leftJoin(users, eq(users.id, inspectionApplies.createdBy));
}

type Selected = Awaited<ReturnType<ReturnType<typeof selectApplies>['execute']>>[number];

export function toApplyRow(r: Selected) {
  const a = r.a;
  return {
    id: a.id,
    applyNo: a.applyNo,
    applyType: a.applyType,
    inspectionType: label(a.inspectionTypeId, r.type.code, r.type.nameZh, r.type.nameEn),
    order: { id: a.orderId, orderNo: r.order.orderNo, clientPo: r.order.clientPo },
    ...ownerLabels(a, r),
    factory: label(a.factoryId, r.factory.code, r.factory.nameZh, r.factory.nameEn),
    expectedDate: a.expectedDate,
    deliveryDate: r.deliveryDate,
    quantity: r.quantity,
    itemCount: r.itemCount,
    result: a.result,
    reasonCode: a.reasonCode,
    reasonText: a.reasonText,
    status: a.status,
    createdBy: a.createdBy && r.creator ? { id: a.createdBy, ...r.creator } : null,
    valid: a.valid,
    version: a.version,
    updatedAt: a.updatedAt,
  };
}

export type ApplyPageInput = Pick<ApplySearch, 'page' | 'pageSize'> &
  Sorting<NonNullable<ApplySearch['sort']>>;

/** The query of one page (tests EXPLAIN it): newest first unless another sort is asked. */
export function applyPageQuery(db: Db, input: ApplyPageInput, where: SQL | undefined) {
  const keys = { applyNo: inspectionApplies.applyNo, expectedDate: inspectionApplies.expectedDate };
  return onePage(
    selectApplies(db)
      .where(where)
      .orderBy(...sortOrder(keys, input, inspectionApplies.id, [desc(inspectionApplies.id)])),
    input,
  );
}

export async function applyPage(db: Db, input: ApplyPageInput, where: SQL | undefined) {
  return (await applyPageQuery(db, input, where)).map(toApplyRow);
}

/** The rows of the applications of `where`, newest first (the export's batches). */
export async function applyRows(db: Db, where: SQL | undefined, limit: number) {
  return (await selectApplies(db).where(where).orderBy(desc(inspectionApplies.id)).limit(limit)).map(
    toApplyRow,
  );
}

/** One application with its labels and its client's sales owner (the write scope), or undefined. */
export async function applyWithLabels(db: Db, id: bigint) {
  const [r] = await selectApplies(db).where(eq(inspectionApplies.id, id));
  return r;
}

/** The valid items of an application with their products, by product no. */
export async function applyItems(db: Db, applyId: bigint) {
  const rows = await db
    .select({ item: inspectionApplyItems, product: orderProducts })
    .from(inspectionApplyItems)
    .innerJoin(orderProducts, eq(orderProducts.id, inspectionApplyItems.orderProductId))
    .where(and(eq(inspectionApplyItems.applyId, applyId), eq(inspectionApplyItems.valid, 1)))
    .orderBy(asc(orderProducts.productNo), asc(orderProducts.id));
  return rows.map(({ item, product }) => ({
    id: item.id,
    orderProductId: product.id,
    productNo: product.productNo,
    itemNo: product.itemNo,
    sku: product.sku,
    name: product.name,
    deliveryDate: product.deliveryDate,
    quantity: product.quantity,
    quantityUnit: product.quantityUnit,
    applyQuantity: item.applyQuantity,
    inspectedQuantity: item.inspectedQuantity,
  }));
}

/** Valid products of valid orders by id, with their factory and client (sales owner) labels. */
export async function productsOf(db: Db, ids: readonly bigint[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      product: orderProducts,
      factory: { code: factories.code, nameZh: factories.nameZh, nameEn: factories.nameEn },
      salesId: clients.salesId,
    })
    .from(orderProducts)
    .innerJoin(factories, eq(factories.id, orderProducts.factoryId))
    .innerJoin(clients, eq(clients.id, orderProducts.clientId))
    .where(
      and(inArray(orderProducts.id, [...ids]), eq(orderProducts.valid, 1), eq(orderProducts.orderValid, 1)),
    )
    .orderBy(asc(orderProducts.productNo), asc(orderProducts.id));
}

/**
 * Locks the products' rows (in id order, so two writers never wait on each other crosswise): the
 * Σ applied read after it cannot change until the transaction ends (DOMAIN.md §4.1 invariant).
 */
export async function lockProducts(db: Db, ids: readonly bigint[]) {
  if (ids.length === 0) return;
  await db
    .select({ id: orderProducts.id })
    .from(orderProducts)
    .where(inArray(orderProducts.id, [...ids]))
    .orderBy(asc(orderProducts.id))
    .for('update');
}

/**
 * Σ applyQuantity per product of the open applications (not 90, valid, not re-inspections) of an
 * inspection type, other than `exceptApplyId`.
 */
export async function appliedByProduct(
  db: Db,
  productIds: readonly bigint[],
  inspectionTypeId: bigint,
  exceptApplyId?: bigint,
): Promise<Map<bigint, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({
      productId: inspectionApplyItems.orderProductId,
      applied: sql<number>`sum(${inspectionApplyItems.applyQuantity})`.mapWith(Number),
    })
    .from(inspectionApplyItems)
    .innerJoin(inspectionApplies, eq(inspectionApplies.id, inspectionApplyItems.applyId))
    .where(
      and(
        inArray(inspectionApplyItems.orderProductId, [...productIds]),
        eq(inspectionApplyItems.valid, 1),
        eq(inspectionApplies.valid, 1),
        ne(inspectionApplies.status, cancelled),
        ne(inspectionApplies.applyType, APPLY_TYPE.reinspection),
        eq(inspectionApplies.inspectionTypeId, inspectionTypeId),
        exceptApplyId === undefined ? undefined : ne(inspectionApplies.id, exceptApplyId),
      ),
    )
    .groupBy(inspectionApplyItems.orderProductId);
  return new Map(rows.map((r) => [r.productId, r.applied]));
}

/** The change-log read rule and the details: the application in the caller's scope. */
export async function applyInScope(db: Db, id: bigint, scope: Scope) {
  const [row] = await db
    .select({ id: inspectionApplies.id })
    .from(inspectionApplies)
    .where(and(eq(inspectionApplies.id, id), applyScope(scope)));
  return row !== undefined;
}

/** Whether a product linked to the production sample has an application in `statuses` (§4.7). */
export async function sampleHasApplication(db: Db, sampleId: bigint, statuses: readonly number[]) {
  const [hit] = await db
    .select({ id: inspectionApplies.id })
    .from(inspectionApplies)
    .innerJoin(inspectionApplyItems, eq(inspectionApplyItems.applyId, inspectionApplies.id))
    .innerJoin(orderProducts, eq(orderProducts.id, inspectionApplyItems.orderProductId))
    .where(
      and(
        eq(orderProducts.productionSampleId, sampleId),
        eq(inspectionApplyItems.valid, 1),
        eq(inspectionApplies.valid, 1),
        inArray(inspectionApplies.status, [...statuses]),
      ),
    )
    .limit(1);
  return hit !== undefined;
}

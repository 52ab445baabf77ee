import type { areas, ParsedInputOf } from '@qcdesk/contract';
import type { ProductTestStatus } from '@qcdesk/contract/order';
import { and, asc, desc, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import { clients } from '../../db/schema/client';
import { factories } from '../../db/schema/config';
import { departments, users } from '../../db/schema/identity';
import { orderProducts, orders } from '../../db/schema/order';
import { orderRisks } from '../../db/schema/order-risk';
import { originalSamples } from '../../db/schema/original-sample';
import { productionSamples } from '../../db/schema/production-sample';
import { reversed, searchText } from '../../db/schema/search-columns';
import type { Principal } from '../../platform/auth';
import { businessDate } from '../../platform/business-time';
import type { Db } from '../../platform/db';
import { label } from '../../platform/labels';
import { onePage } from '../../platform/paging';
import { oncePerDatabase } from '../../platform/prepared';
import { rankedHits } from '../../platform/ranked-hits';
import { type Scope, scopeWhere } from '../../platform/scope';
import { contains, endsWith, factoriesMatching } from '../../platform/search';
import { addDays, orderCopies, type ProductRow, seesDeleted } from './order.rules';
import { productTestStatuses } from './order-test-status.service';

// The SQL of the order list: the scope conditions, the search WHERE and page query (the order
// EXPLAIN test runs them), the page's rows with their labels, auto-completes and home-search hits.
// The list is a list of products; every filter and sort reads the products table alone.

export type OrderSearch = ParsedInputOf<typeof areas.order.searchOrders>;
/** The filters order/search reads; absent ones do not filter (as the EXPLAIN tests give them). */
export type OrderFilters = Partial<OrderSearch> & Pick<OrderSearch, 'deleted'>;

/** Orders in the caller's read scope (DOMAIN.md §5.4): department, or own client. */
export const orderScope = (scope: Scope) =>
  scopeWhere(scope, { department: orders.departmentId, client: orders.clientId });

/** Order products in the caller's read scope, through the copies of their order's columns. */
export const productScope = (scope: Scope) =>
  scopeWhere(scope, { department: orderProducts.departmentId, client: orderProducts.clientId });

/** "factory has": the few factories that match, then their products. */
const factoryMatches = (db: Db, term: string) =>
  inArray(orderProducts.factoryId, factoriesMatching(db, term));

export interface SearchContext {
  scope: Scope;
  user: Principal;
  /** DOMAIN.md §6.13 delivery.dueSoonDays, for `work`. */
  dueSoonDays: number;
  today?: string;
}

/** The WHERE of order/search over order products (spec §3 Product filters, DOMAIN.md §2.11). */
export function orderSearchWhere(db: Db, input: OrderFilters, context: SearchContext): SQL | undefined {
  const deleted = input.deleted && seesDeleted(context.user);
  const today = context.today ?? businessDate();
  const uid = context.user.userId;
  return and(
    deleted
      ? or(eq(orderProducts.valid, 0), eq(orderProducts.orderValid, 0))
      : and(eq(orderProducts.valid, 1), eq(orderProducts.orderValid, 1)),
    productScope(context.scope),
    input.orderNo ? endsWith(reversed(orderProducts.orderNo), input.orderNo) : undefined,
    input.po ? endsWith(reversed(orderProducts.clientPo), input.po) : undefined,
    input.productNo ? contains(searchText(orderProducts.productNo), input.productNo) : undefined,
    input.sku ? contains(searchText(orderProducts.sku), input.sku) : undefined,
    input.itemNo ? endsWith(reversed(orderProducts.itemNo), input.itemNo) : undefined,
    input.client === undefined ? undefined : eq(orderProducts.clientId, input.client),
    input.factory ? factoryMatches(db, input.factory) : undefined,
    input.department === undefined ? undefined : eq(orderProducts.departmentId, input.department),
    input.startTime ? sql`${orderProducts.deliveryDate} >= ${input.startTime}` : undefined,
    input.endTime ? sql`${orderProducts.deliveryDate} <= ${input.endTime}` : undefined,
    input.type === undefined ? undefined : eq(orderProducts.productType, input.type),
    // DOMAIN.md §6.8 work: the caller's products (as QC or as the client's sales) due soon or overdue.
    input.work
      ? and(
          or(eq(orderProducts.qcId, uid), eq(orderProducts.salesId, uid)),
          sql`${orderProducts.deliveryDate} <= ${addDays(today, context.dueSoonDays)}`,
        )
      : undefined,
  );
}

const SORT_COLUMNS: Record<NonNullable<OrderSearch['sort']>, PgColumn> = {
  orderNo: orderProducts.orderNo,
  po: orderProducts.clientPo,
  deliveryDate: orderProducts.deliveryDate,
  createdAt: orderProducts.createdAt,
};

/** The ids of one page of products: newest first, or by a sortable column with the id as tie-break. */
export function orderPageQuery(
  db: Db,
  input: Pick<OrderSearch, 'page' | 'pageSize' | 'sort' | 'order'>,
  where: SQL | undefined,
) {
  const direction = input.order === 'desc' ? desc : asc;
  const orderBy = input.sort
    ? [direction(SORT_COLUMNS[input.sort]), direction(orderProducts.id)]
    : [desc(orderProducts.id)];
  return onePage(
    db
      .select({ id: orderProducts.id })
      .from(orderProducts)
      .where(where)
      .orderBy(...orderBy),
    input,
  );
}

const qc = alias(users, 'qc');
const factory = alias(factories, 'factory');
const department = alias(departments, 'department');
const sample = alias(originalSamples, 'sample');
const productionSample = alias(productionSamples, 'production_sample');
const risk = alias(orderRisks, 'risk');

/** Order products with the labels their rows show. */
export function selectProducts(db: Db) {
  return db
    .select({
      product: orderProducts,
      clientCode: clients.code,
      clientName: clients.name,
      department: { code: department.code, nameZh: department.nameZh, nameEn: department.nameEn },
      factory: { code: factory.code, nameZh: factory.nameZh, nameEn: factory.nameEn },
      sampleItemNo: sample.itemNo,
      sampleName: sample.name,
      productionSampleItemNo: productionSample.itemNo,
      qcName: qc.name,
      qcEnglishName: qc.englishName,
      riskId: risk.id,
    })
    .from(orderProducts)
    .innerJoin(clients, eq(clients.id, orderProducts.clientId))
    .innerJoin(department, eq(department.id, orderProducts.departmentId))
    .innerJoin(factory, eq(factory.id, orderProducts.factoryId))
    .leftJoin(sample, eq(sample.id, orderProducts.originalSampleId))
    .leftJoin(productionSample, eq(productionSample.id, orderProducts.productionSampleId))
    .leftJoin(qc, eq(qc.id, orderProducts.qcId))
    .leftJoin(risk, and(eq(risk.orderProductId, orderProducts.id), eq(risk.valid, 1)));
}

type Selected = Awaited<ReturnType<ReturnType<typeof selectProducts>['execute']>>[number];

/**
 * A product line as an order's detail shows it, with its test status (issue 25: its risk and its
 * published reports, `productTestStatuses` of order-test-status.service.ts; none when not given).
 */
export function toLine(r: Selected, statuses?: ReadonlyMap<bigint, ProductTestStatus>) {
  const p = r.product;
  return {
    id: p.id,
    productNo: p.productNo,
    line: p.line,
    sort: p.sort,
    sku: p.sku,
    itemNo: p.itemNo,
    name: p.name,
    description: p.description,
    factory: { id: p.factoryId, ...r.factory },
    quantity: p.quantity,
    quantityUnit: p.quantityUnit,
    deliveryDate: p.deliveryDate,
    productType: p.productType,
    originalSample:
      p.originalSampleId === null
        ? null
        : { id: p.originalSampleId, itemNo: r.sampleItemNo ?? '', name: r.sampleName ?? '' },
    productionSample:
      p.productionSampleId === null
        ? null
        : { id: p.productionSampleId, itemNo: r.productionSampleItemNo ?? '' },
    qc: p.qcId === null ? null : { id: p.qcId, name: r.qcName ?? '', englishName: r.qcEnglishName },
    testStatus: statuses?.get(r.product.id) ?? 'none',
    risk: r.riskId === null ? null : { id: r.riskId },
    removedUpstream: p.removedUpstream,
    valid: p.valid,
    version: p.version,
  };
}

/** A product as the order list shows it. */
export function toRow(r: Selected, statuses?: ReadonlyMap<bigint, ProductTestStatus>) {
  const p = r.product;
  const {
    line: _line,
    sort: _s,
    description: _d,
    removedUpstream: _r,
    version: _v,
    ...rest
  } = toLine(r, statuses);
  return {
    ...rest,
    order: { id: p.orderId, orderNo: p.orderNo, clientPo: p.clientPo },
    client: { id: p.clientId, code: r.clientCode, name: r.clientName },
    department: label(p.departmentId, r.department.code, r.department.nameZh, r.department.nameEn),
    createdAt: p.createdAt,
  };
}

const preparedRows = oncePerDatabase((db) =>
  selectProducts(db)
    .where(sql`${orderProducts.id} = any(${sql.placeholder('ids')}::bigint[])`)
    .prepare('qc_order_product_rows'),
);

/** The list rows of the products `ids`, in that order (ADR 0009: one statement prepared per database). */
export async function productRows(db: Db, ids: readonly bigint[]) {
  if (ids.length === 0) return [];
  // The statuses read other tables: side by side with the rows (on PostgreSQL, two connections).
  const [rows, statuses] = await Promise.all([
    preparedRows(db).execute({ ids: ids.map(String) }),
    productTestStatuses(db, ids),
  ]);
  const byId = new Map(rows.map((r) => [r.product.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toRow(row, statuses)] : [];
  });
}

// -- Auto-completes and home search -----------------------------------------------------------

const orderKeyword = (term: string) =>
  or(endsWith(reversed(orders.orderNo), term), endsWith(reversed(orders.clientPo), term));

/** order/list: valid orders in scope whose order no or PO ends with the keyword, newest first. */
export function orderChoices(db: Db, input: ParsedInputOf<typeof areas.order.listOrders>, scope: Scope) {
  return db
    .select({
      id: orders.id,
      orderNo: orders.orderNo,
      clientPo: orders.clientPo,
      client: { id: clients.id, code: clients.code, name: clients.name },
    })
    .from(orders)
    .innerJoin(clients, eq(clients.id, orders.clientId))
    .where(
      and(
        eq(orders.valid, 1),
        orderScope(scope),
        input.keyword ? orderKeyword(input.keyword) : undefined,
        input.client === undefined ? undefined : eq(orders.clientId, input.client),
      ),
    )
    .orderBy(desc(orders.id))
    .limit(input.limit);
}

const liveProducts = and(eq(orderProducts.valid, 1), eq(orderProducts.orderValid, 1));

/** order/product/list: valid products in scope whose product no contains the keyword. */
export function productChoices(
  db: Db,
  input: ParsedInputOf<typeof areas.order.listOrderProducts>,
  scope: Scope,
) {
  return db
    .select({
      id: orderProducts.id,
      productNo: orderProducts.productNo,
      itemNo: orderProducts.itemNo,
      name: orderProducts.name,
      orderId: orderProducts.orderId,
      orderNo: orderProducts.orderNo,
    })
    .from(orderProducts)
    .where(
      and(
        liveProducts,
        productScope(scope),
        input.keyword ? contains(searchText(orderProducts.productNo), input.keyword) : undefined,
        input.order === undefined ? undefined : eq(orderProducts.orderId, input.order),
        input.client === undefined ? undefined : eq(orderProducts.clientId, input.client),
      ),
    )
    .orderBy(desc(orderProducts.id))
    .limit(input.limit);
}

/** Home search (DOMAIN.md §6.11): orders whose order no or PO ends with the term. */
export function orderHits(db: Db, term: string, context: { scope: Scope; limit: number }) {
  return rankedHits(db, {
    table: orders,
    id: orders.id,
    title: orders.orderNo,
    subtitle: orders.clientPo,
    where: and(eq(orders.valid, 1), orderScope(context.scope), orderKeyword(term)),
    limit: context.limit,
  });
}

/** Home search: order products whose product no contains the term; a hit opens its order. */
export function orderProductHits(db: Db, term: string, context: { scope: Scope; limit: number }) {
  return rankedHits(db, {
    table: orderProducts,
    id: orderProducts.id,
    title: orderProducts.productNo,
    subtitle: sql`${orderProducts.orderNo} || ' | ' || ${orderProducts.name}`,
    parentId: orderProducts.orderId,
    where: and(
      liveProducts,
      productScope(context.scope),
      contains(searchText(orderProducts.productNo), term),
    ),
    limit: context.limit,
  });
}

// -- One order --------------------------------------------------------------------------------

/** The products of an order with their labels, valid ones first, then as placed (order/item/sort). */
export function productsOfOrder(db: Db, orderId: bigint, withDeleted: boolean) {
  return selectProducts(db)
    .where(and(eq(orderProducts.orderId, orderId), withDeleted ? undefined : eq(orderProducts.valid, 1)))
    .orderBy(desc(orderProducts.valid), asc(orderProducts.sort), asc(orderProducts.line));
}

/** The valid product rows of an order, and the highest line it ever gave. */
export async function currentProducts(db: Db, orderId: bigint) {
  const rows = await db
    .select()
    .from(orderProducts)
    .where(eq(orderProducts.orderId, orderId))
    .orderBy(asc(orderProducts.sort), asc(orderProducts.line));
  return {
    valid: rows.filter((r) => r.valid === 1) as ProductRow[],
    lastLine: rows.reduce((max, r) => Math.max(max, r.line), 0),
  };
}

/** Whether another valid order has the order no (case-insensitive). */
export async function orderNoTaken(db: Db, orderNo: string, exceptId?: bigint): Promise<boolean> {
  const [hit] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.valid, 1),
        sql`lower(${orders.orderNo}) = ${orderNo.toLowerCase()}`,
        exceptId === undefined ? undefined : ne(orders.id, exceptId),
      ),
    )
    .limit(1);
  return hit !== undefined;
}

/** The product nos among `productNos` that valid products of other orders hold (lower-cased). */
export async function productNosTaken(db: Db, productNos: readonly string[], orderId?: bigint) {
  if (productNos.length === 0) return new Set<string>();
  const keys = [...new Set(productNos.map((p) => p.toLowerCase()))];
  const rows = await db
    .select({ productNo: orderProducts.productNo })
    .from(orderProducts)
    .where(
      and(
        eq(orderProducts.valid, 1),
        // A set to join, not an IN list: without fresh statistics (a new table, rows an import
        // just wrote) the planner answered the list from the trigram index, 14 s per 1,000 keys.
        sql`lower(${orderProducts.productNo}) in (select unnest(array[${sql.join(
          keys.map((k) => sql`${k}`),
          sql`, `,
        )}]::text[]))`,
        orderId === undefined ? undefined : ne(orderProducts.orderId, orderId),
      ),
    );
  return new Set(rows.map((r) => r.productNo.toLowerCase()));
}

/** The client an order names, for the write rule and the copies (department, sales). */
export async function orderClient(db: Db, clientId: bigint) {
  const [client] = await db.select().from(clients).where(eq(clients.id, clientId));
  return client;
}

/** The client label of an order's detail. */
export async function clientLabelOf(db: Db, id: bigint) {
  const [client] = await db
    .select({ id: clients.id, code: clients.code, name: clients.name })
    .from(clients)
    .where(eq(clients.id, id));
  return client ?? { id, code: '', name: '' };
}

/** The department label of an order's detail. */
export async function departmentLabel(db: Db, id: bigint) {
  const [d] = await db
    .select({ code: departments.code, nameZh: departments.nameZh, nameEn: departments.nameEn })
    .from(departments)
    .where(eq(departments.id, id));
  return label(id, d?.code ?? null, d?.nameZh ?? null, d?.nameEn ?? null);
}

/** Keeps an order's total and earliest delivery date equal to its valid products'. */
export async function refreshTotals(db: Db, orderId: bigint) {
  await db.execute(sql`
    update ${orders} set
      total = coalesce((select sum(${orderProducts.quantity}) from ${orderProducts}
        where ${orderProducts.orderId} = ${orderId} and ${orderProducts.valid} = 1), 0),
      delivery_date = (select min(${orderProducts.deliveryDate}) from ${orderProducts}
        where ${orderProducts.orderId} = ${orderId} and ${orderProducts.valid} = 1)
    where ${orders.id} = ${orderId}`);
}

/** Copies the order's columns onto its products (after a change of PO, client or validity). */
export async function copyOrderColumns(db: Db, order: typeof orders.$inferSelect) {
  await db.update(orderProducts).set(orderCopies(order)).where(eq(orderProducts.orderId, order.id));
}

/** The factories an order file may name (valid ones, by code): the template's code sheet. */
export function templateFactories(db: Db) {
  return db
    .select({ code: factories.code, nameZh: factories.nameZh, nameEn: factories.nameEn })
    .from(factories)
    .where(eq(factories.valid, 1))
    .orderBy(asc(factories.code));
}

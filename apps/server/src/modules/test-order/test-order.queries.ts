import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { TEST_RESULT, TEST_SEARCH_RESULT } from '@qcdesk/contract/enumerations';
import { and, desc, eq, gte, inArray, lte, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { qualified } from '../../db/columns';
import { clients } from '../../db/schema/client';
import { factories, labContacts, labs, testItems, testTypes } from '../../db/schema/config';
import { departments } from '../../db/schema/identity';
import { orderProducts } from '../../db/schema/order';
import { reversed, searchText } from '../../db/schema/search-columns';
import { testOrderItems, testOrders } from '../../db/schema/test-order';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { label, ownerColumns, ownerLabels, userLabel } from '../../platform/labels';
import { onePage } from '../../platform/paging';
import { rowInScope } from '../../platform/records';
import { type Scope, scopeWhere } from '../../platform/scope';
import { contains, endsWith, factoriesMatching } from '../../platform/search';
import { type PageOf, sortOrder } from '../../platform/sorting';

// The SQL of test orders: the scope (the order's department and client), the row select with its
// labels and counts, the search (its line filters through the lines' order products) and its page
// query, the detail with its lines, and the products of the cart.

type Ops = typeof areas.testOrder;
export type TestOrderSearch = ParsedInputOf<Ops['searchTestOrders']>;

/** DOMAIN.md §5.4: the order's department (or the CLIENT user's own client). */
export const testOrderScope = (scope: Scope) =>
  scopeWhere(scope, { department: testOrders.departmentId, client: testOrders.clientId });

/** TestSearchResult (DOMAIN.md §3.2): 0–6 the result, 10 out (≠ 0), 11 not passed (2 or 3). */
function resultCondition(result: number | undefined): SQL | undefined {
  if (result === undefined) return undefined;
  if (result === TEST_SEARCH_RESULT.out) return ne(testOrders.result, TEST_RESULT.notOut);
  if (result === TEST_SEARCH_RESULT.notPassed)
    return inArray(testOrders.result, [TEST_RESULT.improve, TEST_RESULT.fail]);
  return eq(testOrders.result, result);
}

/** The WHERE of ordertest/search: the order's own filters, and the line filters as one EXISTS. */
export function testOrderSearchWhere(db: Db, input: Partial<TestOrderSearch>, scope: Scope) {
  const line = and(
    input.orderNo ? endsWith(reversed(orderProducts.orderNo), input.orderNo) : undefined,
    input.productNo ? contains(searchText(orderProducts.productNo), input.productNo) : undefined,
    input.sku ? contains(searchText(orderProducts.sku), input.sku) : undefined,
    input.factory ? inArray(orderProducts.factoryId, factoriesMatching(db, input.factory)) : undefined,
  );
  const lines =
    input.orderNo || input.productNo || input.sku || input.factory
      ? sql`exists (select 1 from ${testOrderItems} join ${orderProducts} on ${orderProducts.id} = ${testOrderItems.orderProductId} where ${testOrderItems.testOrderId} = ${qualified(testOrders.id)} and ${testOrderItems.valid} = 1 and ${line})`
      : undefined;
  return and(
    eq(testOrders.valid, 1),
    testOrderScope(scope),
    input.testOrderNo ? contains(searchText(testOrders.testOrderNo), input.testOrderNo) : undefined,
    input.client === undefined ? undefined : eq(testOrders.clientId, input.client),
    input.department === undefined ? undefined : eq(testOrders.departmentId, input.department),
    input.startTime ? gte(testOrders.planTime, input.startTime) : undefined,
    input.endTime ? lte(testOrders.planTime, input.endTime) : undefined,
    resultCondition(input.result),
    input.status === undefined ? undefined : eq(testOrders.status, input.status),
    lines,
  );
}

const lineCount = (what: SQL) =>
  sql<number>`(select count(${what}) from ${testOrderItems} where ${testOrderItems.testOrderId} = ${qualified(testOrders.id)} and ${testOrderItems.valid} = 1)`.mapWith(
    Number,
  );

function selectTestOrders(db: Db) {
  return db
    .select({
      order: testOrders,
      ...ownerColumns,
      lab: { code: labs.code, nameZh: labs.nameZh, nameEn: labs.nameEn },
      contact: { name: labContacts.name, email: labContacts.email },
      testType: { code: testTypes.code, nameZh: testTypes.nameZh, nameEn: testTypes.nameEn },
      itemCount: lineCount(sql`*`),
      productCount: lineCount(sql`distinct ${testOrderItems.orderProductId}`),
    })
    .from(testOrders)
    .innerJoin(clients, eq(clients.id, testOrders.clientId))
    .innerJoin(departments, eq(departments.id, testOrders.departmentId))
    .innerJoin(labs, eq(labs.id, testOrders.labId))
    .innerJoin(testTypes, eq(testTypes.id, testOrders.testTypeId))
    .leftJoin(labContacts, eq(labContacts.id, testOrders.labContactId));
}

type Selected = Awaited<ReturnType<ReturnType<typeof selectTestOrders>['execute']>>[number];

function toRow(r: Selected) {
  const o = r.order;
  return {
    id: o.id,
    testOrderNo: o.testOrderNo,
    ...ownerLabels(o, r),
    lab: label(o.labId, r.lab.code, r.lab.nameZh, r.lab.nameEn),
    labContact:
      o.labContactId === null || !r.contact
        ? null
        : { id: o.labContactId, name: r.contact.name, email: r.contact.email },
    testType: label(o.testTypeId, r.testType.code, r.testType.nameZh, r.testType.nameEn),
    applyType: o.applyType,
    planTime: o.planTime,
    receiveTime: o.receiveTime,
    hopeTime: o.hopeTime,
    price: o.price,
    discount: o.discount,
    amount: o.amount,
    currency: o.currency,
    retest: o.retest,
    previousReportId: o.previousReportId,
    inspectionReportId: o.inspectionReportId,
    paid: o.paid,
    sampleProvided: o.sampleProvided,
    quotation: o.quotation,
    quotationFileId: o.quotationFileId,
    invoice: o.invoice,
    invoiceFileId: o.invoiceFileId,
    result: o.result,
    status: o.status,
    itemCount: r.itemCount,
    productCount: r.productCount,
    valid: o.valid,
    version: o.version,
    updatedAt: o.updatedAt,
  };
}

export type TestOrderPageInput = PageOf<TestOrderSearch>;

/** The query of one page (tests EXPLAIN it): newest first unless another sort is asked. */
export function testOrderPageQuery(db: Db, input: TestOrderPageInput, where: SQL | undefined) {
  const keys = { testOrderNo: testOrders.testOrderNo, planTime: testOrders.planTime };
  return onePage(
    selectTestOrders(db)
      .where(where)
      .orderBy(...sortOrder(keys, input, testOrders.id, [desc(testOrders.id)])),
    input,
  );
}

export async function testOrderPage(db: Db, input: TestOrderPageInput, where: SQL | undefined) {
  return (await testOrderPageQuery(db, input, where)).map(toRow);
}

/** The rows of the test orders of `where`, newest first (ordertest/list). */
export async function testOrderRows(db: Db, where: SQL | undefined, limit = 200) {
  return (await selectTestOrders(db).where(where).orderBy(desc(testOrders.id)).limit(limit)).map(toRow);
}

const factory = alias(factories, 'factory');

/** The product label of a line or a cart entry. */
export const productLabel = (
  p: typeof orderProducts.$inferSelect,
  f: { code: string | null; nameZh: string | null; nameEn: string | null },
) => ({
  id: p.id,
  productNo: p.productNo,
  sku: p.sku,
  itemNo: p.itemNo,
  name: p.name,
  productType: p.productType,
  order: { id: p.orderId, orderNo: p.orderNo },
  factory: label(p.factoryId, f.code, f.nameZh, f.nameEn),
});

export const testItemLabel = (t: typeof testItems.$inferSelect) => ({
  ...label(t.id, t.code, t.nameZh, t.nameEn),
  price: t.price,
  currency: t.currency,
});

/** The valid lines of a test order with their products and test items, by product then line. */
export async function testOrderLines(db: Db, id: bigint) {
  const rows = await db
    .select({ line: testOrderItems, product: orderProducts, testItem: testItems, factory })
    .from(testOrderItems)
    .innerJoin(orderProducts, eq(orderProducts.id, testOrderItems.orderProductId))
    .innerJoin(testItems, eq(testItems.id, testOrderItems.testItemId))
    .innerJoin(factory, eq(factory.id, orderProducts.factoryId))
    .where(and(eq(testOrderItems.testOrderId, id), eq(testOrderItems.valid, 1)))
    .orderBy(orderProducts.productNo, orderProducts.id, testOrderItems.id);
  return rows.map((r) => ({
    id: r.line.id,
    product: productLabel(r.product, r.factory),
    testItem: testItemLabel(r.testItem),
    price: r.line.price,
    orderRiskItemId: r.line.orderRiskItemId,
  }));
}

/** The detail of ordertest/details and of every write. */
export async function testOrderDetail(db: Db, id: bigint) {
  const [r] = await selectTestOrders(db).where(eq(testOrders.id, id));
  if (!r) throw new AppError('E_NOT_FOUND');
  return {
    ...toRow(r),
    items: await testOrderLines(db, id),
    createdBy: await userLabel(db, r.order.createdBy),
    createdAt: r.order.createdAt,
  };
}

/** Products with their factory labels, by id (valid products of valid orders only). */
export async function cartProducts(db: Db, ids: readonly bigint[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      product: orderProducts,
      factory: { code: factory.code, nameZh: factory.nameZh, nameEn: factory.nameEn },
      client: { code: clients.code, name: clients.name, salesId: clients.salesId },
      department: { code: departments.code, nameZh: departments.nameZh, nameEn: departments.nameEn },
    })
    .from(orderProducts)
    .innerJoin(factory, eq(factory.id, orderProducts.factoryId))
    .innerJoin(clients, eq(clients.id, orderProducts.clientId))
    .innerJoin(departments, eq(departments.id, orderProducts.departmentId))
    .where(
      and(inArray(orderProducts.id, [...ids]), eq(orderProducts.valid, 1), eq(orderProducts.orderValid, 1)),
    )
    .orderBy(orderProducts.productNo, orderProducts.id);
}

/** The valid test items of these ids (active ones only when asked). */
export async function testItemsById(db: Db, ids: readonly bigint[]) {
  if (ids.length === 0) return new Map<bigint, typeof testItems.$inferSelect>();
  const rows = await db
    .select()
    .from(testItems)
    .where(and(inArray(testItems.id, [...ids]), eq(testItems.valid, 1)));
  return new Map(rows.map((r) => [r.id, r]));
}

/** The change-log read rule: the test order is in the caller's scope. */
export async function testOrderReadable(db: Db, id: bigint, _user: unknown, scope: Scope) {
  return (await rowInScope(db, testOrders, id, testOrderScope(scope))).row !== undefined;
}

import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { TEST_RESULT } from '@qcdesk/contract/enumerations';
import type { FiltersOf } from '@qcdesk/contract/list-export';
import { TR_RETEST_RESULTS, TR_SEARCH } from '@qcdesk/contract/test-report';
import { and, asc, desc, eq, gte, inArray, lte, ne, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { clients } from '../../db/schema/client';
import { factories, labs, testItems, testTypes } from '../../db/schema/config';
import { files } from '../../db/schema/files';
import { departments, users } from '../../db/schema/identity';
import { orderProducts } from '../../db/schema/order';
import { reversed, searchText } from '../../db/schema/search-columns';
import { testOrders } from '../../db/schema/test-order';
import {
  testReportFiles,
  testReportItems,
  testReportProducts,
  testReports,
} from '../../db/schema/test-report';
import { groupBy } from '../../domain/grouping';
import type { Db } from '../../platform/db';
import { label, ownerColumns, ownerLabels, personLabel } from '../../platform/labels';
import { onePage } from '../../platform/paging';
import { rowInScope } from '../../platform/records';
import { type Scope, scopeWithStatuses } from '../../platform/scope';
import { contains, endsWith, factoriesMatching } from '../../platform/search';
import { type PageOf, sortOrder } from '../../platform/sorting';
import { clientVisibleStatuses, INVALID, RETESTED } from './test-report.rules';

// The SQL of test reports: the scope condition, the row select with its labels, the search and its
// page query, the products, items and files of reports, and the chain of previous reports.

type Ops = typeof areas.testReport;
export type TestReportSearch = ParsedInputOf<Ops['searchTestReports']>;
export type TestReportFilters = FiltersOf<Ops['searchTestReports']>;
export type TestReportList = ParsedInputOf<Ops['listTestReports']>;

/** Reports in scope (DOMAIN.md §5.4, "report via order"): department, or a CLIENT's published ones. */
export const testReportScope = (scope: Scope): SQL | undefined =>
  scopeWithStatuses(
    scope,
    { department: testReports.departmentId, client: testReports.clientId, status: testReports.status },
    clientVisibleStatuses(scope),
  );

const resulter = alias(users, 'resulter');
const verifier = alias(users, 'verifier');

function selectReports(db: Db) {
  return db
    .select({
      report: testReports,
      lab: { code: labs.code, nameZh: labs.nameZh, nameEn: labs.nameEn },
      testType: { code: testTypes.code, nameZh: testTypes.nameZh, nameEn: testTypes.nameEn },
      testOrderNo: testOrders.testOrderNo,
      testOrderStatus: testOrders.status,
      ...ownerColumns,
      resulter: { name: resulter.name, englishName: resulter.englishName },
      verifier: { name: verifier.name, englishName: verifier.englishName },
    })
    .from(testReports)
    .innerJoin(labs, eq(labs.id, testReports.labId))
    .innerJoin(testTypes, eq(testTypes.id, testReports.testTypeId))
    .innerJoin(clients, eq(clients.id, testReports.clientId))
    .innerJoin(departments, eq(departments.id, testReports.departmentId))
    .leftJoin(testOrders, eq(testOrders.id, testReports.testOrderId))
    .leftJoin(resulter, eq(resulter.id, testReports.resultBy))
    .leftJoin(verifier, eq(verifier.id, testReports.verifiedBy));
}

type Selected = Awaited<ReturnType<ReturnType<typeof selectReports>['execute']>>[number];

/** The products of reports, by report. */
export async function productsOf(db: Db, reportIds: readonly bigint[]) {
  const out = new Map<bigint, ReturnType<typeof toProduct>[]>();
  if (reportIds.length === 0) return out;
  const rows = await db
    .select({
      reportId: testReportProducts.testReportId,
      product: orderProducts,
      factory: { code: factories.code, nameZh: factories.nameZh, nameEn: factories.nameEn },
    })
    .from(testReportProducts)
    .innerJoin(orderProducts, eq(orderProducts.id, testReportProducts.orderProductId))
    .innerJoin(factories, eq(factories.id, orderProducts.factoryId))
    .where(inArray(testReportProducts.testReportId, [...reportIds]))
    .orderBy(asc(orderProducts.productNo));
  return groupBy(rows, (r) => r.reportId, toProduct);
}

function toProduct(r: {
  product: typeof orderProducts.$inferSelect;
  factory: { code: string; nameZh: string; nameEn: string };
}) {
  const p = r.product;
  return {
    id: p.id,
    productNo: p.productNo,
    sku: p.sku,
    itemNo: p.itemNo,
    orderId: p.orderId,
    orderNo: p.orderNo,
    factory: label(p.factoryId, r.factory.code, r.factory.nameZh, r.factory.nameEn),
  };
}

async function toRows(db: Db, selected: readonly Selected[]) {
  const products = await productsOf(
    db,
    selected.map((r) => r.report.id),
  );
  return selected.map((r) => {
    const t = r.report;
    return {
      id: t.id,
      reportNo: t.reportNo,
      reportType: t.reportType,
      lab: label(t.labId, r.lab.code, r.lab.nameZh, r.lab.nameEn),
      testType: label(t.testTypeId, r.testType.code, r.testType.nameZh, r.testType.nameEn),
      testOrder:
        t.testOrderId === null
          ? null
          : { id: t.testOrderId, testOrderNo: r.testOrderNo ?? '', status: r.testOrderStatus ?? 0 },
      products: products.get(t.id) ?? [],
      ...ownerLabels(t, r),
      description: t.description,
      reportDate: t.reportDate,
      validUntil: t.validUntil,
      result: t.result,
      status: t.status,
      previousReportId: t.previousReportId,
      retestNo: t.retestNo,
      resultBy: personLabel(t.resultBy, r.resulter),
      resultAt: t.resultAt,
      verifiedBy: personLabel(t.verifiedBy, r.verifier),
      publishedAt: t.publishedAt,
      valid: t.valid,
      version: t.version,
      createdAt: t.createdAt,
      updatedAt: t.updatedAt,
    };
  });
}

export type TestReportRowOut = Awaited<ReturnType<typeof toRows>>[number];

// -- Search -----------------------------------------------------------------------------------

/** Reports that cover an order product matching `where` (the product's own indexes). */
const productsWhere = (db: Db, where: SQL) =>
  inArray(
    testReports.id,
    db
      .select({ id: testReportProducts.testReportId })
      .from(testReportProducts)
      .innerJoin(orderProducts, eq(orderProducts.id, testReportProducts.orderProductId))
      .where(where),
  );

/** TestReportSearchResult (DOMAIN.md §3.2): 0–6 the result; 10 out; 11 not passed; 12 retested. */
function resultWhere(result: number): SQL | undefined {
  if (result === TR_SEARCH.out) return ne(testReports.result, TEST_RESULT.notOut);
  if (result === TR_SEARCH.notPassed) return inArray(testReports.result, TR_RETEST_RESULTS);
  if (result === TR_SEARCH.retested) return eq(testReports.status, RETESTED);
  return eq(testReports.result, result);
}

/** The WHERE of testreport/search (DOMAIN.md §2.11: the dates are the report date, else created). */
export function testReportSearchWhere(
  db: Db,
  input: Partial<TestReportFilters>,
  scope: Scope,
): SQL | undefined {
  return and(
    eq(testReports.valid, 1),
    testReportScope(scope),
    input.reportNo ? contains(searchText(testReports.reportNo), input.reportNo) : undefined,
    input.desc ? contains(searchText(testReports.description), input.desc) : undefined,
    input.orderNo ? productsWhere(db, endsWith(reversed(orderProducts.orderNo), input.orderNo)) : undefined,
    input.productNo
      ? productsWhere(db, contains(searchText(orderProducts.productNo), input.productNo))
      : undefined,
    input.sku ? productsWhere(db, contains(searchText(orderProducts.sku), input.sku)) : undefined,
    input.factory
      ? productsWhere(db, inArray(orderProducts.factoryId, factoriesMatching(db, input.factory)))
      : undefined,
    input.client === undefined ? undefined : eq(testReports.clientId, input.client),
    input.department === undefined ? undefined : eq(testReports.departmentId, input.department),
    input.lab === undefined ? undefined : eq(testReports.labId, input.lab),
    input.testType === undefined ? undefined : eq(testReports.testTypeId, input.testType),
    input.type === undefined ? undefined : eq(testReports.reportType, input.type),
    input.startTime ? gte(testReports.listDate, input.startTime) : undefined,
    input.endTime ? lte(testReports.listDate, input.endTime) : undefined,
    input.result === undefined ? undefined : resultWhere(input.result),
    input.status === undefined ? undefined : eq(testReports.status, input.status),
  );
}

export type TestReportPageInput = PageOf<TestReportSearch>;

function reportOrder(input: TestReportPageInput): SQL[] {
  const keys = { reportNo: testReports.reportNo, reportDate: testReports.listDate };
  return sortOrder(keys, input, testReports.id, [desc(testReports.id)]);
}

/** The query of one page of test reports (tests EXPLAIN it). */
export function testReportPageQuery(db: Db, input: TestReportPageInput, where: SQL | undefined) {
  return onePage(
    selectReports(db)
      .where(where)
      .orderBy(...reportOrder(input)),
    input,
  );
}

export async function testReportPage(db: Db, input: TestReportPageInput, where: SQL | undefined) {
  return toRows(db, await testReportPageQuery(db, input, where));
}

/** The list rows of the reports `ids`, in no particular order (a batch of an export). */
export async function testReportRows(db: Db, ids: readonly bigint[]) {
  if (ids.length === 0) return [];
  return toRows(db, await selectReports(db).where(inArray(testReports.id, [...ids])));
}

export async function testReportRowOf(db: Db, id: bigint) {
  const [row] = await testReportRows(db, [id]);
  return row;
}

/** testreport/list: in scope, valid, of a product or a test order, report no containing. */
export async function testReportChoices(db: Db, input: TestReportList, scope: Scope) {
  return db
    .select({
      id: testReports.id,
      reportNo: testReports.reportNo,
      status: testReports.status,
      result: testReports.result,
      retestNo: testReports.retestNo,
      reportDate: testReports.reportDate,
    })
    .from(testReports)
    .where(
      and(
        eq(testReports.valid, 1),
        testReportScope(scope),
        input.keyword ? contains(searchText(testReports.reportNo), input.keyword) : undefined,
        input.testOrderId === undefined ? undefined : eq(testReports.testOrderId, input.testOrderId),
        input.orderProductId === undefined
          ? undefined
          : inArray(
              testReports.id,
              db
                .select({ id: testReportProducts.testReportId })
                .from(testReportProducts)
                .where(eq(testReportProducts.orderProductId, input.orderProductId)),
            ),
      ),
    )
    .orderBy(desc(testReports.id))
    .limit(input.limit);
}

// -- Details ----------------------------------------------------------------------------------

export async function itemRows(db: Db, reportId: bigint) {
  return db
    .select({
      item: testReportItems,
      productNo: orderProducts.productNo,
      testItem: { code: testItems.code, nameZh: testItems.nameZh, nameEn: testItems.nameEn },
    })
    .from(testReportItems)
    .innerJoin(orderProducts, eq(orderProducts.id, testReportItems.orderProductId))
    .innerJoin(testItems, eq(testItems.id, testReportItems.testItemId))
    .where(eq(testReportItems.testReportId, reportId))
    .orderBy(asc(testReportItems.sort), asc(testReportItems.id));
}

export async function reportFiles(db: Db, reportId: bigint) {
  const rows = await db
    .select({ file: files })
    .from(testReportFiles)
    .innerJoin(files, eq(files.id, testReportFiles.fileId))
    .where(eq(testReportFiles.testReportId, reportId))
    .orderBy(asc(testReportFiles.sort));
  return rows.map((r) => r.file);
}

export async function filesOf(db: Db, ids: readonly bigint[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: files.id, ownerId: files.ownerId, valid: files.valid, name: files.name })
    .from(files)
    .where(inArray(files.id, [...ids]));
}

/** The previous reports of a report, newest first (back along previousReportId), in scope. */
export async function previousIds(db: Db, id: bigint, scope: Scope): Promise<bigint[]> {
  const out: bigint[] = [];
  let current = id;
  for (let guard = 0; guard < 50; guard++) {
    const [row] = await db
      .select({ previousReportId: testReports.previousReportId })
      .from(testReports)
      .where(eq(testReports.id, current));
    if (!row?.previousReportId) break;
    const { row: previous } = await rowInScope(db, testReports, row.previousReportId, testReportScope(scope));
    if (!previous) break;
    out.push(previous.id);
    current = previous.id;
  }
  return out;
}

/** The live (not invalid) reports of a test order: status and result (for the system 30 → 40). */
export async function reportsOfTestOrder(db: Db, testOrderId: bigint) {
  return db
    .select({ id: testReports.id, status: testReports.status, result: testReports.result })
    .from(testReports)
    .where(
      and(
        eq(testReports.testOrderId, testOrderId),
        eq(testReports.valid, 1),
        ne(testReports.status, INVALID),
      ),
    );
}

/** The retest draft a report's retest created (the newest test order naming it). */
export async function retestOrderOf(db: Db, reportId: bigint) {
  const [order] = await db
    .select({ id: testOrders.id, testOrderNo: testOrders.testOrderNo })
    .from(testOrders)
    .where(and(eq(testOrders.previousReportId, reportId), eq(testOrders.valid, 1)))
    .orderBy(desc(testOrders.id))
    .limit(1);
  return order ?? null;
}

export async function testOrderOf(db: Db, id: bigint) {
  const [order] = await db.select().from(testOrders).where(eq(testOrders.id, id));
  return order;
}

/** A report no is unique per lab among valid reports (E_DUPLICATE). */
export async function reportNoTaken(db: Db, labId: bigint, reportNo: string, selfId: bigint) {
  const [taken] = await db
    .select({ id: testReports.id })
    .from(testReports)
    .where(
      and(
        eq(testReports.labId, labId),
        eq(testReports.reportNo, reportNo),
        eq(testReports.valid, 1),
        ne(testReports.id, selfId),
      ),
    );
  return taken !== undefined;
}

/** Order products by id (valid, of a valid order). */
export async function productsByIds(db: Db, ids: readonly bigint[]) {
  if (ids.length === 0) return [];
  return (
    await db
      .select()
      .from(orderProducts)
      .where(inArray(orderProducts.id, [...ids]))
  ).filter((p) => p.valid === 1 && p.orderValid === 1);
}

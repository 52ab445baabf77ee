import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { INSPECTION_REPORT_STATUS } from '@qcdesk/contract/inspection-report';
import { and, asc, desc, eq, gte, inArray, lte, ne, type SQL, sql } from 'drizzle-orm';
import { qualified } from '../../db/columns';
import { clients } from '../../db/schema/client';
import { factories, inspectionTests } from '../../db/schema/config';
import { departments } from '../../db/schema/identity';
import {
  inspectionReportProducts,
  inspectionReportSafetyTests,
  inspectionReports,
} from '../../db/schema/inspection-report';
import { orderProducts, orders } from '../../db/schema/order';
import { reversed, searchText } from '../../db/schema/search-columns';
import type { Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { label } from '../../platform/labels';
import { onePage, searchPage } from '../../platform/paging';
import { assertDepartmentFilter, scopeOf } from '../../platform/scope';
import { contains, endsWith } from '../../platform/search';
import { reportScope } from './inspection-report.queries';

// Safety-test inspections (spec §2 `safetest/inspection`, §3 "Safe test"; DOMAIN.md §2.11): the
// safety tests recorded on inspection reports that are not cancelled, each with its report's
// products, in the reader's scope of reports; newest inspection first.

type Search = ParsedInputOf<(typeof areas.inspectionReport)['searchSafetyTests']>;
const factoryText = searchText(factories.code, factories.nameZh, factories.nameEn);
const report = qualified(inspectionReportSafetyTests.reportId);

function safetyWhere(db: Db, input: Search, reportsInScope: SQL | undefined) {
  const onReport = and(
    eq(inspectionReports.valid, 1),
    ne(inspectionReports.status, INSPECTION_REPORT_STATUS.cancelled),
    reportsInScope,
    input.client === undefined ? undefined : eq(inspectionReports.clientId, input.client),
    input.department === undefined ? undefined : eq(inspectionReports.departmentId, input.department),
    input.startTime ? gte(inspectionReports.inspectionDate, input.startTime) : undefined,
    input.endTime ? lte(inspectionReports.inspectionDate, input.endTime) : undefined,
    input.orderNo
      ? sql`${inspectionReports.orderId} = any(array(${db
          .select({ id: orders.id })
          .from(orders)
          .where(endsWith(reversed(orders.orderNo), input.orderNo))}))`
      : undefined,
    input.factory
      ? sql`${inspectionReports.factoryId} = any(array(${db
          .select({ id: factories.id })
          .from(factories)
          .where(contains(factoryText, input.factory))}))`
      : undefined,
    input.productNo
      ? sql`exists (select 1 from ${inspectionReportProducts} join ${orderProducts} on ${orderProducts.id} = ${inspectionReportProducts.orderProductId} where ${inspectionReportProducts.reportId} = ${inspectionReports.id} and ${inspectionReportProducts.valid} = 1 and ${contains(searchText(orderProducts.productNo), input.productNo)})`
      : undefined,
  );
  return and(
    eq(inspectionReportSafetyTests.valid, 1),
    input.result === undefined ? undefined : eq(inspectionReportSafetyTests.result, input.result),
    sql`exists (select 1 from ${inspectionReports} where ${inspectionReports.id} = ${report} and ${onReport})`,
  );
}

async function productsOf(db: Db, reportIds: readonly bigint[]) {
  const byReport = new Map<bigint, { id: bigint; productNo: string; name: string }[]>();
  if (reportIds.length === 0) return byReport;
  const rows = await db
    .select({
      reportId: inspectionReportProducts.reportId,
      id: orderProducts.id,
      productNo: orderProducts.productNo,
      name: orderProducts.name,
    })
    .from(inspectionReportProducts)
    .innerJoin(orderProducts, eq(orderProducts.id, inspectionReportProducts.orderProductId))
    .where(
      and(inArray(inspectionReportProducts.reportId, [...reportIds]), eq(inspectionReportProducts.valid, 1)),
    )
    .orderBy(asc(orderProducts.productNo));
  for (const r of rows) byReport.set(r.reportId, [...(byReport.get(r.reportId) ?? []), r]);
  return byReport;
}

async function page(db: Db, input: Search, where: SQL | undefined) {
  const rows = await onePage(
    db
      .select({
        line: inspectionReportSafetyTests,
        report: inspectionReports,
        orderNo: orders.orderNo,
        client: { id: clients.id, code: clients.code, name: clients.name },
        department: departments,
        factory: factories,
        test: inspectionTests,
      })
      .from(inspectionReportSafetyTests)
      .innerJoin(inspectionReports, eq(inspectionReports.id, inspectionReportSafetyTests.reportId))
      .innerJoin(orders, eq(orders.id, inspectionReports.orderId))
      .innerJoin(clients, eq(clients.id, inspectionReports.clientId))
      .innerJoin(departments, eq(departments.id, inspectionReports.departmentId))
      .innerJoin(factories, eq(factories.id, inspectionReports.factoryId))
      .innerJoin(inspectionTests, eq(inspectionTests.id, inspectionReportSafetyTests.inspectionTestId))
      .where(where)
      .orderBy(desc(inspectionReports.inspectionDate), desc(inspectionReportSafetyTests.id)),
    input,
  );
  const products = await productsOf(
    db,
    rows.map((r) => r.report.id),
  );
  return rows.map((r) => ({
    id: r.line.id,
    report: {
      id: r.report.id,
      reportNo: r.report.reportNo,
      interim: r.report.interim,
      status: r.report.status,
    },
    inspectionDate: r.report.inspectionDate,
    order: { id: r.report.orderId, orderNo: r.orderNo },
    products: products.get(r.report.id) ?? [],
    client: r.client,
    department: label(r.department.id, r.department.code, r.department.nameZh, r.department.nameEn),
    factory: label(r.factory.id, r.factory.code, r.factory.nameZh, r.factory.nameEn),
    inspectionTest: { ...label(r.test.id, r.test.code, r.test.nameZh, r.test.nameEn), safety: r.test.safety },
    sampleQty: r.line.sampleQty,
    value: r.line.value,
    result: r.line.result,
    remark: r.line.remark,
  }));
}

/** safetest/inspection/search. */
export async function searchSafetyTests(db: Db, input: Search, user: Principal) {
  const scope = await scopeOf(db, user);
  assertDepartmentFilter(scope, input.department);
  const where = safetyWhere(db, input, reportScope(scope));
  return searchPage(db, {
    table: inspectionReportSafetyTests,
    where,
    input,
    list: () => page(db, input, where),
  });
}

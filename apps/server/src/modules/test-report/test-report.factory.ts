import { eq } from 'drizzle-orm';
import { byDepartment, type ChangeLogScopeCases } from '../../../test/support/change-log-scope';
import { idOf } from '../../../test/support/factories';
import { labs, testItems, testTypes } from '../../db/schema/config';
import { orderProducts } from '../../db/schema/order';
import { testReportItems, testReportProducts, testReports } from '../../db/schema/test-report';
import { businessDate } from '../../platform/business-time';
import type { Db } from '../../platform/db';
import { buildOrder } from '../order/order.factory';

// Test data of test reports (STYLE.md rule 9): `buildTestReport` inserts a factory-provided report
// (no test order) of an order product with items (test-item codes) in the status and results asked;
// `reportOfTestOrder` reads the report a submitted test order got.

export interface TestReportOverrides {
  orderProductId: bigint;
  /** Test-item codes (default T-AZO). */
  items?: string[];
  results?: number[];
  status?: number;
  result?: number;
  reportNo?: string | null;
  /** enum TestReportType (default 3, factory-provided). */
  reportType?: number;
  reportDate?: string | null;
  validUntil?: string | null;
}

export async function buildTestReport(db: Db, o: TestReportOverrides) {
  const [product] = await db.select().from(orderProducts).where(eq(orderProducts.id, o.orderProductId));
  const [report] = await db
    .insert(testReports)
    .values({
      reportNo: o.reportNo ?? null,
      reportType: o.reportType ?? 3,
      reportDate: o.reportDate ?? null,
      validUntil: o.validUntil ?? null,
      labId: await idOf(db, labs, 'SGS-SZ'),
      testTypeId: await idOf(db, testTypes, 'CHEM'),
      clientId: product!.clientId,
      departmentId: product!.departmentId,
      status: o.status ?? 10,
      result: o.result ?? 0,
      listDate: businessDate(),
    })
    .returning();
  await db.insert(testReportProducts).values({ testReportId: report!.id, orderProductId: product!.id });
  for (const [i, code] of (o.items ?? ['T-AZO']).entries())
    await db.insert(testReportItems).values({
      testReportId: report!.id,
      orderProductId: product!.id,
      testItemId: await idOf(db, testItems, code),
      result: o.results?.[i] ?? 0,
      sort: i,
    });
  return report!;
}

/** The (first) report of a test order: the one its submit made (TEST_ORDER_SUBMITTED). */
export async function reportOfTestOrder(db: Db, testOrderId: string) {
  const [report] = await db
    .select()
    .from(testReports)
    .where(eq(testReports.testOrderId, BigInt(testOrderId)));
  return report;
}

/** test/change-log-scope.test.ts: scoped through their products' client and department (DOMAIN.md §5.4 "report via order"). */
export const changeLogScope: ChangeLogScopeCases = {
  test_reports: byDepartment(
    async (db, owner) =>
      (await buildTestReport(db, { orderProductId: (await buildOrder(db, owner)).products[0]!.id })).id,
  ),
};

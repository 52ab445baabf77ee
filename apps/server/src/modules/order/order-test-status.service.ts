import type { ProductTestStatus } from '@qcdesk/contract/order';
import { TEST_REPORT_STATUS } from '@qcdesk/contract/test-report';
import { and, eq, type SQLWrapper, sql } from 'drizzle-orm';
import { orderRisks } from '../../db/schema/order-risk';
import { testReportItems, testReportProducts, testReports } from '../../db/schema/test-report';
import { type PublishedResult, productTestStatus } from '../../domain/product-test-status';
import type { Db } from '../../platform/db';
import { oncePerDatabase } from '../../platform/prepared';

// Issue 25: an order product's test status (order detail and list, order risks, production
// samples, the order export) is the worst of its order risk and of every published test report
// that concerns it (DOMAIN.md §6.4, `productTestStatus` of domain/product-test-status.ts). Read by table: order
// risks and test reports are later areas, and every area that shows products asks here.

const { published, retested } = TEST_REPORT_STATUS;

/**
 * A report that speaks for its products now: published (40), or retested from 40 (80) until a
 * retest report of the product is published in its place. A report retested before it was
 * published (from 30) never spoke; an invalidated one (90) no longer does.
 */
const speaks = (r: { valid: SQLWrapper; status: SQLWrapper; retestFromStatus: SQLWrapper }) =>
  sql`${r.valid} = 1 and (${r.status} = ${published} or (${r.status} = ${retested} and ${r.retestFromStatus} = ${published}))`;

/** The same, of the retest report `s` that follows a report (raw names inside the NOT EXISTS). */
const successorSpeaks = speaks({
  valid: sql.raw('s.valid'),
  status: sql.raw('s.status'),
  retestFromStatus: sql.raw('s.retest_from_status'),
});

/**
 * The published results that concern each product (a report's own result and the product's items),
 * with the report's id (the product's compliance, order-compliance.service.ts, lists the reports).
 * One statement per database, prepared by name (platform/prepared.ts): every order list page asks.
 */
const publishedResultRows = oncePerDatabase((db) =>
  db
    .select({
      productId: testReportProducts.orderProductId,
      reportId: testReports.id,
      reportResult: testReports.result,
      productCount:
        sql<number>`(select count(*) from ${testReportProducts} p where p.test_report_id = ${testReports.id})`.mapWith(
          Number,
        ),
      itemResults: sql<
        number[]
      >`coalesce((select array_agg(${testReportItems.result}) from ${testReportItems} where ${testReportItems.testReportId} = ${testReports.id} and ${testReportItems.orderProductId} = ${testReportProducts.orderProductId}), '{}')`,
    })
    .from(testReportProducts)
    .innerJoin(testReports, eq(testReports.id, testReportProducts.testReportId))
    .where(
      and(
        sql`${testReportProducts.orderProductId} = any(${sql.placeholder('ids')}::bigint[])`,
        speaks(testReports),
        sql`not exists (select 1 from ${testReports} s join ${testReportProducts} sp on sp.test_report_id = s.id where s.previous_report_id = ${testReports.id} and sp.order_product_id = ${testReportProducts.orderProductId} and ${successorSpeaks})`,
      ),
    )
    .prepare('qc_published_results'),
);

export async function publishedResults(db: Db, productIds: readonly bigint[]) {
  const out = new Map<bigint, (PublishedResult & { reportId: bigint })[]>();
  if (productIds.length === 0) return out;
  const rows = await publishedResultRows(db).execute({ ids: productIds.map(String) });
  for (const r of rows) {
    const list = out.get(r.productId) ?? [];
    list.push({
      reportId: r.reportId,
      reportResult: r.reportResult,
      productCount: r.productCount,
      itemResults: r.itemResults.map(Number),
    });
    out.set(r.productId, list);
  }
  return out;
}

const riskRows = oncePerDatabase((db) =>
  db
    .select({ productId: orderRisks.orderProductId, status: orderRisks.status, result: orderRisks.result })
    .from(orderRisks)
    .where(
      and(
        sql`${orderRisks.orderProductId} = any(${sql.placeholder('ids')}::bigint[])`,
        eq(orderRisks.valid, 1),
      ),
    )
    .prepare('qc_product_risks'),
);

/** The valid order risk of each product: its status and result. */
async function risksOf(db: Db, productIds: readonly bigint[]) {
  if (productIds.length === 0) return new Map<bigint, { status: number; result: number }>();
  const rows = await riskRows(db).execute({ ids: productIds.map(String) });
  return new Map(rows.map((r) => [r.productId, { status: r.status, result: r.result }]));
}

/** The test status of each product (issue 25): its valid order risk and its published results. */
export async function productTestStatuses(
  db: Db,
  productIds: readonly bigint[],
): Promise<Map<bigint, ProductTestStatus>> {
  const ids = [...new Set(productIds)];
  const [risks, results] = await Promise.all([risksOf(db, ids), publishedResults(db, ids)]);
  return new Map(ids.map((id) => [id, productTestStatus(risks.get(id), results.get(id))]));
}

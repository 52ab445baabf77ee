import { TEST_ORDER_STATUS } from '@qcdesk/contract/test-order';
import { TEST_REPORT_STATUS } from '@qcdesk/contract/test-report';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { orderProducts } from '../../db/schema/order';
import { testOrderItems, testOrders } from '../../db/schema/test-order';
import { testReports } from '../../db/schema/test-report';
import { actorOf } from '../../platform/auth';
import { businessDate } from '../../platform/business-time';
import type { Db } from '../../platform/db';
import type { SeedContext } from '../../platform/module';
import { seedPrincipal } from '../../platform/seed-principal';
import { FilesContext } from '../../platform/storage/files-context';
import { storeGeneratedFile } from '../files/files.service';
import { orderIdsOfNos } from '../order/order-hooks.service';
import { itemRows } from './test-report.queries';
import type { TestReportDeps } from './test-report.service';
import { enterResult, verifyReport } from './test-report-status.service';

// A demo test report for the demo database (QCDESK_DEMO_USERS=1), so the list is not empty on a
// fresh install: the demo test order submitted by the test-order seed (order PT24-0788) gets its
// report (what the submit hook does), the demo LAB enters its results (the first item passes, the
// second fails) with a one-page PDF, and the demo AUDITOR verifies it, through the services.
// Idempotent: nothing is done once the report has left "pending" (10); cheap: one order, one file.

export const DEMO_REPORT_ORDER_NO = 'PT24-0788';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** The submitted (20) test order of the demo order's products, if the test-order seed made one. */
async function demoTestOrder(db: Db) {
  const [orderId] = await orderIdsOfNos(db, [DEMO_REPORT_ORDER_NO]);
  if (orderId === undefined) return undefined;
  const [row] = await db
    .select({ order: testOrders })
    .from(testOrderItems)
    .innerJoin(testOrders, eq(testOrders.id, testOrderItems.testOrderId))
    .innerJoin(orderProducts, eq(orderProducts.id, testOrderItems.orderProductId))
    .where(
      and(
        eq(orderProducts.orderId, orderId),
        eq(testOrderItems.valid, 1),
        eq(testOrders.valid, 1),
        inArray(testOrders.status, [TEST_ORDER_STATUS.submitted, TEST_ORDER_STATUS.received]),
      ),
    )
    .orderBy(asc(testOrders.id))
    .limit(1);
  return row?.order;
}

const reportOf = async (db: Db, testOrderId: bigint) =>
  (
    await db
      .select()
      .from(testReports)
      .where(and(eq(testReports.testOrderId, testOrderId), eq(testReports.valid, 1)))
      .orderBy(asc(testReports.id))
      .limit(1)
  )[0];

export async function seedTestReports(ctx: SeedContext): Promise<void> {
  if (ctx.config.QCDESK_DEMO_USERS !== '1') return;
  const outside: Db = ctx.database.db;
  const demo = await demoTestOrder(outside);
  const before = demo ? await reportOf(outside, demo.id) : undefined;
  if (!demo || (before && before.status !== TEST_REPORT_STATUS.pending)) return;
  // The files runtime opens before the transaction: it reads its signing key on its own connection.
  const files = new FilesContext(ctx.config, ctx.database);
  const { store } = await files.ready();
  const deps: TestReportDeps = { files: () => files.ready() };
  await ctx.database.db.transaction(async (transaction) => {
    const db: Db = transaction;
    const order = await demoTestOrder(db);
    if (!order) return;
    const existing = await reportOf(db, order.id);
    if (existing && existing.status !== TEST_REPORT_STATUS.pending) return;
    const [qc, lab, auditor] = await Promise.all(
      ['demo.qc', 'demo.lab', 'demo.auditor'].map((name) => seedPrincipal(db, name)),
    );
    if (!qc || !lab || !auditor) return;
    // The order's pending report was created by its submit (TEST_ORDER_SUBMITTED, test-order.seed.ts).
    const report = await reportOf(db, order.id);
    if (!report) return;
    const file = await storeGeneratedFile(
      db,
      store,
      { name: `${order.testOrderNo}.pdf`, contentType: 'application/pdf', content: PDF },
      actorOf(lab),
    );
    const items = await itemRows(db, report.id);
    const entered = await enterResult(
      db,
      deps,
      {
        id: report.id,
        version: report.version,
        reportNo: `DEMO-${order.testOrderNo}`,
        reportDate: businessDate(),
        // Results are entered on a received order: the entry receives the demo order today.
        receiveTime: businessDate(),
        fileIds: [file.id],
        items: items.map(({ item }, n) => ({
          itemId: item.id,
          result: n === 1 ? 3 : 1,
          value: undefined,
          limit: undefined,
          remark: undefined,
        })),
      },
      lab,
    );
    await verifyReport(db, deps, { id: report.id, version: entered.version }, auditor);
  });
}

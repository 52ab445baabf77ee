import { and, eq, inArray } from 'drizzle-orm';
import { testOrderItems } from '../../db/schema/test-order';
import { testReports } from '../../db/schema/test-report';
import { actorOf, type Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { updateRecord } from '../../platform/records';
import { testOrderOf } from './test-report.queries';
import { CANCELLABLE, INVALID, RETESTED, TEST_REPORT_ENTITY } from './test-report.rules';
import { insertReport } from './test-report-write.service';

// What test orders start and stop here (DOMAIN.md §4.9, §4.10): a submitted test order gets one
// pending report (a retest order's report follows the retested one: previousReportId, retestNo + 1);
// a cancelled one invalidates its pending reports and returns the retested report to its status.

/** Third-party lab (TestReportType 1): the report of a test order sent to a lab. */
const LAB_REPORT = 1;

export async function reportForSubmittedOrder(
  db: Db,
  { testOrderId, previousReportId }: { testOrderId: bigint; previousReportId: bigint | null },
  user: Principal,
) {
  const order = await testOrderOf(db, testOrderId);
  if (!order) return;
  const [existing] = await db
    .select({ id: testReports.id })
    .from(testReports)
    .where(and(eq(testReports.testOrderId, testOrderId), eq(testReports.valid, 1)));
  if (existing) return;
  const [previous] = previousReportId
    ? await db.select().from(testReports).where(eq(testReports.id, previousReportId))
    : [];
  const lines = await db
    .select()
    .from(testOrderItems)
    .where(and(eq(testOrderItems.testOrderId, testOrderId), eq(testOrderItems.valid, 1)))
    .orderBy(testOrderItems.id);
  await insertReport(
    db,
    {
      reportType: LAB_REPORT,
      labId: order.labId,
      testTypeId: order.testTypeId,
      testOrderId,
      clientId: order.clientId,
      departmentId: order.departmentId,
      previousReportId: previous?.id ?? null,
      retestNo: previous ? previous.retestNo + 1 : 0,
    },
    lines.map((l) => ({
      orderProductId: l.orderProductId,
      testItemId: l.testItemId,
      orderRiskItemId: l.orderRiskItemId,
    })),
    actorOf(user),
  );
}

export async function reportsOfCancelledOrder(
  db: Db,
  { testOrderId, previousReportId }: { testOrderId: bigint; previousReportId: bigint | null },
  user: Principal,
) {
  const actor = actorOf(user);
  const pending = await db
    .select()
    .from(testReports)
    .where(
      and(
        eq(testReports.testOrderId, testOrderId),
        eq(testReports.valid, 1),
        inArray(testReports.status, [...CANCELLABLE]),
      ),
    );
  for (const r of pending)
    await updateRecord(db, {
      table: testReports,
      id: r.id,
      version: r.version,
      values: { status: INVALID },
      actor,
      action: 'cancel',
      entity: TEST_REPORT_ENTITY,
    });
  if (previousReportId === null) return;
  const [previous] = await db.select().from(testReports).where(eq(testReports.id, previousReportId));
  if (previous?.status !== RETESTED) return;
  await updateRecord(db, {
    table: testReports,
    id: previous.id,
    version: previous.version,
    values: { status: previous.retestFromStatus ?? 30, retestFromStatus: null },
    actor,
    action: 'retestCancelled',
    entity: TEST_REPORT_ENTITY,
  });
}

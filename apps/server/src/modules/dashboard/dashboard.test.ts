import { areas, type RoleCode } from '@qcdesk/contract';
import { QUEUE_TASK_DAYS, type QueueKey } from '@qcdesk/contract/dashboard';
import { INSPECTION_BOOKING_STATUS } from '@qcdesk/contract/inspection-booking';
import { AUDIT_RESULT, PRODUCTION_SAMPLE_STATUS } from '@qcdesk/contract/production-sample';
import { TEST_REPORT_STATUS } from '@qcdesk/contract/test-report';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, signIn, signInAs } from '../../../test/support/identity';
import { startTestApp, type TestApp } from '../../../test/support/test-app';
import { roles } from '../../db/schema/identity';
import { inspectionBookings } from '../../db/schema/inspection-booking';
import { addDays } from '../../domain/calendar';
import { businessDate } from '../../platform/business-time';
import { buildClient } from '../client/client.factory';
import { buildInspectionBooking, linkClientUser } from '../inspection-booking/inspection-booking.factory';
import { buildOrder } from '../order/order.factory';
import { buildProductionSample } from '../production-sample/production-sample.factory';
import { buildTestReport } from '../test-report/test-report.factory';

// The dashboard's work queue through the envelope (issue 30): each count is its list's search
// total (the same filters give the same number), in the caller's scope, and only the counts the
// caller holds the permission for are there. Counts are compared before and after the records a
// test makes, so the seeded demo data does not matter.

const op = areas.dashboard.dashboardQueue;
const { submitted } = INSPECTION_BOOKING_STATUS;
let t: TestApp;
let qcManager: string;

beforeAll(async () => {
  t = await startTestApp();
  qcManager = await signInAs(t, 'QC_MGR');
});
afterAll(() => t.close());

const db = () => t.database.db;

async function queue(token: string) {
  const answer = await t.client.ok(op, {}, { token });
  return {
    ...answer,
    keys: answer.items.map((i) => i.key),
    count: (key: QueueKey) => answer.items.find((i) => i.key === key)?.count,
  };
}

/** A user of a role made for the test (the seeded roles' scopes and permissions are fixed). */
async function userOfRole(
  code: string,
  scope: 'department' | 'client',
  permissions: string[],
  department: string,
) {
  const [existing] = await db().select().from(roles).where(eq(roles.code, code));
  if (!existing) await db().insert(roles).values({ code, nameZh: code, nameEn: code, permissions, scope });
  const user = await buildUser(db(), { role: code as RoleCode, department });
  return { user, token: await signIn(t, user.username) };
}

describe('dashboard/queue', () => {
  it("counts a QC manager's samples to audit and test reports to verify and publish, as the lists do", async () => {
    const before = await queue(qcManager);
    expect(before.keys).toEqual([
      'productionSamplesToAudit',
      'testReportsToVerify',
      'testReportsToPublish',
      'appliesToPlan',
      'reportsToApprove',
      'reportsToApproveLevelTwo',
      'bookingsToAssign',
      'dailyReportsToCheck',
      'superviseReportsToApprove',
      'deliveriesDue',
    ]);
    expect(before.today).toBe(businessDate());
    expect(before.lastTaskDay).toBe(addDays(businessDate(), QUEUE_TASK_DAYS - 1));

    const client = await buildClient(db());
    await buildProductionSample(db(), { clientId: client.id });
    await buildProductionSample(db(), {
      clientId: client.id,
      status: PRODUCTION_SAMPLE_STATUS.audited,
      auditResult: AUDIT_RESULT.sign,
    });
    await buildProductionSample(db(), { clientId: client.id, status: PRODUCTION_SAMPLE_STATUS.cancelled });
    const order = await buildOrder(db());
    const orderProductId = order.products[0]!.id;
    await buildTestReport(db(), { orderProductId, status: TEST_REPORT_STATUS.issued });
    await buildTestReport(db(), { orderProductId, status: TEST_REPORT_STATUS.issued });
    await buildTestReport(db(), { orderProductId, status: TEST_REPORT_STATUS.verified });
    await buildTestReport(db(), { orderProductId, status: TEST_REPORT_STATUS.pending });
    const booking = await buildInspectionBooking(db(), order);
    await db()
      .update(inspectionBookings)
      .set({ status: submitted })
      .where(eq(inspectionBookings.id, booking.id));

    const after = await queue(qcManager);
    expect(after.count('productionSamplesToAudit')).toBe(before.count('productionSamplesToAudit')! + 1);
    expect(after.count('testReportsToVerify')).toBe(before.count('testReportsToVerify')! + 2);
    expect(after.count('testReportsToPublish')).toBe(before.count('testReportsToPublish')! + 1);
    expect(after.count('bookingsToAssign')).toBe(before.count('bookingsToAssign')! + 1);

    // The same number as the list the count links to (its search with the link's filters).
    const list = await t.client.ok(
      areas.testReport.searchTestReports,
      { status: TEST_REPORT_STATUS.issued, page: 1, pageSize: 1 },
      { token: qcManager },
    );
    expect(after.count('testReportsToVerify')).toBe(list.total);
    const bookings = await t.client.ok(
      areas.inspectionBooking.searchInspectionBookings,
      { status: submitted, work: true, page: 1, pageSize: 1 },
      { token: qcManager },
    );
    expect(after.count('bookingsToAssign')).toBe(bookings.total);
  });

  it('leaves out the counts the caller holds no permission for', async () => {
    const sales = await queue(await signInAs(t, 'SALES'));
    expect(sales.keys).toEqual(['deliveriesDue']);
    const inspector = await queue(await signInAs(t, 'INSPECTOR'));
    expect(inspector.keys).toEqual(['myTasks']);
    // A CLIENT user has no to-do set of these, and no "my deliveries".
    const clientUser = await buildUser(db(), { role: 'CLIENT', department: 'EXT' });
    expect((await queue(await signIn(t, clientUser.username))).items).toEqual([]);
  });

  it("counts in the caller's department only", async () => {
    const permissions = ['productionsample.search', 'productionsample.audit'];
    const own = await userOfRole('DASH_AUDIT', 'department', permissions, 'SALES1');
    const other = await userOfRole('DASH_AUDIT', 'department', permissions, 'SALES2');
    const ownBefore = await queue(own.token);
    const otherBefore = await queue(other.token);
    expect(ownBefore.keys).toEqual(['productionSamplesToAudit']);

    // demo.sales (the default sales owner) is in SALES1: the sample is in SALES1's scope only.
    const client = await buildClient(db());
    await buildProductionSample(db(), { clientId: client.id });

    expect((await queue(own.token)).count('productionSamplesToAudit')).toBe(
      ownBefore.count('productionSamplesToAudit')! + 1,
    );
    expect((await queue(other.token)).count('productionSamplesToAudit')).toBe(
      otherBefore.count('productionSamplesToAudit'),
    );
  });

  it("shows a client-scoped user only their own client's figures", async () => {
    const permissions = ['booking.search', 'booking.admin'];
    const reader = await userOfRole('DASH_CLIENT', 'client', permissions, 'EXT');
    const ownOrder = await buildOrder(db());
    const otherOrder = await buildOrder(db());
    await linkClientUser(db(), reader.user.id, ownOrder.order.clientId);
    const before = await queue(reader.token);
    expect(before.keys).toEqual(['bookingsToAssign']);
    for (const built of [ownOrder, otherOrder, otherOrder]) {
      const booking = await buildInspectionBooking(db(), built);
      await db()
        .update(inspectionBookings)
        .set({ status: submitted })
        .where(eq(inspectionBookings.id, booking.id));
    }
    const after = await queue(reader.token);
    expect(after.count('bookingsToAssign')).toBe(before.count('bookingsToAssign')! + 1);
  });
});

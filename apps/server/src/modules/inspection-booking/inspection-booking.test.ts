import { areas } from '@qcdesk/contract';
import { INSPECTION_BOOKING_STATUS } from '@qcdesk/contract/inspection-booking';
import { INSPECTION_PLAN_STATUS } from '@qcdesk/contract/inspection-plan';
import { INSPECTION_REPORT_STATUS } from '@qcdesk/contract/inspection-report';
import { INSPECTION_TASK_STATUS } from '@qcdesk/contract/inspection-task';
import { SUPERVISE_REPORT_STATUS } from '@qcdesk/contract/supervise-report';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idOf } from '../../../test/support/factories';
import { buildUser, signIn, signInAs } from '../../../test/support/identity';
import { startTestApp, type TestApp } from '../../../test/support/test-app';
import { factories } from '../../db/schema/config';
import { factorySchedules } from '../../db/schema/factory-schedule';
import { users } from '../../db/schema/identity';
import { inspectionBookings } from '../../db/schema/inspection-booking';
import { inspectionPlans } from '../../db/schema/inspection-plan';
import { inspectionReports } from '../../db/schema/inspection-report';
import { inspectionTasks } from '../../db/schema/inspection-task';
import { mailOutbox } from '../../db/schema/mail';
import { changeLog } from '../../db/schema/platform';
import { superviseReports } from '../../db/schema/supervise-report';
import { businessDate } from '../../platform/business-time';
import { buildReport } from '../inspection-report/inspection-report.factory';
import { modules } from '../modules';
import { buildOrder } from '../order/order.factory';
import { buildSuperviseReport } from '../supervise-report/supervise-report.factory';
import { bookingDay, bookingInput, bookingTypeId, linkClientUser } from './inspection-booking.factory';

// Inspection bookings through the envelope (DOMAIN.md §2.7, §4.6, §5.4, §6.7, §6.10): create (a
// CLIENT user's own client forced), the extra fields of the booking type, products, search with its
// filters and `work`, submit with the advance days and the urgent request an admin accepts or
// returns, checkout (two admins at once: one wins), assignment (a dispatched plan and task, the
// factory-closed warning), reschedule, cancel (late), report retrieval, and refusals by role and
// scope — each refusal with its key and message and nothing changed.

const ops = areas.inspectionBooking;
const { draft, submitted, scheduled, returned, cancelled } = INSPECTION_BOOKING_STATUS;
let t: TestApp;
let sales: string;
let qcMgr: string;
let admin: string;
let clientUser: string;
let otherClientUser: string;
let inspectorId: bigint;
let ownClientId: bigint;

const db = () => t.database.db;
const rowOf = async (id: string) =>
  (
    await db()
      .select()
      .from(inspectionBookings)
      .where(eq(inspectionBookings.id, BigInt(id)))
  )[0]!;
const bookingCount = async () => (await db().select({ n: count() }).from(inspectionBookings))[0]!.n;

beforeAll(async () => {
  t = await startTestApp({ modules });
  [sales, qcMgr, admin] = await Promise.all([
    signInAs(t, 'SALES'),
    signInAs(t, 'QC_MGR'),
    signInAs(t, 'ADMIN'),
  ]);
  const own = await buildOrder(db());
  ownClientId = own.order.clientId;
  const other = await buildOrder(db());
  for (const [clientId, set] of [
    [ownClientId, (token: string) => (clientUser = token)],
    [other.order.clientId, (token: string) => (otherClientUser = token)],
  ] as const) {
    const user = await buildUser(db(), { role: 'CLIENT', department: 'EXT' });
    await linkClientUser(db(), user.id, clientId);
    set(await signIn(t, user.username));
  }
  inspectorId = (await buildUser(db(), { role: 'INSPECTOR', department: 'QC' })).id;
});
afterAll(() => t.close());

/** A draft by sales for a new client (advance days 2). */
async function draftBySales(o: Parameters<typeof bookingInput>[1] = {}) {
  const { order, products } = await buildOrder(db());
  const input = await bookingInput(db(), { clientId: order.clientId, ...o });
  return { order, products, detail: await t.client.ok(ops.createInspectionBooking, input, { token: sales }) };
}

/** A submitted booking (30 days ahead, a working day). */
async function submittedBySales(o: Parameters<typeof bookingInput>[1] = {}) {
  const made = await draftBySales(o);
  const answer = await t.client.ok(
    ops.submitInspectionBooking,
    { id: made.detail.id, version: made.detail.version, confirm: true },
    { token: sales },
  );
  return { ...made, detail: answer.result! };
}

describe('create, products and extra fields', () => {
  it('gives a CLIENT user its own client whatever it sends, numbered BK+yyMMdd+4, logged', async () => {
    const foreign = await buildOrder(db());
    const input = await bookingInput(db(), { clientId: foreign.order.clientId });
    const detail = await t.client.ok(ops.createInspectionBooking, input, { token: clientUser });
    expect(detail.bookingNo).toMatch(/^BK\d{10}$/);
    expect(detail).toMatchObject({ status: draft, client: { id: String(ownClientId) }, productCount: 1 });
    expect(detail.products[0]).toMatchObject({ orderProductId: null, productNo: 'FREE-1', quantity: 500 });
    expect(detail.extra).toEqual({ poNumbers: 'PO-1001' });
    const logged = await db()
      .select()
      .from(changeLog)
      .where(and(eq(changeLog.entity, 'inspection_bookings'), eq(changeLog.entityId, BigInt(detail.id))));
    expect(logged.map((l) => l.action)).toEqual(['create']);
  });

  it('refuses extra fields that break the booking type (E_BK_EXTRA) and writes nothing', async () => {
    const { order } = await buildOrder(db());
    const before = await bookingCount();
    const bad: Record<string, string>[] = [
      { unknownKey: 'x' },
      { containerType: '45HC' },
      { containerType: '20GP', closingDate: 'soon' },
    ];
    for (const extra of bad) {
      const input = await bookingInput(db(), { clientId: order.clientId, type: 'BK-CLC', extra });
      const refused = await t.client.refused(ops.createInspectionBooking, input, { token: sales });
      expect(refused.reason).toBe('E_BK_EXTRA');
      expect(refused.error).toMatch(/^The extra field ".+" does not match the booking type$/);
    }
    const zh = await t.client.call(
      ops.createInspectionBooking,
      await bookingInput(db(), { clientId: order.clientId, type: 'BK-CLC', extra: { containerType: 'X' } }),
      { token: sales, lang: 'zh' },
    );
    expect(zh.result).toMatchObject({ success: false, reason: 'E_BK_EXTRA' });
    expect(await bookingCount()).toBe(before);
  });

  it('replaces the product lines with order products of the client; another client’s is E_BK_PRODUCT', async () => {
    const { detail, products } = await draftBySales();
    const foreign = await buildOrder(db());
    const bad = await t.client.refused(
      ops.updateInspectionBookingProducts,
      {
        id: detail.id,
        version: detail.version,
        products: [{ orderProductId: String(foreign.products[0]!.id), quantity: 1 }],
      },
      { token: sales },
    );
    expect(bad.reason).toBe('E_BK_PRODUCT');
    const done = await t.client.ok(
      ops.updateInspectionBookingProducts,
      {
        id: detail.id,
        version: detail.version,
        products: [
          { orderProductId: String(products[0]!.id), quantity: 300 },
          { name: 'Sample box', quantity: 2 },
        ],
      },
      { token: sales },
    );
    expect(done.products.map((p) => [p.orderProductId, p.quantity])).toEqual([
      [String(products[0]!.id), 300],
      [null, 2],
    ]);
    expect(done.version).toBe(detail.version + 1);
  });
});

describe('reads and scope', () => {
  it('refuses a CLIENT user another client’s booking (E_SCOPE) and lists only its own', async () => {
    const mine = await t.client.ok(ops.createInspectionBooking, await bookingInput(db()), {
      token: clientUser,
    });
    const refused = await t.client.refused(
      ops.getInspectionBooking,
      { id: mine.id },
      { token: otherClientUser },
    );
    expect(refused).toMatchObject({ reason: 'E_SCOPE', error: 'Invalid Permission' });
    const reports = await t.client.refused(
      ops.inspectionBookingReports,
      { id: mine.id },
      { token: otherClientUser },
    );
    expect(reports.reason).toBe('E_SCOPE');
    const page = await t.client.ok(
      ops.searchInspectionBookings,
      { page: 1, pageSize: 100 },
      { token: otherClientUser },
    );
    expect(page.list.map((r) => r.id)).not.toContain(mine.id);
    const own = await t.client.ok(
      ops.searchInspectionBookings,
      { page: 1, pageSize: 100 },
      { token: clientUser },
    );
    expect(own.list.map((r) => r.id)).toContain(mine.id);
  });

  it('filters by order no, product no, factory, dates, type, status and work', async () => {
    const { detail, products, order } = await draftBySales();
    await t.client.ok(
      ops.updateInspectionBookingProducts,
      {
        id: detail.id,
        version: detail.version,
        products: [{ orderProductId: String(products[0]!.id), quantity: 5 }],
      },
      { token: sales },
    );
    const find = async (filters: Record<string, unknown>, token = sales) =>
      (
        await t.client.ok(ops.searchInspectionBookings, { page: 1, pageSize: 100, ...filters }, { token })
      ).list.map((r) => r.id);
    expect(await find({ orderNo: order.orderNo.slice(-5) })).toEqual([detail.id]);
    expect(await find({ productNo: products[0]!.productNo })).toEqual([detail.id]);
    expect(await find({ factory: 'Huamei' })).toContain(detail.id);
    expect(await find({ factory: 'Jiale' })).not.toContain(detail.id);
    expect(await find({ startTime: detail.inspectionDate, endTime: detail.inspectionDate })).toContain(
      detail.id,
    );
    expect(await find({ endTime: businessDate() })).not.toContain(detail.id);
    expect(await find({ type: String(await bookingTypeId(db(), 'BK-PSI')) })).toContain(detail.id);
    expect(await find({ type: String(await bookingTypeId(db(), 'BK-CLC')) })).not.toContain(detail.id);
    expect(await find({ status: draft })).toContain(detail.id);
    expect(await find({ status: submitted })).not.toContain(detail.id);
    expect(await find({ work: true })).toContain(detail.id); // own draft
    expect(await find({ work: true }, qcMgr)).not.toContain(detail.id); // not submitted yet
  });
});

describe('submit: advance days and the urgent request', () => {
  it('refuses a date inside the advance days (E_ADVANCE_DAYS), nothing changed', async () => {
    const { detail } = await draftBySales({ inspectionDate: businessDate() });
    const refused = await t.client.refused(
      ops.submitInspectionBooking,
      { id: detail.id, version: detail.version, confirm: true },
      { token: sales },
    );
    expect(refused).toMatchObject({
      reason: 'E_ADVANCE_DAYS',
      field: 'inspectionDate',
      error: 'Inspections must be booked at least 2 working days in advance',
    });
    expect(await rowOf(detail.id)).toMatchObject({ status: draft, version: detail.version });
  });

  it('refuses `urgent` from a non-admin (E_BK_URGENT_ADMIN), nothing changed', async () => {
    const { detail } = await draftBySales({ inspectionDate: businessDate() });
    const refused = await t.client.refused(
      ops.updateInspectionBooking,
      { id: detail.id, version: detail.version, urgent: true, urgentReason: 'line stops' },
      { token: sales },
    );
    expect(refused).toMatchObject({
      reason: 'E_BK_URGENT_ADMIN',
      error: 'Only a booking admin may mark a booking urgent',
    });
    expect(await rowOf(detail.id)).toMatchObject({ urgent: false, version: detail.version });
  });

  it('submits a date inside the advance days as an urgent request; the admin accepts it, then assigns', async () => {
    const { detail } = await draftBySales({ inspectionDate: businessDate() });
    const noReason = await t.client.refused(
      ops.submitInspectionBooking,
      { id: detail.id, version: detail.version, urgentRequested: true, confirm: true },
      { token: sales },
    );
    expect(noReason.reason).toBe('E_REASON_REQUIRED');
    const sent = await t.client.ok(
      ops.submitInspectionBooking,
      {
        id: detail.id,
        version: detail.version,
        urgentRequested: true,
        urgentReason: 'Vessel leaves Monday',
        confirm: true,
      },
      { token: sales },
    );
    expect(sent.result).toMatchObject({
      status: submitted,
      urgentRequested: true,
      urgent: false,
      urgentReason: 'Vessel leaves Monday',
    });
    const held = await t.client.ok(ops.checkoutInspectionBooking, { id: detail.id }, { token: qcMgr });
    const pending = await t.client.refused(
      ops.updateInspectionBooking,
      {
        id: detail.id,
        version: held.version,
        inspectorId: String(inspectorId),
        assignedDate: businessDate(),
        confirm: true,
      },
      { token: qcMgr },
    );
    expect(pending.reason).toBe('E_BK_URGENT_PENDING');
    const accepted = await t.client.ok(
      ops.updateInspectionBooking,
      { id: detail.id, version: held.version, urgent: true },
      { token: qcMgr },
    );
    expect(accepted.result).toMatchObject({ urgent: true, urgentRequested: false });
    const assigned = await t.client.ok(
      ops.updateInspectionBooking,
      {
        id: detail.id,
        version: accepted.result!.version,
        inspectorId: String(inspectorId),
        assignedDate: businessDate(),
        confirm: true,
      },
      { token: qcMgr },
    );
    expect(assigned.result!.status).toBe(scheduled);
    // Cancelled on the inspection day: late (chargeable); the plan and task go with it.
    const done = await t.client.ok(
      ops.cancelInspectionBooking,
      { id: detail.id, version: assigned.result!.version, reason: 'Goods not ready' },
      { token: qcMgr },
    );
    expect(done).toMatchObject({ status: cancelled, lateCancel: true });
    const [plan] = await db()
      .select()
      .from(inspectionPlans)
      .where(eq(inspectionPlans.id, BigInt(assigned.result!.plan!.id)));
    expect(plan!.status).toBe(INSPECTION_PLAN_STATUS.cancelled);
  });

  it('lets the admin return an urgent request (20 → 80) with a reason', async () => {
    const { detail } = await draftBySales({ inspectionDate: businessDate() });
    const sent = await t.client.ok(
      ops.submitInspectionBooking,
      { id: detail.id, version: detail.version, urgentRequested: true, urgentReason: 'Rush', confirm: true },
      { token: sales },
    );
    const noReason = await t.client.refused(
      ops.returnInspectionBooking,
      { id: detail.id, version: sent.result!.version },
      { token: qcMgr },
    );
    expect(noReason.reason).toBe('E_REASON_REQUIRED');
    const back = await t.client.ok(
      ops.returnInspectionBooking,
      { id: detail.id, version: sent.result!.version, reason: 'No inspector free' },
      { token: qcMgr },
    );
    expect(back).toMatchObject({ status: returned, urgentRequested: false, reasonText: 'No inspector free' });
  });
});

describe('checkout and assignment', () => {
  it('refuses an assignment without the checkout (E_NOT_CHECKED_OUT), nothing changed', async () => {
    const { detail } = await submittedBySales();
    const body = {
      id: detail.id,
      version: detail.version,
      inspectorId: String(inspectorId),
      assignedDate: detail.inspectionDate,
      confirm: true,
    };
    const refused = await t.client.refused(ops.updateInspectionBooking, body, { token: qcMgr });
    expect(refused).toMatchObject({
      reason: 'E_NOT_CHECKED_OUT',
      error: 'Check the record out before editing',
    });
    const bySales = await t.client.refused(ops.updateInspectionBooking, body, { token: sales });
    expect(bySales.reason).toBe('E_PERMISSION');
    expect(await rowOf(detail.id)).toMatchObject({
      status: submitted,
      version: detail.version,
      planId: null,
    });
  });

  it('of two admins checking out at once one wins (E_CHECKED_OUT for the other); the author waits too', async () => {
    const { detail } = await submittedBySales();
    const answers = await Promise.all([
      t.client.call(ops.checkoutInspectionBooking, { id: detail.id }, { token: qcMgr, lang: 'en' }),
      t.client.call(ops.checkoutInspectionBooking, { id: detail.id }, { token: admin, lang: 'en' }),
    ]);
    const won = answers.filter((a) => a.result.success);
    const lost = answers.filter((a) => !a.result.success);
    expect(won).toHaveLength(1);
    expect(lost[0]!.result).toMatchObject({ reason: 'E_CHECKED_OUT' });
    expect((lost[0]!.result as { error: string }).error).toMatch(/^The record is checked out by .+/);
    const row = await rowOf(detail.id);
    // The admin who lost cannot assign either: the winner holds the booking.
    const loser = answers[0]!.result.success ? admin : qcMgr;
    const refusedAssign = await t.client.refused(
      ops.updateInspectionBooking,
      {
        id: detail.id,
        version: row.version,
        inspectorId: String(inspectorId),
        assignedDate: detail.inspectionDate,
        confirm: true,
      },
      { token: loser },
    );
    expect(refusedAssign.reason).toBe('E_CHECKED_OUT');
    expect(await rowOf(detail.id)).toMatchObject({ status: submitted, version: row.version, planId: null });
    const byAuthor = await t.client.refused(
      ops.updateInspectionBooking,
      { id: detail.id, version: row.version, contactName: 'Someone else' },
      { token: sales },
    );
    expect(byAuthor.reason).toBe('E_CHECKED_OUT');
    expect((await rowOf(detail.id)).version).toBe(row.version);
  });

  it('warns W_FACTORY_CLOSED without writing, then assigns another day: a dispatched plan and task', async () => {
    const { detail } = await submittedBySales();
    const closedDay = detail.inspectionDate;
    await db()
      .insert(factorySchedules)
      .values({
        factoryId: await idOf(db(), factories, 'F-HM-SZ'),
        type: 4,
        startDate: closedDay,
        endDate: closedDay,
        remark: 'booking test closure',
      });
    const held = await t.client.ok(ops.checkoutInspectionBooking, { id: detail.id }, { token: qcMgr });
    expect(held.actions).toContain('assign');
    const body = {
      id: detail.id,
      version: held.version,
      inspectorId: String(inspectorId),
      assignedDate: closedDay,
    };
    const warned = await t.client.ok(ops.updateInspectionBooking, body, { token: qcMgr });
    expect(warned.saved).toBe(false);
    expect(warned.warnings.find((w) => w.key === 'W_FACTORY_CLOSED')).toMatchObject({
      en: 'The factory is closed on that date',
    });
    expect(await rowOf(detail.id)).toMatchObject({ status: submitted, version: held.version, planId: null });
    const otherDay = await bookingDay(db(), 45);
    const done = await t.client.ok(
      ops.updateInspectionBooking,
      { ...body, assignedDate: otherDay, confirm: true },
      { token: qcMgr },
    );
    expect(done.result).toMatchObject({
      status: scheduled,
      assignedDate: otherDay,
      assignedInspector: { id: String(inspectorId) },
    });
    const mails = async (template: string) =>
      db()
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.entityId, BigInt(detail.id)), eq(mailOutbox.template, template)));
    expect((await mails('inspection-booking-submitted')).length).toBeGreaterThan(0); // the booking admins
    const [author] = await db().select().from(users).where(eq(users.username, 'demo.sales'));
    expect((await mails('inspection-booking-assigned')).map((m) => m.to)).toEqual([author!.email]);
    const [task] = await db()
      .select()
      .from(inspectionTasks)
      .where(eq(inspectionTasks.bookingId, BigInt(detail.id)));
    expect(task).toMatchObject({ inspectorId, taskDate: otherDay });
    const [plan] = await db().select().from(inspectionPlans).where(eq(inspectionPlans.id, task!.planId));
    expect(plan!.status).toBe(INSPECTION_PLAN_STATUS.dispatched);
    // Reschedule in 30: the plan and task follow.
    const later = await bookingDay(db(), 50);
    const moved = await t.client.ok(
      ops.updateInspectionBooking,
      { id: detail.id, version: done.result!.version, assignedDate: later, confirm: true },
      { token: qcMgr },
    );
    expect(moved.result!.assignedDate).toBe(later);
    const [movedTask] = await db().select().from(inspectionTasks).where(eq(inspectionTasks.id, task!.id));
    expect(movedTask!.taskDate).toBe(later);
  });

  it('goes back to its admins (30 → 20, RESET) when a planner cancels its plan', async () => {
    const { detail } = await submittedBySales();
    const held = await t.client.ok(ops.checkoutInspectionBooking, { id: detail.id }, { token: qcMgr });
    const assigned = await t.client.ok(
      ops.updateInspectionBooking,
      {
        id: detail.id,
        version: held.version,
        inspectorId: String(inspectorId),
        assignedDate: await bookingDay(db(), 40),
        confirm: true,
      },
      { token: qcMgr },
    );
    expect(assigned.result!.status).toBe(scheduled);
    const planId = (await rowOf(detail.id)).planId!;
    const [plan] = await db().select().from(inspectionPlans).where(eq(inspectionPlans.id, planId));
    await t.client.ok(
      areas.inspectionPlan.cancelInspectionPlan,
      { id: String(planId), version: plan!.version, reason: '工厂停电 / power cut' },
      { token: qcMgr },
    );
    expect(await rowOf(detail.id)).toMatchObject({
      status: submitted,
      planId: null,
      assignedInspectorId: null,
      assignedDate: null,
      checkedOutBy: null,
      reasonText: 'RESET: 工厂停电 / power cut',
    });
    const [task] = await db()
      .select()
      .from(inspectionTasks)
      .where(eq(inspectionTasks.bookingId, BigInt(detail.id)));
    expect(task!.status).toBe(INSPECTION_TASK_STATUS.cancelled);
  });

  it('refuses a CLC assignment or submit without an order product (E_BK_CLC_ORDER)', async () => {
    const { detail } = await draftBySales({ type: 'BK-CLC', extra: { containerType: '40HQ' } });
    const refused = await t.client.refused(
      ops.submitInspectionBooking,
      { id: detail.id, version: detail.version, confirm: true },
      { token: sales },
    );
    expect(refused.reason).toBe('E_BK_CLC_ORDER');
    expect((await rowOf(detail.id)).status).toBe(draft);
  });

  it('refuses a stale version (E_VERSION)', async () => {
    const { detail } = await draftBySales();
    const stale = await t.client.refused(
      ops.updateInspectionBooking,
      { id: detail.id, version: detail.version + 3, contactName: 'x' },
      { token: sales },
    );
    expect(stale.reason).toBe('E_VERSION');
  });
});

describe('report retrieval', () => {
  it('answers the approved final reports of its tasks; CLIENT users only sent ones', async () => {
    const booking = await t.client.ok(ops.createInspectionBooking, await bookingInput(db()), {
      token: clientUser,
    });
    const order = await buildOrder(db(), { clientId: ownClientId });
    const report = await buildReport(db(), order);
    await db()
      .update(inspectionTasks)
      .set({ bookingId: BigInt(booking.id) })
      .where(eq(inspectionTasks.id, report.taskId));
    const ids = async (token: string) =>
      (await t.client.ok(ops.inspectionBookingReports, { id: booking.id }, { token })).list.map(
        (r) => r.reportNo,
      );
    expect(await ids(qcMgr)).toEqual([]); // a draft is not retrieved
    await db()
      .update(inspectionReports)
      .set({ status: INSPECTION_REPORT_STATUS.approved })
      .where(eq(inspectionReports.id, report.id));
    expect(await ids(qcMgr)).toEqual([report.reportNo]);
    expect(await ids(clientUser)).toEqual([]); // approved, not sent
    await db()
      .update(inspectionReports)
      .set({ status: INSPECTION_REPORT_STATUS.sent })
      .where(eq(inspectionReports.id, report.id));
    expect(await ids(clientUser)).toEqual([report.reportNo]);
  });
  it('answers a CLC booking’s approved loading reports too (CLIENT users only sent ones), each of its kind', async () => {
    const booking = await t.client.ok(ops.createInspectionBooking, await bookingInput(db()), {
      token: clientUser,
    });
    const report = await buildSuperviseReport(db(), { clientId: ownClientId });
    const cancelledOne = await buildSuperviseReport(db(), { clientId: ownClientId });
    for (const [id, status] of [
      [report.id, SUPERVISE_REPORT_STATUS.submitted],
      [cancelledOne.id, SUPERVISE_REPORT_STATUS.cancelled],
    ] as const)
      await db()
        .update(superviseReports)
        .set({ bookingId: BigInt(booking.id), status })
        .where(eq(superviseReports.id, id));
    const rows = async (token: string) =>
      (await t.client.ok(ops.inspectionBookingReports, { id: booking.id }, { token })).list.map((r) => [
        r.kind,
        r.reportNo,
      ]);
    expect(await rows(qcMgr)).toEqual([]); // submitted, not approved yet
    const setStatus = (status: number) =>
      db().update(superviseReports).set({ status }).where(eq(superviseReports.id, report.id));
    await setStatus(SUPERVISE_REPORT_STATUS.approved);
    expect(await rows(qcMgr)).toEqual([['supervise', report.reportNo]]);
    expect(await rows(clientUser)).toEqual([]); // approved, not sent
    await setStatus(SUPERVISE_REPORT_STATUS.sent);
    expect(await rows(clientUser)).toEqual([['supervise', report.reportNo]]);
    const [answered] = (
      await t.client.ok(ops.inspectionBookingReports, { id: booking.id }, { token: clientUser })
    ).list;
    expect(answered).toMatchObject({ id: String(report.id), inspectionDate: report.loadingDate });
  });
});

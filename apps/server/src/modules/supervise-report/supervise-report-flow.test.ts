import { areas } from '@qcdesk/contract';
import { INSPECTION_RESULT } from '@qcdesk/contract/inspection-apply';
import { INSPECTION_BOOKING_STATUS } from '@qcdesk/contract/inspection-booking';
import { INSPECTION_PLAN_STATUS } from '@qcdesk/contract/inspection-plan';
import { INSPECTION_TASK_STATUS } from '@qcdesk/contract/inspection-task';
import { CHECKPOINT_RESULT, SUPERVISE_REPORT_STATUS } from '@qcdesk/contract/supervise-report';
import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadFile } from '../../../test/support/files-helpers';
import { buildUser, signIn, signInAs } from '../../../test/support/identity';
import { readPdf } from '../../../test/support/pdf-reader';
import { seedContext, startTestApp, type TestApp } from '../../../test/support/test-app';
import { clients } from '../../db/schema/client';
import { bookingTypes, factories, inspectionTypes } from '../../db/schema/config';
import { shortLinks } from '../../db/schema/files';
import { users } from '../../db/schema/identity';
import { inspectionBookings } from '../../db/schema/inspection-booking';
import { inspectionPlans } from '../../db/schema/inspection-plan';
import { inspectionTasks } from '../../db/schema/inspection-task';
import { mailOutbox } from '../../db/schema/mail';
import { orders } from '../../db/schema/order';
import { changeLog } from '../../db/schema/platform';
import { superviseReports } from '../../db/schema/supervise-report';
import { buildClient } from '../client/client.factory';
import { scoredReportsOf } from '../daily-work-report/daily-work-report-sources.service';
import { bookingDay, bookingInput } from '../inspection-booking/inspection-booking.factory';
import { seedInspectionBookings } from '../inspection-booking/inspection-booking.seed';
import { jpeg } from '../inspection-report/inspection-report.factory';
import { modules } from '../modules';
import { buildShippedOrder, superviseInput } from './supervise-report.factory';
import { DEMO_SUPERVISE_ORDER, seedSuperviseReports } from './supervise-report.seed';
import { SUPERVISE_PDF_LABELS } from './supervise-report-pdf.texts';

// The supervise report beyond its own record (issue 29; DOMAIN.md §4.2, §4.3, §4.5, §4.6, §6.10):
// the CLC plan and task of a report made from a shipping, the task moves of checkout, submit,
// reject and approval (for a shipping's report and a booking's), the plan dropped by a cancel, the
// loading-report PDF and the send (mail with the PDF and a share link), and the booking admins'
// mail when a booking's plan is cancelled (RESET) — each through the envelope, refusals with their
// key and nothing changed.

const ops = areas.superviseReport;
const { assigned, inProgress, reported, closed, aborted, cancelled } = INSPECTION_TASK_STATUS;
let t: TestApp;
let qcMgr: string;
let sales: string;
let auditor: string;
let inspector: string;
let inspectorId: bigint;

const db = () => t.database.db;

beforeAll(async () => {
  t = await startTestApp({ modules });
  [qcMgr, sales, auditor] = await Promise.all([
    signInAs(t, 'QC_MGR'),
    signInAs(t, 'SALES'),
    signInAs(t, 'AUDITOR'),
  ]);
  const user = await buildUser(db(), { role: 'INSPECTOR', department: 'QC' });
  inspectorId = user.id;
  inspector = await signIn(t, user.username);
});
afterAll(() => t.close());

const reportRow = async (id: string) =>
  (
    await db()
      .select()
      .from(superviseReports)
      .where(eq(superviseReports.id, BigInt(id)))
  )[0]!;

/** The report's plan and its task, as stored. */
async function planAndTask(id: string) {
  const r = await reportRow(id);
  expect(r.planId).not.toBeNull();
  const [plan] = await db().select().from(inspectionPlans).where(eq(inspectionPlans.id, r.planId!));
  const [task] = await db()
    .select()
    .from(inspectionTasks)
    .where(eq(inspectionTasks.planId, r.planId!))
    .orderBy(asc(inspectionTasks.id));
  return { plan: plan!, task: task! };
}

/** A report in 10 of a new shipped order (of `clientId` when given). */
async function created(o: { clientId?: bigint } = {}) {
  const shipped = await buildShippedOrder(db(), {
    lines: [{}],
    ...(o.clientId ? { clientId: o.clientId } : {}),
  });
  const detail = await t.client.ok(
    ops.createSuperviseReport,
    superviseInput(shipped.shipping.id, inspectorId),
    {
      token: qcMgr,
    },
  );
  return { ...shipped, detail };
}

let photoSeed = 500;

/** Checked out by the inspector and filled with everything a submit needs. */
async function filled(id: string) {
  const out = await t.client.ok(ops.checkoutSuperviseReport, { id }, { token: inspector });
  const photos = new Map<string, string>();
  for (const c of out.checkpoints)
    if (c.photoRequired) photos.set(c.id, await uploadFile(t, inspector, 'cp.jpg', await jpeg(++photoSeed)));
  return t.client.ok(
    ops.updateSuperviseReport,
    {
      id,
      version: out.version,
      containerNo: 'CSQU3054383',
      sealNo: 'SEAL-1200',
      products: out.products.map((p) => ({ id: p.id, loadedCartons: 12, loadedQuantity: 144 })),
      checkpoints: out.checkpoints.map((c) => ({
        id: c.id,
        result: CHECKPOINT_RESULT.pass,
        photoIds: photos.has(c.id) ? [photos.get(c.id)!] : [],
      })),
    },
    { token: inspector },
  );
}

async function submitted(id: string) {
  const f = await filled(id);
  return t.client.ok(ops.submitSuperviseReport, { id, version: f.version }, { token: inspector });
}

async function approved(o: { clientId?: bigint; result?: number } = {}) {
  const made = await created(o);
  const done = await submitted(made.detail.id);
  const detail = await t.client.ok(
    ops.approveSuperviseReport,
    { id: made.detail.id, version: done.version, ...(o.result ? { result: o.result } : {}) },
    { token: auditor },
  );
  return { ...made, detail };
}

describe('a report made from a shipping gets a CLC plan and task', () => {
  it('creates a dispatched plan with one CLC task for the inspector on the loading date', async () => {
    const { detail } = await created();
    const { plan, task } = await planAndTask(detail.id);
    const [clc] = await db().select().from(inspectionTypes).where(eq(inspectionTypes.serviceCode, 'CLC'));
    expect(plan).toMatchObject({
      status: INSPECTION_PLAN_STATUS.dispatched,
      planDate: detail.loadingDate,
      leadInspectorId: inspectorId,
    });
    expect(task).toMatchObject({
      status: assigned,
      inspectorId,
      taskDate: detail.loadingDate,
      inspectionTypeId: clc!.id,
      applyId: null,
      bookingId: null,
    });
    // The inspector sees the task (§4.3: lead of a plan in 20–40).
    const tasks = await t.client.ok(
      areas.inspectionTask.searchInspectionTasks,
      { page: 1, pageSize: 50 },
      { token: inspector },
    );
    expect(tasks.list.map((x) => String(x.id))).toContain(String(task.id));
  });

  it('moves the task as a final report does: checkout 10 → 20, submit → 30, reject → 20, approve → 40', async () => {
    const { detail, shipping } = await created();
    const out = await t.client.ok(ops.checkoutSuperviseReport, { id: detail.id }, { token: inspector });
    expect((await planAndTask(detail.id)).task.status).toBe(inProgress);
    expect((await planAndTask(detail.id)).plan.status).toBe(INSPECTION_PLAN_STATUS.inProgress);
    await t.client.ok(ops.releaseSuperviseReport, { id: detail.id }, { token: inspector });
    const first = await submitted(out.id);
    expect((await planAndTask(detail.id)).task.status).toBe(reported);
    const back = await t.client.ok(
      ops.rejectSuperviseReport,
      { id: detail.id, version: first.version, reason: 'Seal photo blurred' },
      { token: auditor },
    );
    expect(back.status).toBe(SUPERVISE_REPORT_STATUS.rejected);
    expect((await planAndTask(detail.id)).task.status).toBe(inProgress);
    const again = await submitted(detail.id);
    expect((await planAndTask(detail.id)).task.status).toBe(reported);
    const ok = await t.client.ok(
      ops.approveSuperviseReport,
      { id: detail.id, version: again.version },
      { token: auditor },
    );
    expect(ok.status).toBe(SUPERVISE_REPORT_STATUS.approved);
    const { plan, task } = await planAndTask(detail.id);
    expect(task.status).toBe(closed);
    expect(plan.status).toBe(INSPECTION_PLAN_STATUS.completed);
    // §6.6: scored as a CLC final report (base 60, one product line).
    expect(await reportRow(detail.id)).toMatchObject({ score: 60, assistScore: 0 });
    // …and the daily work report reads it on the loading date.
    const day = { from: detail.loadingDate, to: detail.loadingDate, userId: inspectorId };
    expect((await scoredReportsOf(db(), day)).find((r) => r.reportNo === detail.reportNo)).toMatchObject({
      inspectionDate: detail.loadingDate,
      score: 60,
    });
    expect(shipping.id).toBeDefined();
  });

  it('aborts the task (50) on an approval with result 5 or 6 (30 % of the base)', async () => {
    const { detail } = await approved({ result: INSPECTION_RESULT.giveUp });
    expect(detail.result).toBe(INSPECTION_RESULT.giveUp);
    expect((await planAndTask(detail.id)).task.status).toBe(aborted);
    expect((await reportRow(detail.id)).score).toBe(18);
  });

  it('cancels the plan and task with the report, before and after its checkout', async () => {
    const early = await created();
    await t.client.ok(
      ops.cancelSuperviseReport,
      { id: early.detail.id, version: early.detail.version, reason: 'Loading moved to another shipping' },
      { token: auditor },
    );
    let moved = await planAndTask(early.detail.id);
    expect([moved.task.status, moved.plan.status]).toEqual([cancelled, INSPECTION_PLAN_STATUS.cancelled]);
    const late = await created();
    const out = await t.client.ok(ops.checkoutSuperviseReport, { id: late.detail.id }, { token: inspector });
    await t.client.ok(
      ops.cancelSuperviseReport,
      { id: late.detail.id, version: out.version, reason: 'Container not delivered' },
      { token: auditor },
    );
    moved = await planAndTask(late.detail.id);
    expect([moved.task.status, moved.plan.status]).toEqual([cancelled, INSPECTION_PLAN_STATUS.cancelled]);
  });
});

describe('a CLC booking’s report moves its booking’s task', () => {
  it('checkout 10 → 20, submit → 30, approve → 40 and the booking performed', async () => {
    const booking = areas.inspectionBooking;
    const shipped = await buildShippedOrder(db(), { lines: [{}] });
    const input = await bookingInput(db(), {
      clientId: shipped.order.clientId,
      type: 'BK-CLC',
      extra: { containerType: '40HQ' },
      products: [{ orderProductId: String(shipped.products[0]!.id), quantity: 100 }],
    });
    const draft = await t.client.ok(booking.createInspectionBooking, input, { token: sales });
    await t.client.ok(
      booking.submitInspectionBooking,
      { id: draft.id, version: draft.version, confirm: true },
      { token: sales },
    );
    const checked = await t.client.ok(booking.checkoutInspectionBooking, { id: draft.id }, { token: qcMgr });
    await t.client.ok(
      booking.updateInspectionBooking,
      {
        id: draft.id,
        version: checked.version,
        inspectorId: String(inspectorId),
        assignedDate: await bookingDay(db(), 41),
        confirm: true,
      },
      { token: qcMgr },
    );
    const [report] = await db()
      .select()
      .from(superviseReports)
      .where(eq(superviseReports.bookingId, BigInt(draft.id)));
    const id = String(report!.id);
    expect((await planAndTask(id)).task).toMatchObject({ status: assigned, bookingId: BigInt(draft.id) });
    const done = await submitted(id);
    expect((await planAndTask(id)).task.status).toBe(reported);
    await t.client.ok(ops.approveSuperviseReport, { id, version: done.version }, { token: auditor });
    expect((await planAndTask(id)).task.status).toBe(closed);
    const [row] = await db()
      .select({ status: inspectionBookings.status })
      .from(inspectionBookings)
      .where(eq(inspectionBookings.id, BigInt(draft.id)));
    expect(row!.status).toBe(INSPECTION_BOOKING_STATUS.performed);
  });

  it('mails the booking admins when a planner cancels the booking’s plan (RESET, back to 20)', async () => {
    const booking = areas.inspectionBooking;
    const shipped = await buildShippedOrder(db(), { lines: [{}] });
    const input = await bookingInput(db(), {
      clientId: shipped.order.clientId,
      products: [{ orderProductId: String(shipped.products[0]!.id), quantity: 50 }],
    });
    const draft = await t.client.ok(booking.createInspectionBooking, input, { token: sales });
    await t.client.ok(
      booking.submitInspectionBooking,
      { id: draft.id, version: draft.version, confirm: true },
      { token: sales },
    );
    const checked = await t.client.ok(booking.checkoutInspectionBooking, { id: draft.id }, { token: qcMgr });
    const assigned = await t.client.ok(
      booking.updateInspectionBooking,
      {
        id: draft.id,
        version: checked.version,
        inspectorId: String(inspectorId),
        assignedDate: await bookingDay(db(), 42),
        confirm: true,
      },
      { token: qcMgr },
    );
    const planId = (
      await db()
        .select()
        .from(inspectionBookings)
        .where(eq(inspectionBookings.id, BigInt(draft.id)))
    )[0]!.planId!;
    const [plan] = await db().select().from(inspectionPlans).where(eq(inspectionPlans.id, planId));
    const resets = async () =>
      (
        await db()
          .select({ n: count() })
          .from(mailOutbox)
          .where(
            and(
              eq(mailOutbox.template, 'inspection-booking-reset'),
              eq(mailOutbox.entityId, BigInt(draft.id)),
            ),
          )
      )[0]!.n;
    expect(await resets()).toBe(0);
    await t.client.ok(
      areas.inspectionPlan.cancelInspectionPlan,
      { id: String(planId), version: plan!.version, reason: 'Inspector ill' },
      { token: qcMgr },
    );
    const [row] = await db()
      .select()
      .from(inspectionBookings)
      .where(eq(inspectionBookings.id, BigInt(draft.id)));
    expect(row).toMatchObject({ status: INSPECTION_BOOKING_STATUS.submitted, planId: null });
    expect(await resets()).toBeGreaterThan(0);
    const [mail] = await db()
      .select()
      .from(mailOutbox)
      .where(
        and(eq(mailOutbox.template, 'inspection-booking-reset'), eq(mailOutbox.entityId, BigInt(draft.id))),
      );
    expect(mail!.text).toContain(draft.bookingNo);
    expect(mail!.text).toContain('Inspector ill');
    expect(assigned.saved).toBe(true);
  });
});

describe('the loading report’s PDF and send', () => {
  let factoryContact: string;
  beforeAll(async () => {
    factoryContact = 'loading.contact@example.com';
  });

  /** An approved report of a client with report e-mails, its factory with a contact. */
  async function approvedForSend(o: { sharePassword?: boolean } = {}) {
    const client = await buildClient(db(), { reportEmails: ['loading.buyer@example.com'] });
    if (o.sharePassword)
      await db().update(clients).set({ sharePassword: true }).where(eq(clients.id, client.id));
    const made = await approved({ clientId: client.id });
    await db()
      .update(factories)
      .set({ contacts: [{ name: 'Factory contact', email: factoryContact }] })
      .where(eq(factories.id, BigInt(made.detail.factory.id)));
    return made;
  }

  it('previews the PDF (watermarked before approval) with every label in both languages', async () => {
    const { detail } = await created();
    const preview = await t.client.ok(ops.getSuperviseReportPdf, { id: detail.id }, { token: qcMgr });
    expect(preview).toMatchObject({ preview: true, contentType: 'application/pdf' });
    expect(readPdf(Buffer.from(preview.base64, 'base64')).text).toContain('PREVIEW');
    const { detail: done } = await approved();
    const final = await t.client.ok(ops.getSuperviseReportPdf, { id: done.id }, { token: qcMgr });
    expect(final.preview).toBe(false);
    const pdf = readPdf(Buffer.from(final.base64, 'base64'));
    const flat = pdf.text.replace(/\s+/g, ' ');
    const skipped = [
      SUPERVISE_PDF_LABELS.preview,
      SUPERVISE_PDF_LABELS.booking,
      SUPERVISE_PDF_LABELS.notChecked,
    ];
    for (const label of Object.values(SUPERVISE_PDF_LABELS)) {
      if (skipped.includes(label as never)) continue;
      expect(flat, label.zh).toContain(label.zh);
      expect(flat, label.en).toContain(label.en);
    }
    expect(flat).not.toContain('PREVIEW');
    expect(flat).toContain(done.reportNo);
    expect(flat).toContain('CSQU3054383');
    expect(flat).toContain('SEAL-1200');
    expect(pdf.pages).toBe(final.pages);
    // One photo per checkpoint that needs one, from its print copy.
    expect(pdf.images).toBe(done.checkpoints.filter((c) => c.photoRequired).length);
  });

  it('refuses a send before approval (E_REPORT_NOT_APPROVED) and by a role without insp.report.send, nothing sent', async () => {
    const { detail } = await created();
    const mails = async () =>
      (
        await db()
          .select({ n: count() })
          .from(mailOutbox)
          .where(eq(mailOutbox.template, 'supervise-report-sent'))
      )[0]!.n;
    const before = await mails();
    expect(
      await t.client.refused(
        ops.sendSuperviseReport,
        { id: detail.id, version: detail.version },
        { token: qcMgr },
      ),
    ).toMatchObject({
      reason: 'E_REPORT_NOT_APPROVED',
      error: expect.stringMatching(/报告审核通过后才能发送|The report can be sent only once it is approved/),
    });
    const { detail: done } = await approved();
    expect(
      (
        await t.client.refused(
          ops.sendSuperviseReport,
          { id: done.id, version: done.version },
          { token: inspector },
        )
      ).reason,
    ).toBe('E_PERMISSION');
    expect((await reportRow(done.id)).status).toBe(SUPERVISE_REPORT_STATUS.approved);
    expect(await mails()).toBe(before);
  });

  it('mails the PDF and a 30-day share link to the client, its sales and the factory; 40 → 50; a resend stays', async () => {
    const { detail } = await approvedForSend();
    const recipients = await t.client.ok(ops.getSuperviseSendRecipients, { id: detail.id }, { token: qcMgr });
    expect(recipients.recipients.map((r) => [r.email, r.role])).toEqual([
      ['loading.buyer@example.com', 'client'],
      [expect.stringContaining('@'), 'sales'],
      [factoryContact, 'factory'],
    ]);
    expect(recipients.password).toBe(false);
    expect(detail.actions).not.toContain('send');
    const sent = await t.client.ok(
      ops.sendSuperviseReport,
      { id: detail.id, version: detail.version },
      { token: qcMgr },
    );
    expect(sent.status).toBe(SUPERVISE_REPORT_STATUS.sent);
    expect(sent.actions).toContain('send');
    const mails = await db()
      .select()
      .from(mailOutbox)
      .where(
        and(eq(mailOutbox.template, 'supervise-report-sent'), eq(mailOutbox.entityId, BigInt(detail.id))),
      );
    expect(mails.map((m) => m.to).sort()).toEqual(recipients.recipients.map((r) => r.email).sort());
    const buyer = mails.find((m) => m.to === 'loading.buyer@example.com')!;
    expect(buyer.lang).toBe('en');
    expect(buyer.subject).toContain(`Loading report ${detail.reportNo}`);
    expect(buyer.text).toContain('no password needed');
    expect(buyer.attachments).toHaveLength(1);
    expect(buyer.attachments[0]!.name).toBe(`${detail.reportNo}.pdf`);
    const code = /\/s\/([A-Za-z0-9_-]+)/.exec(buyer.text)![1]!;
    const [link] = await db().select().from(shortLinks).where(eq(shortLinks.code, code));
    const days = (link!.expiresAt!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    expect(link!.passwordHash).toBeNull();
    // A resend (to one address) keeps 50 and is logged with its recipient.
    const again = await t.client.ok(
      ops.sendSuperviseReport,
      { id: detail.id, version: sent.version, to: [factoryContact] },
      { token: qcMgr },
    );
    expect(again.status).toBe(SUPERVISE_REPORT_STATUS.sent);
    const logged = await db()
      .select()
      .from(changeLog)
      .where(and(eq(changeLog.entity, 'supervise_reports'), eq(changeLog.entityId, BigInt(detail.id))))
      .orderBy(asc(changeLog.id));
    expect(logged.slice(-2).map((l) => l.action)).toEqual(['send', 'resend']);
    expect(logged.at(-1)!.reason).toContain(factoryContact);
    // Both sends are kept on the report, newest first, with their share links.
    expect(detail.sends).toEqual([]);
    expect(again.sends.map((x) => [x.to, x.share.code, x.share.password])).toEqual([
      [[factoryContact], expect.any(String), false],
      [recipients.recipients.map((r) => r.email), code, false],
    ]);
    expect(again.sends[1]).toMatchObject({
      revision: 0,
      revised: false,
      linkOnly: false,
      share: { url: `/s/${code}` },
    });
  });

  it('puts a password on the link when the client wants one, and says it in the mail', async () => {
    const { detail } = await approvedForSend({ sharePassword: true });
    expect(
      (await t.client.ok(ops.getSuperviseSendRecipients, { id: detail.id }, { token: qcMgr })).password,
    ).toBe(true);
    await t.client.ok(ops.sendSuperviseReport, { id: detail.id, version: detail.version }, { token: qcMgr });
    const [mail] = await db()
      .select()
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.template, 'supervise-report-sent'),
          eq(mailOutbox.entityId, BigInt(detail.id)),
          eq(mailOutbox.to, 'loading.buyer@example.com'),
        ),
      );
    expect(mail!.text).toMatch(/password [A-Z2-9]{6}/);
    const code = /\/s\/([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    const [link] = await db().select().from(shortLinks).where(eq(shortLinks.code, code));
    expect(link!.passwordHash).not.toBeNull();
  });
});

describe('the demo seed', () => {
  it('has a shipping’s supervise report with its plan and a submitted CLC booking, through the services; a second run adds nothing', async () => {
    const [order] = await db().select().from(orders).where(eq(orders.orderNo, DEMO_SUPERVISE_ORDER));
    expect(order!.shippingId).not.toBeNull();
    const [report] = await db()
      .select()
      .from(superviseReports)
      .where(eq(superviseReports.shippingId, order!.shippingId!));
    const [qcMgrUser] = await db().select().from(users).where(eq(users.username, 'demo.qcmgr'));
    expect(report).toMatchObject({
      status: SUPERVISE_REPORT_STATUS.preSupervise,
      containerNo: 'MSKU9070323',
      createdBy: qcMgrUser!.id,
    });
    expect((await planAndTask(String(report!.id))).task.status).toBe(assigned);
    const [clc] = await db().select().from(bookingTypes).where(eq(bookingTypes.code, 'BK-CLC'));
    const booked = await db()
      .select()
      .from(inspectionBookings)
      .where(eq(inspectionBookings.bookingTypeId, clc!.id));
    const [salesUser] = await db().select().from(users).where(eq(users.username, 'demo.sales'));
    // The seed's (its site contact), not the bookings this file made as the demo sales.
    const demo = booked.filter((b) => b.createdBy === salesUser!.id && b.contactName === '李主管');
    expect(demo).toHaveLength(1);
    expect(demo[0]!.status).toBe(INSPECTION_BOOKING_STATUS.submitted);
    const logs = await db()
      .select()
      .from(changeLog)
      .where(and(eq(changeLog.entity, 'supervise_reports'), eq(changeLog.entityId, report!.id)));
    expect(logs.map((l) => [l.action, l.actorId])).toEqual([['create', qcMgrUser!.id]]);
    const counts = async () => [
      (await db().select({ n: count() }).from(superviseReports))[0]!.n,
      (await db().select({ n: count() }).from(inspectionBookings))[0]!.n,
    ];
    const before = await counts();
    await seedInspectionBookings(seedContext(t));
    await seedSuperviseReports(seedContext(t));
    expect(await counts()).toEqual(before);
  });
});

import { areas } from '@qcdesk/contract';
import { changeLog as changeLogOp } from '@qcdesk/contract/config';
import { INSPECTION_BOOKING_STATUS } from '@qcdesk/contract/inspection-booking';
import { SHIPPING_STATUS } from '@qcdesk/contract/shipping';
import { CHECKPOINT_RESULT, SUPERVISE_REPORT_STATUS } from '@qcdesk/contract/supervise-report';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadFile } from '../../../test/support/files-helpers';
import { buildUser, signIn, signInAs } from '../../../test/support/identity';
import { startTestApp, type TestApp } from '../../../test/support/test-app';
import { inspectionBookings } from '../../db/schema/inspection-booking';
import { changeLog } from '../../db/schema/platform';
import { shippings } from '../../db/schema/shipping';
import { superviseReports } from '../../db/schema/supervise-report';
import { bookingDay, bookingInput, linkClientUser } from '../inspection-booking/inspection-booking.factory';
import { jpeg } from '../inspection-report/inspection-report.factory';
import { modules } from '../modules';
import { buildShippedOrder, superviseInput } from './supervise-report.factory';

// Supervise (loading) reports through the envelope (DOMAIN.md §2.7, §4.5, §5.4, §6.10, §7.3):
// create from a shipping (its products, the master checkpoints), one live report per shipping and
// container, search and list, checkout by the team (held by another: E_CHECKED_OUT), the holder's
// saves, release and force release, submit with the ISO 6346 container no, the seal, the cartons,
// the mandatory checkpoints and required photos, the report a CLC booking's assignment creates, and
// the refusals by role and scope — each with its key and message, nothing changed.

const ops = areas.superviseReport;
const { preSupervise, loading, submitted } = SUPERVISE_REPORT_STATUS;
let t: TestApp;
let qcMgr: string;
let sales: string;
let auditor: string;
let inspector: string;
let assistant: string;
let stranger: string;
let inspectorId: bigint;
let assistantId: bigint;

const db = () => t.database.db;
const rowOf = async (id: string) =>
  (
    await db()
      .select()
      .from(superviseReports)
      .where(eq(superviseReports.id, BigInt(id)))
  )[0]!;
const reportCount = async () => (await db().select({ n: count() }).from(superviseReports))[0]!.n;

beforeAll(async () => {
  t = await startTestApp({ modules });
  [qcMgr, sales, auditor] = await Promise.all([
    signInAs(t, 'QC_MGR'),
    signInAs(t, 'SALES'),
    signInAs(t, 'AUDITOR'),
  ]);
  const users = await Promise.all(
    [0, 1, 2].map(() => buildUser(db(), { role: 'INSPECTOR', department: 'QC' })),
  );
  [inspectorId, assistantId] = [users[0]!.id, users[1]!.id];
  const tokens = await Promise.all(users.map((u) => signIn(t, u.username)));
  [inspector, assistant, stranger] = [tokens[0]!, tokens[1]!, tokens[2]!];
});
afterAll(() => t.close());

/** A report in 10 of a new shipped order (two lines) for the inspector and the assistant. */
async function created(containerNo?: string) {
  const shipped = await buildShippedOrder(db(), { lines: [{}, {}] });
  const input = {
    ...superviseInput(shipped.shipping.id, inspectorId, { assistantIds: [assistantId] }),
    containerNo,
  };
  const detail = await t.client.ok(ops.createSuperviseReport, input, { token: qcMgr });
  return { ...shipped, detail };
}

/** A report checked out by the inspector (20). */
async function held() {
  const made = await created();
  const detail = await t.client.ok(ops.checkoutSuperviseReport, { id: made.detail.id }, { token: inspector });
  return { ...made, detail };
}

let photoSeed = 0;

/** The holder's save of everything a submit needs (a new uploaded photo where one is required). */
async function fillAll(detail: Awaited<ReturnType<typeof held>>['detail'], containerNo = 'CSQU3054383') {
  const photos = new Map<string, string>();
  for (const c of detail.checkpoints)
    if (c.photoRequired)
      photos.set(c.id, await uploadFile(t, inspector, 'cp.jpg', await jpeg(++photoSeed + 100)));
  return t.client.ok(
    ops.updateSuperviseReport,
    {
      id: detail.id,
      version: detail.version,
      containerNo,
      sealNo: 'SEAL-778812',
      products: detail.products.map((p) => ({ id: p.id, loadedCartons: 40, loadedQuantity: 480 })),
      checkpoints: detail.checkpoints.map((c) => ({
        id: c.id,
        result: CHECKPOINT_RESULT.pass,
        photoIds: photos.has(c.id) ? [photos.get(c.id)!] : [],
      })),
    },
    { token: inspector },
  );
}

describe('create', () => {
  it('makes a pre-supervise report of the shipping’s products with the master checkpoints, logged', async () => {
    const { detail, shipping, order } = await created();
    expect(detail.reportNo).toMatch(/^CLC\d{10}$/);
    expect(detail).toMatchObject({
      status: preSupervise,
      shipping: { id: String(shipping.id) },
      booking: null,
      inspector: { id: String(inspectorId) },
      assistants: [{ id: String(assistantId) }],
      orderNos: [order.orderNo],
      containerType: '40HQ',
    });
    expect(detail.products).toHaveLength(2);
    expect(detail.checkpoints.length).toBeGreaterThanOrEqual(5);
    expect(detail.checkpoints.every((c) => c.result === CHECKPOINT_RESULT.none)).toBe(true);
    expect(detail.checkpoints.find((c) => c.checkpoint.code === 'CK-SEAL')).toMatchObject({
      mandatory: true,
      photoRequired: true,
    });
    const logged = await db()
      .select()
      .from(changeLog)
      .where(and(eq(changeLog.entity, 'supervise_reports'), eq(changeLog.entityId, BigInt(detail.id))));
    expect(logged.map((l) => l.action)).toEqual(['create']);
  });

  it('keeps one live report per shipping and container (E_SR_LIVE), nothing written', async () => {
    const { shipping, detail } = await created('CSQU 305438-3');
    expect(detail.containerNo).toBe('CSQU3054383');
    const before = await reportCount();
    const refused = await t.client.refused(
      ops.createSuperviseReport,
      { ...superviseInput(shipping.id, inspectorId), containerNo: 'csqu3054383' },
      { token: qcMgr },
    );
    expect(refused).toMatchObject({ reason: 'E_SR_LIVE', field: 'containerNo' });
    expect(refused.error).toContain(detail.reportNo);
    expect(await reportCount()).toBe(before);
  });

  it('refuses a create by a role without supervise.edit (E_PERMISSION)', async () => {
    const shipped = await buildShippedOrder(db());
    const before = await reportCount();
    const refused = await t.client.refused(
      ops.createSuperviseReport,
      superviseInput(shipped.shipping.id, inspectorId),
      { token: auditor },
    );
    expect(refused.reason).toBe('E_PERMISSION');
    expect(await reportCount()).toBe(before);
  });
});

describe('reads and scope', () => {
  it('searches by order no, product no, po, status and pre; lists by report no', async () => {
    const { detail, order, products } = await created();
    const find = async (filters: Record<string, unknown>, token = qcMgr) =>
      (await t.client.ok(ops.searchSuperviseReports, filters, { token })).list.map((r) => r.id);
    expect(await find({ orderNo: order.orderNo.slice(-6) })).toEqual([detail.id]);
    expect(await find({ productNo: products[1]!.productNo })).toContain(detail.id);
    if (order.clientPo) expect(await find({ po: order.clientPo.slice(-4) })).toContain(detail.id);
    expect(await find({ orderNo: order.orderNo, pre: true })).toEqual([detail.id]);
    expect(await find({ orderNo: order.orderNo, status: loading })).toEqual([]);
    expect(await find({ orderNo: order.orderNo, status: preSupervise })).toEqual([detail.id]);
    expect(await find({ orderNo: order.orderNo }, inspector)).toEqual([detail.id]);
    expect(await find({ orderNo: order.orderNo }, stranger)).toEqual([]);
    expect(await find({ orderNo: order.orderNo }, sales)).toEqual([detail.id]); // demo.sales's client
    const listed = await t.client.ok(
      ops.listSuperviseReports,
      { keyword: detail.reportNo.slice(-8) },
      { token: qcMgr },
    );
    expect(listed.list.map((r) => r.id)).toEqual([detail.id]);
  });

  it('refuses another inspector’s report (E_SCOPE) on details and checkout', async () => {
    const { detail } = await created();
    expect(
      (await t.client.refused(ops.getSuperviseReport, { id: detail.id }, { token: stranger })).reason,
    ).toBe('E_SCOPE');
    expect(
      (await t.client.refused(ops.checkoutSuperviseReport, { id: detail.id }, { token: stranger })).reason,
    ).toBe('E_SCOPE');
    expect((await rowOf(detail.id)).status).toBe(preSupervise);
  });
});

describe('CLIENT users', () => {
  it('see only their client’s sent reports (50): an unsent one is E_SCOPE, another client’s too', async () => {
    const { detail, order } = await created();
    const other = await created();
    const user = await buildUser(db(), { role: 'CLIENT', department: 'EXT' });
    await linkClientUser(db(), user.id, order.clientId);
    const client = await signIn(t, user.username);
    const find = async () =>
      (await t.client.ok(ops.searchSuperviseReports, {}, { token: client })).list.map((r) => r.id);
    expect(await find()).toEqual([]);
    expect(
      (await t.client.refused(ops.getSuperviseReport, { id: detail.id }, { token: client })).reason,
    ).toBe('E_SCOPE');
    for (const id of [detail.id, other.detail.id])
      await db()
        .update(superviseReports)
        .set({ status: SUPERVISE_REPORT_STATUS.sent })
        .where(eq(superviseReports.id, BigInt(id)));
    expect(await find()).toEqual([detail.id]);
    const read = await t.client.ok(ops.getSuperviseReport, { id: detail.id }, { token: client });
    expect(read).toMatchObject({ status: SUPERVISE_REPORT_STATUS.sent, actions: [], remark: null });
    expect(
      (await t.client.refused(ops.getSuperviseReport, { id: other.detail.id }, { token: client })).reason,
    ).toBe('E_SCOPE');
  });
});

describe('checkout, saves and release', () => {
  it('checks out 10 → 20 with the arrival time; held by another: E_CHECKED_OUT, nothing changed', async () => {
    const { detail } = await held();
    expect(detail).toMatchObject({ status: loading, checkedOutBy: { id: String(inspectorId) } });
    expect(detail.arrivalTime).not.toBeNull();
    expect(detail.actions).toEqual(expect.arrayContaining(['update', 'release', 'submit']));
    const row = await rowOf(detail.id);
    const refused = await t.client.refused(
      ops.checkoutSuperviseReport,
      { id: detail.id },
      { token: assistant },
    );
    expect(refused.reason).toBe('E_CHECKED_OUT');
    const notHeld = await t.client.refused(
      ops.updateSuperviseReport,
      { id: detail.id, version: detail.version, sealNo: 'X' },
      { token: assistant },
    );
    expect(notHeld.reason).toBe('E_NOT_CHECKED_OUT');
    expect((await rowOf(detail.id)).version).toBe(row.version);
  });

  it('refuses a checkout by a user not of the team (E_SR_INSPECTOR)', async () => {
    const { detail } = await created();
    const refused = await t.client.refused(ops.checkoutSuperviseReport, { id: detail.id }, { token: qcMgr });
    expect(refused.reason).toBe('E_SR_INSPECTOR');
    expect((await rowOf(detail.id)).status).toBe(preSupervise);
  });

  it('saves the container, seal, cartons and checkpoints under the checkout, logged per line', async () => {
    const { detail } = await held();
    const saved = await fillAll(detail);
    expect(saved).toMatchObject({
      containerNo: 'CSQU3054383',
      sealNo: 'SEAL-778812',
      version: detail.version + 1,
    });
    expect(saved.products.every((p) => p.loadedCartons === 40 && p.loadedQuantity === 480)).toBe(true);
    expect(saved.checkpoints.every((c) => c.result === CHECKPOINT_RESULT.pass)).toBe(true);
    const [update] = await db()
      .select()
      .from(changeLog)
      .where(
        and(
          eq(changeLog.entity, 'supervise_reports'),
          eq(changeLog.entityId, BigInt(detail.id)),
          eq(changeLog.action, 'update'),
        ),
      );
    const fields = update!.changes.map((c) => c.field);
    expect(fields).toContain('containerNo');
    expect(fields).toContain('checkpoints[CK-SEAL].result');
    expect(fields.some((f) => /^products\[.+\]\.loadedCartons$/.test(f))).toBe(true);
    // The changelog call names the checkpoint of a line and its result in both languages.
    const history = await t.client.ok(
      changeLogOp,
      { entity: 'supervise_reports', id: detail.id, page: 1, pageSize: 10 },
      { token: inspector },
    );
    const seal = history.list[0]!.changes.find((c) => c.field === 'checkpoints[CK-SEAL].result');
    expect(seal?.keyNames?.['CK-SEAL']?.en).toBeTruthy();
    expect(seal?.keyNames?.['CK-SEAL']?.en).not.toBe('CK-SEAL');
    expect(seal?.toNames).toEqual({ zh: '通过', en: 'Pass' });
  });

  it('takes stored images once each as checkpoint photos (E_REF_NOT_FOUND, E_DUPLICATE), nothing saved', async () => {
    const { detail } = await held();
    const [a, b] = detail.checkpoints;
    const photo = await uploadFile(t, inspector, 'a.jpg', await jpeg(++photoSeed + 100));
    const copy = await uploadFile(t, inspector, 'copy.jpg', await jpeg(photoSeed + 100));
    const save = (checkpoints: { id: string; photoIds: string[] }[]) =>
      t.client.refused(
        ops.updateSuperviseReport,
        { id: detail.id, version: detail.version, checkpoints },
        { token: inspector },
      );
    expect((await save([{ id: a!.id, photoIds: ['999999999'] }])).reason).toBe('E_REF_NOT_FOUND');
    expect((await save([{ id: a!.id, photoIds: [photo, photo] }])).reason).toBe('E_DUPLICATE');
    expect(
      (
        await save([
          { id: a!.id, photoIds: [photo] },
          { id: b!.id, photoIds: [copy] },
        ])
      ).reason,
    ).toBe('E_DUPLICATE');
    expect((await rowOf(detail.id)).version).toBe(detail.version);
  });

  it('releases by the holder; another’s lock only by insp.report.admin with force', async () => {
    const { detail } = await held();
    const refused = await t.client.refused(
      ops.releaseSuperviseReport,
      { id: detail.id },
      { token: assistant },
    );
    expect(refused.reason).toBe('E_CHECKED_OUT');
    const forced = await t.client.ok(
      ops.releaseSuperviseReport,
      { id: detail.id, force: true },
      { token: qcMgr },
    );
    expect(forced.checkedOutBy).toBeNull();
    const again = await t.client.ok(ops.checkoutSuperviseReport, { id: detail.id }, { token: assistant });
    expect(again).toMatchObject({ status: loading, checkedOutBy: { id: String(assistantId) } });
    const released = await t.client.ok(ops.releaseSuperviseReport, { id: detail.id }, { token: assistant });
    expect(released.checkedOutBy).toBeNull();
    const actions = (
      await db()
        .select({ action: changeLog.action })
        .from(changeLog)
        .where(and(eq(changeLog.entity, 'supervise_reports'), eq(changeLog.entityId, BigInt(detail.id))))
    ).map((l) => l.action);
    expect(actions).toEqual(expect.arrayContaining(['forceRelease', 'release', 'checkout']));
  });
});

describe('submit', () => {
  it('refuses a container no with a wrong check digit (E_CONTAINER_NO), nothing changed', async () => {
    const { detail } = await held();
    const filled = await fillAll(detail, 'CSQU3054384');
    const before = await rowOf(detail.id);
    const refused = await t.client.refused(
      ops.submitSuperviseReport,
      { id: detail.id, version: filled.version },
      { token: inspector },
    );
    expect(refused).toMatchObject({ reason: 'E_CONTAINER_NO', field: 'containerNo' });
    expect(refused.error).toContain('CSQU3054384');
    const zh = await t.client.refused(
      ops.submitSuperviseReport,
      { id: detail.id, version: filled.version },
      { token: inspector, lang: 'zh' },
    );
    expect(zh.error).toContain('校验位');
    expect(await rowOf(detail.id)).toMatchObject({ status: loading, version: before.version });
  });

  it('refuses a submit without the mandatory checkpoints (E_SR_CHECKPOINT) or a required photo (E_SR_PHOTO)', async () => {
    const { detail } = await held();
    const partial = await t.client.ok(
      ops.updateSuperviseReport,
      {
        id: detail.id,
        version: detail.version,
        containerNo: 'MSKU9070323',
        sealNo: 'S1',
        products: detail.products.map((p) => ({ id: p.id, loadedCartons: 10 })),
      },
      { token: inspector },
    );
    const unchecked = await t.client.refused(
      ops.submitSuperviseReport,
      { id: detail.id, version: partial.version },
      { token: inspector },
    );
    expect(unchecked.reason).toBe('E_SR_CHECKPOINT');
    const noPhoto = await t.client.ok(
      ops.updateSuperviseReport,
      {
        id: detail.id,
        version: partial.version,
        checkpoints: detail.checkpoints.map((c) => ({ id: c.id, result: CHECKPOINT_RESULT.pass })),
      },
      { token: inspector },
    );
    const photo = await t.client.refused(
      ops.submitSuperviseReport,
      { id: detail.id, version: noPhoto.version },
      { token: inspector },
    );
    expect(photo.reason).toBe('E_SR_PHOTO');
    expect(await rowOf(detail.id)).toMatchObject({ status: loading, version: noPhoto.version });
  });

  it('submits a complete report (20 → 30) and ends the checkout; no more saves', async () => {
    const { detail } = await held();
    const filled = await fillAll(detail);
    const sent = await t.client.ok(
      ops.submitSuperviseReport,
      { id: detail.id, version: filled.version },
      { token: inspector },
    );
    expect(sent).toMatchObject({ status: submitted, checkedOutBy: null });
    expect(sent.submittedAt).not.toBeNull();
    const late = await t.client.refused(
      ops.updateSuperviseReport,
      { id: detail.id, version: sent.version, sealNo: 'X' },
      { token: inspector },
    );
    expect(late.reason).toBe('E_STATUS');
    expect(
      (
        await t.client.refused(
          ops.submitSuperviseReport,
          { id: detail.id, version: sent.version },
          { token: sales },
        )
      ).reason,
    ).toBe('E_PERMISSION');
  });
});

describe('a CLC booking’s assignment', () => {
  it('creates the booking’s supervise report in 10 for its order products, inspector and date', async () => {
    const booking = areas.inspectionBooking;
    const shipped = await buildShippedOrder(db(), { lines: [{}] });
    const input = await bookingInput(db(), {
      clientId: shipped.order.clientId,
      type: 'BK-CLC',
      extra: { containerType: '40GP' },
      products: [{ orderProductId: String(shipped.products[0]!.id), quantity: 100 }],
    });
    const draft = await t.client.ok(booking.createInspectionBooking, input, { token: sales });
    const sent = await t.client.ok(
      booking.submitInspectionBooking,
      { id: draft.id, version: draft.version, confirm: true },
      { token: sales },
    );
    const checked = await t.client.ok(booking.checkoutInspectionBooking, { id: draft.id }, { token: qcMgr });
    const day = await bookingDay(db(), 40);
    const assigned = await t.client.ok(
      booking.updateInspectionBooking,
      {
        id: draft.id,
        version: checked.version,
        inspectorId: String(inspectorId),
        assignedDate: day,
        confirm: true,
      },
      { token: qcMgr },
    );
    expect(sent.saved).toBe(true);
    expect(assigned.result!.status).toBe(INSPECTION_BOOKING_STATUS.scheduled);
    const [report] = await db()
      .select()
      .from(superviseReports)
      .where(eq(superviseReports.bookingId, BigInt(draft.id)));
    expect(report).toMatchObject({
      status: preSupervise,
      inspectorId,
      loadingDate: day,
      containerType: '40GP',
      clientId: shipped.order.clientId,
    });
    const detail = await t.client.ok(
      ops.getSuperviseReport,
      { id: String(report!.id) },
      { token: inspector },
    );
    expect(detail.booking).toMatchObject({ id: draft.id });
    expect(detail.products.map((p) => p.orderProductId)).toEqual([String(shipped.products[0]!.id)]);
    expect(detail.checkpoints.length).toBeGreaterThanOrEqual(5);
    // Filled, submitted and approved: the booking is performed (§4.6 system row, 30 → 40).
    const out = await t.client.ok(ops.checkoutSuperviseReport, { id: detail.id }, { token: inspector });
    const filled = await fillAll(out);
    const done = await t.client.ok(
      ops.submitSuperviseReport,
      { id: detail.id, version: filled.version },
      { token: inspector },
    );
    await t.client.ok(
      ops.approveSuperviseReport,
      { id: detail.id, version: done.version },
      { token: auditor },
    );
    const [performed] = await db()
      .select({ status: inspectionBookings.status })
      .from(inspectionBookings)
      .where(eq(inspectionBookings.id, BigInt(draft.id)));
    expect(performed!.status).toBe(INSPECTION_BOOKING_STATUS.performed);
  });
});

describe('approve, reject and cancel', () => {
  /** A submitted report (30) of a new shipping, its assistant given. */
  async function submittedWith(assistantIds: bigint[]) {
    const shipped = await buildShippedOrder(db(), { lines: [{}, {}] });
    const made = await t.client.ok(
      ops.createSuperviseReport,
      superviseInput(shipped.shipping.id, inspectorId, { assistantIds }),
      { token: qcMgr },
    );
    const out = await t.client.ok(ops.checkoutSuperviseReport, { id: made.id }, { token: inspector });
    const filled = await fillAll(out);
    const detail = await t.client.ok(
      ops.submitSuperviseReport,
      { id: made.id, version: filled.version },
      { token: inspector },
    );
    return { ...shipped, detail };
  }

  it('approves (30 → 40) by an auditor: result, CLC scores, the shipping loaded; never by the team', async () => {
    const auditorOnTeam = await buildUser(db(), { role: 'QC_MGR', department: 'QC' });
    const { detail, shipping } = await submittedWith([auditorOnTeam.id]);
    const self = await t.client.refused(
      ops.approveSuperviseReport,
      { id: detail.id, version: detail.version },
      { token: await signIn(t, auditorOnTeam.username) },
    );
    expect(self.reason).toBe('E_SELF_AUDIT');
    const byInspector = await t.client.refused(
      ops.approveSuperviseReport,
      { id: detail.id, version: detail.version },
      { token: inspector },
    );
    expect(byInspector.reason).toBe('E_PERMISSION');
    expect((await rowOf(detail.id)).status).toBe(submitted);
    const approved = await t.client.ok(
      ops.approveSuperviseReport,
      { id: detail.id, version: detail.version },
      { token: auditor },
    );
    expect(approved).toMatchObject({ status: SUPERVISE_REPORT_STATUS.approved, result: 1 });
    // CLC base 60 × product factor 1.1 (two lines) = 66; the assistant half of it.
    expect(await rowOf(detail.id)).toMatchObject({ score: 66, assistScore: 33 });
    const [ship] = await db().select().from(shippings).where(eq(shippings.id, shipping.id));
    expect(ship!.status).toBe(SHIPPING_STATUS.loaded);
  });

  it('rejects with a reason (30 → 80); the team checks it out again (80 → 20)', async () => {
    const { detail } = await submittedWith([]);
    const noReason = await t.client.refused(
      ops.rejectSuperviseReport,
      { id: detail.id, version: detail.version },
      { token: auditor },
    );
    expect(noReason.reason).toBe('E_REASON_REQUIRED');
    const rejected = await t.client.ok(
      ops.rejectSuperviseReport,
      { id: detail.id, version: detail.version, reason: 'Seal photo unreadable' },
      { token: auditor },
    );
    expect(rejected).toMatchObject({
      status: SUPERVISE_REPORT_STATUS.rejected,
      reasonText: 'Seal photo unreadable',
    });
    const again = await t.client.ok(ops.checkoutSuperviseReport, { id: detail.id }, { token: inspector });
    expect(again.status).toBe(loading);
  });

  it('cancels with a reason (→ 90), which frees the container for another report', async () => {
    const { detail, shipping } = await created('MSKU9070323');
    const refused = await t.client.refused(
      ops.cancelSuperviseReport,
      { id: detail.id, version: detail.version, reason: 'Wrong shipping' },
      { token: inspector },
    );
    expect(refused.reason).toBe('E_PERMISSION');
    const cancelled = await t.client.ok(
      ops.cancelSuperviseReport,
      { id: detail.id, version: detail.version, reason: 'Wrong shipping' },
      { token: auditor },
    );
    expect(cancelled.status).toBe(SUPERVISE_REPORT_STATUS.cancelled);
    const twin = await t.client.ok(
      ops.createSuperviseReport,
      { ...superviseInput(shipping.id, inspectorId), containerNo: 'MSKU9070323' },
      { token: qcMgr },
    );
    expect(twin.status).toBe(preSupervise);
  });
});

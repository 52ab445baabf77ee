import { areas } from '@qcdesk/contract';
import { FS_CHECK_RESULT } from '@qcdesk/contract/first-sample';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userId } from '../../../test/support/factories';
import { samples, uploadFile } from '../../../test/support/files-helpers';
import { buildUser, signIn, signInAs } from '../../../test/support/identity';
import { seedContext, startTestApp, type TestApp } from '../../../test/support/test-app';
import { sampleCheckItems } from '../../db/schema/config';
import { firstSampleCheckPhotos, firstSampleChecks, firstSamples } from '../../db/schema/first-sample';
import { users } from '../../db/schema/identity';
import { mailOutbox } from '../../db/schema/mail';
import { changeLog } from '../../db/schema/platform';
import { buildClient } from '../client/client.factory';
import { buildOrder } from '../order/order.factory';
import { buildFirstSample } from './first-sample.factory';
import { seedFirstSamples } from './first-sample.seed';

// First samples through the envelope (DOMAIN.md §2.3, §4.8, §5.4, §7.3): search by each filter,
// create (rounds), update, check items with photos, complete check, result, reject, cancel; the
// refusals by role and scope and the bad inputs of issue 15, each with its key and nothing changed.

const ops = areas.firstSample;
let t: TestApp;
let qc: string;
let auditor: string;
let qcMgr: string;
let sales: string;

beforeAll(async () => {
  t = await startTestApp();
  [qc, auditor, qcMgr, sales] = await Promise.all([
    signInAs(t, 'QC'),
    signInAs(t, 'AUDITOR'),
    signInAs(t, 'QC_MGR'),
    signInAs(t, 'SALES'),
  ]);
});
afterAll(() => t.close());

const ids = (page: { list: { id: string }[] }) => page.list.map((s) => s.id);
const rowOf = async (id: string | bigint) =>
  (
    await t.database.db
      .select()
      .from(firstSamples)
      .where(eq(firstSamples.id, BigInt(id)))
  )[0]!;
const checksOf = (id: string | bigint) =>
  t.database.db
    .select()
    .from(firstSampleChecks)
    .where(eq(firstSampleChecks.firstSampleId, BigInt(id)))
    .orderBy(firstSampleChecks.sort);
const logOf = (id: string | bigint) =>
  t.database.db
    .select()
    .from(changeLog)
    .where(and(eq(changeLog.entity, 'first_samples'), eq(changeLog.entityId, BigInt(id))))
    .orderBy(desc(changeLog.id));
const sampleCount = async () =>
  (await t.database.db.select({ id: firstSamples.id }).from(firstSamples)).length;

/** A file uploaded by `token`'s user through the real upload route. */
const upload = (token: string, name: string, content: Buffer) => uploadFile(t, token, name, content);

/** A registered first sample of a new order product, created by QC through the operation. */
async function registered(overrides: Record<string, unknown> = {}) {
  const { products } = await buildOrder(t.database.db);
  return t.client.ok(
    ops.createFirstSample,
    { orderProductId: String(products[0]!.id), ...overrides },
    { token: qc },
  );
}

const itemIds = async (...codes: string[]) => {
  const rows = await t.database.db.select().from(sampleCheckItems);
  return codes.map((c) => String(rows.find((r) => r.code === c)!.id));
};

/** Every item of a sample checked with `result` (the second one with `second`), by `token`. */
async function checkAll(
  sample: { id: string; version: number; checkItems: { checkItem: { id: string } }[] },
  second = 1,
  token = qc,
) {
  return t.client.ok(
    ops.updateFirstSampleCheckItems,
    {
      id: sample.id,
      version: sample.version,
      items: sample.checkItems.map((c, i) => ({
        checkItemId: c.checkItem.id,
        checkResult: i === 1 ? second : 1,
      })),
    },
    { token },
  );
}

describe('firstsample/create and update', () => {
  it('registers a first round in 10 with every active check item, numbered FS, logged', async () => {
    const db = t.database.db;
    const { order, products } = await buildOrder(db);
    const active = await db
      .select()
      .from(sampleCheckItems)
      .where(and(eq(sampleCheckItems.valid, 1), eq(sampleCheckItems.active, 1)));
    const created = await t.client.ok(
      ops.createFirstSample,
      { orderProductId: String(products[0]!.id) },
      { token: qc },
    );
    expect(created).toMatchObject({
      itemNo: products[0]!.itemNo,
      round: 1,
      previousId: null,
      product: { id: String(products[0]!.id), orderNo: order.orderNo, productNo: products[0]!.productNo },
      factory: { code: 'F-HM-SZ' },
      status: 10,
      checkResult: 0,
      result: 0,
      actions: ['check', 'cancel'],
      version: 0,
    });
    expect(created.sampleNo).toMatch(/^FS\d{6}\d{4}$/);
    expect(created.checkItems).toHaveLength(active.length);
    expect(
      created.checkItems.every((c) => c.checkResult === FS_CHECK_RESULT.unchecked && c.photos.length === 0),
    ).toBe(true);
    const [log] = await logOf(created.id);
    expect(log).toMatchObject({ action: 'create', actorId: await userId(db, 'demo.qc') });
    const answer = await t.client.call(ops.getFirstSample, { id: created.id }, { token: qc });
    expect(answer.result).toMatchObject({ success: true, modify: true });
  });

  it('updates the fields and the check-item list in 10; E_VERSION and E_STATUS change nothing', async () => {
    const sample = await registered({ checkItemIds: await itemIds('SC-APPEARANCE', 'SC-COLOUR') });
    expect(sample.checkItems.map((c) => c.checkItem.code)).toEqual(['SC-APPEARANCE', 'SC-COLOUR']);
    const updated = await t.client.ok(
      ops.updateFirstSample,
      {
        id: sample.id,
        version: 0,
        remark: '加急 / Urgent',
        checkItemIds: await itemIds('SC-COLOUR', 'SC-FUNCTION'),
      },
      { token: qc },
    );
    expect(updated).toMatchObject({ remark: '加急 / Urgent', version: 1 });
    expect(updated.checkItems.map((c) => c.checkItem.code)).toEqual(['SC-COLOUR', 'SC-FUNCTION']);
    const [log] = await logOf(sample.id);
    expect(log!.changes.map((c) => c.field).sort()).toEqual(['checkItemIds', 'remark']);
    const stale = await t.client.call(
      ops.updateFirstSample,
      { id: sample.id, version: 0, remark: 'x' },
      { token: qc },
    );
    expect(stale.result.reason).toBe('E_VERSION');
    await t.client.ok(ops.cancelFirstSample, { id: sample.id, version: 1 }, { token: qc });
    const cancelled = await t.client.call(
      ops.updateFirstSample,
      { id: sample.id, version: 2, remark: 'y' },
      { token: qc, lang: 'en' },
    );
    expect(cancelled.result).toMatchObject({
      reason: 'E_STATUS',
      error: 'This action is not allowed in the current status',
    });
    expect(await rowOf(sample.id)).toMatchObject({ remark: '加急 / Urgent', status: 90, version: 2 });
  });

  it('refuses bad input and roles without firstsample.edit, creating nothing', async () => {
    const db = t.database.db;
    const { products } = await buildOrder(db);
    const before = await sampleCount();
    const none = await t.client.call(ops.createFirstSample, {}, { token: qc, lang: 'en' });
    expect(none.result).toMatchObject({ reason: 'E_REQUIRED', error: 'Order product must not be empty' });
    const badItem = await t.client.call(
      ops.createFirstSample,
      { orderProductId: String(products[0]!.id), checkItemIds: ['999999999'] },
      { token: qc, lang: 'zh' },
    );
    expect(badItem.result).toMatchObject({ reason: 'E_REF_NOT_FOUND', error: '检查项不存在' });
    for (const token of [auditor, sales]) {
      const denied = await t.client.call(
        ops.createFirstSample,
        { orderProductId: String(products[0]!.id) },
        { token },
      );
      expect(denied.result.reason).toBe('E_PERMISSION');
    }
    expect(await sampleCount()).toBe(before);
  });
});

describe('firstsample/checkitem/update and check/update', () => {
  it('records results, remarks and image photos; refuses non-images, others’ files and unknown items', async () => {
    const sample = await registered({ checkItemIds: await itemIds('SC-APPEARANCE', 'SC-COLOUR') });
    const photo = await upload(qc, 'colour.png', samples.png());
    const [appearance, colour] = sample.checkItems.map((c) => c.checkItem.id);
    const checked = await t.client.ok(
      ops.updateFirstSampleCheckItems,
      {
        id: sample.id,
        version: 0,
        items: [{ checkItemId: colour!, checkResult: 2, remark: '偏浅 / Too light', photoFileIds: [photo] }],
      },
      { token: qc },
    );
    expect(checked.version).toBe(1);
    expect(checked.checkItems[1]).toMatchObject({
      checkResult: 2,
      remark: '偏浅 / Too light',
      photos: [{ id: photo, kind: 'image', contentType: 'image/png' }],
    });
    expect(checked.checkItems[1]!.photos[0]!.url).toContain(photo);
    const [log] = await logOf(sample.id);
    expect(log).toMatchObject({ action: 'checkitem' });
    expect(log!.changes).toContainEqual({ field: 'checkItems[SC-COLOUR].checkResult', from: 0, to: 2 });

    const pdf = await upload(qc, 'report.pdf', samples.pdf());
    const notImage = await t.client.call(
      ops.updateFirstSampleCheckItems,
      {
        id: sample.id,
        version: 1,
        items: [{ checkItemId: appearance!, checkResult: 1, photoFileIds: [pdf] }],
      },
      { token: qc, lang: 'en' },
    );
    expect(notImage.result).toMatchObject({
      reason: 'E_PHOTO_TYPE',
      error: 'Photos must be uploaded image files (jpg, jpeg, png, bmp)',
    });
    const others = await upload(auditor, 'other.png', samples.png());
    const foreign = await t.client.call(
      ops.updateFirstSampleCheckItems,
      {
        id: sample.id,
        version: 1,
        items: [{ checkItemId: appearance!, checkResult: 1, photoFileIds: [others] }],
      },
      { token: qc },
    );
    expect(foreign.result.reason).toBe('E_REF_NOT_FOUND');
    const unknownItem = await t.client.call(
      ops.updateFirstSampleCheckItems,
      {
        id: sample.id,
        version: 1,
        items: [{ checkItemId: (await itemIds('SC-FUNCTION'))[0]!, checkResult: 1 }],
      },
      { token: qc },
    );
    expect(unknownItem.result.reason).toBe('E_REF_NOT_FOUND');
    const denied = await t.client.call(
      ops.updateFirstSampleCheckItems,
      { id: sample.id, version: 1, items: [{ checkItemId: appearance!, checkResult: 1 }] },
      { token: auditor },
    );
    expect(denied.result.reason).toBe('E_PERMISSION');
    expect((await rowOf(sample.id)).version).toBe(1);
    expect((await checksOf(sample.id)).map((c) => c.checkResult)).toEqual([0, 2]);
    const photos = await t.database.db.select().from(firstSampleCheckPhotos);
    expect(photos.filter((p) => String(p.fileId) === pdf || String(p.fileId) === others)).toEqual([]);
  });

  it('completes the check only when every item is checked; NG anywhere makes it NG', async () => {
    const sample = await registered({ checkItemIds: await itemIds('SC-APPEARANCE', 'SC-COLOUR') });
    const partly = await t.client.ok(
      ops.updateFirstSampleCheckItems,
      {
        id: sample.id,
        version: 0,
        items: [{ checkItemId: sample.checkItems[0]!.checkItem.id, checkResult: 1 }],
      },
      { token: qc },
    );
    const unchecked = await t.client.call(
      ops.completeFirstSampleCheck,
      { id: sample.id, version: partly.version },
      { token: qc, lang: 'en' },
    );
    expect(unchecked.result).toMatchObject({
      reason: 'E_FS_UNCHECKED',
      error: '1 check item is not checked yet',
    });
    expect(await rowOf(sample.id)).toMatchObject({ status: 10, checkResult: 0, version: 1 });

    const all = await checkAll(partly, 2);
    const done = await t.client.ok(
      ops.completeFirstSampleCheck,
      { id: sample.id, version: all.version },
      { token: qc },
    );
    expect(done).toMatchObject({
      status: 20,
      checkResult: 2,
      checkedBy: { id: String(await userId(t.database.db, 'demo.qc')) },
    });
    expect(done.checkedAt).not.toBeNull();
    const again = await t.client.call(
      ops.updateFirstSampleCheckItems,
      {
        id: sample.id,
        version: done.version,
        items: [{ checkItemId: sample.checkItems[0]!.checkItem.id, checkResult: 2 }],
      },
      { token: qc },
    );
    expect(again.result.reason).toBe('E_STATUS');
  });
});

describe('firstsample/result, reject and rounds', () => {
  async function checkedBy(token: string, second = 2) {
    const sample = await registered({ checkItemIds: await itemIds('SC-APPEARANCE', 'SC-COLOUR') });
    const all = await checkAll(sample, second, token);
    return t.client.ok(ops.completeFirstSampleCheck, { id: sample.id, version: all.version }, { token });
  }

  it('refuses the checker’s own result (E_SELF_AUDIT) and a result 2–3 without a corrective action', async () => {
    const mine = await checkedBy(qcMgr);
    const self = await t.client.call(
      ops.auditFirstSample,
      { id: mine.id, version: mine.version, result: 1 },
      { token: qcMgr, lang: 'en' },
    );
    expect(self.result).toMatchObject({
      reason: 'E_SELF_AUDIT',
      error: 'You cannot approve your own report',
    });
    const noCorrective = await t.client.call(
      ops.auditFirstSample,
      { id: mine.id, version: mine.version, result: 3 },
      { token: auditor, lang: 'zh' },
    );
    expect(noCorrective.result).toMatchObject({ reason: 'E_CORRECTIVE_REQUIRED', error: '请填写整改措施' });
    const byQc = await t.client.call(
      ops.auditFirstSample,
      { id: mine.id, version: mine.version, result: 1 },
      { token: qc },
    );
    expect(byQc.result.reason).toBe('E_PERMISSION');
    expect(await rowOf(mine.id)).toMatchObject({
      status: 20,
      result: 0,
      auditedBy: null,
      version: mine.version,
    });
  });

  it('judges 20 → 30, mails sales and the factory, and a rejected sample gets one next round', async () => {
    const db = t.database.db;
    const sample = await checkedBy(qc);
    const mailsBefore = (await db.select().from(mailOutbox)).length;
    const judged = await t.client.ok(
      ops.auditFirstSample,
      { id: sample.id, version: sample.version, result: 3, corrective: '重新调色 / Redo the colour' },
      { token: auditor },
    );
    expect(judged).toMatchObject({
      status: 30,
      result: 3,
      corrective: '重新调色 / Redo the colour',
      auditedBy: { id: String(await userId(db, 'demo.auditor')) },
    });
    const mails = (await db.select().from(mailOutbox)).slice(mailsBefore);
    expect(mails.length).toBeGreaterThan(0);
    expect(mails.every((m) => m.template === 'first-sample-result')).toBe(true);
    const [log] = await logOf(sample.id);
    expect(log).toMatchObject({ action: 'audit' });
    expect(log!.changes).toContainEqual({ field: 'status', from: 20, to: 30 });

    const qcView = await t.client.ok(ops.getFirstSample, { id: sample.id }, { token: qc });
    expect(qcView.actions).toEqual(['nextRound']);
    const second = await t.client.ok(ops.createFirstSample, { previousId: sample.id }, { token: qc });
    expect(second).toMatchObject({
      round: 2,
      previousId: sample.id,
      product: { id: sample.product.id },
      status: 10,
    });
    expect(second.checkItems.map((c) => c.checkItem.code)).toEqual(['SC-APPEARANCE', 'SC-COLOUR']);
    const before = await sampleCount();
    const twice = await t.client.call(
      ops.createFirstSample,
      { previousId: sample.id },
      { token: qc, lang: 'en' },
    );
    expect(twice.result).toMatchObject({ reason: 'E_FS_ROUND' });
    expect(await sampleCount()).toBe(before);

    const detail = await t.client.ok(ops.getFirstSample, { id: second.id }, { token: auditor });
    expect(detail.rounds.map((r) => [r.round, r.result])).toEqual([
      [1, 3],
      [2, 0],
    ]);
    expect(detail.rounds[0]!.checkItems[1]).toMatchObject({ checkResult: 2 });
  });

  it('refuses a new round from a passed sample (E_FS_ROUND), creating nothing', async () => {
    const sample = await checkedBy(qc, 1);
    const approved = await t.client.ok(
      ops.auditFirstSample,
      { id: sample.id, version: sample.version, result: 1 },
      { token: auditor },
    );
    expect(approved).toMatchObject({ status: 30, result: 1, actions: [] });
    const before = await sampleCount();
    for (const lang of ['zh', 'en'] as const) {
      const refused = await t.client.call(
        ops.createFirstSample,
        { previousId: sample.id },
        { token: qc, lang },
      );
      expect(refused.result).toMatchObject({
        reason: 'E_FS_ROUND',
        error:
          lang === 'en'
            ? 'A new round can only follow the latest round, and only when it was conditionally approved or rejected'
            : '只有有条件批准或退回重做的最新一轮首样才能开始新一轮',
      });
    }
    const registeredOnly = await registered();
    const early = await t.client.call(
      ops.createFirstSample,
      { previousId: registeredOnly.id },
      { token: qc },
    );
    expect(early.result.reason).toBe('E_FS_ROUND');
    expect(await sampleCount()).toBe(before + 1);
  });

  it('sends a check back with a reason (20 → 10), keeping the item results', async () => {
    const sample = await checkedBy(qc);
    const noReason = await t.client.call(
      ops.rejectFirstSampleCheck,
      { id: sample.id, version: sample.version },
      { token: auditor },
    );
    expect(noReason.result.reason).toBe('E_REASON_REQUIRED');
    const back = await t.client.ok(
      ops.rejectFirstSampleCheck,
      { id: sample.id, version: sample.version, reason: '照片不清晰 / Blurred photos' },
      { token: auditor },
    );
    expect(back).toMatchObject({ status: 10, checkResult: 0, checkedBy: null });
    expect(back.checkItems.map((c) => c.checkResult)).toEqual([1, 2]);
    const [log] = await logOf(sample.id);
    expect(log).toMatchObject({ action: 'reject', reason: '照片不清晰 / Blurred photos' });
    const cancelled = await t.client.ok(
      ops.cancelFirstSample,
      { id: back.id, version: back.version },
      { token: qc },
    );
    expect(cancelled.status).toBe(90);
    const again = await t.client.call(
      ops.cancelFirstSample,
      { id: back.id, version: cancelled.version },
      { token: qc },
    );
    expect(again.result.reason).toBe('E_STATUS');
  });
});

describe('firstsample/search and list', () => {
  it('finds by order no, product no, item no, factory, client, department, dates, result and status', async () => {
    const db = t.database.db;
    const client = await buildClient(db);
    const { order, products } = await buildOrder(db, {
      clientId: client.id,
      lines: [{ factory: 'F-HM-SZ' }, { factory: 'F-JL-YW' }],
    });
    const a = await buildFirstSample(db, { orderProductId: products[0]!.id });
    const b = await buildFirstSample(db, { orderProductId: products[1]!.id, status: 30, result: 2 });
    const c = await buildFirstSample(db, { orderProductId: products[1]!.id, status: 20 });
    await db.update(firstSamples).set({ receivedDate: '2026-01-10' }).where(eq(firstSamples.id, a.id));
    const search = (filters: Record<string, unknown>) =>
      t.client.ok(ops.searchFirstSamples, { client: String(client.id), ...filters }, { token: qc });
    const [sa, sb, sc] = [a, b, c].map((s) => String(s.id));
    expect(ids(await search({}))).toEqual([sc, sb, sa]);
    expect(ids(await search({ orderNo: order.orderNo.slice(-5) }))).toEqual([sc, sb, sa]);
    expect(ids(await search({ productNo: products[0]!.productNo }))).toEqual([sa]);
    expect(ids(await search({ itemNo: products[1]!.itemNo }))).toEqual([sc, sb]);
    expect(ids(await search({ factory: 'F-JL' }))).toEqual([sc, sb]);
    expect(
      ids(await search({ department: String(client.departmentId), sort: 'receivedDate', order: 'asc' }))[0],
    ).toBe(sa);
    expect(ids(await search({ startTime: '2026-01-01', endTime: '2026-01-31' }))).toEqual([sa]);
    expect(ids(await search({ result: 2 }))).toEqual([sb]);
    expect(ids(await search({ result: 10 }))).toEqual([sc]);
    expect(ids(await search({ status: 10 }))).toEqual([sa]);
    const list = await t.client.ok(
      ops.listFirstSamples,
      { orderProductId: String(products[1]!.id) },
      { token: qc },
    );
    expect(list.list.map((s) => s.id)).toEqual([sc, sb]);
    const range = await t.client.call(
      ops.searchFirstSamples,
      { startTime: '2026-03-01', endTime: '2026-02-01' },
      { token: qc },
    );
    expect(range.result.reason).toBe('E_DATE_RANGE');
  });

  it('keeps sales to their department and CLIENT users to their own judged samples', async () => {
    const db = t.database.db;
    const other = await buildUser(db, { role: 'SALES', department: 'SALES2' });
    const theirs = await buildFirstSample(db, {
      orderProductId: (await buildOrder(db, { sales: other.username })).products[0]!.id,
    });
    const mine = await buildFirstSample(db, { orderProductId: (await buildOrder(db)).products[0]!.id });
    const page = await t.client.ok(ops.searchFirstSamples, { pageSize: 100 }, { token: sales });
    expect(ids(page)).toContain(String(mine.id));
    expect(ids(page)).not.toContain(String(theirs.id));
    const read = await t.client.call(ops.getFirstSample, { id: String(theirs.id) }, { token: sales });
    expect(read.result.reason).toBe('E_SCOPE');

    const client = await buildClient(db);
    const user = await buildUser(db, { role: 'CLIENT', department: 'EXT' });
    await db.update(users).set({ clientId: client.id }).where(eq(users.id, user.id));
    const { products } = await buildOrder(db, { clientId: client.id });
    const open = await buildFirstSample(db, { orderProductId: products[0]!.id });
    const judged = await buildFirstSample(db, { orderProductId: products[0]!.id, status: 30, result: 1 });
    const token = await signIn(t, user.username);
    expect(ids(await t.client.ok(ops.searchFirstSamples, { pageSize: 100 }, { token }))).toEqual([
      String(judged.id),
    ]);
    const hidden = await t.client.call(ops.getFirstSample, { id: String(open.id) }, { token });
    expect(hidden.result.reason).toBe('E_SCOPE');
    const write = await t.client.call(ops.cancelFirstSample, { id: String(open.id), version: 0 }, { token });
    expect(write.result.reason).toBe('E_PERMISSION');
  });
});

describe('demo first samples', () => {
  it('are registered and checked by the demo QC, sent back by the demo auditor and followed by a round, once', async () => {
    const db = t.database.db;
    const rounds = await db
      .select()
      .from(firstSamples)
      .where(eq(firstSamples.itemNo, 'WB-2024-01'))
      .orderBy(firstSamples.id);
    expect(rounds.map((r) => [r.round, r.status, r.result])).toEqual([
      [1, 30, 3],
      [2, 10, 0],
    ]);
    expect(rounds[0]).toMatchObject({
      createdBy: await userId(db, 'demo.qc'),
      checkedBy: await userId(db, 'demo.qc'),
      auditedBy: await userId(db, 'demo.auditor'),
    });
    expect((await logOf(rounds[0]!.id)).map((l) => l.action)).toEqual([
      'audit',
      'check',
      'checkitem',
      'create',
    ]);
    const before = await sampleCount();
    await seedFirstSamples(seedContext(t));
    expect(await sampleCount()).toBe(before);
  });
});

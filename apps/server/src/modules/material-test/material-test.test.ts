import { areas } from '@qcdesk/contract';
import { TEST_RESULT } from '@qcdesk/contract/enumerations';
import { MATERIAL_TEST_STATUS } from '@qcdesk/contract/material-test';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { master, userId } from '../../../test/support/factories';
import { samples, uploadFile } from '../../../test/support/files-helpers';
import { signInAs } from '../../../test/support/identity';
import { type SmtpSink, startSmtpSink } from '../../../test/support/smtp-sink';
import { seedContext, startTestApp, type TestApp } from '../../../test/support/test-app';
import { shortLinks } from '../../db/schema/files';
import { mailOutbox } from '../../db/schema/mail';
import { materials } from '../../db/schema/material';
import { materialTests } from '../../db/schema/material-test';
import { changeLog } from '../../db/schema/platform';
import { addMonths } from '../../platform/business-time';
import { buildClient } from '../client/client.factory';
import { buildMaterial } from '../material/material.factory';
import { buildOriginalSample } from '../original-sample/original-sample.factory';
import { DEMO_MATERIAL_TESTS, seedMaterialTests } from './material-test.seed';

// Material tests through the envelope (DOMAIN.md §2.3, §4.13): search by date range, create,
// the status following the updates, push mail received by a real SMTP server.

const ops = areas.materialTest;
let t: TestApp;
let smtp: SmtpSink;
let lab: string;

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await startTestApp({ env: { MAIL_URL: smtp.url, PUBLIC_URL: 'https://qcdesk.test' } });
  lab = await signInAs(t, 'LAB');
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** A report uploaded by `token`'s user through the real upload route. */
const uploadReport = (token: string, name = 'SGS report.pdf') => uploadFile(t, token, name, samples.pdf());

describe('materialtest/create and materialtest/update', () => {
  it('numbers a draft, defaults the validity to 12 months and completes it with a result and a file', async () => {
    const material = await buildMaterial(t.database.db);
    const draft = await t.client.ok(
      ops.createMaterialTest,
      {
        materialId: String(material.id),
        labId: String(await master.lab(t.database.db)),
        testItemIds: [String(await master.testItem(t.database.db, 'T-EN71-3'))],
        startDate: '2024-01-31',
      },
      { token: lab },
    );
    expect(draft).toMatchObject({
      testNo: expect.stringMatching(/^MT\d{10}$/),
      status: 10,
      endDate: '2025-01-31',
      lab: { code: 'SGS-SZ' },
      testItems: [{ code: 'T-EN71-3' }],
      actions: [],
    });
    const file = await uploadReport(lab);
    const completed = await t.client.ok(
      ops.updateMaterialTest,
      { id: draft.id, version: draft.version, result: 1, reportFileIds: [file] },
      { token: lab },
    );
    expect(completed).toMatchObject({
      status: 20,
      result: 1,
      actions: ['push'],
      reportFiles: [{ id: file }],
    });
    expect(completed.reportFiles[0]!.url).toMatch(/^\/api\/file\/\d+\?exp=/);
    const stale = await t.client.call(
      ops.updateMaterialTest,
      { id: draft.id, version: 0, result: 3 },
      { token: lab },
    );
    expect(stale.result.reason).toBe('E_VERSION');
    const [log] = await t.database.db
      .select()
      .from(changeLog)
      .where(and(eq(changeLog.entity, 'material_tests'), eq(changeLog.entityId, BigInt(draft.id))))
      .orderBy(desc(changeLog.id));
    expect(log).toMatchObject({ action: 'complete', changes: [{ field: 'status', from: 10, to: 20 }] });
  });

  it('validates the range and the report files with bilingual messages', async () => {
    const material = await buildMaterial(t.database.db);
    const base = { materialId: String(material.id), startDate: '2024-05-01' };
    const range = await t.client.call(
      ops.createMaterialTest,
      { ...base, endDate: '2024-04-30' },
      { token: lab, lang: 'en' },
    );
    expect(range.result).toMatchObject({
      reason: 'E_DATE_RANGE',
      field: 'endDate',
      error: 'The end date must not be before the start date',
    });
    const othersFile = await uploadReport(await signInAs(t, 'ADMIN'));
    const stolen = await t.client.call(
      ops.createMaterialTest,
      { ...base, reportFileIds: [othersFile] },
      { token: lab },
    );
    expect(stolen.result).toMatchObject({ reason: 'E_REF_NOT_FOUND', error: '报告文件不存在' });
    const qc = await signInAs(t, 'QC');
    const denied = await t.client.call(ops.createMaterialTest, base, { token: qc });
    expect(denied.result.reason).toBe('E_PERMISSION');
  });
});

describe('materialtest/search', () => {
  it('finds tests whose validity overlaps the range, of a material', async () => {
    const material = await buildMaterial(t.database.db);
    const create = (startDate: string, endDate: string) =>
      t.client.ok(
        ops.createMaterialTest,
        { materialId: String(material.id), startDate, endDate },
        { token: lab },
      );
    const early = await create('2020-01-01', '2020-12-31');
    const late = await create('2022-01-01', '2022-12-31');
    const search = (startTime: string, endTime: string) =>
      t.client.ok(
        ops.searchMaterialTests,
        { startTime, endTime, materialId: String(material.id) },
        { token: lab },
      );
    expect((await search('2020-06-01', '2020-06-30')).list.map((r) => r.id)).toEqual([early.id]);
    expect((await search('2020-12-31', '2022-01-01')).list.map((r) => r.id)).toEqual([late.id, early.id]);
    expect((await search('2021-01-01', '2021-12-31')).total).toBe(0);
    const reversed = await t.client.call(
      ops.searchMaterialTests,
      { startTime: '2021-02-01', endTime: '2021-01-01' },
      { token: lab },
    );
    expect(reversed.result.reason).toBe('E_DATE_RANGE');
  });
});

describe('materialtest/push', () => {
  it('mails the result to supplier contacts, buyers using the material and the pusher', async () => {
    const db = t.database.db;
    const material = await buildMaterial(db, { supplier: 'SUP-HM' });
    const buyer = await buildClient(db, { reportEmails: ['buyer.qa@example.com'] });
    await buildOriginalSample(db, { clientId: buyer.id, parts: { BODY: [material.id] } });
    const file = await uploadReport(lab);
    const test = await t.client.ok(
      ops.createMaterialTest,
      { materialId: String(material.id), startDate: '2024-03-01', result: 1, reportFileIds: [file] },
      { token: lab },
    );
    expect(test.status).toBe(20);
    const since = smtp.messages.length;
    const { result } = await t.client.call(
      ops.pushMaterialTest,
      { id: test.id, version: test.version },
      { token: lab },
    );
    expect(result).toMatchObject({
      success: true,
      error: '邮件已发送，请查收',
      data: { status: 30, pushCount: 1 },
    });
    expect((result.data as { pushedTo: string[] }).pushedTo).toEqual([
      'lina@huamei.example.com',
      'buyer.qa@example.com',
      'demo.lab@qcdesk.local',
    ]);
    await t.app.jobs.drain();
    const toBuyer = await smtp.waitFor('buyer.qa@example.com', since);
    expect(toBuyer.text).toContain(`Material test ${test.testNo}`);
    expect(toBuyer.text).toMatch(/https:\/\/qcdesk\.test\/s\/[A-Za-z0-9]{12}/);
    const toSupplier = await smtp.waitFor('lina@huamei.example.com', since);
    expect(toSupplier.text).toContain('合格');

    // A correction returns the pushed test to 20; it can be pushed again.
    const pushed = await t.client.ok(ops.getMaterialTest, { id: test.id }, { token: lab });
    const corrected = await t.client.ok(
      ops.updateMaterialTest,
      { id: test.id, version: pushed.version, endDate: addMonths('2024-03-01', 6) },
      { token: lab },
    );
    expect(corrected).toMatchObject({ status: 20, pushCount: 1 });
    const again = await t.client.ok(
      ops.pushMaterialTest,
      { id: test.id, version: corrected.version },
      { token: lab },
    );
    expect(again).toMatchObject({ status: 30, pushCount: 2 });
  });

  it('refuses a completed test without a report file (E_NO_REPORT) and changes nothing', async () => {
    const db = t.database.db;
    // The demo's completed tests have no report file (material-test.seed.ts).
    const [seeded] = await db
      .select()
      .from(materialTests)
      .where(and(eq(materialTests.status, MATERIAL_TEST_STATUS.completed), eq(materialTests.valid, 1)))
      .orderBy(asc(materialTests.id))
      .limit(1);
    const before = await t.client.ok(ops.getMaterialTest, { id: String(seeded!.id) }, { token: lab });
    expect(before).toMatchObject({ status: 20, pushCount: 0, reportFiles: [], actions: [] });
    const counts = async () => ({
      mails: (await db.select({ id: mailOutbox.id }).from(mailOutbox)).length,
      links: (await db.select({ id: shortLinks.id }).from(shortLinks)).length,
      log: (
        await db
          .select({ id: changeLog.id })
          .from(changeLog)
          .where(and(eq(changeLog.entity, 'material_tests'), eq(changeLog.entityId, seeded!.id)))
      ).length,
    });
    const was = await counts();
    for (const [lang, error] of [
      ['en', 'A test without a report file cannot be pushed; upload the report first'],
      ['zh', '没有报告文件的测试不能推送，请先上传报告文件'],
    ] as const) {
      const { result } = await t.client.call(
        ops.pushMaterialTest,
        { id: before.id, version: before.version },
        { token: lab, lang },
      );
      expect(result).toMatchObject({ success: false, reason: 'E_NO_REPORT', error, code: 409 });
    }
    expect(await counts()).toEqual(was);
    const after = await t.client.ok(ops.getMaterialTest, { id: before.id }, { token: lab });
    expect(after).toMatchObject({ status: 20, pushCount: 0, version: before.version, pushedTo: [] });
  });

  it('greets the pusher in their language by the name of that language', async () => {
    const admin = await signInAs(t, 'ADMIN');
    const material = await buildMaterial(t.database.db);
    const file = await uploadReport(admin);
    const test = await t.client.ok(
      ops.createMaterialTest,
      { materialId: String(material.id), startDate: '2024-03-01', result: 1, reportFileIds: [file] },
      { token: admin },
    );
    const since = smtp.messages.length;
    await t.client.ok(
      ops.pushMaterialTest,
      { id: test.id, version: test.version },
      { token: admin, lang: 'en' },
    );
    await t.app.jobs.drain();
    // `admin` (系统管理员 / Administrator) has no language setting: the call's language is theirs.
    const mail = await smtp.waitFor('admin@qcdesk.local', since);
    expect(mail.text).toContain('Hello Administrator,');
    expect(mail.text).toContain('Pushed by Administrator.');
    expect(mail.text).not.toContain('系统管理员');
  });

  it('refuses a draft (E_STATUS) and a user without materialtest.push', async () => {
    const material = await buildMaterial(t.database.db);
    const draft = await t.client.ok(
      ops.createMaterialTest,
      { materialId: String(material.id), startDate: '2024-03-01' },
      { token: lab },
    );
    const early = await t.client.call(
      ops.pushMaterialTest,
      { id: draft.id, version: draft.version },
      { token: lab, lang: 'en' },
    );
    expect(early.result).toMatchObject({
      reason: 'E_STATUS',
      error: 'This action is not allowed in the current status',
    });
    const qc = await signInAs(t, 'QC');
    const denied = await t.client.call(
      ops.pushMaterialTest,
      { id: draft.id, version: draft.version },
      { token: qc },
    );
    expect(denied.result.reason).toBe('E_PERMISSION');
  });
});

describe('demo material tests', () => {
  it('are recorded by admin through materialtest/create, completed by the state table, once', async () => {
    const db = t.database.db;
    const demo = () =>
      db
        .select({ test: materialTests, upc: materials.upc })
        .from(materialTests)
        .innerJoin(materials, eq(materials.id, materialTests.materialId))
        .where(
          inArray(
            materials.upc,
            DEMO_MATERIAL_TESTS.map((d) => d[0]),
          ),
        );
    const seeded = await demo();
    expect(seeded.map((r) => r.upc).sort()).toEqual(DEMO_MATERIAL_TESTS.map((d) => d[0]).sort());
    expect(
      seeded.every(
        (r) => r.test.status === MATERIAL_TEST_STATUS.completed && r.test.result === TEST_RESULT.pass,
      ),
    ).toBe(true);
    const admin = await userId(db, 'admin');
    const log = await db
      .select({ action: changeLog.action, actorId: changeLog.actorId })
      .from(changeLog)
      .where(and(eq(changeLog.entity, 'material_tests'), eq(changeLog.entityId, seeded[0]!.test.id)))
      .orderBy(asc(changeLog.id));
    expect(log).toEqual([
      { action: 'create', actorId: admin },
      { action: 'complete', actorId: admin },
    ]);
    const detail = await t.client.ok(ops.getMaterialTest, { id: String(seeded[0]!.test.id) }, { token: lab });
    const codes = DEMO_MATERIAL_TESTS.find((d) => d[0] === seeded[0]!.upc)![1];
    expect(detail.testItems.map((i) => i.code).sort()).toEqual([...codes].sort());

    await seedMaterialTests(seedContext(t));
    expect(await demo()).toHaveLength(seeded.length);
  });
});

import { areas } from '@qcdesk/contract';
import { INSPECTION_BOOKING_STATUS } from '@qcdesk/contract/inspection-booking';
import { INSPECTION_REPORT_STATUS } from '@qcdesk/contract/inspection-report';
import { and, count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idOf } from '../../../test/support/factories';
import { inject, MINIMAL_PDF, uploadFile } from '../../../test/support/files-helpers';
import { signIn, signInAs } from '../../../test/support/identity';
import { signedInTask } from '../../../test/support/inspection-tasks';
import { readPdf } from '../../../test/support/pdf-reader';
import { type SmtpSink, startSmtpSink } from '../../../test/support/smtp-sink';
import { startTestApp, type TestApp } from '../../../test/support/test-app';
import { clients } from '../../db/schema/client';
import { defects, factories } from '../../db/schema/config';
import { files, shortLinks } from '../../db/schema/files';
import { users } from '../../db/schema/identity';
import { inspectionBookings } from '../../db/schema/inspection-booking';
import { inspectionReports } from '../../db/schema/inspection-report';
import { inspectionTasks } from '../../db/schema/inspection-task';
import { mailOutbox } from '../../db/schema/mail';
import { lotPlan } from '../../domain/sampling/plans';
import { buildClient } from '../client/client.factory';
import { buildInspectionBooking } from '../inspection-booking/inspection-booking.factory';
import { buildOrder } from '../order/order.factory';
import { PDF_LABELS } from './inspection-report-pdf.texts';

// The client-ready report through the envelope (issue 28): the bilingual PDF read back with
// poppler (every label in both languages, the verdict, the plan's numbers, the photos, the pages,
// the embedded subset font), the watermarked preview, the send (mail with the PDF and a share link,
// its password, expiry and access limit, the record, the revised resend), the signature image, and
// the bad inputs the issue lists — each refused with its key and nothing changed.

const ops = areas.inspectionReport;
const KEEP = process.env.QCDESK_KEEP_PDF; // a folder: the PDFs made are kept there to look at
let t: TestApp;
let smtp: SmtpSink;
let auditor: string;
let sales: string;

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await startTestApp({ env: { MAIL_URL: smtp.url } });
  [auditor, sales] = await Promise.all([signInAs(t, 'AUDITOR'), signInAs(t, 'SALES')]);
  const factoryId = await idOf(t.database.db, factories, 'F-HM-SZ');
  await t.database.db
    .update(factories)
    .set({ contacts: [{ name: '工厂联系人 Factory contact', email: 'factory.contact@example.com' }] })
    .where(eq(factories.id, factoryId));
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const db = () => t.database.db;
type Detail = Awaited<ReturnType<typeof approvedReport>>['report'];

/** A big-enough photo (a pattern, so its print copy is a real JPEG), distinct by seed. */
const photo = (seed: number) =>
  sharp({
    create: {
      width: 640,
      height: 480,
      channels: 3,
      background: { r: seed % 256, g: 90, b: (seed * 5) % 256 },
    },
  })
    .composite([
      {
        input: Buffer.from(
          `<svg width="640" height="480"><circle cx="${100 + (seed % 400)}" cy="240" r="90" fill="white"/></svg>`,
        ),
      },
    ])
    .jpeg()
    .toBuffer();

/** A PSI report filled in (2 majors with a photo each, `general` photos, the factory's sign-off), approved. */
async function approvedReport(o: { general?: number; clientId?: bigint; bookingId?: bigint } = {}) {
  const x = await signedInTask(t, o.clientId ? { clientId: o.clientId } : {});
  if (o.bookingId)
    await db()
      .update(inspectionTasks)
      .set({ bookingId: o.bookingId })
      .where(eq(inspectionTasks.id, x.task.id));
  const token = x.lead;
  let r = await t.client.ok(ops.createInspectionReport, { taskId: String(x.task.id) }, { token });
  const defectId = String(await idOf(db(), defects, 'D005'));
  const seed = Number(r.id) * 100;
  const photos = [];
  for (let i = 0; i < (o.general ?? 3); i++)
    photos.push(await uploadFile(t, token, `site-${i}.jpg`, await photo(seed + i)));
  const defectPhoto = await uploadFile(t, token, 'defect.jpg', await photo(seed + 50));
  const signature = await uploadFile(
    t,
    token,
    'factory-sign.png',
    await sharp({ create: { width: 200, height: 60, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer(),
  );
  r = await t.client.ok(
    ops.updateInspectionReport,
    {
      id: r.id,
      version: r.version,
      cartonData: { cartonQty: 50, pcsPerCarton: 10, openedCartons: 5, shippingMark: true },
      cartonSize: { specL: 60, specW: 40, specH: 30, actL: 60.5, actW: 40, actH: 30, unit: 1 },
      weights: { grossSpec: 10, grossActual: 10.2, unit: 'KG' },
      defects: [
        { defectId, defectClass: 2, qty: 2, photoIds: [defectPhoto], remark: '表面划痕 / surface scratch' },
      ],
      sections: [{ sectionType: 4, result: 1, remark: '做工良好 / good workmanship' }],
      photoIds: photos,
      signOff: { name: '王厂长 Factory manager Wang', signatureFileId: signature },
    },
    { token },
  );
  r = await t.client.ok(
    ops.updateReportQuantity,
    {
      id: r.id,
      version: r.version,
      products: [
        { orderProductId: r.products[0]!.orderProductId, presentedQuantity: 500, packedQuantity: 500 },
      ],
    },
    { token },
  );
  r = await t.client.ok(ops.createReportResult, { id: r.id, version: r.version, preResult: 1 }, { token });
  const submitted = await t.client.ok(
    ops.submitInspectionReport,
    { id: r.id, version: r.version },
    { token },
  );
  const report = await t.client.ok(
    ops.approveInspectionReport,
    { id: submitted.id, version: submitted.version },
    { token: auditor },
  );
  return { x, report, submitted };
}

async function download(url: string): Promise<Buffer> {
  const answer = await inject(t, { method: 'GET', url });
  expect(answer.status).toBe(200);
  return answer.body;
}

const finalPdf = async (id: string) => {
  const { final } = await t.client.ok(ops.getReportPdf, { id }, { token: auditor });
  expect(final.file).not.toBeNull();
  return { file: final.file!, bytes: await download(final.file!.url!) };
};

const mailCount = async () => (await db().select({ n: count() }).from(mailOutbox))[0]!.n;
const reportRow = async (id: string) =>
  (
    await db()
      .select()
      .from(inspectionReports)
      .where(eq(inspectionReports.id, BigInt(id)))
  )[0]!;

describe('a booked inspection', () => {
  it('performs the booking of its task when its final report is approved (DOMAIN.md §4.6: 30 → 40)', async () => {
    const booking = await buildInspectionBooking(db(), await buildOrder(db()));
    await db()
      .update(inspectionBookings)
      .set({ status: INSPECTION_BOOKING_STATUS.scheduled })
      .where(eq(inspectionBookings.id, booking.id));
    await approvedReport({ general: 0, bookingId: booking.id });
    const [row] = await db().select().from(inspectionBookings).where(eq(inspectionBookings.id, booking.id));
    expect(row).toMatchObject({ status: INSPECTION_BOOKING_STATUS.performed, version: booking.version + 1 });
  });
});

describe('the final PDF (made at approval, as a job)', () => {
  let report: Detail;
  beforeAll(async () => {
    ({ report } = await approvedReport({ general: 3 }));
  });

  it('is queued by the approval and made by the job worker, with its progress', async () => {
    expect(report.status).toBe(INSPECTION_REPORT_STATUS.approved);
    expect(report.pdf.file).toBeNull();
    expect(report.pdf.job?.state).toBe('queued');
    await t.app.jobs.drain();
    const detail = await t.client.ok(ops.getInspectionReport, { id: report.id }, { token: auditor });
    expect(detail.pdf.job).toBeNull();
    expect(detail.pdf.file).toMatchObject({ name: `${report.reportNo}.pdf`, revision: 0 });
  });

  it('reads back with every label in both languages, the verdict, the plan, the photos and the pages', async () => {
    const { file, bytes } = await finalPdf(report.id);
    const pdf = readPdf(bytes, KEEP ? `${KEEP}/final.pdf` : undefined);
    const flat = pdf.text.replace(/\s+/g, ' ');
    for (const label of Object.values(PDF_LABELS)) {
      if (
        label === PDF_LABELS.interimTitle ||
        label === PDF_LABELS.preview ||
        label === PDF_LABELS.approverL2
      )
        continue;
      if (
        [PDF_LABELS.pullTests, PDF_LABELS.safetyTests, PDF_LABELS.part, PDF_LABELS.tensionType].includes(
          label as never,
        )
      )
        continue;
      if (
        [
          PDF_LABELS.force,
          PDF_LABELS.hold,
          PDF_LABELS.test,
          PDF_LABELS.value,
          PDF_LABELS.net,
          PDF_LABELS.no,
        ].includes(label as never)
      )
        continue;
      expect(flat, label.zh).toContain(label.zh);
      expect(flat, label.en).toContain(label.en);
    }
    // The verdict in both languages, the report no, client, the severity and why.
    expect(flat).toContain('合格(免验)');
    expect(flat).toContain('Pass (exemption)');
    expect(flat).toContain(report.reportNo);
    expect(flat).toContain(report.client.name);
    expect(flat).toContain('正常检验 Normal');
    expect(flat).toContain('First lots start on normal inspection');
    // The plan of a 500 lot at II, 2.5 / 4.0: letter H, n 50, Ac/Re 3/4 (major) and 5/6 (minor).
    const plan = lotPlan('normal', 'H', 500, { major: '2.5', minor: '4.0' });
    expect(plan.letter).toBe('H');
    const numbers = (cls: string) =>
      new RegExp(`${cls}\\s+(\\S+)\\s+(\\d+)\\s+(\\d+)\\s+(\\d+)\\s+(\\d+)`).exec(flat);
    expect(numbers('严重 Major')?.slice(1)).toEqual([
      '2.5',
      String(plan.major.n),
      String(plan.major.ac),
      String(plan.major.re),
      '2',
    ]);
    expect(numbers('轻微 Minor')?.slice(1)).toEqual([
      '4.0',
      String(plan.minor.n),
      String(plan.minor.ac),
      String(plan.minor.re),
      '0',
    ]);
    // 3 general photos + 1 defect photo + the factory's signature image.
    expect(pdf.images).toBe(5);
    expect(flat).toContain('照片（4） Photos (4)');
    expect(pdf.pages).toBe(file.pages);
    expect(pdf.pages).toBeGreaterThanOrEqual(3);
    expect(flat).toContain(`第 1 页，共 ${pdf.pages} 页 · Page 1 of ${pdf.pages}`);
    // One CJK font, embedded as a subset with a Unicode map (selectable, searchable).
    expect(pdf.fonts.length).toBeGreaterThan(0);
    for (const font of pdf.fonts) {
      expect(font).toMatchObject({ type: 'CID TrueType', embedded: true, subset: true, unicode: true });
      expect(font.name).toMatch(/^[A-Z]{6}\+NotoSansSC-/);
    }
    // The factory's sign-off, the inspector and the approver by name (no signature images uploaded).
    expect(flat).toContain('王厂长 Factory manager Wang');
    expect(flat).toContain(report.inspector.name);
    expect(flat).toContain(report.auditL1!.by.name);
  });

  it('answers a watermarked preview on demand, and stores nothing', async () => {
    const before = (await db().select({ n: count() }).from(files))[0]!.n;
    const { preview } = await t.client.ok(
      ops.getReportPdf,
      { id: report.id, preview: true },
      { token: auditor },
    );
    expect(preview).toMatchObject({ contentType: 'application/pdf', name: `${report.reportNo}-preview.pdf` });
    const bytes = Buffer.from(preview!.base64, 'base64');
    const pdf = readPdf(bytes, KEEP ? `${KEEP}/preview.pdf` : undefined);
    expect(pdf.text).toContain('预览 PREVIEW · 非正式报告 Not the issued report');
    expect(pdf.pages).toBe(preview!.pages);
    expect((await db().select({ n: count() }).from(files))[0]!.n).toBe(before);
  });
});

describe('send (§4.4, §6.10)', () => {
  it('is refused before approval (E_REPORT_NOT_APPROVED) and to a role without insp.report.send; nothing changes', async () => {
    const { x, submitted } = await approvedReport();
    const r = await reportRow(submitted.id);
    // Before approval: a fresh draft of another task.
    const other = await signedInTask(t);
    let draft = await t.client.ok(
      ops.createInspectionReport,
      { taskId: String(other.task.id) },
      { token: other.lead },
    );
    const mails = await mailCount();
    expect(
      await t.client.refused(
        ops.sendInspectionReport,
        { id: draft.id, version: draft.version },
        { token: sales },
      ),
    ).toMatchObject({
      reason: 'E_REPORT_NOT_APPROVED',
      error: 'The report can be sent only once it is approved',
    });
    draft = await t.client.ok(ops.getInspectionReport, { id: draft.id }, { token: other.lead });
    expect(draft.status).toBe(INSPECTION_REPORT_STATUS.draft);
    expect(draft.sends).toEqual([]);
    expect(
      (
        await t.client.refused(
          ops.sendInspectionReport,
          { id: String(r.id), version: r.version },
          { token: x.lead },
        )
      ).reason,
    ).toBe('E_PERMISSION');
    const after = await reportRow(String(r.id));
    expect(after.status).toBe(INSPECTION_REPORT_STATUS.approved);
    expect(after.sends).toEqual([]);
    expect(await mailCount()).toBe(mails);
  });

  it('mails the PDF and a share link to the client, its sales and the factory; records the send; 30 → 40', async () => {
    const client = await buildClient(db(), { reportEmails: ['buyer@example.com', 'qa@example.com'] });
    const { report } = await approvedReport({ clientId: client.id, general: 1 });
    const preview = await t.client.ok(ops.getReportSendRecipients, { id: report.id }, { token: sales });
    expect(preview.recipients.map((p) => [p.email, p.role])).toEqual([
      ['buyer@example.com', 'client'],
      ['qa@example.com', 'client'],
      [expect.stringContaining('@'), 'sales'],
      ['factory.contact@example.com', 'factory'],
    ]);
    expect(preview).toMatchObject({ password: false, revised: false, linkOnly: false });
    const since = smtp.messages.length;
    // Sent before the PDF job ran: the send makes it first.
    const sent = await t.client.ok(
      ops.sendInspectionReport,
      { id: report.id, version: report.version },
      { token: sales },
    );
    expect(sent.status).toBe(INSPECTION_REPORT_STATUS.sent);
    expect(sent.sends).toHaveLength(1);
    expect(sent.sends[0]).toMatchObject({
      to: preview.recipients.map((p) => p.email),
      revision: 0,
      revised: false,
      linkOnly: false,
      share: { password: false },
    });
    expect(sent.sends[0]!.by.name).toBeTruthy();
    expect(sent.pdf.file?.revision).toBe(0);
    await t.app.jobs.drain();
    const mail = await smtp.waitFor('buyer@example.com', since);
    expect(mail.text).toContain(`Inspection report ${report.reportNo}`);
    expect(mail.text).toContain(sent.sends[0]!.share.url);
    expect(mail.text).toContain('no password needed');
    expect(mail.raw).toMatch(/Content-Type: application\/pdf; name=.*\.pdf/);
    const factoryMail = await smtp.waitFor('factory.contact@example.com', since);
    expect(factoryMail.text).toContain('验货报告');
    // The share link opens without a password and downloads the same PDF.
    const code = sent.sends[0]!.share.code;
    const info = await inject(t, { method: 'GET', url: `/api/short-url/${code}` });
    expect(info.json).toMatchObject({
      data: { passwordRequired: false, files: [{ contentType: 'application/pdf' }] },
    });
    const got = await inject(t, { method: 'POST', url: `/api/short-url/${code}/download` });
    expect(got.status).toBe(200);
    expect(readPdf(got.body).text).toContain(report.reportNo);
    const [link] = await db().select().from(shortLinks).where(eq(shortLinks.code, code));
    expect(Math.round((link!.expiresAt.getTime() - Date.now()) / 86_400_000)).toBe(30);
  });

  it('gives the link a password when the client asks for one; a wrong one is counted and refused, expiry and the access limit hold', async () => {
    const client = await buildClient(db(), { reportEmails: ['locked@example.com'] });
    await db().update(clients).set({ sharePassword: true }).where(eq(clients.id, client.id));
    const { report } = await approvedReport({ clientId: client.id, general: 0 });
    await t.app.jobs.drain();
    const since = smtp.messages.length;
    const sent = await t.client.ok(
      ops.sendInspectionReport,
      { id: report.id, version: report.version },
      { token: sales },
    );
    expect(sent.sends[0]!.share.password).toBe(true);
    await t.app.jobs.drain();
    const mail = await smtp.waitFor('locked@example.com', since);
    const password = /password ([A-Z2-9]{6})/.exec(mail.text)![1]!;
    const code = sent.sends[0]!.share.code;
    const asks = await inject(t, { method: 'GET', url: `/api/short-url/${code}` });
    expect(asks.json).toMatchObject({ data: { passwordRequired: true, files: [] } });
    const wrong = await inject(t, { method: 'POST', url: `/api/short-url/${code}/download?pwd=WRONG1` });
    expect(wrong.json).toMatchObject({ reason: 'E_SHARE_PASSWORD' });
    const right = await inject(t, { method: 'POST', url: `/api/short-url/${code}/download?pwd=${password}` });
    expect(right.status).toBe(200);
    // Past its access limit, then past its expiry: refused even with the right password.
    await db().update(shortLinks).set({ accessLimit: 1 }).where(eq(shortLinks.code, code));
    const exhausted = await inject(t, {
      method: 'POST',
      url: `/api/short-url/${code}/download?pwd=${password}`,
    });
    expect(exhausted.json).toMatchObject({ reason: 'E_SHARE_EXHAUSTED' });
    await db()
      .update(shortLinks)
      .set({ accessLimit: null, expiresAt: new Date(Date.now() - 1000) })
      .where(eq(shortLinks.code, code));
    const expired = await inject(t, {
      method: 'POST',
      url: `/api/short-url/${code}/download?pwd=${password}`,
    });
    expect(expired.json).toMatchObject({ reason: 'E_SHARE_EXPIRED' });
  });

  it('after a reopen, re-approval remakes the PDF with the revision mark and the resend is marked revised', async () => {
    const client = await buildClient(db(), { reportEmails: ['again@example.com'] });
    const { x, report } = await approvedReport({ clientId: client.id, general: 0 });
    let r = await t.client.ok(
      ops.sendInspectionReport,
      { id: report.id, version: report.version },
      { token: sales },
    );
    const qcMgr = await signInAs(t, 'QC_MGR');
    r = await t.client.ok(
      ops.reopenInspectionReport,
      { id: r.id, version: r.version, reason: '更正 / correction' },
      { token: qcMgr },
    );
    expect(r.revision).toBe(1);
    r = await t.client.ok(ops.checkoutInspectionReport, { id: r.id }, { token: x.lead });
    r = await t.client.ok(ops.submitInspectionReport, { id: r.id, version: r.version }, { token: x.lead });
    r = await t.client.ok(ops.approveInspectionReport, { id: r.id, version: r.version }, { token: auditor });
    expect(r.pdf.file).toBeNull(); // the revision-0 PDF no longer stands for the report
    await t.app.jobs.drain();
    const { file, bytes } = await finalPdf(r.id);
    expect(file).toMatchObject({ revision: 1, name: `${report.reportNo}-R1.pdf` });
    const text = readPdf(bytes, KEEP ? `${KEEP}/revised.pdf` : undefined).text;
    expect(text).toContain('修订版 Revised · Rev. 1');
    const since = smtp.messages.length;
    r = await t.client.ok(ops.getInspectionReport, { id: r.id }, { token: sales });
    const resent = await t.client.ok(
      ops.sendInspectionReport,
      { id: r.id, version: r.version },
      { token: sales },
    );
    expect(resent.sends.map((s) => [s.revision, s.revised])).toEqual([
      [1, true],
      [0, false],
    ]);
    await t.app.jobs.drain();
    const mail = await smtp.waitFor('again@example.com', since);
    expect(mail.text).toContain('[Revised] Inspection report');
    expect(mail.text).toContain('revision 1');
  });

  it('sends the link only when the PDF is over 20 MB', async () => {
    const client = await buildClient(db(), { reportEmails: ['big@example.com'] });
    const { report } = await approvedReport({ clientId: client.id, general: 0 });
    await t.app.jobs.drain();
    const row = await reportRow(report.id);
    await db()
      .update(inspectionReports)
      .set({ pdf: { ...row.pdf!, size: 21 * 1024 * 1024 } })
      .where(eq(inspectionReports.id, row.id));
    expect(
      (await t.client.ok(ops.getReportSendRecipients, { id: report.id }, { token: sales })).linkOnly,
    ).toBe(true);
    const sent = await t.client.ok(
      ops.sendInspectionReport,
      { id: report.id, version: row.version },
      { token: sales },
    );
    expect(sent.sends[0]!.linkOnly).toBe(true);
    const [queued] = await db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, 'big@example.com'), eq(mailOutbox.template, 'inspection-report-sent')));
    expect(queued!.attachments).toEqual([]);
    expect(queued!.text).toContain('over 20 MB');
  });
});

describe('the signature image of a user’s settings', () => {
  it('refuses a file that is not an image, or over 1 MB, and keeps nothing', async () => {
    const inspector = await signIn(t, 'demo.auditor');
    const setting = await t.client.ok(areas.identity.getUserSetting, {}, { token: inspector });
    const pdf = await uploadFile(t, inspector, 'sign.pdf', MINIMAL_PDF);
    expect(
      await t.client.refused(
        areas.identity.updateUserSetting,
        { version: setting.version, signatureFileId: pdf },
        { token: inspector },
      ),
    ).toMatchObject({ reason: 'E_IMAGE_ONLY', field: 'signatureFileId' });
    const big = await sharp({ create: { width: 1400, height: 1400, channels: 3, background: '#888' } })
      .composite([
        {
          input: Buffer.from(Array.from({ length: 1400 * 1400 * 3 }, (_, i) => (i * 7919) % 256)),
          raw: { width: 1400, height: 1400, channels: 3 },
        },
      ])
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(1024 * 1024);
    const bigId = await uploadFile(t, inspector, 'sign.png', big);
    expect(
      await t.client.refused(
        areas.identity.updateUserSetting,
        { version: setting.version, signatureFileId: bigId },
        { token: inspector },
      ),
    ).toMatchObject({ reason: 'E_FILE_TOO_BIG', field: 'signatureFileId' });
    expect((await t.client.ok(areas.identity.getUserSetting, {}, { token: inspector })).signature).toBeNull();
  });

  it('keeps an image, and the approver’s signature appears in the PDF', async () => {
    const approver = await signIn(t, 'demo.auditor');
    const setting = await t.client.ok(areas.identity.getUserSetting, {}, { token: approver });
    const png = await sharp({ create: { width: 300, height: 90, channels: 3, background: '#fff' } })
      .composite([
        {
          input: Buffer.from(
            '<svg width="300" height="90"><path d="M10 70 C 80 0, 150 90, 290 20" stroke="#123" stroke-width="5" fill="none"/></svg>',
          ),
        },
      ])
      .png()
      .toBuffer();
    const fileId = await uploadFile(t, approver, 'my-signature.png', png);
    const saved = await t.client.ok(
      areas.identity.updateUserSetting,
      { version: setting.version, signatureFileId: fileId },
      { token: approver },
    );
    expect(saved.signature).toMatchObject({ fileId, name: 'my-signature.png' });
    const { report } = await approvedReport({ general: 1 });
    await t.app.jobs.drain();
    const { bytes } = await finalPdf(report.id);
    // 1 photo + 1 defect photo + factory sign-off + the approver's signature.
    expect(readPdf(bytes, KEEP ? `${KEEP}/signed.pdf` : undefined).images).toBe(4);
    const [me] = await db().select().from(users).where(eq(users.username, 'demo.auditor'));
    expect(report.auditL1?.by.id).toBe(String(me!.id));
  });
});

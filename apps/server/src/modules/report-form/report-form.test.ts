import { areas } from '@qcdesk/contract';
import { DAILY_REPORT_STATUS } from '@qcdesk/contract/daily-work-report';
import { INSPECTION_RESULT } from '@qcdesk/contract/inspection-apply';
import { INSPECTION_REPORT_STATUS } from '@qcdesk/contract/inspection-report';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../../test/support/identity';
import { type SmtpSink, startSmtpSink } from '../../../test/support/smtp-sink';
import { startTestApp, type TestApp } from '../../../test/support/test-app';
import { files } from '../../db/schema/files';
import { departments, users } from '../../db/schema/identity';
import { inspectionReports } from '../../db/schema/inspection-report';
import { jobs } from '../../db/schema/platform';
import { reportFormExports } from '../../db/schema/report-form';
import { buildOrder } from '../order/order.factory';
import { buildApprovedReport, buildCheckedDay, vehicleId } from './report-form.factory';
import { REPORT_FORM_JOB } from './report-form.rules';
import { purgeExpiredExports, REPORT_FORM_PURGE_TASK } from './report-form-purge.service';

// Report forms through the envelope (DOMAIN.md §6.12): each form queued, built by the job, mailed
// with a link to "my exports", and its XLSX read back through a freshly signed URL with its totals.
// October 2026 of the seeded holiday calendar: Thu 1 Oct National Day (HOLIDAY), Sat 10 Oct an
// adjusted workday (WORKDAY), Mon 12 Oct a workday, Sat 17 Oct a rest day.

const ops = areas.reportForm;
const PUBLIC_URL = 'https://qcdesk.test';
let t: TestApp;
let smtp: SmtpSink;
let qcmgr: string;
let clientId: bigint;
let lead: { id: bigint; name: string };
const range = { startTime: '2026-10-01', endTime: '2026-10-31' };

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await startTestApp({ env: { MAIL_URL: smtp.url, PUBLIC_URL } });
  qcmgr = await signInAs(t, 'QC_MGR');
  const db = t.database.db;
  const order = await buildOrder(db);
  clientId = order.order.clientId;
  const monday = await buildApprovedReport(db, order, { date: '2026-10-12', result: INSPECTION_RESULT.pass });
  lead = monday.lead;
  await buildApprovedReport(db, order, {
    date: '2026-10-17',
    result: INSPECTION_RESULT.fail,
    applyType: 3,
    status: INSPECTION_REPORT_STATUS.sent,
  });
  await buildApprovedReport(db, order, { date: '2026-10-01', result: INSPECTION_RESULT.noReport });
  await buildApprovedReport(db, order, { date: '2026-10-10', result: INSPECTION_RESULT.pass, interim: true });
  // Not approved: in no form.
  await buildApprovedReport(db, order, {
    date: '2026-10-13',
    result: INSPECTION_RESULT.pass,
    status: INSPECTION_REPORT_STATUS.submitted,
  });
  // The lead's days: 12.5 km by car (1.20/km) for the Monday task; 10 h, 6 h on a Saturday, 8 h on
  // National Day, annual leave, and a draft (not counted).
  const car = await vehicleId(db, 'CAR');
  await buildCheckedDay(db, lead.id, '2026-10-12', {
    hours: 10,
    works: [
      {
        taskId: String(monday.task.id),
        reportId: String(monday.report.id),
        vehicleId: String(car),
        mileageTenths: 125,
        hoursTenths: 100,
      },
    ],
  });
  await buildCheckedDay(db, lead.id, '2026-10-17', { hours: 6, status: DAILY_REPORT_STATUS.sent });
  await buildCheckedDay(db, lead.id, '2026-10-01', { hours: 8 });
  await buildCheckedDay(db, lead.id, '2026-10-13', { hours: 8, attendance: 'AL' });
  await buildCheckedDay(db, lead.id, '2026-10-14', { hours: 12, status: DAILY_REPORT_STATUS.draft });
  // QC approvals of the month by the QC manager: three at level 1, one at level 2.
  const [manager] = await db.select().from(users).where(eq(users.username, 'demo.qcmgr'));
  const approved = await db
    .select({ id: inspectionReports.id })
    .from(inspectionReports)
    .where(
      and(
        eq(inspectionReports.clientId, clientId),
        eq(inspectionReports.interim, false),
        inArray(inspectionReports.status, [INSPECTION_REPORT_STATUS.approved, INSPECTION_REPORT_STATUS.sent]),
      ),
    )
    .orderBy(inspectionReports.inspectionDate);
  for (const [i, r] of approved.entries()) {
    if (i >= 3) break;
    await db
      .update(inspectionReports)
      .set({
        auditL1By: manager!.id,
        auditL1At: new Date(`2026-10-2${i}T02:00:00Z`),
        ...(i === 0 ? { auditL2By: manager!.id, auditL2At: new Date('2026-10-22T03:00:00Z') } : {}),
      })
      .where(eq(inspectionReports.id, r.id));
  }
  await t.app.jobs.drain();
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** The report-form mail to the QC manager received after `since`. */
async function mailedSince(since: number) {
  const [me] = await t.database.db.select().from(users).where(eq(users.username, 'demo.qcmgr'));
  for (let i = 0; i < 250; i++) {
    const hit = smtp.messages
      .slice(since)
      .find((m) => m.to.includes(me!.email) && m.text.includes('/reportform'));
    if (hit) return hit;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('no report-form mail');
}

const state = async () => ({
  exports: Number((await t.database.db.select({ n: count() }).from(reportFormExports))[0]!.n),
  jobs: Number(
    (await t.database.db.select({ n: count() }).from(jobs).where(eq(jobs.kind, REPORT_FORM_JOB)))[0]!.n,
  ),
});

/** Runs the queued jobs, answers the mail, and reads the newest export's XLSX through "my exports". */
async function exportAndRead(
  form: 'inspection' | 'fee' | 'overtime' | 'qc',
  lang: 'zh' | 'en',
  filters: object,
) {
  const since = smtp.messages.length;
  const { result } = await t.client.call(
    ops.exportReportForm,
    { form, ...range, ...filters },
    { token: qcmgr, lang },
  );
  expect(result).toMatchObject({
    success: true,
    error: lang === 'en' ? 'The mail has been sent, please check' : '邮件已发送，请查收',
  });
  const jobId = (result.data as { jobId: string }).jobId;
  await t.app.jobs.drain();
  const mail = await mailedSince(since);
  expect(mail.text).toContain(`${PUBLIC_URL}/${lang}/reportform`);
  const mine = await t.client.ok(ops.myReportFormExports, {}, { token: qcmgr, lang });
  const row = mine.list.find((r) => r.jobId === jobId)!;
  expect(row).toMatchObject({ form, state: 'done', percent: 100 });
  const { url, name } = await t.client.ok(ops.downloadReportForm, { id: row.id }, { token: qcmgr, lang });
  expect(name).toMatch(/\.xlsx$/);
  const file = await t.app.server.inject({ method: 'GET', url });
  expect(file.statusCode).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((r) => {
    rows.push((r.values as unknown[]).slice(1));
  });
  const headers = rows[0] as string[];
  const records = rows.slice(1).map((r) => Object.fromEntries(headers.map((h, i) => [h, r[i] ?? null])));
  return { mail, headers, records, row };
}

describe('reportform/export', () => {
  it('fee form: a row per inspector of each charged report, factors of the day, travel, totals', async () => {
    const { records, mail } = await exportAndRead('fee', 'en', { clientId: String(clientId) });
    expect(mail.text).toContain('Your Fee form (2026-10-01 – 2026-10-31 (31), 7 rows) is ready');
    const lines = records.slice(0, -1);
    expect(lines.map((r) => [r.Date, r['Day type'], r.Factor, r.Fee, r.Payer])).toEqual([
      ['2026-10-12', 'Workday', 1, 1200, 'Client'],
      ['2026-10-12', 'Workday', 1, 1200, 'Client'],
      ['2026-10-17', 'Rest day', 1.5, 1800, 'Factory'],
      ['2026-10-17', 'Rest day', 1.5, 1800, 'Factory'],
      ['2026-10-01', 'Holiday', 2, 2400, 'Client'],
      ['2026-10-01', 'Holiday', 2, 2400, 'Client'],
    ]);
    expect(lines.map((r) => r.Travel)).toEqual([15, 0, 0, 0, 0, 0]);
    expect(records.at(-1)).toMatchObject({
      Date: 'Total',
      'Man-days': 6,
      Fee: 10800,
      Travel: 15,
      Total: 10815,
      Currency: 'RMB',
    });
  });

  it('inspection form: every approved report, interim flagged, with totals (in Chinese)', async () => {
    const { records, headers } = await exportAndRead('inspection', 'zh', { clientId: String(clientId) });
    expect(headers.slice(0, 3)).toEqual(['日期', '报告号', '中期']);
    const lines = records.slice(0, -1);
    expect(lines).toHaveLength(4);
    expect(lines.filter((r) => r.中期 === '是').map((r) => r.日期)).toEqual(['2026-10-10']);
    expect(records.at(-1)).toMatchObject({ 日期: '合计', 数量: 400, 严重: 4, 得分: 6 });
  });

  it('overtime form: a row per checked day, the monthly subtotal and the total', async () => {
    const { records } = await exportAndRead('overtime', 'en', { inspectorId: String(lead.id) });
    const days = records.filter((r) => /^\d{4}-/.test(String(r.Date)));
    expect(
      days.map((r) => [r.Date, r['Day type'], r.Hours, r['OT hours'], r.Rate, r['Weighted OT hours']]),
    ).toEqual([
      ['2026-10-01', 'Holiday', 8, 8, 3, 24],
      ['2026-10-12', 'Workday', 10, 2, 1.5, 3],
      ['2026-10-13', 'Workday', 0, 0, 1.5, 0],
      ['2026-10-17', 'Rest day', 6, 6, 2, 12],
    ]);
    expect(days[1]!['Report nos']).toMatch(/^RF/);
    expect(records.find((r) => String(r.Date).startsWith('Subtotal'))).toMatchObject({
      Hours: 24,
      'OT hours': 16,
      'Weighted OT hours': 39,
    });
    expect(records.at(-1)).toMatchObject({ Inspector: 'Total', Hours: 24, 'Weighted OT hours': 39 });
  });

  it('QC form: approvals per approver and month', async () => {
    const { records } = await exportAndRead('qc', 'en', { clientId: String(clientId) });
    expect(records.slice(0, -1)).toEqual([
      expect.objectContaining({ Month: '2026-10', 'Approved L1': 3, 'Approved L2': 1, Failed: 1 }),
    ]);
    expect(records.at(-1)).toMatchObject({ 'QC / auditor': 'Total', 'Approved L1': 3 });
  });

  it('joins a second equal request to the first job; a different language is its own', async () => {
    const input = { form: 'fee' as const, ...range, inspectorId: String(lead.id) };
    const [a, b] = await Promise.all([
      t.client.ok(ops.exportReportForm, input, { token: qcmgr, lang: 'en' }),
      t.client.ok(ops.exportReportForm, input, { token: qcmgr, lang: 'en' }),
    ]);
    expect(b.jobId).toBe(a.jobId);
    const zh = await t.client.ok(ops.exportReportForm, input, { token: qcmgr, lang: 'zh' });
    expect(zh.jobId).not.toBe(a.jobId);
    const rows = await t.database.db
      .select()
      .from(reportFormExports)
      .where(inArray(reportFormExports.jobId, [BigInt(a.jobId), BigInt(zh.jobId)]));
    expect(rows).toHaveLength(2);
    await t.app.jobs.drain();
    // Finished: the same request now starts a new job.
    const again = await t.client.ok(ops.exportReportForm, input, { token: qcmgr, lang: 'en' });
    expect(again.jobId).not.toBe(a.jobId);
    await t.app.jobs.drain();
  });

  it('refuses a range over 366 days, a department outside scope and a role without the permission; nothing changes', async () => {
    const before = await state();
    const long = await t.client.call(
      ops.exportReportForm,
      { form: 'fee', startTime: '2025-01-01', endTime: '2026-01-02' },
      { token: qcmgr, lang: 'en' },
    );
    expect(long.result).toMatchObject({
      success: false,
      reason: 'E_RF_RANGE',
      error: 'The date range of a report form must not exceed 366 days',
    });
    const zh = await t.client.call(
      ops.exportReportForm,
      { form: 'fee', startTime: '2025-01-01', endTime: '2026-01-02' },
      { token: qcmgr, lang: 'zh' },
    );
    expect(zh.result.error).toBe('报表的日期范围不能超过366天');
    const salesmgr = await signInAs(t, 'SALES_MGR');
    const [qc] = await t.database.db.select().from(departments).where(eq(departments.code, 'QC'));
    const outside = await t.client.call(
      ops.exportReportForm,
      { form: 'fee', ...range, departmentId: String(qc!.id) },
      { token: salesmgr, lang: 'en' },
    );
    expect(outside.result).toMatchObject({ success: false, reason: 'E_SCOPE' });
    const sales = await signInAs(t, 'SALES');
    const denied = await t.client.call(
      ops.exportReportForm,
      { form: 'fee', ...range },
      { token: sales, lang: 'en' },
    );
    expect(denied.result).toMatchObject({ success: false, reason: 'E_PERMISSION' });
    const reversed = await t.client.call(
      ops.exportReportForm,
      { form: 'fee', startTime: '2026-10-31', endTime: '2026-10-01' },
      { token: qcmgr, lang: 'en' },
    );
    expect(reversed.result).toMatchObject({ success: false, reason: 'E_DATE_RANGE' });
    expect(await state()).toEqual(before);
    // 366 days are accepted.
    await t.client.ok(
      ops.exportReportForm,
      { form: 'qc', startTime: '2025-01-01', endTime: '2026-01-01' },
      { token: salesmgr, lang: 'en' },
    );
    await t.app.jobs.drain();
  });

  it('downloads only the caller’s own export', async () => {
    const mine = await t.client.ok(ops.myReportFormExports, {}, { token: qcmgr, lang: 'en' });
    const admin = await signInAs(t, 'ADMIN');
    const other = await t.client.call(
      ops.downloadReportForm,
      { id: mine.list[0]!.id },
      { token: admin, lang: 'en' },
    );
    expect(other.result).toMatchObject({ success: false, reason: 'E_SCOPE' });
  });

  it('purges an export and its file once its 7 days are over, on the job worker, once across processes', async () => {
    const db = t.database.db;
    const mine = await t.client.ok(ops.myReportFormExports, {}, { token: qcmgr, lang: 'en' });
    const kept = mine.list.filter((r) => r.fileName !== null);
    const old = kept[0]!;
    const { url } = await t.client.ok(ops.downloadReportForm, { id: old.id }, { token: qcmgr, lang: 'en' });
    const [row] = await db
      .select()
      .from(reportFormExports)
      .where(eq(reportFormExports.id, BigInt(old.id)));
    const [file] = await db.select().from(files).where(eq(files.id, row!.fileId!));
    const { store } = await t.app.files.ready();
    expect(await store.head(file!.storageKey)).not.toBeNull();
    // Eight days later for this one; the others are younger.
    await db
      .update(reportFormExports)
      .set({ createdAt: sql`now() - interval '8 days'`, expiresAt: sql`now() - interval '1 day'` })
      .where(eq(reportFormExports.id, row!.id));

    // The worker runs the task (registered in periodic_tasks, so one process at a time runs it).
    await t.app.jobs.runDueTasks();
    const [task] = await db
      .execute<{ name: string }>(sql`select name from periodic_tasks where name = ${REPORT_FORM_PURGE_TASK}`)
      .then((r) => r.rows);
    expect(task?.name).toBe(REPORT_FORM_PURGE_TASK);
    // Whether the worker's first round ran it or not, a run now finds nothing more to purge.
    await purgeExpiredExports(db, store);
    expect(await purgeExpiredExports(db, store)).toBe(0);

    expect(await db.select().from(reportFormExports).where(eq(reportFormExports.id, row!.id))).toEqual([]);
    const [gone] = await db.select().from(files).where(eq(files.id, file!.id));
    expect(gone).toMatchObject({ valid: 0 });
    expect(gone!.objectDeletedAt).not.toBeNull();
    expect(await store.head(file!.storageKey)).toBeNull();
    expect((await t.app.server.inject({ method: 'GET', url })).statusCode).not.toBe(200);
    const after = await t.client.ok(ops.myReportFormExports, {}, { token: qcmgr, lang: 'en' });
    expect(after.list.map((r) => r.id)).toEqual(mine.list.filter((r) => r.id !== old.id).map((r) => r.id));
    const refused = await t.client.call(ops.downloadReportForm, { id: old.id }, { token: qcmgr, lang: 'en' });
    expect(refused.result).toMatchObject({ success: false, reason: 'E_NOT_FOUND' });
  });

  it('closes October: its fee lines stay as closed; a reopened report shows as a correction in November', async () => {
    const db = t.database.db;
    const filter = { clientId: String(clientId) };
    const before = await exportAndRead('fee', 'en', filter);
    const admin = await signInAs(t, 'ADMIN');

    // Refused: a role without reportform.close, a month not ended, a malformed month.
    const close = (month: string, token = admin) =>
      t.client.call(ops.closeFeeMonth, { month }, { token, lang: 'en' });
    expect((await close('2026-10', qcmgr)).result).toMatchObject({ success: false, reason: 'E_PERMISSION' });
    const current = new Date().toISOString().slice(0, 7);
    expect((await close(current)).result).toMatchObject({ success: false, reason: 'E_RF_MONTH_OPEN' });
    expect((await close('2026-13')).result).toMatchObject({ success: false, reason: 'E_FORMAT' });

    const closed = await t.client.ok(ops.closeFeeMonth, { month: '2026-10' }, { token: admin });
    expect(closed).toMatchObject({ month: '2026-10', corrections: 0 });
    expect(closed.lines).toBeGreaterThanOrEqual(6);
    expect((await close('2026-10')).result).toMatchObject({
      success: false,
      reason: 'E_RF_CLOSED',
      error: 'The month 2026-10 is already closed',
    });

    // The Monday report is reopened (back to draft) after the close.
    const [monday] = await db
      .select()
      .from(inspectionReports)
      .where(
        and(eq(inspectionReports.clientId, clientId), eq(inspectionReports.inspectionDate, '2026-10-12')),
      );
    await db
      .update(inspectionReports)
      .set({ status: INSPECTION_REPORT_STATUS.draft })
      .where(eq(inspectionReports.id, monday!.id));

    // October's form is unchanged: the closed lines, the same totals.
    const october = await exportAndRead('fee', 'en', filter);
    const amounts = (records: Record<string, unknown>[]) =>
      records.map((r) => [r.Date, r['Report no'], r.Inspector, r.Fee, r.Travel, r.Total]).sort();
    expect(amounts(october.records)).toEqual(amounts(before.records));
    expect(october.records.at(-1)).toMatchObject({ Date: 'Total', Fee: 10800, Travel: 15, Total: 10815 });

    // November (the next open month) shows the reopened report's lines taken back, marked.
    const november = await exportAndRead('fee', 'en', {
      ...filter,
      startTime: '2026-11-01',
      endTime: '2026-11-30',
    });
    const lines = november.records.slice(0, -1);
    expect(lines.map((r) => [r.Date, r['Report no'], r.Fee, r.Travel, r['Corrects month']])).toEqual([
      ['2026-11-01', monday!.reportNo, -1200, -15, '2026-10'],
      ['2026-11-01', monday!.reportNo, -1200, 0, '2026-10'],
    ]);
    expect(november.records.at(-1)).toMatchObject({ Date: 'Total', Fee: -2400, Travel: -15, Total: -2415 });

    // Approved again as it was: nothing left to correct.
    await db
      .update(inspectionReports)
      .set({ status: monday!.status })
      .where(eq(inspectionReports.id, monday!.id));
    const again = await exportAndRead('fee', 'zh', {
      ...filter,
      startTime: '2026-11-01',
      endTime: '2026-11-30',
    });
    expect(again.records).toHaveLength(0);
  });
});

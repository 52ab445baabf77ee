import { areas, operations } from '@qcdesk/contract';
import { enumLabel } from '@qcdesk/contract/enumerations';
import { exportStarted } from '@qcdesk/contract/list-export';
import { and, count, desc, eq, like } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unique } from '../../../test/support/factories';
import { buildUser, signIn, signInAs } from '../../../test/support/identity';
import { type SmtpSink, startSmtpSink } from '../../../test/support/smtp-sink';
import { startTestApp, type TestApp } from '../../../test/support/test-app';
import { clients } from '../../db/schema/client';
import { files } from '../../db/schema/files';
import { roles, users } from '../../db/schema/identity';
import { orderProducts } from '../../db/schema/order';
import { changeLog, jobs } from '../../db/schema/platform';
import { businessDate } from '../../platform/business-time';
import { keyBatches } from '../../platform/list-export';
import { XLSX_TYPE } from '../../platform/list-export-xlsx';
import { clientExport } from '../client/client.export';
import { buildClient } from '../client/client.factory';
import { buildOrder } from '../order/order.factory';
import { LIST_EXPORT_JOB } from './list-export.rules';
import { requestExport } from './list-export.service';

// List exports through the envelope (issue 12), on the client list: the call answers "the mail has
// been sent" with a job id; the job mails a link whose download is the XLSX of the filter, in the
// requester's language and scope. The cap is 3 rows here (EXPORT_MAX_ROWS) instead of 100,000.

const ops = areas.client;
const PUBLIC_URL = 'https://qcdesk.test';
let t: TestApp;
let smtp: SmtpSink;
let admin: string;

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await startTestApp({ env: { MAIL_URL: smtp.url, PUBLIC_URL, EXPORT_MAX_ROWS: '3' } });
  admin = await signInAs(t, 'ADMIN');
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function emailOf(username: string): Promise<string> {
  const [row] = await t.database.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.username, username));
  return row!.email;
}

/** Runs the queued jobs (the export, then its mail) and answers the mail the user received. */
async function mailedTo(username: string, since: number) {
  await t.app.jobs.drain();
  return smtp.waitFor(await emailOf(username), since);
}

/** Follows the mailed link as a browser would: the short link redirects to the signed file. */
async function download(mailText: string, app: TestApp = t) {
  const link = new RegExp(`${PUBLIC_URL}/s/([A-Za-z0-9]+)`).exec(mailText);
  expect(link, mailText).not.toBeNull();
  const short = await app.app.server.inject({ method: 'GET', url: `/s/${link![1]}` });
  expect(short.statusCode).toBe(302);
  const file = await app.app.server.inject({ method: 'GET', url: String(short.headers.location) });
  expect(file.statusCode).toBe(200);
  expect(String(file.headers['content-disposition'])).toContain('.xlsx');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: string[][] = [];
  sheet.eachRow((row) => {
    rows.push(
      (row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v))),
    );
  });
  return { headers: rows[0]!, rows: rows.slice(1) };
}

const exportJobs = async () =>
  Number((await t.database.db.select({ n: count() }).from(jobs).where(eq(jobs.kind, LIST_EXPORT_JOB)))[0]!.n);

describe('client/export', () => {
  it('mails a link to the XLSX of the filter, with headers in the requester’s language', async () => {
    const db = t.database.db;
    const token = unique('EXP');
    const a = await buildClient(db, { name: `${token} Alpha` });
    const b = await buildClient(db, { name: `${token} Beta`, type: 2 });
    await buildClient(db, { name: unique('Other ') });
    const since = smtp.messages.length;

    const { result } = await t.client.call(ops.exportClients, { name: token }, { token: admin, lang: 'en' });
    expect(result).toMatchObject({
      success: true,
      error: 'The mail has been sent, please check',
      data: { jobId: expect.stringMatching(/^\d+$/) },
    });

    const mail = await mailedTo('admin', since);
    expect(mail.text).toContain('Your export of Clients (2 rows) is ready');
    const file = await download(mail.text);
    expect(file.headers.slice(0, 4)).toEqual(['Code', 'Name', 'Country', 'Type']);
    expect(file.rows.map((r) => r[1])).toEqual([a.name, b.name]);
    expect(file.rows.map((r) => r[0])).toEqual([a.code, b.code]);
    expect(file.rows[1]![3]).toBe(enumLabel('ClientType', 2, 'en'));

    // The same export asked in Chinese: Chinese headers, file name and mail.
    const zhSince = smtp.messages.length;
    const zh = await t.client.call(ops.exportClients, { name: token }, { token: admin, lang: 'zh' });
    expect(zh.result.error).toBe('邮件已发送，请查收');
    const zhMail = await mailedTo('admin', zhSince);
    expect(zhMail.text).toContain('您导出的客户（共2条）已生成');
    const zhFile = await download(zhMail.text);
    expect(zhFile.headers.slice(0, 4)).toEqual(['编码', '名称', '国家', '类型']);
  });

  it('refuses a user without the list’s read permission, and queues nothing', async () => {
    const inspector = await signInAs(t, 'INSPECTOR');
    const before = await exportJobs();
    const { result } = await t.client.call(ops.exportClients, {}, { token: inspector, lang: 'en' });
    expect(result).toMatchObject({ success: false, reason: 'E_PERMISSION' });
    expect(await exportJobs()).toBe(before);
  });

  it('exports only the clients in a sales user’s scope', async () => {
    const db = t.database.db;
    const token = unique('SCOPE');
    const elsewhere = await buildUser(db, { role: 'SALES', department: 'SALES2' });
    const mine = await buildClient(db, { name: `${token} mine` });
    await buildClient(db, { name: `${token} elsewhere`, sales: elsewhere.username });
    const sales = await signInAs(t, 'SALES');
    const since = smtp.messages.length;
    await t.client.ok(ops.exportClients, { name: token }, { token: sales, lang: 'en' });
    const file = await download((await mailedTo('demo.sales', since)).text);
    expect(file.rows.map((r) => r[1])).toEqual([mine.name]);
  });

  it('refuses more rows than the cap, asking to narrow the filter, and queues nothing', async () => {
    const db = t.database.db;
    const token = unique('CAP');
    for (let i = 0; i < 4; i++) await buildClient(db, { name: `${token} ${i}` });
    const before = await exportJobs();
    const logged = await t.database.db
      .select({ n: count() })
      .from(changeLog)
      .where(eq(changeLog.action, 'export'));
    const en = await t.client.call(ops.exportClients, { name: token }, { token: admin, lang: 'en' });
    expect(en.result).toMatchObject({
      success: false,
      reason: 'E_EXPORT_TOO_MANY',
      error: 'The export exceeds 3 rows; narrow the filter',
    });
    const zh = await t.client.call(ops.exportClients, { name: token }, { token: admin, lang: 'zh' });
    expect(zh.result.error).toBe('导出数据超过3条，请缩小查询范围');
    expect(await exportJobs()).toBe(before);
    const after = await t.database.db
      .select({ n: count() })
      .from(changeLog)
      .where(eq(changeLog.action, 'export'));
    expect(after[0]!.n).toBe(logged[0]!.n);
  });

  it('refuses an empty result in both languages and queues nothing (issue 25)', async () => {
    const before = await exportJobs();
    const en = await t.client.call(
      ops.exportClients,
      { name: unique('NOTHING') },
      { token: admin, lang: 'en' },
    );
    expect(en.result).toMatchObject({
      success: false,
      reason: 'E_EXPORT_EMPTY',
      error: 'Nothing to export: no record matches the filter',
    });
    const zh = await t.client.call(
      ops.exportClients,
      { name: unique('NOTHING') },
      { token: admin, lang: 'zh' },
    );
    expect(zh.result.error).toBe('没有可导出的数据：没有符合查询条件的记录');
    expect(await exportJobs()).toBe(before);
  });

  it('writes the EXPORT row of the change log with the filters when asked', async () => {
    const db = t.database.db;
    const token = unique('LOG');
    const client = await buildClient(db, { name: `${token} logged` });
    const { jobId } = await t.client.ok(
      ops.exportClients,
      { name: token, country: String(client.countryId) },
      { token: admin },
    );
    const [row] = await db
      .select()
      .from(changeLog)
      .where(and(eq(changeLog.entity, 'jobs'), eq(changeLog.entityId, BigInt(jobId))));
    const [adminRow] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
    expect(row).toMatchObject({ action: 'export', actorId: adminRow!.id });
    expect(row!.changes).toEqual([
      { field: 'entity', from: null, to: 'clients' },
      {
        field: 'filters',
        from: null,
        to: { name: token, country: String(client.countryId), deleted: false },
      },
      { field: 'rows', from: null, to: 1 },
    ]);
  });

  it('gives a client user only its own client and the columns it may read', async () => {
    const db = t.database.db;
    const own = await buildClient(db, { name: unique('Own ') });
    await buildClient(db, { name: unique('Foreign ') });
    const [role] = await db
      .insert(roles)
      .values({
        code: unique('CLIENTX'),
        nameZh: '客户查看',
        nameEn: 'Client viewer',
        permissions: ['client.search'],
        scope: 'client',
      })
      .returning();
    const user = await buildUser(db, { role: 'CLIENT', department: 'EXT' });
    await db.update(users).set({ roleId: role!.id, clientId: own.id }).where(eq(users.id, user.id));
    const token = await signIn(t, user.username);
    const since = smtp.messages.length;
    await t.client.ok(ops.exportClients, {}, { token, lang: 'en' });
    const file = await download((await mailedTo(user.username, since)).text);
    expect(file.headers).toEqual(['Code', 'Name', 'Country', 'Type', 'Advance days', 'State']);
    expect(file.rows.map((r) => r[1])).toEqual([own.name]);
  });
});

describe('job/progress', () => {
  it('tells the requester how far the export is, and refuses anyone else', async () => {
    const token = unique('PROG');
    await buildClient(t.database.db, { name: `${token} one` });
    const { jobId } = await t.client.ok(ops.exportClients, { name: token }, { token: admin });
    const queued = await t.client.ok(areas.listExport.jobProgress, { id: jobId }, { token: admin });
    expect(queued).toEqual({ id: jobId, state: 'queued', percent: 0, error: null });

    const sales = await signInAs(t, 'SALES');
    const other = await t.client.call(areas.listExport.jobProgress, { id: jobId }, { token: sales });
    expect(other.result).toMatchObject({ success: false, reason: 'E_SCOPE' });

    await t.app.jobs.drain();
    const done = await t.client.ok(areas.listExport.jobProgress, { id: jobId }, { token: admin });
    expect(done).toEqual({ id: jobId, state: 'done', percent: 100, error: null });

    const missing = await t.client.call(areas.listExport.jobProgress, { id: '999999999' }, { token: admin });
    expect(missing.result.reason).toBe('E_NOT_FOUND');
  });
});

describe('formula injection (issue 32, ADR 0024)', () => {
  it('writes a client name a spreadsheet would evaluate as a quoted string, not a formula', async () => {
    const db = t.database.db;
    const token = unique('FX');
    // Three names: the export's cap is 3 rows here (every start: platform/list-export-xlsx.test.ts).
    const names = [`=HYPERLINK("http://x","${token}")`, `+${token}`, `@${token}`];
    for (const name of names) await buildClient(db, { name });
    const since = smtp.messages.length;
    await t.client.ok(ops.exportClients, { name: token }, { token: admin, lang: 'en' });
    const file = await download((await mailedTo('admin', since)).text);
    // `download` reads the cells' values: each one a string with the apostrophe before it.
    expect(file.rows.map((r) => r[1]).sort()).toEqual(names.map((n) => `'${n}`).sort());
  });
});

describe('the export job', () => {
  it('stores the workbook as the requester’s file, named after the list and the day', async () => {
    const db = t.database.db;
    const token = unique('OWN');
    await buildClient(db, { name: `${token} 1` });
    const { jobId } = await t.client.ok(ops.exportClients, { name: token }, { token: admin, lang: 'en' });
    await t.app.jobs.drain();
    const [job] = await db
      .select()
      .from(jobs)
      .where(eq(jobs.id, BigInt(jobId)));
    expect(job).toMatchObject({ status: 'done', progress: 100, lastError: null });
    const [adminRow] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
    const [file] = await db.select().from(files).orderBy(desc(files.id)).limit(1);
    expect(file).toMatchObject({
      ownerId: adminRow!.id,
      name: `Clients-${businessDate()}.xlsx`,
      contentType: XLSX_TYPE,
      kind: 'document',
    });
  });
});

describe('the export’s reading', () => {
  it('walks the rows in key order, a batch at a time, up to the limit', async () => {
    const db = t.database.db;
    const token = unique('WALK');
    const built = [];
    for (let i = 0; i < 5; i++) built.push(await buildClient(db, { name: `${token} ${i}` }));
    const where = like(clients.name, `${token}%`);
    const walk = async (limit: number) => {
      const batches: bigint[][] = [];
      for await (const keys of keyBatches(db, clientExport, where, { size: 2, limit })) batches.push(keys);
      return batches;
    };
    const ids = built.map((c) => c.id);
    expect(await walk(100)).toEqual([ids.slice(0, 2), ids.slice(2, 4), ids.slice(4)]);
    expect(await walk(3)).toEqual([ids.slice(0, 2), ids.slice(2, 3)]);
  });

  it('asks for the list’s read permission too when the export has its own', async () => {
    const db = t.database.db;
    const [user] = await db.select().from(users).where(eq(users.username, 'admin'));
    const holding = (...permissions: string[]) => ({
      userId: user!.id,
      username: 'admin',
      displayName: 'admin',
      permissions: new Set(permissions),
    });
    // As testreport/export will be: its own permission, and the list's read permission besides.
    const own = {
      ...clientExport,
      operation: { ...clientExport.operation, permission: 'testreport.export' },
    };
    const deps = {
      config: { EXPORT_MAX_ROWS: 3, publicUrl: PUBLIC_URL },
      files: t.app.files,
      capabilities: t.app.capabilities,
    };
    const filters = { name: unique('OWN'), deleted: false };
    await buildClient(db, { name: filters.name });
    await expect(
      requestExport(db, deps, own, filters, holding('testreport.export'), 'en'),
    ).rejects.toMatchObject({
      reason: 'E_PERMISSION',
    });
    const started = await requestExport(
      db,
      deps,
      own,
      filters,
      holding('testreport.export', 'client.search'),
      'en',
    );
    expect(started.jobId).toBeTypeOf('bigint');
  });
});

describe('every declared list export', () => {
  let full: TestApp;
  beforeAll(async () => {
    full = await startTestApp({ env: { MAIL_URL: smtp.url, PUBLIC_URL } });
  });
  afterAll(() => full.close());

  it('mails the rows its search finds, under the declared headers', async () => {
    const token = await signInAs(full, 'ADMIN');
    const exported: string[] = [];
    for (const def of full.app.capabilities.exports.values()) {
      const search = (await full.client.ok(def.search, { pageSize: 1 }, { token })) as { total: number };
      if (search.total === 0) {
        // Nothing to export is said at once, not mailed as an empty file.
        const empty = await full.client.call(def.operation, {}, { token });
        expect(empty.result, def.operation.path).toMatchObject({ success: false, reason: 'E_EXPORT_EMPTY' });
        exported.push(def.operation.path);
        continue;
      }
      const since = smtp.messages.length;
      await full.client.ok(def.operation, {}, { token, lang: 'en' });
      await full.app.jobs.drain();
      const mail = await smtp.waitFor(await emailOf('admin'), since);
      const file = await download(mail.text, full);
      expect(file.headers, def.operation.path).toEqual(def.columns.map((c) => c.label.en));
      expect(file.rows.length, def.operation.path).toBe(search.total);
      exported.push(def.operation.path);
    }
    // Every export the contract defines (`defineListExport`) is declared by its area.
    const defined = operations.filter((op) => op.output === exportStarted).map((op) => op.path);
    expect(exported.sort()).toEqual(defined.sort());
    expect(defined).toContain('testreport/export');
  });

  it('exports the order list’s `work` filter as the search reads it (the due-soon window)', async () => {
    const db = full.database.db;
    const qc = await buildUser(db, { role: 'QC', department: 'QC', position: 2 });
    const { products } = await buildOrder(db, { lines: [{ due: -3 }, { due: 4 }, { due: 30 }] });
    await db
      .update(orderProducts)
      .set({ qcId: qc.id })
      .where(eq(orderProducts.orderId, products[0]!.orderId));
    const token = await signIn(full, qc.username);
    const since = smtp.messages.length;
    await full.client.ok(areas.order.exportOrders, { work: true }, { token, lang: 'zh' });
    await full.app.jobs.drain();
    const file = await download((await smtp.waitFor(qc.email, since)).text, full);
    expect(file.headers[0]).toBe('订单号');
    const productNo = file.headers.indexOf('产品号');
    expect(file.rows.map((r) => r[productNo]).sort()).toEqual(
      products
        .slice(0, 2)
        .map((p) => p.productNo)
        .sort(),
    );
  });
});

import { areas } from '@qcdesk/contract';
import type { OrderImport } from '@qcdesk/contract/order';
import { and, count, eq, like, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { multipart } from '../../../test/support/files-helpers';
import { signInAs } from '../../../test/support/identity';
import { startTestApp, type TestApp } from '../../../test/support/test-app';
import {
  type Bomb,
  inlineRow,
  sharedXml,
  sheetXml,
  workbookParts,
  zipOf,
} from '../../../test/support/xlsx-files';
import { orderImports, orders } from '../../db/schema/order';
import { jobs } from '../../db/schema/platform';
import { businessDate } from '../../platform/business-time';
import { addDays } from './order.rules';
import { IMPORT_JOB } from './order-import-status.service';

// The order import against the second outside probe (issue 23): XLSX bombs are refused while
// reading, naming the limit, with the server answering /healthz meanwhile and nothing written; a
// refused value comes back cut to 200 characters with its limit in the message; a job that gives
// up shows its owner why.

const ops = areas.order;
let t: TestApp;
let sales: string;

beforeAll(async () => {
  t = await startTestApp();
  sales = await signInAs(t, 'SALES');
  // The first job of a process pays the JIT's and the database's warm-up (~1.5 s here, whatever
  // the file): a plain import first, so the figures below are the bombs'.
  await start(zipOf(workbookParts(sheetXml(inlineRow(1, HEADER)))));
  await t.app.jobs.drain();
});
afterAll(() => t.close());

async function upload(name: string, content: Buffer): Promise<string> {
  const { token } = await t.client.ok(areas.files.uploadToken, {}, { token: sales });
  const form = multipart([{ name: 'file', filename: name, content }]);
  const response = await t.app.server.inject({
    method: 'POST',
    url: '/api/file/upload',
    payload: form.payload,
    headers: { ...form.headers, authorization: token },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: { id: string } }).data.id;
}

const start = async (content: Buffer) =>
  t.client.ok(ops.importOrders, { fileId: await upload('orders.xlsx', content) }, { token: sales });

const status = (id: string) => t.client.ok(ops.orderImportStatus, { id }, { token: sales });

/**
 * Runs the queued import while /healthz is asked every 10 ms: the import's result, the slowest
 * /healthz answer, how long the job took and how far the process's RSS grew meanwhile.
 */
async function runWatched(id: string) {
  let slowest = 0;
  const rss = process.memoryUsage().rss;
  let peakRss = rss;
  let running = true;
  const watch = (async () => {
    while (running) {
      const asked = performance.now();
      const answer = await t.app.server.inject({ method: 'GET', url: '/healthz' });
      expect(answer.statusCode).toBe(200);
      slowest = Math.max(slowest, performance.now() - asked);
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  const started = performance.now();
  await t.app.jobs.drain();
  const jobMs = performance.now() - started;
  running = false;
  await watch;
  const figures = {
    jobMs: Math.round(jobMs),
    healthzMaxMs: Math.round(slowest),
    rssGrowthMB: Math.round((peakRss - rss) / 2 ** 20),
  };
  return { result: await status(id), figures };
}

const HEADER = ['orderNo', 'client', 'itemNo', 'name', 'factory', 'quantity', 'deliveryDate'];
const line = (orderNo: string, name: string) => [
  orderNo,
  'PACTOYS',
  'IT-1',
  name,
  'F-HM-SZ',
  '100',
  addDays(businessDate(), 30),
];

const orderCount = async (prefix: string) =>
  (
    await t.database.db
      .select({ n: count() })
      .from(orders)
      .where(like(orders.orderNo, `${prefix}-%`))
  )[0]!.n;

/** A sheet whose second row holds, in its name cell, `mb` megabytes of `fill`. */
const bombSheet = (prefix: string, fill: string, mb: number): Bomb => ({
  head: sheetXml(inlineRow(1, HEADER) + inlineRow(2, line(`${prefix}-1`, 'ok'))).replace(
    '</sheetData>',
    `<row r="3"><c r="A3" t="inlineStr"><is><t>${prefix}-2</t></is></c><c r="D3" t="inlineStr"><is><t>`,
  ),
  fill,
  mb,
  tail: '</t></is></c></row></sheetData></worksheet>',
});

const lyingAbout = (name: string, parts: ReturnType<typeof workbookParts>) =>
  zipOf(parts.map((part) => (part.name === name ? { ...part, declaredSize: 1024 } : part)));

describe('order/import of XLSX bombs (issue 23)', () => {
  const bombs: { label: string; file: () => Buffer }[] = [
    {
      label: 'a sheet of 256 MB of whitespace (266 KB)',
      file: () => zipOf(workbookParts(bombSheet('BOMB-WS', ' \n', 256))),
    },
    {
      label: 'the same, its header declaring 1 KB',
      file: () => lyingAbout('xl/worksheets/sheet1.xml', workbookParts(bombSheet('BOMB-WSL', ' \n', 256))),
    },
    {
      label: 'one shared string of 64 M characters (68 KB), declaring 1 KB',
      file: () =>
        lyingAbout(
          'xl/sharedStrings.xml',
          workbookParts(sheetXml(inlineRow(1, HEADER)), {
            head: sharedXml('<si><t>').replace('</sst>', ''),
            fill: 'a',
            mb: 64,
            tail: '</t></si></sst>',
          }),
        ),
    },
  ];

  for (const bomb of bombs) {
    it(`refuses ${bomb.label} while reading, /healthz answering, nothing written`, async () => {
      const file = bomb.file();
      expect(file.length).toBeLessThan(400 * 1024);
      const started = await start(file);
      const { result, figures } = await runWatched(started.id);
      console.info(`${bomb.label}: ${(file.length / 1024).toFixed(0)} KB`, figures);
      expect(result).toMatchObject({ status: 'refused', errorCount: 1 });
      expect(result.errors[0]).toMatchObject({ row: 1, column: 'file', reason: 'E_XLSX_LIMIT' });
      expect(result.errors[0]!.en).toMatch(
        /^The file exceeds a reading limit: .+ must not exceed \d+; nothing was imported$/,
      );
      expect(result.errors[0]!.zh).toMatch(/^文件超出读取上限：.+不能超过\d+，未导入任何数据$/);
      expect(figures.healthzMaxMs).toBeLessThan(1000);
      expect(figures.jobMs).toBeLessThan(5000);
      expect(figures.rssGrowthMB).toBeLessThan(200);
      expect(await orderCount('BOMB')).toBe(0);
    });
  }
});

describe('order/import errors (issue 23 low 5)', () => {
  it('keeps 200 characters of a refused value, and fills its limit into the message', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('orders');
    sheet.addRow(HEADER);
    sheet.addRow(line('LONG-1', '熊'.repeat(30_000)));
    const started = await start(Buffer.from(await workbook.xlsx.writeBuffer()));
    await t.app.jobs.drain();
    const result = await status(started.id);
    expect(result).toMatchObject({ status: 'refused', errorCount: 1 });
    const [error] = result.errors;
    expect(error).toMatchObject({ row: 2, column: 'name', reason: 'E_TOO_LONG' });
    expect(error!.value).toBe(`${'熊'.repeat(200)}…`);
    expect(error!.en).toBe('Name exceeds 200 characters');
    expect(error!.zh).toBe('名称长度超过200');
  });
});

describe('an import whose job gives up (issue 23 high 1)', () => {
  const importJob = (id: string) =>
    and(eq(jobs.kind, IMPORT_JOB), sql`${jobs.payload} @> ${JSON.stringify({ importId: id })}::jsonb`);

  it('shows its owner that it failed, and why, when the worker dead-letters it mid-read', async () => {
    const started = await start(zipOf(workbookParts(sheetXml(inlineRow(1, HEADER)))));
    // The worker died reading it, and gave the job up without running it again.
    await t.database.db
      .update(orderImports)
      .set({ status: 'reading' })
      .where(eq(orderImports.id, BigInt(started.id)));
    await t.database.db
      .update(jobs)
      .set({ status: 'failed', lastError: 'worker died' })
      .where(importJob(started.id));
    const result: OrderImport = await status(started.id);
    expect(result).toMatchObject({ status: 'failed', errorCount: 1 });
    expect(result.errors[0]).toMatchObject({ column: 'file', reason: 'E_IMPORT_FAILED' });
    expect(result.errors[0]!.en).toMatch(/^The import could not finish; nothing was written/);
  });

  it('records the failure when its last attempt throws', async () => {
    const started = await start(zipOf(workbookParts(sheetXml(inlineRow(1, HEADER)))));
    await t.database.db.update(jobs).set({ maxAttempts: 1 }).where(importJob(started.id));
    const { store } = await t.app.files.ready();
    const get = vi.spyOn(store, 'get').mockRejectedValue(new Error('object store down'));
    try {
      await t.app.jobs.drain();
    } finally {
      get.mockRestore();
    }
    const [job] = await t.database.db.select().from(jobs).where(importJob(started.id));
    expect(job).toMatchObject({ status: 'failed', lastError: 'object store down' });
    const [row] = await t.database.db
      .select()
      .from(orderImports)
      .where(eq(orderImports.id, BigInt(started.id)));
    expect(row).toMatchObject({ status: 'failed', errorCount: 1 });
    expect((await status(started.id)).errors[0]).toMatchObject({ reason: 'E_IMPORT_FAILED' });
  });
});

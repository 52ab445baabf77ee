import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { SYSTEM_PARAMS } from '@qcdesk/contract/system-params';
import { buildApp } from '@qcdesk/server/src/app.ts';
import { systemParams } from '@qcdesk/server/src/db/schema/config.ts';
import { orderImports } from '@qcdesk/server/src/db/schema/order.ts';
import { issueFileToken } from '@qcdesk/server/src/modules/files/file-tokens.ts';
import { addDays } from '@qcdesk/server/src/modules/order/order.rules.ts';
import { startImport } from '@qcdesk/server/src/modules/order/order-import.service.ts';
import { businessDate } from '@qcdesk/server/src/platform/business-time.ts';
import { loadConfig } from '@qcdesk/server/src/platform/config.ts';
import { openDatabase } from '@qcdesk/server/src/platform/db.ts';
import { seedPrincipal } from '@qcdesk/server/src/platform/seed-principal.ts';
import { runSeeds } from '@qcdesk/server/src/seed.ts';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { samplePeakRss, vmHwmMb } from './process-memory';
import { printTable } from './table.ts';

// Import of order files (issue 14): 10,000 lines in < 30 s, and a 50 MB file, with peak RSS
// < 400 MB. The files are written with exceljs's streaming writer, uploaded over HTTP as the
// caller's file, and imported by order/import's job (startImport, then the job worker), on PGlite
// and, with BENCH_DATABASE_URL, on PostgreSQL. Each case runs in a child process of its own, so
// its peak RSS (VmHWM) is the import's and not the cases' before it.
//
//   npm run bench -- order-import
//   BENCH_DATABASE_URL=postgres://root@127.0.0.1:5432/qcdesk_importbench npm run bench -- order-import
//   BENCH_IMPORT_BIG_LINES=0 …  (skips the 50 MB file); BENCH_IMPORT_DBS=postgres|pglite picks one

const MB = 1024 * 1024;
/** Lines of the ~50 MB file (long random-ish names and descriptions; measured: ≈ 50 MB). */
const BIG_LINES = Number(process.env.BENCH_IMPORT_BIG_LINES ?? 145_000);
const SALES = 'demo.sales';
/** Demo clients of demo.sales and demo factories (QCDESK_DEMO_USERS=1 seeds them). */
const CLIENTS = ['PACTOYS', 'NORDHOME', 'KINDERWELT'];
const FACTORIES = ['F-HM-SZ', 'F-PL-ST', 'F-HX-DG', 'F-TX-NB', 'F-JL-YW'];
const PRODUCTS: Array<[string, string]> = [
  ['毛绒小熊', 'Plush bear'],
  ['遥控赛车', 'RC racing car'],
  ['木制积木', 'Wooden blocks'],
  ['硅胶餐盘', 'Silicone plate'],
  ['儿童水杯', 'Kids bottle'],
  ['涤纶抱枕', 'Polyester cushion'],
  ['环保购物袋', 'Eco tote bag'],
  ['陶瓷马克杯', 'Ceramic mug'],
  ['不锈钢饭盒', 'Steel lunch box'],
  ['益智拼图', 'Jigsaw puzzle'],
];
const COLUMNS = [
  'orderNo',
  'clientPo',
  'client',
  'description',
  'sku',
  'itemNo',
  'name',
  'factory',
  'quantity',
  'quantityUnit',
  'deliveryDate',
] as const;

/** A small seeded PRNG, so the files are the same from run to run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ALNUM = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789abcdefghijkmnopqrstuvwxyz';
const token = (rnd: () => number, n: number) =>
  Array.from({ length: n }, () => ALNUM[Math.floor(rnd() * ALNUM.length)]).join('');
/** Common CJK characters (U+4E00…), random: text that does not compress to nothing. */
const hanzi = (rnd: () => number, n: number) =>
  String.fromCharCode(...Array.from({ length: n }, () => 0x4e00 + Math.floor(rnd() * 3000)));

interface FileSpec {
  path: string;
  lines: number;
  /** Long random-ish names and descriptions (the 50 MB file). */
  long: boolean;
  /** The 0-based line made wrong: `quantity` 0 (refused on reading) or an unknown factory (on checking). */
  bad?: { line: number; kind: 'quantity' | 'factory' };
}

/** Writes an order file with exceljs's streaming writer (10 lines an order): keys in row 1. */
export async function writeOrderFile(prefix: string, spec: FileSpec): Promise<void> {
  const rnd = random(14);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: spec.path,
    useSharedStrings: false,
    useStyles: false,
  });
  const sheet = workbook.addWorksheet('orders');
  sheet.addRow([...COLUMNS]).commit();
  const today = businessDate();
  let description = '';
  for (let i = 0; i < spec.lines; i++) {
    const order = Math.floor(i / 10);
    if (i % 10 === 0) {
      description = spec.long
        ? `${hanzi(rnd, 120)} ${token(rnd, 200)} 春季订单 Spring order ${order}`
        : `春季订单 Spring order ${order}`;
    }
    const [zh, en] = PRODUCTS[Math.floor(rnd() * PRODUCTS.length)]!;
    const name = spec.long
      ? `${zh} ${en} ${hanzi(rnd, 40)} ${token(rnd, 80)}`.slice(0, 200)
      : `${zh} ${en} ${token(rnd, 4)}`;
    const bad = spec.bad?.line === i ? spec.bad.kind : undefined;
    sheet
      .addRow([
        `${prefix}-${order}`,
        `PO-${prefix}-${order}`,
        CLIENTS[order % CLIENTS.length],
        description,
        spec.long ? token(rnd, 40) : `SKU-${token(rnd, 8)}`,
        spec.long ? `${token(rnd, 30)}-${i}` : `IT-${i}`,
        name,
        bad === 'factory' ? 'F-NOPE' : FACTORIES[Math.floor(rnd() * FACTORIES.length)],
        bad === 'quantity' ? 0 : 100 + Math.floor(rnd() * 9900),
        'pcs',
        addDays(today, 30 + (i % 60)),
      ])
      .commit();
  }
  sheet.commit();
  await workbook.commit();
}

// -- The child: one import ----------------------------------------------------------------------

interface CaseInput {
  dataDir: string;
  url?: string | undefined;
  path?: string;
  /** Only migrate and seed (the first child of a database). */
  prepare?: boolean;
}

interface CaseResult {
  seconds: number;
  uploadSeconds: number;
  status: string;
  rows: number;
  created: number;
  errorCount: number;
  firstError: string;
  peakDuringMb: number;
  startMb: number;
  hwmMb: number;
}

/** POSTs a file from disk as multipart, streamed. */
function uploadFile(base: string, auth: string, path: string, name: string) {
  const size = statSync(path).size;
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise<string>((resolve, reject) => {
    const req = request(
      `${base}/api/file/upload`,
      {
        method: 'POST',
        headers: {
          authorization: auth,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length + size + tail.length,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          if (res.statusCode !== 200) reject(new Error(`upload ${res.statusCode}: ${body.error}`));
          else resolve(body.data.id as string);
        });
      },
    );
    req.on('error', reject);
    Readable.from(
      (async function* () {
        yield head;
        yield* createReadStream(path);
        yield tail;
      })(),
    ).pipe(req);
  });
}

async function runCase(input: CaseInput): Promise<CaseResult | undefined> {
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: input.dataDir,
    ...(input.url ? { DATABASE_URL: input.url } : {}),
    QCDESK_ADMIN_PASSWORD: 'Bench1234',
    QCDESK_DEMO_USERS: '1',
    QCDESK_DEMO_PASSWORD: 'Bench1234',
    UPLOAD_MAX_DOC_MB: '200',
  });
  const database = await openDatabase({ url: input.url, dataDir: config.dataDir });
  const { db } = database;
  if (input.prepare) {
    await database.migrate();
    await runSeeds(database, config, { warn() {} });
    // The 50 MB file may pass the default limit: raised for the bench through the system list.
    await db.delete(systemParams).where(eq(systemParams.key, 'upload.maxDocMB'));
    await db.insert(systemParams).values({
      key: 'upload.maxDocMB',
      value: '200',
      valueType: 'INT',
      nameZh: '文档上限(MB)',
      nameEn: 'Document size limit (MB)',
    });
    await database.close();
    return undefined;
  }
  const app = await buildApp({ config, database, logger: false, authenticate: async () => null });
  await app.server.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.server.address() as { port: number }).port}`;
  const runtime = await app.files.ready();
  const user = (await seedPrincipal(db, SALES))!;
  const upload = issueFileToken(runtime.signer, { kind: 'upload', userId: user.userId }, 3600).token;
  const t0 = process.hrtime.bigint();
  const fileId = await uploadFile(base, upload, input.path!, 'orders.xlsx');
  const uploadSeconds = Number(process.hrtime.bigint() - t0) / 1e9;

  const startMb = process.memoryUsage.rss() / MB;
  const sampler = samplePeakRss();
  const start = process.hrtime.bigint();
  const started = await startImport(db, { fileId: BigInt(fileId), replace: false } as never, user);
  await app.jobs.drain();
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const peakDuringMb = sampler.stop();
  const [row] = await db.select().from(orderImports).where(eq(orderImports.id, started.id));
  const first = row!.errors[0];
  const result: CaseResult = {
    seconds,
    uploadSeconds,
    status: row!.status,
    rows: row!.rowsTotal ?? row!.rowsRead ?? 0,
    created: row!.created ?? 0,
    errorCount: row!.errorCount ?? 0,
    firstError: first ? `row ${first.row} ${first.column} ${first.reason}` : '',
    peakDuringMb,
    startMb,
    hwmMb: vmHwmMb(),
  };
  await app.close();
  await database.close();
  return result;
}

function inChild(input: CaseInput): Promise<CaseResult | undefined> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), [], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, IMPORTBENCH_CASE: JSON.stringify(input) },
    });
    let result: CaseResult | undefined;
    child.on('message', (m) => {
      result = m as CaseResult;
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(result) : reject(new Error(`case exited ${code}`))));
  });
}

/** Creates the PostgreSQL database of BENCH_DATABASE_URL when it does not exist. */
async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  const found = await client.query('select 1 from pg_database where datname = $1', [name]);
  if (found.rowCount === 0) await client.query(`create database "${name.replace(/"/g, '""')}"`);
  await client.end();
}

export async function orderImportBench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'qcdesk-bench-import-'));
  const prefix = `BI${Date.now().toString(36).toUpperCase()}`;
  const specs: Array<FileSpec & { label: string }> = [
    { label: '10k, 1 bad quantity', path: join(dir, 'bad-quantity.xlsx'), lines: 10_000, long: false },
    { label: '10k, 1 unknown factory', path: join(dir, 'bad-factory.xlsx'), lines: 10_000, long: false },
    { label: '10k lines', path: join(dir, 'orders-10k.xlsx'), lines: 10_000, long: false },
  ];
  specs[0]!.bad = { line: 7_654, kind: 'quantity' };
  specs[1]!.bad = { line: 7_654, kind: 'factory' };
  if (BIG_LINES > 0) {
    specs.push({ label: '~50 MB', path: join(dir, 'orders-50mb.xlsx'), lines: BIG_LINES, long: true });
  }
  process.stdout.write(`\nOrder import: writing ${specs.length} files…\n`);
  for (const spec of specs) {
    await writeOrderFile(spec.label === '~50 MB' ? `${prefix}B` : prefix, spec);
  }
  const defaultMb = SYSTEM_PARAMS['upload.maxDocMB'].default;
  const only = process.env.BENCH_IMPORT_DBS;
  const targets: Array<{ name: string; url?: string; dataDir: string }> =
    only === 'postgres' ? [] : [{ name: 'PGlite', dataDir: join(dir, 'pglite') }];
  const url = process.env.BENCH_DATABASE_URL;
  if (url && only !== 'pglite') {
    await ensureDatabase(url);
    targets.push({ name: 'PostgreSQL', url, dataDir: join(dir, 'pg-data') });
  }
  const rows: Array<Record<string, string | number>> = [];
  for (const target of targets) {
    await inChild({ dataDir: target.dataDir, url: target.url, prepare: true });
    for (const spec of specs) {
      const load = loadavg()[0]!;
      const size = statSync(spec.path).size;
      const r = (await inChild({ dataDir: target.dataDir, url: target.url, path: spec.path }))!;
      rows.push({
        db: target.name,
        file: spec.label,
        lines: spec.lines,
        MB: size / MB,
        [`≤ ${defaultMb} MB default`]: size <= defaultMb * MB ? 'yes' : 'no',
        seconds: r.seconds,
        'lines/s': spec.lines / r.seconds,
        'peak RSS MB (import)': r.peakDuringMb,
        'RSS before MB': r.startMb,
        'VmHWM MB': r.hwmMb,
        result: r.status === 'done' ? `written (${r.created} orders)` : `${r.status} ${r.firstError}`,
        'load 1m': load,
      });
      process.stdout.write(`  ${target.name} ${spec.label}: ${r.seconds.toFixed(1)} s ${r.status}\n`);
    }
  }
  printTable(
    `Order import (job time after the upload; peak RSS sampled every 50 ms; VmHWM the child's whole life)`,
    rows,
  );
  rmSync(dir, { recursive: true, force: true });
}

if (process.env.IMPORTBENCH_CASE) {
  const result = await runCase(JSON.parse(process.env.IMPORTBENCH_CASE) as CaseInput);
  if (result && process.send) process.send(result, () => process.exit(0));
  else process.exit(0);
}

import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { NodeEnvelope } from '@qcdesk/client/envelope';
import { buildApp } from '@qcdesk/server/src/app.ts';
import { loadConfig } from '@qcdesk/server/src/platform/config.ts';
import { openDatabase } from '@qcdesk/server/src/platform/db.ts';
import pg from 'pg';
import sharp from 'sharp';
import { BENCH_PASSWORD, DEFAULT_SIZES, generate } from './generate.ts';
import { type OrderFilter, orderFilters } from './hotpath-orders.ts';
import { CLIENT_TERMS, MATERIAL_TERMS } from './search-terms.ts';
import { printTable } from './table.ts';

// The load test (issue 32): an open-loop arrival rate of a realistic mix of signed-in calls against
// the real server on PostgreSQL with the 1M-order data — searches 60 %, details 25 %, writes 15 %,
// and a few list exports and photo uploads — at half the measured capacity of this machine, for
// `--minutes` (10). The server runs in a child process; this process sends each call at its
// scheduled time whatever is still outstanding (open loop) and measures its latency from that time,
// not from when it went out, so a stalled server shows as latency (no coordinated omission).
//
// Phase 1 (capacity): a closed loop of `--concurrency` (16) callers for `--capacity-seconds` (30)
// after a 5 s warm-up: the completed calls per second of this mix. Phase 2: the open loop at
// `--load` (0.5) of it, or at `--rate` (calls/s, skipping phase 1).
// Report: calls, errors (transport failures, HTTP errors and refusals other than the expected
// business ones — E_VERSION of a concurrent update — which are counted apart), p50/p95/p99 per kind,
// Node (server process) and PostgreSQL (backends) CPU ms per call from /proc, and the server's RSS
// every 10 s, as it is and after a forced full collection, with the heap after it, and their slopes
// over the last 5 minutes (half the run when shorter): "memory flat" when the fitted RSS after
// collection grew less than 5 % over them.
//
//   BENCH_DATABASE_URL=postgres://root@127.0.0.1:5432/qcdesk_hotpath npm run bench -- load
//   … npx tsx bench/src/load.bench.ts --minutes 1 --capacity-seconds 20
//   … npx tsx bench/src/load.bench.ts --rate 20 --minutes 10 --mix client-update=5,photo-upload=1

const KINDS = [
  'client-search',
  'material-search',
  'order-search',
  'client-details',
  'order-details',
  'client-update',
  'client-create',
  'list-export',
  'photo-upload',
] as const;
type Kind = (typeof KINDS)[number];

/** Per cent of calls: searches 60, details 25, writes 15; exports and uploads on top, a few. */
const DEFAULT_MIX: Record<Kind, number> = {
  'client-search': 20,
  'material-search': 20,
  'order-search': 20,
  'client-details': 12.5,
  'order-details': 12.5,
  'client-update': 10,
  'client-create': 5,
  'list-export': 0.2,
  'photo-upload': 0.5,
};

/** Refusals a real user gets as a business answer, not a failure of the server. */
const EXPECTED_REFUSALS = new Set(['E_VERSION']);

const PAGES = [1, 1, 2, 3, 4];
const MB = 1024 * 1024;
const TIMEOUT_MS = 30_000;
const BENCH_APP = 'qcdesk-load-bench';

// -- The child: the real server ------------------------------------------------------------------

async function serve(url: string, dataDir: string): Promise<void> {
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: url,
    // The product's replay window (300 s): each call is sealed when sent, so its nonce is always
    // fresh, and the server's nonce memory levels off after one window as it does in production.
    LOGIN_MAX_FAILURES: '1000',
  });
  const database = await openDatabase({ url, dataDir: config.dataDir });
  const app = await buildApp({ config, database, logger: false });
  await app.server.listen({ port: 0, host: '127.0.0.1' });
  // As main.ts does: the job worker runs the export jobs and their mails in this process.
  app.jobs.start();
  process.send!({ port: (app.server.server.address() as { port: number }).port });
  process.on('message', async (message) => {
    if (message === 'memory') {
      // The resident set as it is, then after a full collection (the child runs with --expose-gc):
      // the garbage between two collections makes a saw-tooth that says nothing about a leak.
      const rss = process.memoryUsage.rss();
      globalThis.gc?.();
      const m = process.memoryUsage();
      process.send!({ memory: { rss, rssAfterGc: m.rss, heapAfterGc: m.heapUsed } });
      return;
    }
    await app.close();
    await database.close();
    process.exit(0);
  });
}

// -- CPU from /proc (as the hot-path bench reads it) -----------------------------------------------

/** utime + stime of a process in ms (clock ticks of 10 ms), undefined when it is gone. */
function cpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/**
 * The CPU of the database's backends since `start()`: sampled every few seconds so a backend that
 * ends during the run keeps its last reading; one first seen later counts from zero.
 */
function backendCpu(monitor: pg.Client) {
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  const sample = async (baseline: boolean) => {
    const { rows } = await monitor.query<{ pid: number }>(
      `select pid from pg_stat_activity where datname = current_database() and application_name <> $1`,
      [BENCH_APP],
    );
    for (const { pid } of rows) {
      const ms = cpuMs(pid);
      if (ms === undefined) continue;
      if (!first.has(pid)) first.set(pid, baseline ? ms : 0);
      last.set(pid, ms);
    }
  };
  return {
    start: async () => {
      first.clear();
      last.clear();
      await sample(true);
    },
    sample: () => sample(false),
    total: () => {
      let ms = 0;
      for (const [pid, after] of last) ms += after - (first.get(pid) ?? 0);
      return ms;
    },
  };
}

// -- HTTP ------------------------------------------------------------------------------------------

const agent = new Agent({ keepAlive: true, maxSockets: 1024 });

interface Answer {
  status: number;
  body: string;
}

function post(port: number, path: string, headers: Record<string, string | number>, body: Buffer | string) {
  return new Promise<Answer>((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, method: 'POST', agent, headers, timeout: TIMEOUT_MS },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(body);
  });
}

/** What a call came to: ok, an expected business refusal, or an error (with its reason). */
type Outcome =
  | { kind: 'ok'; data: unknown }
  | { kind: 'refused'; reason: string }
  | { kind: 'error'; reason: string };

// -- The calls of the mix ----------------------------------------------------------------------------

interface World {
  port: number;
  envelope: NodeEnvelope;
  token: string;
  clientIds: string[];
  orderIds: string[];
  /** Clients the updates write to, with the version last read or answered. */
  versions: Map<string, number>;
  filters: OrderFilter[];
  countryId: string;
  salesId: string;
  photo: Buffer;
  /** For the bench's own reads during the run (a version after E_VERSION). */
  reads: pg.Pool;
  runId: string;
}

let sequence = 0;
const pick = <T>(values: readonly T[]) => values[Math.floor(Math.random() * values.length)]!;

async function call(world: World, path: string, method: 'GET' | 'POST', input: unknown): Promise<Outcome> {
  const sealed = JSON.stringify(world.envelope.request(method, input));
  let answer: Answer;
  try {
    answer = await post(
      world.port,
      `/api/${path}?cpt=qcdesk-cli&format=json`,
      {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(sealed),
        authorization: `Bearer ${world.token}`,
      },
      sealed,
    );
  } catch (error) {
    return { kind: 'error', reason: (error as Error).message };
  }
  if (answer.status !== 200) return { kind: 'error', reason: `HTTP ${answer.status}` };
  const wire = JSON.parse(answer.body) as { data?: unknown };
  const result = (typeof wire.data === 'string' ? JSON.parse(world.envelope.open(wire.data)) : wire) as {
    success: boolean;
    reason?: string;
    data: unknown;
  };
  if (result.success) return { kind: 'ok', data: result.data };
  const reason = result.reason ?? 'UNKNOWN';
  return EXPECTED_REFUSALS.has(reason) ? { kind: 'refused', reason } : { kind: 'error', reason };
}

async function upload(world: World): Promise<Outcome> {
  // As the web does: a short-lived upload token, then the multipart form (photo options first).
  const granted = await call(world, 'token/upload', 'POST', {});
  if (granted.kind !== 'ok') return granted;
  const boundary = `----load${randomBytes(8).toString('hex')}`;
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const body = Buffer.concat([
    Buffer.from(
      `${field('accept', 'image')}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="现场照片-${++sequence}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    world.photo,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  try {
    const answer = await post(
      world.port,
      '/api/file/upload',
      {
        authorization: (granted.data as { token: string }).token,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': body.length,
      },
      body,
    );
    if (answer.status === 200) return { kind: 'ok', data: null };
    const reason = (JSON.parse(answer.body) as { reason?: string }).reason;
    return { kind: 'error', reason: `upload HTTP ${answer.status} ${reason ?? ''}`.trim() };
  } catch (error) {
    return { kind: 'error', reason: (error as Error).message };
  }
}

async function updateClient(world: World): Promise<Outcome> {
  const id = pick([...world.versions.keys()]);
  const outcome = await call(world, 'client/update', 'POST', {
    id,
    version: world.versions.get(id)!,
    advanceDays: Math.floor(Math.random() * 31),
  });
  if (outcome.kind === 'ok') world.versions.set(id, (outcome.data as { version: number }).version);
  else if (outcome.kind === 'refused') {
    // A concurrent update won: read the current version, as the user reloading the form would.
    const { rows } = await world.reads.query<{ version: number }>(
      'select version from clients where id = $1',
      [id],
    );
    world.versions.set(id, rows[0]!.version);
  }
  return outcome;
}

const search = (page: number) => ({ page, pageSize: 10, count: page === 1 });

const CALLS: Record<Kind, (world: World) => Promise<Outcome>> = {
  'client-search': (w) =>
    call(w, 'client/search', 'POST', { name: pick(CLIENT_TERMS), ...search(pick(PAGES)) }),
  'material-search': (w) =>
    call(w, 'material/search', 'POST', { name: pick(MATERIAL_TERMS), ...search(pick(PAGES)) }),
  'order-search': (w) => call(w, 'order/search', 'POST', { ...pick(w.filters), ...search(pick(PAGES)) }),
  'client-details': (w) => call(w, 'client', 'GET', { id: pick(w.clientIds) }),
  'order-details': (w) => call(w, 'order/details', 'GET', { id: pick(w.orderIds) }),
  'client-update': updateClient,
  'client-create': (w) =>
    call(w, 'client/create', 'POST', {
      name: `负载测试客户 Load ${w.runId}-${++sequence}`,
      countryId: w.countryId,
      type: 2,
      salesId: w.salesId,
      majorAql: 2.5,
      minorAql: 4,
      advanceDays: 2,
      destinationCountries: ['US', 'EU'],
      inspectionRequirement: '按客户验货手册执行 / Follow the client inspection manual',
      reportEmails: ['qa@example.com'],
    }),
  // A list export queues an XLSX job (mailed as a link); the filters keep it to a few thousand rows.
  'list-export': (w) =>
    ++sequence % 2 === 0
      ? call(w, 'client/export', 'POST', { name: pick(CLIENT_TERMS) })
      : call(w, 'order/export', 'POST', { client: w.filters[0]!.client }),
  'photo-upload': upload,
};

// -- Recording ---------------------------------------------------------------------------------------

class Recorder {
  readonly latencies = new Map<Kind, number[]>();
  readonly refusals = new Map<string, number>();
  readonly errors = new Map<string, number>();
  /** Every latency in the order the calls ended. */
  readonly ended: number[] = [];
  calls = 0;
  errorCount = 0;
  refused = 0;

  record(kind: Kind, outcome: Outcome, ms: number): void {
    this.calls++;
    this.ended.push(ms);
    const list = this.latencies.get(kind) ?? [];
    list.push(ms);
    this.latencies.set(kind, list);
    if (outcome.kind === 'refused') {
      this.refused++;
      this.refusals.set(outcome.reason, (this.refusals.get(outcome.reason) ?? 0) + 1);
    } else if (outcome.kind === 'error') {
      this.errorCount++;
      const key = `${kind}: ${outcome.reason}`;
      this.errors.set(key, (this.errors.get(key) ?? 0) + 1);
    }
  }

  all(): number[] {
    return [...this.latencies.values()].flat();
  }
}

function quantile(values: number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

function chooser(mix: Record<Kind, number>): () => Kind {
  const total = KINDS.reduce((s, k) => s + mix[k], 0);
  return () => {
    let r = Math.random() * total;
    for (const k of KINDS) {
      r -= mix[k];
      if (r < 0) return k;
    }
    return 'client-search';
  };
}

/** Closed loop: `concurrency` callers, each sending its next call when the last one answered. */
async function closedLoop(world: World, next: () => Kind, concurrency: number, seconds: number) {
  const recorder = new Recorder();
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const kind = next();
        const sent = performance.now();
        const outcome = await CALLS[kind](world).catch((e: Error) => ({
          kind: 'error' as const,
          reason: e.message,
        }));
        recorder.record(kind, outcome, performance.now() - sent);
      }
    }),
  );
  return recorder;
}

interface Sample {
  at: number;
  rssMb: number;
  rssAfterGcMb: number;
  heapAfterGcMb: number;
  calls: number;
  errors: number;
}

/**
 * Open loop: the i-th call is due at start + i / rate and goes out then, however many are still
 * outstanding; its latency runs from when it was due. Every 10 s `onSample` reads the server.
 */
async function openLoop(
  world: World,
  next: () => Kind,
  rate: number,
  seconds: number,
  recorder: Recorder,
  onSample: () => Promise<void>,
) {
  const total = Math.floor(rate * seconds);
  const outstanding = new Set<Promise<void>>();
  const start = performance.now();
  let sent = 0;
  let maxOutstanding = 0;
  const sampler = setInterval(() => void onSample(), 10_000);
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const now = performance.now();
      while (sent < total && start + (sent * 1000) / rate <= now) {
        const due = start + (sent * 1000) / rate;
        sent++;
        const kind = next();
        const done: Promise<void> = CALLS[kind](world)
          .catch((e: Error) => ({ kind: 'error' as const, reason: e.message }))
          .then((outcome) => {
            recorder.record(kind, outcome, performance.now() - due);
            outstanding.delete(done);
          });
        outstanding.add(done);
        maxOutstanding = Math.max(maxOutstanding, outstanding.size);
      }
      if (sent >= total) {
        clearInterval(timer);
        resolve();
      }
    }, 2);
  });
  const sendSeconds = (performance.now() - start) / 1000;
  await Promise.all(outstanding);
  clearInterval(sampler);
  return { recorder, sendSeconds, maxOutstanding, wallSeconds: (performance.now() - start) / 1000 };
}

/** Least-squares slope of y over x. */
function slope(points: Array<[number, number]>): number {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((s, p) => s + p[0], 0) / n;
  const my = points.reduce((s, p) => s + p[1], 0) / n;
  let num = 0;
  let den = 0;
  for (const [x, y] of points) {
    num += (x - mx) * (y - my);
    den += (x - mx) ** 2;
  }
  return den === 0 ? 0 : num / den;
}

interface Memory {
  rss: number;
  rssAfterGc: number;
  heapAfterGc: number;
}

// -- The parent ----------------------------------------------------------------------------------------

export async function loadBench(argv: string[] = []): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) {
    process.stdout.write('\nload: set BENCH_DATABASE_URL (the load test runs on PostgreSQL)\n');
    return;
  }
  const { values } = parseArgs({
    args: argv,
    options: {
      minutes: { type: 'string' },
      rate: { type: 'string' },
      'capacity-seconds': { type: 'string' },
      concurrency: { type: 'string' },
      load: { type: 'string' },
      mix: { type: 'string' },
      clients: { type: 'string' },
      materials: { type: 'string' },
      orders: { type: 'string' },
    },
    strict: false,
  });
  const num = (v: unknown, fallback: number) => (typeof v === 'string' ? Number(v) : fallback);
  const minutes = num(values.minutes, Number(process.env.BENCH_LOAD_MINUTES ?? 10));
  const capacitySeconds = num(values['capacity-seconds'], 30);
  const concurrency = num(values.concurrency, 16);
  const loadShare = num(values.load, 0.5);
  const mix = { ...DEFAULT_MIX };
  if (typeof values.mix === 'string') {
    for (const part of values.mix.split(',')) {
      const [k, w] = part.split('=');
      if (!(KINDS as readonly string[]).includes(k!))
        throw new Error(`--mix: unknown kind ${k} (${KINDS.join(', ')})`);
      mix[k as Kind] = Number(w);
    }
  }
  const sizes = {
    ...DEFAULT_SIZES,
    clients: num(values.clients, 100_000),
    materials: num(values.materials, 1_000_000),
    orders: num(values.orders, 1_000_000),
    // The hot path's sizes: the load test reads none of these.
    samples: 20_000,
    tests: 10_000,
  };
  process.stdout.write(
    `\nLoad test on PostgreSQL (${sizes.clients.toLocaleString('en-US')} clients, ${sizes.materials.toLocaleString('en-US')} materials, ${sizes.orders.toLocaleString('en-US')} orders)\n`,
  );
  await (await generate({ url, sizes })).close();

  // The bench's own connections are left out of the PostgreSQL CPU by their application name.
  const monitor = new pg.Client({ connectionString: url, application_name: BENCH_APP });
  await monitor.connect();
  const reads = new pg.Pool({ connectionString: url, application_name: BENCH_APP, max: 2 });
  const filters = await orderFilters(monitor);
  const ids = async (sql: string) => (await monitor.query<{ id: string }>(sql)).rows.map((r) => r.id);
  const clientIds = await ids('select id from clients where valid = 1 order by random() limit 5000');
  const orderIds = await ids('select id from orders where valid = 1 order by random() limit 5000');
  const versions = new Map(
    (
      await monitor.query<{ id: string; version: number }>(
        'select id, version from clients where valid = 1 order by random() limit 2000',
      )
    ).rows.map((r) => [r.id, r.version]),
  );
  const [countryId] = await ids(`select id from countries where code = 'US'`);
  const [salesId] = await ids(`select id from users where username = 'demo.sales'`);
  const [lastJob] = await ids('select coalesce(max(id), 0) as id from jobs');
  // A phone photo (2 MP, ~0.5 MB, with EXIF): stored with its thumbnail, print copy and evidence.
  const photo = await sharp({
    create: {
      width: 1600,
      height: 1200,
      channels: 3,
      background: '#6a8',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 85 })
    .withExif({ IFD0: { Make: 'QCDesk', Model: 'Load' }, IFD2: { DateTimeOriginal: '2026:11:20 10:15:30' } })
    .toBuffer();

  const dataDir = mkdtempSync(join(tmpdir(), 'h-load-data-'));
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), ['--serve'], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    env: { ...process.env, LOAD_SERVE: url, LOAD_DATA_DIR: dataDir },
  });
  const port = await new Promise<number>((resolve) =>
    child.once('message', (m) => resolve((m as { port: number }).port)),
  );
  const memory = () =>
    new Promise<Memory>((resolve) => {
      const on = (m: unknown) => {
        if (typeof m === 'object' && m && 'memory' in m) {
          child.off('message', on);
          resolve((m as { memory: Memory }).memory);
        }
      };
      child.on('message', on);
      child.send('memory');
    });

  const envelope = new NodeEnvelope();
  await envelope.handshake(async () => (await fetch(`http://127.0.0.1:${port}/api/publickey`)).json());
  const signIn = await fetch(`http://127.0.0.1:${port}/api/auth?cpt=qcdesk-cli&format=json`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(envelope.request('POST', { username: 'admin', password: BENCH_PASSWORD })),
  });
  const token = (
    JSON.parse(envelope.open(((await signIn.json()) as { data: string }).data)) as {
      data: { bearerToken: string };
    }
  ).data.bearerToken;
  const world: World = {
    port,
    envelope,
    token,
    clientIds,
    orderIds,
    versions,
    filters,
    countryId: countryId!,
    salesId: salesId!,
    photo,
    reads,
    runId: Date.now().toString(36),
  };
  const next = chooser(mix);

  // Phase 1: capacity.
  let rate = num(values.rate, 0);
  let capacity: Recorder | undefined;
  if (!rate) {
    await closedLoop(world, next, concurrency, 5);
    capacity = await closedLoop(world, next, concurrency, capacitySeconds);
    const perSecond = capacity.calls / capacitySeconds;
    rate = Math.max(1, Math.round(perSecond * loadShare * 10) / 10);
    printTable(`Capacity: closed loop, ${concurrency} callers × ${capacitySeconds} s (after 5 s warm-up)`, [
      {
        'calls/s': Number(perSecond.toFixed(1)),
        calls: capacity.calls,
        errors: capacity.errorCount,
        'p50 ms': Math.round(quantile(capacity.all(), 0.5)),
        'p99 ms': Math.round(quantile(capacity.all(), 0.99)),
        [`open-loop rate (${loadShare * 100} %)`]: rate,
      },
    ]);
    // Let the exports and photo derivatives of phase 1 finish before measuring.
    await new Promise((r) => setTimeout(r, 5_000));
  }

  // Phase 2: the open loop.
  const pgCpu = backendCpu(monitor);
  await pgCpu.start();
  const node0 = cpuMs(child.pid!) ?? 0;
  const samples: Sample[] = [];
  const live = new Recorder();
  const t0 = performance.now();
  let sampling = false;
  const sample = async () => {
    if (sampling) return;
    sampling = true;
    try {
      const m = await memory();
      await pgCpu.sample();
      samples.push({
        at: (performance.now() - t0) / 1000,
        rssMb: m.rss / MB,
        rssAfterGcMb: m.rssAfterGc / MB,
        heapAfterGcMb: m.heapAfterGc / MB,
        calls: live.calls,
        errors: live.errorCount,
      });
    } finally {
      sampling = false;
    }
  };
  await sample();
  const seconds = minutes * 60;
  const result = await openLoop(world, next, rate, seconds, live, sample);
  await sample();
  const nodeMs = (cpuMs(child.pid!) ?? node0) - node0;
  const pgMs = pgCpu.total();
  const r = result.recorder;

  const rows: Array<Record<string, string | number>> = [];
  for (const kind of KINDS) {
    const l = r.latencies.get(kind) ?? [];
    if (l.length === 0) continue;
    const errors = [...r.errors.entries()]
      .filter(([k]) => k.startsWith(`${kind}:`))
      .reduce((s, [, n]) => s + n, 0);
    rows.push({
      kind,
      calls: l.length,
      errors,
      'p50 ms': Math.round(quantile(l, 0.5)),
      'p95 ms': Math.round(quantile(l, 0.95)),
      'p99 ms': Math.round(quantile(l, 0.99)),
      'max ms': Math.round(quantile(l, 1)),
    });
  }
  const all = r.all();
  rows.push({
    kind: 'all',
    calls: r.calls,
    errors: r.errorCount,
    'p50 ms': Math.round(quantile(all, 0.5)),
    'p95 ms': Math.round(quantile(all, 0.95)),
    'p99 ms': Math.round(quantile(all, 0.99)),
    'max ms': Math.round(quantile(all, 1)),
  });
  printTable(
    `Open loop at ${rate} calls/s for ${minutes} min (latency from the scheduled send; load average ${
      readFileSync('/proc/loadavg', 'utf8').split(' ')[0]
    })`,
    rows,
  );

  // Memory: the last 5 minutes (half the run when it is shorter).
  const windowSeconds = Math.min(300, seconds / 2);
  const lastAt = samples.at(-1)!.at;
  const tail = samples.filter((s) => s.at >= lastAt - windowSeconds);
  // Fitted lines (MB per minute) of the RSS as sampled and after a full collection, and of the
  // heap after it; "flat" is judged on the RSS after collection: its fitted growth over the window.
  const fit = (f: (s: Sample) => number) => slope(tail.map((s) => [s.at / 60, f(s)]));
  const rssSlope = fit((s) => s.rssMb);
  const rssGcSlope = fit((s) => s.rssAfterGcMb);
  const heapSlope = fit((s) => s.heapAfterGcMb);
  const meanRssGc = tail.reduce((s, t) => s + t.rssAfterGcMb, 0) / tail.length;
  const growth = (rssGcSlope * (windowSeconds / 60)) / meanRssGc;
  const [jobs] = (
    await monitor.query<{ done: string; failed: string; pending: string }>(
      `select count(*) filter (where status = 'done') as done, count(*) filter (where status in ('failed', 'dead')) as failed,
         count(*) filter (where status in ('queued', 'running')) as pending from jobs where id > $1`,
      [lastJob],
    )
  ).rows;
  printTable('Summary', [
    {
      'rate calls/s': rate,
      'sent calls/s': Number((r.calls / result.sendSeconds).toFixed(1)),
      calls: r.calls,
      errors: r.errorCount,
      [`refused (${[...EXPECTED_REFUSALS].join(', ')})`]: r.refused,
      'max outstanding': result.maxOutstanding,
      'Node CPU ms/call': Number((nodeMs / r.calls).toFixed(2)),
      'PG CPU ms/call': Number((pgMs / r.calls).toFixed(2)),
      'Node CPU %': Number(((100 * nodeMs) / 1000 / result.wallSeconds).toFixed(1)),
      'PG CPU %': Number(((100 * pgMs) / 1000 / result.wallSeconds).toFixed(1)),
      'jobs done/failed/pending': `${jobs!.done}/${jobs!.failed}/${jobs!.pending}`,
    },
  ]);
  printTable(
    `Server memory every 10 s, shown each minute (slopes over the last ${Math.round(windowSeconds / 6) / 10} min)`,
    samples
      .filter((_, i) => i % 6 === 0 || i === samples.length - 1)
      .map((s, i, shown) => ({
        s: Math.round(s.at),
        calls: s.calls,
        errors: s.errors,
        // The calls that ended since the row before.
        'p99 ms': Math.round(quantile(r.ended.slice(shown[i - 1]?.calls ?? 0, s.calls), 0.99)),
        'RSS MB': s.rssMb,
        'RSS after GC MB': s.rssAfterGcMb,
        'heap after GC MB': s.heapAfterGcMb,
      })),
  );
  printTable('Memory over the window', [
    {
      'RSS MB/min': Number(rssSlope.toFixed(2)),
      'RSS after GC MB/min': Number(rssGcSlope.toFixed(2)),
      'heap after GC MB/min': Number(heapSlope.toFixed(2)),
      'RSS after GC growth %': Number((growth * 100).toFixed(1)),
      'memory flat (< 5 %)': growth < 0.05 ? 'pass' : 'FAIL',
      '0 errors': r.errorCount === 0 ? 'pass' : 'FAIL',
    },
  ]);
  if (r.errors.size > 0) {
    printTable(
      'Errors',
      [...r.errors.entries()].map(([what, n]) => ({ what, n })),
    );
  }

  await monitor.end();
  await reads.end();
  child.send('stop');
  await new Promise((resolve) => child.once('exit', resolve));
  agent.destroy();
  rmSync(dataDir, { recursive: true, force: true });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (process.argv.includes('--serve')) {
    await serve(process.env.LOAD_SERVE!, process.env.LOAD_DATA_DIR!);
  } else {
    await loadBench(process.argv.slice(2));
    process.exit(0);
  }
}

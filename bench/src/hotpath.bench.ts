import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { NodeEnvelope } from '@qcdesk/client/envelope';
import { buildApp } from '@qcdesk/server/src/app.ts';
import { clients } from '@qcdesk/server/src/db/schema/client.ts';
import { materials } from '@qcdesk/server/src/db/schema/material.ts';
import {
  clientPageQuery,
  clientSearchWhere,
  selectClients,
} from '@qcdesk/server/src/modules/client/client.queries.ts';
import {
  materialPageQuery,
  materialSearchWhere,
  selectMaterials,
} from '@qcdesk/server/src/modules/material/material.queries.ts';
import type { Principal } from '@qcdesk/server/src/platform/auth.ts';
import { loadConfig } from '@qcdesk/server/src/platform/config.ts';
import { openDatabase } from '@qcdesk/server/src/platform/db.ts';
import autocannon from 'autocannon';
import { count, inArray } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { BENCH_PASSWORD, DEFAULT_SIZES, generate } from './generate.ts';
import {
  naiveOrderSql,
  type OrderFilter,
  orderCountSql,
  orderFilters,
  orderPageSql,
  orderRowsSql,
} from './hotpath-orders.ts';
import { CLIENT_TERMS, MATERIAL_TERMS } from './search-terms.ts';
import { printTable } from './table.ts';

// The hot path (issue 13): QCDesk's signed-in searches against a bare Fastify + pg route running
// the same SQL (the page query, then the rows with their labels), interleaved in one run on
// PostgreSQL. The two servers run in a child process; this process drives autocannon and reads
// the CPU time of that child and of the database's backends from /proc before and after each
// case, so CPU per request stays meaningful on a machine busy with other work (read the ratios
// and the CPU figures, not the absolute req/s).
//
//   BENCH_DATABASE_URL=postgres://root@127.0.0.1:5432/qcdesk_hotpath npm run bench -- hotpath
//   … npx tsx bench/src/hotpath.bench.ts --clients 100000 --materials 1000000 --seconds 10
//   … npx tsx bench/src/hotpath.bench.ts --only check (the cases whose name contains `check`)
//   HOTPATH_CPU_PROF=/tmp/prof … (a V8 CPU profile of the servers' process, for clinic-free digging)
//
// Parallel workers of PostgreSQL are short-lived processes this cannot see: their CPU is missing
// from the PostgreSQL column (it shows as lower req/s instead).

const LATER_PAGES = [2, 3, 4];
/** Every page the bare route knows: the first (asked with its total) and the later ones. */
const PAGES = [1, ...LATER_PAGES];

const ADMIN: Principal = {
  userId: 1n,
  username: 'admin',
  displayName: 'admin',
  permissions: new Set(),
};

type Kind = 'client' | 'material' | 'order';

/** The order filters, chosen by the parent from the generated data and handed to the child. */
const childOrderFilters = (): OrderFilter[] =>
  JSON.parse(process.env.HOTPATH_ORDER_FILTERS ?? '[]') as OrderFilter[];

interface Prepared {
  sql: string;
  params: unknown[];
}

// -- The child: QCDesk and the bare route in one process ----------------------------------------

async function serve(url: string): Promise<void> {
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'qcdesk-hotpath-')),
    DATABASE_URL: url,
    REPLAY_WINDOW_SECONDS: '3600',
    LOGIN_MAX_FAILURES: '1000',
  });
  const database = await openDatabase({ url, dataDir: config.dataDir });
  const app = await buildApp({ config, database, logger: false });
  await app.server.listen({ port: 0, host: '127.0.0.1' });

  // The same SQL, written out once by drizzle at start, run with plain pg.
  const { db } = database;
  const pageSql = new Map<string, Prepared>();
  // The bare route's total is the plain exact count(*) of the same WHERE.
  const countSql = new Map<string, Prepared>();
  for (const name of CLIENT_TERMS) {
    const where = clientSearchWhere({ name, deleted: false } as never, { kind: 'all' }, ADMIN);
    countSql.set(`client ${name}`, db.select({ n: count() }).from(clients).where(where).toSQL());
  }
  for (const name of MATERIAL_TERMS) {
    const where = materialSearchWhere({ name, deleted: false }, ADMIN);
    countSql.set(`material ${name}`, db.select({ n: count() }).from(materials).where(where).toSQL());
  }
  for (const [index, filter] of childOrderFilters().entries()) {
    countSql.set(`order ${index}`, orderCountSql(db, filter));
  }
  for (const page of PAGES) {
    for (const name of CLIENT_TERMS) {
      const input = { name, page, pageSize: 10, count: false, deleted: false } as never;
      const where = clientSearchWhere(input, { kind: 'all' }, ADMIN);
      pageSql.set(`client ${name} ${page}`, clientPageQuery(db, input, where).toSQL());
    }
    for (const name of MATERIAL_TERMS) {
      const where = materialSearchWhere({ name, deleted: false }, ADMIN);
      pageSql.set(`material ${name} ${page}`, materialPageQuery(db, where, page, 10).toSQL());
    }
    for (const [index, filter] of childOrderFilters().entries()) {
      pageSql.set(`order ${index} ${page}`, orderPageSql(db, filter, page));
    }
  }
  const rowsSql = new Map<string, Prepared>();
  const rowsOf = (kind: Kind, n: number): Prepared => {
    const key = `${kind} ${n}`;
    let found = rowsSql.get(key);
    if (!found) {
      const ids = Array.from({ length: n }, (_, i) => BigInt(i + 1));
      found =
        kind === 'client'
          ? selectClients(db).where(inArray(clients.id, ids)).toSQL()
          : kind === 'order'
            ? orderRowsSql(db, n)
            : selectMaterials(db).where(inArray(materials.id, ids)).toSQL();
      rowsSql.set(key, found);
    }
    return found;
  };
  const pool = new pg.Pool({ connectionString: url, max: 10, idleTimeoutMillis: 600_000 });
  const bare = Fastify();
  bare.post('/bare/:kind', async (request) => {
    const kind = (request.params as { kind: Kind }).kind;
    const { name, page, count: withTotal } = request.body as { name: string; page: number; count: boolean };
    const query = pageSql.get(`${kind} ${name} ${page}`)!;
    const counting = withTotal ? countSql.get(`${kind} ${name}`) : undefined;
    const [found, counted] = await Promise.all([
      pool.query(query.sql, query.params),
      counting ? pool.query(counting.sql, counting.params) : undefined,
    ]);
    const total = counted ? Number(counted.rows[0].n) : null;
    const ids = found.rows.map((r: { id: string }) => r.id);
    if (ids.length === 0) return { list: [], total };
    const rows = rowsOf(kind, ids.length);
    // The ids take the places of the placeholder ids; the other parameters stay.
    const params = [...rows.params.slice(0, rows.params.length - ids.length), ...ids];
    return { list: (await pool.query(rows.sql, params)).rows, page, total };
  });
  // The naive first page of the order list: ILIKE over the joins and an exact count(*).
  const naive = childOrderFilters().map(naiveOrderSql);
  bare.post('/bare-naive/order', async (request) => {
    const { name } = request.body as { name: number };
    const query = naive[name]!;
    const [page, total] = await Promise.all([
      pool.query(query.page.sql, query.page.params),
      pool.query(query.count.sql, query.count.params),
    ]);
    return { list: page.rows, total: Number((total.rows[0] as { n: string }).n) };
  });
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const port = (s: { address(): unknown }) => (s.address() as { port: number }).port;
  process.send!({ qcdesk: port(app.server.server), bare: port(bare.server) });
  process.on('message', async () => {
    await bare.close();
    await pool.end();
    await app.close();
    await database.close();
    process.exit(0);
  });
}

// -- CPU from /proc ------------------------------------------------------------------------------

/** utime + stime of a process in ms (clock ticks of 10 ms), 0 when it is gone. */
function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

async function backendCpu(monitor: pg.Client): Promise<Map<number, number>> {
  const { rows } = await monitor.query<{ pid: number }>(
    `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
  );
  return new Map(rows.map((r) => [r.pid, cpuMs(r.pid)]));
}

/**
 * Waits until the database has had no active query for a moment (at most a minute): a slow case
 * (the naive count) leaves queries queued in the servers' pools after autocannon stops, and they
 * would otherwise run during the next case and count against it.
 */
async function settle(monitor: pg.Client): Promise<void> {
  const deadline = Date.now() + 60_000;
  let quiet = 0;
  while (quiet < 3 && Date.now() < deadline) {
    const { rows } = await monitor.query<{ n: string }>(
      `select count(*) as n from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid() and state = 'active'`,
    );
    quiet = Number(rows[0]!.n) === 0 ? quiet + 1 : 0;
    await new Promise((r) => setTimeout(r, 100));
  }
}

// -- The parent: load, CPU, ratios ---------------------------------------------------------------

interface Measured {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  nodeMs: number;
  pgMs: number;
}

async function load(
  url: string,
  connections: number,
  seconds: number,
  bodies: () => string,
  headers: Record<string, string>,
  child: ChildProcess,
  monitor: pg.Client,
): Promise<Measured> {
  const run = (duration: number) =>
    autocannon({
      url,
      connections,
      duration,
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      requests: [{ setupRequest: (req) => ({ ...req, body: bodies() }) }],
    });
  await run(1); // warm-up: connections open, plans cached
  await settle(monitor);
  const node0 = cpuMs(child.pid!);
  const pg0 = await backendCpu(monitor);
  const result = await run(seconds);
  const node1 = cpuMs(child.pid!);
  const pg1 = await backendCpu(monitor);
  await settle(monitor);
  let pgDelta = 0;
  for (const [pid, after] of pg1) pgDelta += after - (pg0.get(pid) ?? 0);
  const calls = Math.max(1, result.requests.total);
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    nodeMs: (node1 - node0) / calls,
    pgMs: pgDelta / calls,
  };
}

const rotate = <T>(values: readonly T[]) => {
  let i = 0;
  return () => values[i++ % values.length]!;
};

export async function hotpathBench(argv: string[] = []): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) {
    process.stdout.write('\nhotpath: set BENCH_DATABASE_URL (the bench compares PostgreSQL routes)\n');
    return;
  }
  const { values } = parseArgs({
    args: argv,
    options: {
      clients: { type: 'string' },
      materials: { type: 'string' },
      seconds: { type: 'string' },
      rounds: { type: 'string' },
      /** Only the cases whose name contains this (e.g. `--only check`). */
      only: { type: 'string' },
      orders: { type: 'string' },
    },
    strict: false,
  });
  const num = (v: unknown, fallback: number) => (typeof v === 'string' ? Number(v) : fallback);
  const sizes = {
    ...DEFAULT_SIZES,
    clients: num(values.clients, 20_000),
    materials: num(values.materials, 100_000),
    samples: 20_000,
    tests: 10_000,
    // Issue 14's figures are for 1M orders (`--orders 1000000`); the default keeps a quick run quick.
    orders: num(values.orders, 100_000),
  };
  const seconds = num(values.seconds, Number(process.env.BENCH_SECONDS ?? 5));
  const rounds = num(values.rounds, 2);
  process.stdout.write(
    `\nHot path on PostgreSQL (${sizes.clients.toLocaleString('en-US')} clients, ${sizes.materials.toLocaleString('en-US')} materials, ${sizes.orders.toLocaleString('en-US')} orders)\n`,
  );
  await (await generate({ url, sizes })).close();
  const filterMonitor = new pg.Client({ connectionString: url });
  await filterMonitor.connect();
  const filters = await orderFilters(filterMonitor);
  await filterMonitor.end();

  const child = fork(fileURLToPath(import.meta.url), ['--serve'], {
    // HOTPATH_CPU_PROF=dir: a V8 CPU profile of the servers' process, written there when it ends.
    execArgv: [
      '--import',
      'tsx',
      ...(process.env.HOTPATH_CPU_PROF
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.HOTPATH_CPU_PROF}`]
        : []),
    ],
    env: { ...process.env, HOTPATH_SERVE: url, HOTPATH_ORDER_FILTERS: JSON.stringify(filters) },
  });
  const ports = await new Promise<{ qcdesk: number; bare: number }>((resolve) =>
    child.once('message', (m) => resolve(m as { qcdesk: number; bare: number })),
  );
  const base = `http://127.0.0.1:${ports.qcdesk}`;
  const bareBase = `http://127.0.0.1:${ports.bare}`;
  const monitor = new pg.Client({ connectionString: url });
  await monitor.connect();

  const client = new NodeEnvelope();
  await client.handshake(async () => (await fetch(`${base}/api/publickey`)).json());
  const signIn = await fetch(`${base}/api/auth?cpt=qcdesk-cli&format=json`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(client.request('POST', { username: 'admin', password: BENCH_PASSWORD })),
  });
  const token = (
    JSON.parse(client.open(((await signIn.json()) as { data: string }).data)) as {
      data: { bearerToken: string };
    }
  ).data.bearerToken;
  const auth = { authorization: `Bearer ${token}` };

  const sealed = (method: 'GET' | 'POST', body: () => unknown) => {
    // Pre-sealed, one fresh nonce per call, as real clients send them: enough for the warm-up and the
    // run at the fastest case's rate (`check`, ~5,000/s), so no nonce is sent twice (a replay is refused).
    const all = Array.from({ length: 8000 * (seconds + 1) }, () =>
      JSON.stringify(client.request(method, body())),
    );
    let i = 0;
    return () => all[i++ % all.length]!;
  };
  const laterPage = (terms: readonly string[]) => {
    const term = rotate(terms);
    const page = rotate(LATER_PAGES);
    return () => ({ name: term(), page: page() });
  };

  interface Case {
    name: string;
    connections: number;
    qcdesk: { path: string; method: 'GET' | 'POST'; body: () => unknown };
    bare?: Kind | 'naive/order';
    /** The QCDesk call asks for the total (a first page); default: a later page without it. */
    count?: boolean;
  }
  // Orders: the filter by index for the bare routes, the filter itself for order/search.
  const orderBody = (pages: readonly number[]) => {
    const index = rotate(filters.map((_, i) => i));
    const page = rotate(pages);
    return () => {
      const i = index();
      return { name: i, page: page(), filter: filters[i] };
    };
  };
  const orderSearch = (pages: readonly number[]) => {
    const next = orderBody(pages);
    return () => {
      const { filter, page } = next();
      return { ...filter, page };
    };
  };
  const bareOrder = (pages: readonly number[]) => {
    const next = orderBody(pages);
    return () => {
      const { name, page } = next();
      return { name, page };
    };
  };
  // Every kind at 10 and 50 connections: later pages (no total) and the first page with its total
  // against the bare route's exact count(*) of the same WHERE (orders also against a naive route).
  const firstPage = (terms: readonly string[]) => {
    const term = rotate(terms);
    return () => ({ name: term(), page: 1 });
  };
  const cases: Case[] = [
    ...[10, 50].flatMap((connections): Case[] => [
      {
        name: 'client search, later pages, no total',
        connections,
        qcdesk: { path: 'client/search', method: 'POST', body: laterPage(CLIENT_TERMS) },
        bare: 'client',
      },
      {
        name: 'client search, first page with total',
        connections,
        count: true,
        qcdesk: { path: 'client/search', method: 'POST', body: firstPage(CLIENT_TERMS) },
        bare: 'client',
      },
      {
        name: 'material search, later pages, no total',
        connections,
        qcdesk: { path: 'material/search', method: 'POST', body: laterPage(MATERIAL_TERMS) },
        bare: 'material',
      },
      {
        name: 'material search, first page with total',
        connections,
        count: true,
        qcdesk: { path: 'material/search', method: 'POST', body: firstPage(MATERIAL_TERMS) },
        bare: 'material',
      },
      {
        name: 'order search, later pages, no total',
        connections,
        qcdesk: { path: 'order/search', method: 'POST', body: orderSearch(LATER_PAGES) },
        bare: 'order',
      },
      {
        name: 'order search, first page with total',
        connections,
        count: true,
        qcdesk: { path: 'order/search', method: 'POST', body: orderSearch([1]) },
        bare: 'order',
      },
    ]),
    {
      name: 'order search, first page with total (bare: naive ILIKE + count(*))',
      connections: 50,
      qcdesk: { path: 'order/search', method: 'POST', body: orderSearch([1]) },
      bare: 'naive/order',
      count: true,
    },
    {
      name: 'signed-in check',
      connections: 10,
      qcdesk: { path: 'check', method: 'GET', body: () => ({}) },
    },
  ];

  const only = typeof values.only === 'string' ? values.only : '';
  const chosen = cases.filter((c) => c.name.includes(only));
  const results = new Map<string, { q: Measured[]; b: Measured[] }>();
  for (let round = 0; round < rounds; round++) {
    for (const c of chosen) {
      const key = `${c.name}|${c.connections}`;
      const entry = results.get(key) ?? { q: [], b: [] };
      results.set(key, entry);
      if (c.bare) {
        const next =
          c.bare === 'order' || c.bare === 'naive/order'
            ? bareOrder(c.count ? [1] : LATER_PAGES)
            : c.qcdesk.body;
        // The bare route counts (exact count(*)) when the case asks for the first page with its total.
        const plain = () => JSON.stringify({ ...(next() as object), count: c.count ?? false });
        const route = c.bare === 'naive/order' ? '/bare-naive/order' : `/bare/${c.bare}`;
        entry.b.push(await load(`${bareBase}${route}`, c.connections, seconds, plain, {}, child, monitor));
      }
      const withCount =
        c.qcdesk.method === 'POST'
          ? () => ({ ...(c.qcdesk.body() as object), count: c.count ?? false })
          : c.qcdesk.body;
      const target = `${base}/api/${c.qcdesk.path}?cpt=qcdesk-cli&format=json`;
      entry.q.push(
        await load(target, c.connections, seconds, sealed(c.qcdesk.method, withCount), auth, child, monitor),
      );
    }
  }

  const mean = (ms: Measured[], f: (m: Measured) => number) => ms.reduce((s, m) => s + f(m), 0) / ms.length;
  const rows: Array<Record<string, string | number>> = [];
  for (const c of chosen) {
    const { q, b } = results.get(`${c.name}|${c.connections}`)!;
    const qRps = mean(q, (m) => m.rps);
    const bRps = b.length ? mean(b, (m) => m.rps) : 0;
    rows.push({
      case: c.name,
      conn: c.connections,
      'QCDesk req/s': Math.round(qRps),
      'bare req/s': b.length ? Math.round(bRps) : '—',
      ratio: b.length ? Number((qRps / bRps).toFixed(2)) : '—',
      'Node ms/call': Number(mean(q, (m) => m.nodeMs).toFixed(2)),
      'bare Node ms': b.length ? Number(mean(b, (m) => m.nodeMs).toFixed(2)) : '—',
      'PG ms/call': Number(mean(q, (m) => m.pgMs).toFixed(2)),
      'bare PG ms': b.length ? Number(mean(b, (m) => m.pgMs).toFixed(2)) : '—',
      'p99 ms': Math.round(mean(q, (m) => m.p99)),
      errors: q.reduce((s, m) => s + m.errors, 0) + b.reduce((s, m) => s + m.errors, 0),
    });
  }
  printTable(
    `Hot path vs bare Fastify+pg, same SQL (${rounds} interleaved rounds × ${seconds} s; CPU per call from /proc; load average ${
      readFileSync('/proc/loadavg', 'utf8').split(' ')[0]
    })`,
    rows,
  );
  await monitor.end();
  child.send('stop');
  await new Promise((resolve) => child.once('exit', resolve));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (process.argv.includes('--serve')) {
    await serve(process.env.HOTPATH_SERVE!);
  } else {
    await hotpathBench(process.argv.slice(2));
    process.exit(0);
  }
}

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { NodeEnvelope } from '@qcdesk/client/envelope';
import { buildApp } from '@qcdesk/server/src/app.ts';
import { loadConfig } from '@qcdesk/server/src/platform/config.ts';
import autocannon from 'autocannon';
import { BENCH_PASSWORD, DEFAULT_SIZES, generate, type Sizes } from './generate.ts';
import { printTable } from './table.ts';

// Client search and home search (issue 6) through the real app and envelope over HTTP, on PGlite
// and (with BENCH_DATABASE_URL) PostgreSQL, on data from generate.ts: latency percentiles of
// requests sent one at a time, and throughput with 10 connections (autocannon).
// Target: home search p95 < 30 ms on 1M materials on PostgreSQL.
//
//   BENCH_DATABASE_URL=postgres://root@127.0.0.1:5432/qcdesk_bench npx tsx bench/src/search.bench.ts
//
// BENCH_SEARCH_DBS=postgres (or pglite) runs one of the two. PGlite runs at a smaller size (BENCH_PGLITE_MATERIALS, default 100k; WASM builds the indexes of
// a million rows slowly); PostgreSQL at the full default size unless BENCH_MATERIALS says otherwise.

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;
const SEQUENTIAL = Number(process.env.BENCH_SEQUENTIAL ?? 300);

/** Terms people type: 2-character Chinese, longer names, number endings, broad and narrow. */
const CLIENT_TERMS = [
  '华美',
  '深圳宏达',
  'Nordic Home',
  'Toys International',
  'Golden',
  '玩具',
  'Blue Ocean Kids',
  '义乌',
  'Supply GmbH',
  '永昌礼品',
];
const HOME_TERMS = [
  '华美',
  '宏达玩具',
  'Nordic',
  '0012345',
  '塑料粒子',
  'PB-000',
  '涤纶面料',
  'Pacific Toys',
  '食品接触',
  'EN 71',
  '硅胶',
  '9876',
  'PP',
];

interface Case {
  name: string;
  path: string;
  method?: 'GET' | 'POST';
  token: string;
  bodies: () => unknown;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function measure(base: string, client: NodeEnvelope, c: Case) {
  const url = `${base}/api/${c.path}?cpt=qcdesk-cli&format=json`;
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${c.token}` };
  // One call checked end to end: the answer opens and says success.
  const first = await fetch(url, {
    method: 'POST',
    headers,
    body: JSON.stringify(client.request(c.method ?? 'POST', c.bodies())),
  });
  const opened = JSON.parse(client.open(((await first.json()) as { data: string }).data)) as {
    success: boolean;
    error: string;
  };
  if (!opened.success) throw new Error(`${c.name}: ${opened.error}`);

  const times: number[] = [];
  for (let i = 0; i < SEQUENTIAL; i++) {
    const body = JSON.stringify(client.request(c.method ?? 'POST', c.bodies()));
    const t0 = performance.now();
    const response = await fetch(url, { method: 'POST', headers, body });
    await response.arrayBuffer();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);

  const sealed = Array.from({ length: 3000 * DURATION }, () =>
    JSON.stringify(client.request(c.method ?? 'POST', c.bodies())),
  );
  let next = 0;
  const load = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    method: 'POST',
    headers,
    requests: [{ setupRequest: (req) => ({ ...req, body: sealed[next++ % sealed.length]! }) }],
  });
  return {
    'p50 ms': Number(percentile(times, 50).toFixed(1)),
    'p95 ms': Number(percentile(times, 95).toFixed(1)),
    'p99 ms': Number(percentile(times, 99).toFixed(1)),
    [`req/s (${CONNECTIONS} conn)`]: Math.round(load.requests.average),
    errors: load.errors + load.non2xx,
  };
}

async function signIn(base: string, client: NodeEnvelope, username: string): Promise<string> {
  const response = await fetch(`${base}/api/auth?cpt=qcdesk-cli&format=json`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(client.request('POST', { username, password: BENCH_PASSWORD })),
  });
  const result = JSON.parse(client.open(((await response.json()) as { data: string }).data)) as {
    success: boolean;
    error: string;
    data: { bearerToken: string };
  };
  if (!result.success) throw new Error(`sign-in of ${username}: ${result.error}`);
  return result.data.bearerToken;
}

const rotate = <T>(values: readonly T[]) => {
  let i = 0;
  return () => values[i++ % values.length]!;
};

const sizeLabel = (s: Sizes) =>
  `${(s.clients / 1000).toLocaleString('en-US')}k clients, ${(s.materials / 1e6).toLocaleString('en-US')}M materials`;

export async function searchBench(): Promise<Array<Record<string, string | number>>> {
  const rows: Array<Record<string, string | number>> = [];
  const kinds = (process.env.BENCH_SEARCH_DBS ?? 'pglite,postgres').split(',');
  for (const kind of ['pglite', 'postgres'] as const) {
    const url = kind === 'postgres' ? process.env.BENCH_DATABASE_URL : undefined;
    if ((kind === 'postgres' && !url) || !kinds.includes(kind)) continue;
    const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
    const sizes: Sizes =
      kind === 'postgres'
        ? {
            ...DEFAULT_SIZES,
            clients: env('BENCH_CLIENTS', DEFAULT_SIZES.clients),
            materials: env('BENCH_MATERIALS', DEFAULT_SIZES.materials),
          }
        : {
            clients: env('BENCH_PGLITE_CLIENTS', 20_000),
            materials: env('BENCH_PGLITE_MATERIALS', 100_000),
            samples: 20_000,
            standards: 2_000,
            tests: 10_000,
          };
    const dataDir = resolve(process.env.DATA_DIR ?? 'tmp/bench-pglite');
    process.stdout.write(`\nSearch bench on ${kind} (${sizeLabel(sizes)})\n`);
    const database = await generate({ url, dataDir, sizes });
    const config = loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: kind === 'pglite' ? dataDir : mkdtempSync(join(tmpdir(), 'qcdesk-bench-')),
      ...(url ? { DATABASE_URL: url } : {}),
      REPLAY_WINDOW_SECONDS: '3600',
      LOGIN_MAX_FAILURES: '1000',
    });
    const app = await buildApp({ config, database, logger: false });
    await app.server.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.server.address() as { port: number }).port}`;
    const client = new NodeEnvelope();
    await client.handshake(async () => (await fetch(`${base}/api/publickey`)).json());
    const admin = await signIn(base, client, 'admin');
    const sales = await signIn(base, client, 'demo.sales');

    const clientTerm = rotate(CLIENT_TERMS);
    const homeTerm = rotate(HOME_TERMS);
    const cases: Case[] = [
      // The floor: envelope, session and registry around an operation that reads one row.
      {
        name: 'check: signed-in call, no search (floor)',
        path: 'check',
        method: 'GET',
        token: admin,
        bodies: () => ({}),
      },
      {
        name: 'client/search by name (admin: all)',
        path: 'client/search',
        token: admin,
        bodies: () => ({ name: clientTerm() }),
      },
      {
        name: 'client/search by name, page 2 without count',
        path: 'client/search',
        token: admin,
        bodies: () => ({ name: clientTerm(), page: 2, count: false }),
      },
      {
        name: 'client/search by name (sales: department)',
        path: 'client/search',
        token: sales,
        bodies: () => ({ name: clientTerm() }),
      },
      {
        name: 'search: home search, 5 sources (admin)',
        path: 'search',
        token: admin,
        bodies: () => ({ term: homeTerm() }),
      },
      {
        name: 'search: home search, 5 sources (sales)',
        path: 'search',
        token: sales,
        bodies: () => ({ term: homeTerm() }),
      },
    ];
    for (const c of cases) {
      rows.push({ case: c.name, db: kind, data: sizeLabel(sizes), ...(await measure(base, client, c)) });
    }
    await app.close();
    await database.close();
  }
  printTable(
    `Search (${SEQUENTIAL} sequential calls for the percentiles; ${CONNECTIONS} connections × ${DURATION} s for req/s)`,
    rows,
  );
  return rows;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await searchBench();
  process.exit(0);
}

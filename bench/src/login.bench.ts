import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { NodeEnvelope } from '@qcdesk/client/envelope';
import { buildApp } from '@qcdesk/server/src/app.ts';
import { loadConfig } from '@qcdesk/server/src/platform/config.ts';
import { openDatabase } from '@qcdesk/server/src/platform/db.ts';
import { hashPassword, verifyPassword } from '@qcdesk/server/src/platform/passwords.ts';
import { runSeeds } from '@qcdesk/server/src/seed.ts';
import autocannon from 'autocannon';
import { printTable, timeAsync } from './table.ts';

// Sign-in throughput (issue 3): `auth` with username and password over real HTTP through the
// envelope, on PGlite and (with BENCH_DATABASE_URL) PostgreSQL, next to the cost of the
// password hash alone and of a signed-in call (`check`) for scale.

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;
const PASSWORD = 'Bench1234';

interface Figures {
  'req/s': number;
  'p50 ms': number;
  'p99 ms': number;
  errors: number;
}

async function load(url: string, bodies: string[], token?: string): Promise<Figures> {
  let next = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    // Every request carries a fresh nonce, as real clients do: pre-sealed, one per call.
    requests: [{ setupRequest: (req) => ({ ...req, body: bodies[next++ % bodies.length]! }) }],
  });
  return {
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/** Logins per second and latency percentiles; answers the rows it prints. */
export async function loginBench(): Promise<Array<Record<string, string | number>>> {
  const hash = await hashPassword(PASSWORD);
  const rows: Array<Record<string, string | number>> = [
    {
      case: 'argon2id verify alone (19 MiB, t=2), one at a time',
      'req/s': Math.round(1e6 / (await timeAsync(() => verifyPassword(hash, PASSWORD), 40))),
      'p50 ms': '',
      'p99 ms': '',
      errors: 0,
    },
  ];

  for (const kind of ['pglite', 'postgres'] as const) {
    if (kind === 'postgres' && !process.env.BENCH_DATABASE_URL) continue;
    const config = loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'qcdesk-bench-')),
      ...(kind === 'postgres' ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
      REPLAY_WINDOW_SECONDS: '3600',
      QCDESK_ADMIN_PASSWORD: PASSWORD,
    });
    const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
    await database.migrate();
    const app = await buildApp({ config, database, logger: false });
    await runSeeds(database, config, console);
    await app.server.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.server.address() as { port: number }).port}`;
    const client = new NodeEnvelope();
    await client.handshake(async () => (await fetch(`${base}/api/publickey`)).json());

    const logins = Array.from({ length: 400 * DURATION }, () =>
      JSON.stringify(client.request('POST', { username: 'admin', password: PASSWORD })),
    );
    rows.push({
      case: `auth: password sign-in (${kind})`,
      ...(await load(`${base}/api/auth?cpt=qcdesk-cli&format=json`, logins)),
    });

    const signedIn = await fetch(`${base}/api/auth?cpt=qcdesk-cli&format=json`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(client.request('POST', { username: 'admin', password: PASSWORD })),
    });
    const session = JSON.parse(client.open(((await signedIn.json()) as { data: string }).data)) as {
      data: { bearerToken: string };
    };
    const checks = Array.from({ length: 4000 * DURATION }, () => JSON.stringify(client.request('GET', {})));
    rows.push({
      case: `check: signed-in call (${kind})`,
      ...(await load(`${base}/api/check?cpt=qcdesk-cli&format=json`, checks, session.data.bearerToken)),
    });
    await app.close();
    await database.close();
  }
  printTable(`Sign-in (${CONNECTIONS} connections, ${DURATION} s each)`, rows);
  return rows;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await loginBench();
  process.exit(0);
}

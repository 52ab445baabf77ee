import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NodeEnvelope } from '@qcdesk/client/envelope';
import { buildApp } from '@qcdesk/server/src/app.ts';
import { systemInfo } from '@qcdesk/server/src/modules/system/system.service.ts';
import { loadConfig } from '@qcdesk/server/src/platform/config.ts';
import { openDatabase } from '@qcdesk/server/src/platform/db.ts';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { printTable } from './table.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;

async function load(url: string, requests: Array<{ body: string }> | null) {
  let next = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    method: requests ? 'POST' : 'GET',
    headers: { 'content-type': 'application/json' },
    ...(requests
      ? {
          requests: [
            {
              // Every request carries a fresh nonce, as real clients do: pre-sealed, one per call.
              setupRequest: (req) => ({ ...req, body: requests[next++ % requests.length]!.body }),
            },
          ],
        }
      : {}),
  });
  return {
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/** A trivial sealed operation vs the same handler as plain JSON on bare Fastify, in one run. */
export async function throughputBench(): Promise<void> {
  const rows: Array<Record<string, string | number>> = [];

  const bare = Fastify();
  const plainDb = await openDatabase({});
  bare.get('/plain', async () => systemInfo(plainDb));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/plain`;
  rows.push({ case: 'plain JSON on bare Fastify', ...(await load(bareUrl, null)) });
  await bare.close();
  await plainDb.close();

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
    });
    const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
    await database.migrate();
    const app = await buildApp({ config, database, logger: false });
    await app.server.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.server.address() as { port: number }).port}`;
    const client = new NodeEnvelope();
    await client.handshake(async () => (await fetch(`${base}/api/publickey`)).json());
    const count = 4000 * DURATION;
    const requests = Array.from({ length: count }, () => ({
      body: JSON.stringify(client.request('GET', {})),
    }));
    rows.push({
      case: `sealed system/info (${kind})`,
      ...(await load(`${base}/api/system/info?cpt=qcdesk-cli&format=json`, requests)),
    });
    await app.close();
    await database.close();
  }
  printTable(`Throughput, ${CONNECTIONS} connections × ${DURATION} s (autocannon)`, rows);
}

import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { areas } from '@qcdesk/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServerIfStale, SERVER_ENTRY } from '../../../scripts/build-server.mjs';
import { clientInput } from '../src/modules/client/client.factory';
import { type Database, openDatabase } from '../src/platform/db';
import { withDatabase } from './global-setup';
import { SEED_ENV } from './support/seed-env';
import { freePort, stopServer } from './support/server-process';
import { type Sender, TestClient } from './support/test-app';

// Two server processes behind one port (PROCESSES=2, Node's cluster; ADR 0029), on PostgreSQL: the
// real server started as `npm start` starts it, each call on a connection of its own so that the
// cluster hands them to both processes. Eight concurrent updates of one client with the same
// version, through both processes, leave exactly one winner; the others are told E_VERSION. The
// compiled server runs (apps/server/dist/main.js, built when stale): two processes loading the
// TypeScript sources through tsx cost twice the CPU, beside the browser suite in CI (ADR 0012).

const url = process.env.DATABASE_URL;

/** Real HTTP, a new connection per call; remembers which process answered each call. */
function freshConnectionSender(port: number, served: string[]): Sender {
  return ({ method, url: path, headers = {}, payload }) =>
    new Promise((resolve, reject) => {
      const body = payload === undefined ? undefined : JSON.stringify(payload);
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          path,
          method,
          agent: false,
          headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            served.push(String(response.headers['x-qcdesk-process'] ?? ''));
            const text = Buffer.concat(chunks).toString('utf8');
            resolve({ statusCode: response.statusCode ?? 0, json: () => JSON.parse(text) as unknown });
          });
        },
      );
      request.on('error', reject);
      request.end(body);
    });
}

describe.skipIf(!url)('two server processes behind one port', () => {
  const name = `qcdesk_t_procs_${randomBytes(6).toString('hex')}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'qcdesk-procs-'));
  let server: ChildProcess | undefined;
  let database: Database | undefined;
  let port = 0;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    await admin(`create database ${name}`);
    port = await freePort();
    if ((await buildServerIfStale({ quiet: true })) !== 0) throw new Error('the server did not build');
    server = spawn(process.execPath, [SERVER_ENTRY], {
      env: {
        ...process.env,
        ...SEED_ENV,
        NODE_ENV: 'test',
        DATABASE_URL: withDatabase(url!, name),
        PROCESSES: '2',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SANDBOX: 'off',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    // Ready when both processes have answered (each listens once it has migrated and seeded).
    const seen = new Set<string>();
    const deadline = Date.now() + 120_000;
    while (seen.size < 2) {
      if (Date.now() > deadline) throw new Error(`the cluster did not start both processes: ${[...seen]}`);
      const served: string[] = [];
      await freshConnectionSender(port, served)({ method: 'GET', url: '/readyz' }).catch(() => undefined);
      for (const id of served) if (id) seen.add(id);
      await sleep(200);
    }
    database = await openDatabase({ url: withDatabase(url!, name), poolSize: 2 });
  }, 150_000);

  afterAll(async () => {
    await stopServer(server);
    await database?.close();
    await admin(`drop database if exists ${name} with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('of eight concurrent updates of one record through both, exactly one wins', async () => {
    const served: string[] = [];
    const client = new TestClient(freshConnectionSender(port, served));
    const session = await client.ok(areas.identity.login, {
      username: 'admin',
      password: SEED_ENV.QCDESK_ADMIN_PASSWORD,
    });
    const token = session.bearerToken;
    const created = await client.ok(areas.client.createClient, await clientInput(database!.db), { token });
    served.length = 0;
    // Each asks for another value than the stored one: an update that changes nothing answers
    // success without writing, whatever its version.
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        client.call(
          areas.client.updateClient,
          { id: created.id, version: 0, advanceDays: i + 10 },
          { token },
        ),
      ),
    );
    expect(new Set(served.filter(Boolean)).size, `processes that answered: ${served}`).toBe(2);
    const won = answers.filter((a) => a.result.success);
    expect(won).toHaveLength(1);
    for (const lost of answers.filter((a) => !a.result.success))
      expect(lost.result).toMatchObject({ reason: 'E_VERSION' });
    const after = await client.ok(areas.client.getClient, { id: created.id }, { token });
    expect(after.version).toBe(1);
    expect(after.advanceDays).toBe((won[0]!.result as { data: { advanceDays: number } }).data.advanceDays);
  });

  it('a session ended through one process is refused at once by the other (NOTIFY, ADR 0029)', async () => {
    const served: string[] = [];
    const client = new TestClient(freshConnectionSender(port, served));
    const login = () =>
      client.ok(areas.identity.login, { username: 'admin', password: SEED_ENV.QCDESK_ADMIN_PASSWORD });
    const { bearerToken: token } = await login();
    // Both processes hold the session in their principal cache (5 s) once each has answered it.
    const answered = new Set<string>();
    while (answered.size < 2) {
      served.length = 0;
      const { result } = await client.call(areas.identity.check, {}, { token });
      expect(result.success).toBe(true);
      answered.add(served[0]!);
    }
    const startedAt = Date.now();
    await client.ok(areas.identity.logout, {}, { token });
    // Well inside the cache's 5 seconds, neither process accepts the token any more.
    const refusedBy = new Set<string>();
    while (refusedBy.size < 2) {
      served.length = 0;
      const { status } = await client.call(areas.identity.check, {}, { token });
      expect(status, `process ${served[0]} after ${Date.now() - startedAt} ms`).toBe(400);
      refusedBy.add(served[0]!);
    }
    expect(Date.now() - startedAt).toBeLessThan(4_000);
  });
});

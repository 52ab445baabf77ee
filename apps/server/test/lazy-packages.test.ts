import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { areas } from '@qcdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServerIfStale, SERVER_ENTRY } from '../../../scripts/build-server.mjs';
import { SEED_ENV } from './support/seed-env';
import { freePort, stopServer } from './support/server-process';
import { httpSender, TestClient } from './support/test-app';

// Issue 33: the heavy packages load on first use (src/platform/lazy-packages.ts), not at start-up.
// The built server (as `npm start` runs it, PGlite, a MAIL_URL set, nothing queued) starts with
// module hooks that log every import it resolves; at rest none of these packages is among them (nor
// is libvips, sharp's library, mapped), and the first QR sign-in then loads qrcode through its loader.

const HEAVY = [
  'exceljs',
  'sharp',
  'sharp-phash',
  'exifr',
  'pdfkit',
  'qrcode',
  'nodemailer',
  'saxes',
  'unzipper',
];

/** The packages (under node_modules) whose files the process imported so far. */
function importedPackages(log: string): Set<string> {
  const found = new Set<string>();
  for (const url of readFileSync(log, 'utf8').split('\n')) {
    const name = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1];
    if (name) found.add(name);
  }
  return found;
}

describe('the built server at rest', () => {
  const dir = mkdtempSync(join(tmpdir(), 'qcdesk-lazy-'));
  const log = join(dir, 'imports.log');
  let server: ChildProcess | undefined;
  let origin = '';

  beforeAll(async () => {
    if ((await buildServerIfStale({ quiet: true })) !== 0) throw new Error('the server did not build');
    writeFileSync(log, '');
    const hooks = new URL('./support/import-log-hooks.mjs', import.meta.url).href;
    const register = `import { register } from 'node:module'; register(${JSON.stringify(hooks)}, { data: { log: ${JSON.stringify(log)} } });`;
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    const { DATABASE_URL: _postgres, ...env } = process.env;
    server = spawn(
      process.execPath,
      ['--import', `data:text/javascript,${encodeURIComponent(register)}`, SERVER_ENTRY],
      {
        env: {
          ...env,
          // No demo users: their seeded mails would go out at once (and load nodemailer).
          QCDESK_ADMIN_PASSWORD: SEED_ENV.QCDESK_ADMIN_PASSWORD,
          QCDESK_DEMO_USERS: '0',
          NODE_ENV: 'test',
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: join(dir, 'data'),
          MAIL_URL: 'smtp://127.0.0.1:9/',
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode})`);
      if (Date.now() > deadline) throw new Error('the server did not answer /readyz');
      const ok = await fetch(`${origin}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await sleep(200);
    }
    await sleep(1000); // at rest: the job worker has polled
  }, 150_000);

  afterAll(async () => {
    await stopServer(server);
    rmSync(dir, { recursive: true, force: true });
  }, 30_000);

  it('has loaded none of the heavy packages', () => {
    const loaded = importedPackages(log);
    expect(loaded.has('fastify')).toBe(true); // the hooks see the server's own imports
    expect(HEAVY.filter((name) => loaded.has(name))).toEqual([]);
    const maps = `/proc/${server!.pid}/maps`;
    if (existsSync(maps)) expect(readFileSync(maps, 'utf8')).not.toContain('libvips');
  });

  it('loads a package with its first use (qrcode with the first QR sign-in)', async () => {
    const qr = await new TestClient(httpSender(origin)).ok(areas.identity.qrToken, {});
    expect(qr.qrCode).toMatch(/^data:image\/png;base64,/);
    expect(importedPackages(log).has('qrcode')).toBe(true);
  });
});

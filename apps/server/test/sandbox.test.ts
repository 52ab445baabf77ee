import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { areas } from '@qcdesk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUnder, withoutBasePath } from '../src/app';
import { departments, roles, users } from '../src/db/schema/identity';
import { mailOutbox } from '../src/db/schema/mail';
import { type Instances, openInstances } from '../src/instances';
import { ConfigError, loadConfig, sandboxConfigOf } from '../src/platform/config';
import { multipart, samples } from './support/files-helpers';
import { SEED_ENV } from './support/seed-env';
import { httpSender, TestClient } from './support/test-app';

// ADR 0008: the sandbox (spec §1 "dev") is a second, isolated instance in the same process, which
// the product's HTTP server hands every request under /dev.

const identity = areas.identity;
const files = areas.files;

describe('sandbox configuration', () => {
  const base = { NODE_ENV: 'test', DATA_DIR: '/srv/qcdesk', PUBLIC_URL: 'https://qc.example.com' };

  it('runs one beside PGlite by default, with everything of its own and no real mail', () => {
    const product = loadConfig({
      ...base,
      MAIL_URL: 'smtp://mail.example.com:25',
      TOKEN_SECRET: 'x'.repeat(40),
      FILE_SIGNING_SECRET: 'y'.repeat(40),
      REDIS_URL: 'redis://127.0.0.1:6379',
      S3_BUCKET: 'qcdesk-files',
    });
    expect(product).toMatchObject({
      environment: 'product',
      SANDBOX: 'auto',
      basePath: '',
      objectPrefix: '',
    });
    const sandbox = sandboxConfigOf(product);
    expect(sandbox).toMatchObject({
      environment: 'sandbox',
      dataDir: '/srv/qcdesk/sandbox',
      publicUrl: 'https://qc.example.com/dev',
      basePath: '/dev',
      objectPrefix: 'sandbox/',
      S3_BUCKET: 'qcdesk-files',
    });
    for (const key of [
      'DATABASE_URL',
      'MAIL_URL',
      'TOKEN_SECRET',
      'FILE_SIGNING_SECRET',
      'REDIS_URL',
    ] as const) {
      expect(sandbox?.[key], key).toBeUndefined();
    }
    expect(sandboxConfigOf(sandbox!)).toBeUndefined();
  });

  it('runs beside PostgreSQL only with a database of its own', () => {
    const pg = { ...base, DATABASE_URL: 'postgres://qc@db:5432/qcdesk' };
    expect(sandboxConfigOf(loadConfig(pg))).toBeUndefined();
    const sandbox = sandboxConfigOf(
      loadConfig({ ...pg, SANDBOX: 'on', SANDBOX_DATABASE_URL: 'postgres://qc@db/qcdesk_sandbox' }),
    );
    expect(sandbox?.DATABASE_URL).toBe('postgres://qc@db/qcdesk_sandbox');
    expect(sandboxConfigOf(loadConfig({ ...base, SANDBOX: 'off' }))).toBeUndefined();
  });

  it('refuses settings that would mix the sandbox with the product', () => {
    const refusal = (env: Record<string, string>) => {
      try {
        loadConfig({ ...base, ...env });
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      throw new Error(`accepted ${JSON.stringify(env)}`);
    };
    expect(refusal({ SANDBOX: 'yes' })).toContain('SANDBOX: Invalid option');
    expect(refusal({ SANDBOX_DATABASE_URL: 'mysql://db/x' })).toContain(
      'SANDBOX_DATABASE_URL: must be a postgres:// URL',
    );
    expect(refusal({ SANDBOX: 'on', DATABASE_URL: 'postgres://db/qcdesk' })).toContain(
      'SANDBOX: on with DATABASE_URL needs SANDBOX_DATABASE_URL',
    );
    expect(
      refusal({
        DATABASE_URL: 'postgres://a@db/qcdesk',
        SANDBOX_DATABASE_URL: 'postgresql://b@db:5432/qcdesk',
      }),
    ).toContain('SANDBOX_DATABASE_URL: must name another database than DATABASE_URL');
    // Several processes share one database: PostgreSQL only (ADR 0029).
    expect(refusal({ PROCESSES: '2' })).toContain('PROCESSES: more than one process needs PostgreSQL');
    expect(loadConfig({ ...base, PROCESSES: '2', DATABASE_URL: 'postgres://db/q' }).PROCESSES).toBe(2);
  });

  it('hands over /dev and what lies below it, nothing else', () => {
    for (const url of ['/dev', '/dev/', '/dev/api/publickey', '/dev?x=1'])
      expect(isUnder(url, '/dev'), url).toBe(true);
    for (const url of ['/devices', '/en/dev', '/', '/api/dev']) expect(isUnder(url, '/dev'), url).toBe(false);
    expect(withoutBasePath('/dev/api/check?cpt=x', '/dev')).toBe('/api/check?cpt=x');
    expect(withoutBasePath('/dev', '/dev')).toBe('/');
    expect(withoutBasePath('/dev?x=1', '/dev')).toBe('/?x=1');
    expect(withoutBasePath('/api/check', '/dev')).toBe('/api/check');
  });
});

describe('the product with its sandbox under /dev (both on PGlite)', () => {
  let dir: string;
  let instances: Instances;
  let origin: string;
  let product: TestClient;
  let sandbox: TestClient;
  let productAdmin: string;
  let sandboxAdmin: string;
  let sandboxBeforeUse: { instance: unknown; dataDir: boolean; ready: unknown };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'qcdesk-sandbox-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dir,
      WEB_DIST: '/nonexistent',
      PUBLIC_URL: 'http://qcdesk.test',
      // Nothing listens there: the sandbox must never try it (its mail stays in its dev mailbox).
      MAIL_URL: 'smtp://127.0.0.1:9',
      ...SEED_ENV,
    });
    instances = await openInstances(config, { logger: false });
    await instances.product.app.server.listen({ host: '127.0.0.1', port: 0 });
    const { port } = instances.product.app.server.server.address() as AddressInfo;
    origin = `http://127.0.0.1:${port}`;
    // Issue 33: the product listens with its sandbox not yet opened; the first /dev request opens it.
    sandboxBeforeUse = {
      instance: instances.sandbox?.instance,
      dataDir: existsSync(join(dir, 'sandbox', 'PG_VERSION')),
      ready: await (await fetch(`${origin}/readyz`)).json(),
    };
    product = new TestClient(httpSender(origin));
    sandbox = new TestClient(httpSender(origin), '/dev');
    const signIn = async (client: TestClient) =>
      (await client.ok(identity.login, { username: 'admin', password: SEED_ENV.QCDESK_ADMIN_PASSWORD }))
        .bearerToken;
    productAdmin = await signIn(product);
    // Several requests at once while it opens: one opening serves them all.
    const [first] = await Promise.all([signIn(sandbox), signIn(sandbox), get('/dev/healthz')]);
    sandboxAdmin = first;
    // Two databases created, migrated and seeded from nothing: slow on a busy machine.
  }, 300_000);

  afterAll(async () => {
    await instances?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (path: string, init?: RequestInit) => fetch(`${origin}${path}`, init);

  it('opens the sandbox on its first request, not before the product listens', async () => {
    expect(sandboxBeforeUse).toEqual({
      instance: undefined,
      dataDir: false,
      ready: { status: 'ok', database: 'pglite', sandbox: 'not started' },
    });
    expect(await (await get('/readyz')).json()).toEqual({
      status: 'ok',
      database: 'pglite',
      sandbox: 'ready',
    });
    expect(await instances.sandbox?.open()).toBe(instances.sandbox?.instance);
  });

  it('opens the sandbox in DATA_DIR/sandbox and answers its health checks and keys under /dev', async () => {
    expect(instances.sandbox?.instance?.database.kind).toBe('pglite');
    expect(instances.sandbox?.config.dataDir).toBe(join(dir, 'sandbox'));
    expect(existsSync(join(dir, 'sandbox', 'PG_VERSION'))).toBe(true);
    expect(await (await get('/dev/healthz')).json()).toEqual({ status: 'ok' });
    expect(await (await get('/dev/readyz')).json()).toEqual({ status: 'ok', database: 'pglite' });
    const productKey = (await (await get('/api/publickey')).json()) as { keyId: string };
    const sandboxKey = (await (await get('/dev/api/publickey')).json()) as { keyId: string };
    expect(sandboxKey.keyId).not.toBe(productKey.keyId);
    expect((await get('/dev/api/nothing')).status).toBe(404);
    // The HTTP server is the product's own, with the timeouts Fastify gives its servers.
    expect(instances.product.app.server.server.keepAliveTimeout).toBe(72_000);
  });

  it('keeps users apart: one made in the sandbox exists only there', async () => {
    const [qc] = await instances
      .sandbox!.instance!.database.db.select({ id: departments.id })
      .from(departments)
      .where(eq(departments.code, 'QC'));
    const [inspector] = await instances
      .sandbox!.instance!.database.db.select({ id: roles.id })
      .from(roles)
      .where(eq(roles.code, 'INSPECTOR'));
    await sandbox.ok(
      identity.createUser,
      {
        username: 'sandbox.only',
        name: '沙盒用户',
        englishName: 'Sandbox Only',
        email: 'sandbox.only@example.com',
        departmentId: String(qc!.id),
        position: 3,
        roleId: String(inspector!.id),
      },
      { token: sandboxAdmin },
    );
    const search = { name: 'sandbox.only' };
    expect((await sandbox.ok(identity.searchUsers, search, { token: sandboxAdmin })).list).toHaveLength(1);
    expect((await product.ok(identity.searchUsers, search, { token: productAdmin })).list).toHaveLength(0);
    const inProduct = await instances.product.database.db
      .select()
      .from(users)
      .where(eq(users.username, 'sandbox.only'));
    expect(inProduct).toHaveLength(0);

    // Its welcome mail links into the sandbox and stays in the sandbox's dev mailbox, though the
    // product has an SMTP server configured.
    const [mail] = await instances
      .sandbox!.instance!.database.db.select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'sandbox.only@example.com'));
    expect(mail?.text).toContain('http://qcdesk.test/dev/');
    await instances.sandbox!.instance!.app.jobs.drain();
    const [held] = await instances
      .sandbox!.instance!.database.db.select({ status: mailOutbox.status })
      .from(mailOutbox)
      .where(eq(mailOutbox.id, mail!.id));
    expect(held?.status).toBe('held');
  });

  it('keeps sessions apart: a product token means nothing in the sandbox', async () => {
    expect((await sandbox.call(identity.check, {}, { token: sandboxAdmin })).result.success).toBe(true);
    const crossed = await sandbox.call(identity.check, {}, { token: productAdmin });
    expect(crossed.result.success).toBe(false);
    const back = await product.call(identity.check, {}, { token: sandboxAdmin });
    expect(back.result.success).toBe(false);
  });

  it('signs file URLs under /dev, keeps the files in DATA_DIR/sandbox and its links under /dev/s', async () => {
    // The product's store may hold its own seeded files (the demo test report's PDF): it must not
    // gain any from the sandbox's upload.
    const productFiles = () => {
      const root = join(dir, 'objects');
      return existsSync(root) ? readdirSync(root, { recursive: true }).map(String).sort() : [];
    };
    const productBefore = productFiles();
    const { token } = await sandbox.ok(files.uploadToken, {}, { token: sandboxAdmin });
    const form = multipart([
      { name: 'file', filename: 'report.pdf', content: samples.pdf(), type: 'application/pdf' },
    ]);
    const uploaded = await get('/dev/api/file/upload', {
      method: 'POST',
      headers: { ...form.headers, authorization: token },
      body: new Uint8Array(form.payload),
    });
    expect(uploaded.status).toBe(200);
    const file = ((await uploaded.json()) as { data: { id: string; url: string } }).data;
    expect(file.url).toMatch(new RegExp(`^/dev/api/file/${file.id}\\?`));
    const download = await get(file.url);
    expect(download.status).toBe(200);
    expect((await download.arrayBuffer()).byteLength).toBe(2048);
    // The product neither has the file nor accepts the sandbox's signature.
    expect((await get(file.url.slice('/dev'.length))).status).toBe(403);
    expect(readdirSync(join(dir, 'sandbox', 'objects', 'data'))).toContain('files');
    expect(productFiles()).toEqual(productBefore);

    // A short link of the sandbox opens the SPA there (/dev/s/…) and sends a direct one to /dev/api.
    const shortForm = multipart([
      { name: 'urls', value: file.url },
      { name: 'direct', value: '1' },
    ]);
    const created = await get('/dev/api/short-url', {
      method: 'POST',
      headers: { ...shortForm.headers, authorization: `Bearer ${sandboxAdmin}` },
      body: new Uint8Array(shortForm.payload),
    });
    expect(created.status).toBe(200);
    const link = ((await created.json()) as { data: { id: string; url: string } }).data;
    expect(link.url).toBe(`http://qcdesk.test/dev/s/${link.id}`);
    const opened = await get(`/dev/s/${link.id}`, { redirect: 'manual' });
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toMatch(new RegExp(`^/dev/api/file/${file.id}\\?`));

    // Direct browser uploads (`sts`) post to the sandbox's own form endpoint.
    const sts = await sandbox.ok(files.sts, {}, { token: sandboxAdmin });
    expect(sts.upload.url).toBe('/dev/api/object-upload');
  });
});

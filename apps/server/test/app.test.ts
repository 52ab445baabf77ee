import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/platform/config';
import { startTestApp, type TestApp } from './support/test-app';

describe('config', () => {
  it('has a laptop default for every setting', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      CLIENT_CODES: ['qcdesk-web', 'qcdesk-cli'],
      REPLAY_WINDOW_SECONDS: 300,
      KEY_GRACE_HOURS: 24,
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('explains what is wrong with an invalid setting', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      expect((error as Error).message).toContain('PORT');
      expect((error as Error).message).toContain('DATABASE_URL: must be a postgres:// URL');
    }
  });
});

const BUNDLE = `console.info('${'QCDesk '.repeat(400)}')`;

describe('plain routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'qcdesk-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>QCDesk</title>');
    writeFileSync(join(dist, 'app.js'), 'console.info(1)');
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), BUNDLE);
    writeFileSync(join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync(BUNDLE));
    writeFileSync(join(dist, 'assets', 'index-abc123.js.gz'), gzipSync(BUNDLE));
    t = await startTestApp({ env: { WEB_DIST: dist } });
  });
  afterAll(() => t.close());

  it('reports health and readiness', async () => {
    expect((await t.app.server.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.server.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().status).toBe('ok');
  });

  it('serves the SPA with a history-mode fallback, and assets as files', async () => {
    for (const url of ['/', '/zh/client/12', '/en/login?redirect=%2Fzh']) {
      const response = await t.app.server.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<title>QCDesk</title>');
    }
    expect((await t.app.server.inject({ url: '/app.js' })).body).toBe('console.info(1)');
  });

  it('serves hashed assets compressed as built and cached for a year; the rest is checked each load', async () => {
    const br = await t.app.server.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BUNDLE);
    const gz = await t.app.server.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(BUNDLE);
    const plain = await t.app.server.inject({ url: '/assets/index-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BUNDLE);
    // Not hashed: revalidated on each load.
    expect((await t.app.server.inject({ url: '/app.js' })).headers['cache-control']).toBe(
      'public, max-age=0',
    );
    expect((await t.app.server.inject({ url: '/zh/client' })).headers['cache-control']).toBe('no-cache');
  });

  it('does not answer unknown API paths with the SPA', async () => {
    const response = await t.app.server.inject({ url: '/api/nothing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false, code: 404 });
  });

  it('echoes a request id', async () => {
    const response = await t.app.server.inject({ url: '/healthz', headers: { 'x-request-id': 'abc-123' } });
    expect(response.headers['x-request-id']).toBe('abc-123');
  });
});

describe('access log', () => {
  it('writes one line per request with its id, status and time', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const t = await startTestApp({
      env: { LOG_LEVEL: 'info' },
      logStream: { write: (line) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
    });
    try {
      const reply = await t.app.server.inject({
        method: 'GET',
        url: '/healthz',
        headers: { 'x-request-id': 'probe-1' },
      });
      const mine = lines.filter((l) => l.reqId === 'probe-1');
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({
        msg: 'request',
        method: 'GET',
        url: '/healthz',
        status: reply.statusCode,
      });
      expect(typeof mine[0]?.ms).toBe('number');
    } finally {
      await t.close();
    }
  });
});

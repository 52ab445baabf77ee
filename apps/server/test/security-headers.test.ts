import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { areas } from '@qcdesk/contract';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/platform/config';
import { contentSecurityPolicy, objectStoreOrigins, securityHeaders } from '../src/platform/security-headers';
import { multipart, samples } from './support/files-helpers';
import { signInAs } from './support/identity';
import { startTestApp, type TestApp } from './support/test-app';

// Issue 10: the back office could be framed by any site (clickjacking). Every answer carries a CSP
// with frame-ancestors 'none' and the usual security headers; a route's own CSP stays its own.

const directives = (csp: string) =>
  new Map(csp.split(/;\s*/).map((d) => [d.split(' ')[0], d.split(' ').slice(1)] as const));

describe('security headers', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    base = mkdtempSync(join(tmpdir(), 'qcdesk-headers-'));
    writeFileSync(join(base, 'index.html'), '<!doctype html><title>QCDesk</title>');
    t = await startTestApp({
      env: { WEB_DIST: base, DATA_DIR: join(base, 'data'), PUBLIC_URL: 'https://qc.example.com' },
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(base, { recursive: true, force: true });
  });

  it('are sent with the SPA, its routes and the API', async () => {
    for (const url of ['/', '/zh/client/12', '/api/publickey']) {
      const response = await t.app.server.inject({ url });
      expect(response.statusCode, url).toBe(200);
      const csp = directives(String(response.headers['content-security-policy']));
      expect(csp.get('frame-ancestors'), url).toEqual(["'none'"]);
      expect(csp.get('script-src'), url).toEqual(["'self'"]);
      expect(csp.get('object-src'), url).toEqual(["'none'"]);
      expect(response.headers, url).toMatchObject({
        'x-frame-options': 'DENY',
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'strict-origin-when-cross-origin',
        'strict-transport-security': 'max-age=31536000',
      });
      expect(response.headers['permissions-policy'], url).toContain('camera=()');
    }
  });

  it('leave file answers their own CSP: a sandbox, or none for a PDF (Chrome views it as a plugin)', async () => {
    const token = await signInAs(t, 'ADMIN');
    const download = async (filename: string, content: Buffer) => {
      const upload = await t.client.ok(areas.files.uploadToken, {}, { token });
      const form = multipart([{ name: 'file', filename, content }]);
      const stored = await t.app.server.inject({
        method: 'POST',
        url: '/api/file/upload',
        payload: form.payload,
        headers: { ...form.headers, authorization: upload.token },
      });
      const { pathname, search } = new URL(stored.json().data.url, 'https://qc.example.com');
      const response = await t.app.server.inject({ url: pathname + search });
      expect(response.statusCode, filename).toBe(200);
      return response.headers;
    };
    const png = await download('photo.png', samples.png());
    expect(png['content-security-policy']).toContain('sandbox');
    expect(png['content-security-policy']).not.toContain('frame-ancestors');
    const pdf = await download('report.pdf', samples.pdf());
    expect(String(pdf['content-security-policy'] ?? '')).not.toContain('object-src');
    expect(pdf).toMatchObject({ 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY' });
  });
});

describe('the policy', () => {
  it('sends HSTS only when the product is served over https', async () => {
    const server = Fastify();
    securityHeaders(server, loadConfig({ PUBLIC_URL: 'http://qc.example.com' }));
    server.get('/', async () => 'ok');
    const response = await server.inject({ url: '/' });
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(response.headers['x-frame-options']).toBe('DENY');
    await server.close();
  });

  it('sends HSTS over TLS to the server itself, whatever PUBLIC_URL says (issue 32)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'qcdesk-tls-'));
    try {
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-days',
          '1',
          '-subj',
          '/CN=localhost',
          '-keyout',
          join(dir, 'key.pem'),
          '-out',
          join(dir, 'cert.pem'),
        ],
        { stdio: 'ignore' },
      );
      const server = Fastify({
        https: { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) },
      });
      securityHeaders(server, loadConfig({ PUBLIC_URL: 'http://qc.example.com' }));
      server.get('/', async () => 'ok');
      const address = await server.listen({ port: 0, host: '127.0.0.1' });
      const headers = await new Promise<Record<string, unknown>>((resolve, reject) => {
        https
          .get(`${address}/`, { rejectUnauthorized: false }, (response) => {
            response.resume();
            resolve(response.headers);
          })
          .on('error', reject);
      });
      expect(headers['strict-transport-security']).toBe('max-age=31536000');
      await server.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('lets the browser reach the configured object store directly', () => {
    const none = loadConfig({});
    expect(objectStoreOrigins(none)).toEqual([]);
    expect(directives(contentSecurityPolicy(none)).get('connect-src')).toEqual(["'self'"]);

    const minio = loadConfig({ S3_BUCKET: 'qc-files', S3_ENDPOINT: 'http://minio.local:9000/' });
    const csp = directives(contentSecurityPolicy(minio));
    expect(csp.get('connect-src')).toEqual(["'self'", 'http://minio.local:9000']);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'http://minio.local:9000']);
    expect(csp.get('form-action')).toEqual(["'self'", 'http://minio.local:9000']);
    // The PDF preview frames the bytes the page holds, nothing from elsewhere.
    expect(csp.get('frame-src')).toEqual(["'self'", 'blob:']);

    const oss = loadConfig({
      S3_BUCKET: 'qc-files',
      S3_ENDPOINT: 'https://oss-cn-hangzhou.aliyuncs.com',
      S3_FORCE_PATH_STYLE: 'false',
    });
    expect(objectStoreOrigins(oss)).toEqual(['https://qc-files.oss-cn-hangzhou.aliyuncs.com']);

    const aws = loadConfig({ S3_BUCKET: 'qc-files', S3_REGION: 'eu-west-1' });
    expect(objectStoreOrigins(aws)).toContain('https://qc-files.s3.eu-west-1.amazonaws.com');
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { areas } from '@qcdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject, multipart } from './support/files-helpers';
import { ADMIN_PASSWORD, DEMO_PASSWORD, demoUsername, signIn } from './support/identity';
import { startTestApp, type TestApp } from './support/test-app';

// Logs keep the request id and the operation, never a password, a token or a file's content
// (issue 32). The app logs at `trace`, the most it can, while a session does what carries secrets:
// signs in (and fails to), refreshes its tokens, calls with its bearer token, uploads a file and
// shares it with a password. Then every log line is searched for each secret.

let t: TestApp;
let base: string;
const lines: string[] = [];

beforeAll(async () => {
  base = mkdtempSync(join(tmpdir(), 'qcdesk-log-'));
  t = await startTestApp({
    env: { LOG_LEVEL: 'trace', DATA_DIR: join(base, 'data'), PUBLIC_URL: 'http://qcdesk.test' },
    logStream: { write: (line) => void lines.push(line) },
  });
});

afterAll(async () => {
  await t?.close();
  rmSync(base, { recursive: true, force: true });
});

describe('the log', () => {
  it('names requests and operations but holds no password, token or file content', async () => {
    const secrets: Record<string, string> = {
      'admin password': ADMIN_PASSWORD,
      'demo password': DEMO_PASSWORD,
      'wrong password': 'Wr0ng-Passw0rd-Tried!',
    };
    await t.client.refused(areas.identity.login, { username: 'admin', password: secrets['wrong password']! });
    const session = await t.client.ok(areas.identity.login, { username: 'admin', password: ADMIN_PASSWORD });
    secrets['bearer token'] = session.bearerToken;
    secrets['refresh token'] = session.refreshToken;
    const refreshed = await t.client.ok(areas.identity.refreshAccessToken, {
      refreshToken: session.refreshToken,
    });
    secrets['refreshed token'] = refreshed.accessToken;
    secrets['second refresh token'] = refreshed.refreshToken;
    const demo = await signIn(t, demoUsername('SALES'));
    secrets['demo bearer token'] = demo;

    const content =
      '%PDF-1.4\n% CONFIDENTIAL-LAB-REPORT-7f3a9c: formaldehyde 120 mg/kg\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n';
    secrets['file content'] = 'CONFIDENTIAL-LAB-REPORT-7f3a9c';
    const { token: uploadToken } = await t.client.ok(
      areas.files.uploadToken,
      {},
      { token: session.bearerToken },
    );
    secrets['upload token'] = uploadToken;
    const file = multipart([{ name: 'file', filename: 'report.pdf', content: Buffer.from(content) }]);
    const uploaded = await inject(t, {
      method: 'POST',
      url: '/api/file/upload',
      payload: file.payload,
      headers: { ...file.headers, authorization: uploadToken },
    });
    expect(uploaded.status).toBe(200);
    const share = multipart([
      { name: 'urls', value: String(uploaded.json.data.url) },
      { name: 'pwd', value: 'Sh4re-Pass' },
    ]);
    const link = await inject(t, {
      method: 'POST',
      url: '/api/short-url',
      payload: share.payload,
      headers: { ...share.headers, authorization: `Bearer ${session.bearerToken}` },
    });
    expect(link.status, link.body.toString()).toBe(200);
    secrets['share password'] = 'Sh4re-Pass';
    const opened = await inject(t, {
      method: 'GET',
      url: `/api/short-url/${link.json.data.id}?pwd=Sh4re-Pass`,
    });
    expect(opened.status).toBe(200);

    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(10);
    // What the log is for is there: each request's id and the operation it called.
    expect(log).toContain('"reqId"');
    expect(log).toContain('"op":"auth"');
    for (const [what, secret] of Object.entries(secrets)) {
      expect(log.includes(secret), `the log holds the ${what}`).toBe(false);
    }
  });
});

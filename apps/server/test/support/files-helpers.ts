import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { areas } from '@qcdesk/contract';
import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import type { Authenticator, Principal } from '../../src/platform/auth';
import { startTestApp, type TestApp } from './test-app';

// Test data and a multipart encoder for the files area's plain routes.

export interface FormPart {
  name: string;
  value?: string;
  filename?: string;
  content?: Buffer;
  type?: string;
}

/** A multipart/form-data body as a browser sends it (UTF-8 names, raw bytes). */
export function multipart(parts: readonly FormPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----qcdesk${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined) {
      head += `; filename="${part.filename}"\r\nContent-Type: ${part.type ?? 'application/octet-stream'}`;
    }
    chunks.push(Buffer.from(`${head}\r\n\r\n`, 'utf8'));
    chunks.push(part.content ?? Buffer.from(part.value ?? '', 'utf8'), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Files whose first bytes are what their names promise. */
export const samples = {
  pdf: (size = 2048) => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(Math.max(0, size - 9))]),
  png: (size = 1024) =>
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      randomBytes(Math.max(0, size - 8)),
    ]),
  jpeg: (size = 1024) =>
    Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(Math.max(0, size - 4))]),
  docx: (size = 1024) =>
    Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), randomBytes(Math.max(0, size - 4))]),
  xls: (size = 1024) =>
    Buffer.concat([
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      randomBytes(Math.max(0, size - 8)),
    ]),
  /** A Windows executable (MZ header). */
  exe: (size = 1024) => Buffer.concat([Buffer.from('MZ'), randomBytes(Math.max(0, size - 2))]),
};

/** The smallest well-formed PDF (a header, one object, a trailer). */
export const MINIMAL_PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

const principal = (userId: bigint, username: string): Principal => ({
  userId,
  username,
  displayName: username,
  permissions: new Set(),
});

/** Bearer tokens "alice" and "bob" sign in as users 101 and 102; anything else is nobody. */
export const fakeUsers = { alice: principal(101n, 'alice'), bob: principal(102n, 'bob') };

export const fakeAuthenticate: Authenticator = async (token) =>
  token === 'alice' ? fakeUsers.alice : token === 'bob' ? fakeUsers.bob : null;

/** What a plain route answered: status, headers, raw body and the parsed JSON result. */
export interface Answer {
  status: number;
  headers: Record<string, unknown>;
  body: Buffer;
  json: { success: boolean; error: string; code: number; reason?: string; data: Record<string, unknown> };
}

/** A test app on a temporary DATA_DIR (inside `base`, so "nothing outside the store" can be checked). */
export async function startFilesApp(
  env: Record<string, string> = {},
  options: Pick<Parameters<typeof startTestApp>[0] & object, 'logStream'> = {},
) {
  const base = mkdtempSync(join(tmpdir(), 'qcdesk-files-'));
  const fullEnv = { DATA_DIR: join(base, 'data'), PUBLIC_URL: 'http://qcdesk.test', ...env };
  const t = await startTestApp({ authenticate: fakeAuthenticate, env: fullEnv, ...options });
  const runtime = await t.app.files.ready();
  return {
    t,
    base,
    runtime,
    close: async () => {
      await t.close();
      rmSync(base, { recursive: true, force: true });
    },
  };
}

export type FilesApp = Awaited<ReturnType<typeof startFilesApp>>;

/** Injects a plain request and answers it with its body parsed when it is JSON. */
export async function inject(t: TestApp, options: InjectOptions): Promise<Answer> {
  const response = await t.app.server.inject(options);
  const body = response.rawPayload;
  let json = {} as Answer['json'];
  if (String(response.headers['content-type'] ?? '').includes('json'))
    json = JSON.parse(body.toString('utf8'));
  return { status: response.statusCode, headers: response.headers, body, json };
}

/**
 * A file uploaded through the real upload route by the user of `token` (who asks for an upload
 * token first, as the web does); answers the new file's id.
 */
export async function uploadFile(t: TestApp, token: string, name: string, content: Buffer): Promise<string> {
  const { token: uploadToken } = await t.client.ok(areas.files.uploadToken, {}, { token });
  const form = multipart([{ name: 'file', filename: name, content }]);
  const response = await t.app.server.inject({
    method: 'POST',
    url: '/api/file/upload',
    payload: form.payload,
    headers: { ...form.headers, authorization: uploadToken },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: { id: string } }).data.id;
}

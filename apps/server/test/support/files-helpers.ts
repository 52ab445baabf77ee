import { randomBytes } from 'node:crypto';
import type { Authenticator, Principal } from '../../src/platform/auth';

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

import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { samples } from '../../../test/support/files-helpers';
import { checkUploadName, contentTypeFor } from './file-types';
import { spoolUpload, UploadRefused } from './upload-spool';

describe('upload names', () => {
  it.each([
    ['验货报告.pdf', { ok: true, kind: 'document', ext: 'pdf' }],
    ['  photo.JPG ', { ok: true, name: 'photo.JPG', kind: 'image', ext: 'jpg' }],
    ['', { ok: false, reason: 'E_REQUIRED' }],
    ['setup.exe', { ok: false, reason: 'E_FILE_TYPE' }],
    ['../x.pdf', { ok: false, reason: 'E_FORMAT' }],
    ['C:\\fakepath\\x.pdf', { ok: false, reason: 'E_FORMAT' }],
    ['a\u0000.pdf', { ok: false, reason: 'E_FORMAT' }],
    ['a\nb.pdf', { ok: false, reason: 'E_FORMAT' }],
    ['x\u202Efdp.exe', { ok: false, reason: 'E_FORMAT' }],
    [`${'a'.repeat(197)}.pdf`, { ok: false, reason: 'E_TOO_LONG' }],
    [`${'字'.repeat(196)}.pdf`, { ok: true }],
  ])('%j', (name, expected) => {
    expect(checkUploadName(name)).toMatchObject(expected);
  });
});

describe('content signatures', () => {
  it('must match the extension', () => {
    expect(contentTypeFor('pdf', samples.pdf())).toBe('application/pdf');
    expect(contentTypeFor('pdf', samples.exe())).toBeUndefined();
    expect(contentTypeFor('doc', samples.xls())).toBe('application/msword');
    expect(contentTypeFor('docx', samples.xls())).toBeUndefined();
    expect(contentTypeFor('xlsx', samples.docx())).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(contentTypeFor('jpg', samples.png())).toBe('image/png');
    expect(contentTypeFor('png', samples.pdf())).toBeUndefined();
    expect(contentTypeFor('bmp', Buffer.from('BM'))).toBe('image/bmp');
    expect(contentTypeFor('exe', samples.exe())).toBeUndefined();
  });
});

describe('spooling an upload', () => {
  const dir = mkdtempSync(join(tmpdir(), 'qcdesk-spool-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  let n = 0;
  const path = () => join(dir, `f${n++}`);

  it('checks the signature across tiny first chunks', async () => {
    const png = samples.png(100);
    const chunks = [...png].map((b) => Buffer.from([b]));
    const spooled = await spoolUpload(Readable.from(chunks), { path: path(), ext: 'png', maxBytes: 1000 });
    expect(spooled).toMatchObject({ size: 100, contentType: 'image/png' });
  });

  it('refuses and removes the partial file when too big or of the wrong type', async () => {
    await expect(
      spoolUpload(Readable.from([samples.pdf(600), samples.pdf(600)]), {
        path: path(),
        ext: 'pdf',
        maxBytes: 1000,
      }),
    ).rejects.toEqual(new UploadRefused('too-big'));
    await expect(
      spoolUpload(Readable.from([Buffer.from('MZ')]), { path: path(), ext: 'pdf', maxBytes: 1000 }),
    ).rejects.toEqual(new UploadRefused('bad-type'));
    expect(readdirSync(dir)).toEqual(['f0']);
  });
});

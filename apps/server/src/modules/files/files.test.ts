import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { areas } from '@qcdesk/contract';
import { eq, sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FilesApp,
  fakeAuthenticate,
  inject,
  multipart,
  samples,
  startFilesApp,
} from '../../../test/support/files-helpers';
import { startTestS3, type TestS3 } from '../../../test/support/s3-server';
import { startTestApp, type TestApp } from '../../../test/support/test-app';
import { files as filesTable, shortLinks } from '../../db/schema/files';
import type { FilesRuntime } from '../../platform/storage/files-context';
import type { LocalObjectStore } from '../../platform/storage/local-store';
import { issueFileToken } from './file-tokens';
import { signedFileUrl } from './files.service';

const ops = areas.files;
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

interface Answer<T = Record<string, unknown>> {
  status: number;
  headers: Record<string, unknown>;
  body: Buffer;
  json: { success: boolean; error: string; code: number; reason?: string; data: T };
}

async function uploadToken(t: TestApp, user: 'alice' | 'bob' = 'alice'): Promise<string> {
  return (await t.client.ok(ops.uploadToken, {}, { token: user })).token;
}

async function reportToken(t: TestApp, user: 'alice' | 'bob' = 'alice', fileId?: string): Promise<string> {
  return (await t.client.ok(ops.reportToken, fileId ? { fileId } : {}, { token: user })).token;
}

function upload(
  t: TestApp,
  token: string | undefined,
  name: string,
  content: Buffer,
  options: { del?: string; lang?: 'zh' | 'en'; bearer?: boolean } = {},
) {
  const form = multipart([
    ...(options.del !== undefined ? [{ name: 'del', value: options.del }] : []),
    { name: 'file', filename: name, content },
  ]);
  return inject(t, {
    method: 'POST',
    url: '/api/file/upload',
    payload: form.payload,
    headers: {
      ...form.headers,
      'accept-language': options.lang === 'en' ? 'en-US,en' : 'zh-CN,zh',
      ...(token ? { authorization: options.bearer ? `Bearer ${token}` : token } : {}),
    },
  });
}

async function uploaded(t: TestApp, name: string, content: Buffer, user: 'alice' | 'bob' = 'alice') {
  const answer = await upload(t, await uploadToken(t, user), name, content);
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return answer.json.data as { id: string; name: string; size: number; url: string; updateTime: string };
}

async function fileCount(t: TestApp): Promise<number> {
  const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(filesTable);
  return row!.n;
}

async function storedKeys(runtime: FilesRuntime): Promise<string[]> {
  return (await runtime.store.list('files/')).map((o) => o.key);
}

describe('a fresh app', () => {
  it('answers its first files operation (the store opens before any request)', async () => {
    const base = mkdtempSync(join(tmpdir(), 'qcdesk-files-'));
    const t = await startTestApp({ authenticate: fakeAuthenticate, env: { DATA_DIR: base } });
    try {
      const token = await t.client.ok(ops.uploadToken, {}, { token: 'alice' });
      expect(token.expiresIn).toBe(600);
    } finally {
      await t.close();
      rmSync(base, { recursive: true, force: true });
    }
  });
});

describe('files on the local store', () => {
  let f: FilesApp;
  beforeAll(async () => {
    f = await startFilesApp({ UPLOAD_MAX_IMAGE_MB: '1', UPLOAD_MAX_DOC_MB: '2' });
  });
  afterAll(async () => {
    await f?.close();
  });

  it('answers the upload limits in force: the system parameters within the deployment ceilings', async () => {
    expect(await f.t.client.ok(ops.uploadLimits, {}, { token: 'alice' })).toEqual({
      imageMb: 1,
      documentMb: 2,
    });
  });

  it('uploads a Chinese-named PDF and downloads it with its name and type', async () => {
    const pdf = samples.pdf(5000);
    const file = await uploaded(f.t, '验货报告 2026.pdf', pdf);
    expect(file).toMatchObject({
      name: '验货报告 2026.pdf',
      size: 5000,
      contentType: 'application/pdf',
      kind: 'document',
    });
    expect(file).toMatchObject({ sha256: sha256(pdf) });
    expect(Number.isNaN(Date.parse(file.updateTime))).toBe(false);

    const download = await inject(f.t, { method: 'GET', url: file.url });
    expect(download.status).toBe(200);
    expect(download.body.equals(pdf)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="____ 2026.pdf"; filename*=UTF-8''%E9%AA%8C%E8%B4%A7%E6%8A%A5%E5%91%8A%202026.pdf`,
    );
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    // Issue 10: a PDF could render (and run its scripts): like every file it is sandboxed.
    expect(download.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
    const [row] = await f.t.database.db
      .select()
      .from(filesTable)
      .where(eq(filesTable.id, BigInt(file.id)));
    expect(row).toMatchObject({ ownerId: 101n, sha256: sha256(pdf), createdBy: 101n });
    expect(row!.storageKey).toMatch(/^files\/\d{4}\/\d{2}\/[A-Za-z0-9_-]{24}$/);
  });

  it('clears spooled files a stopped process left behind, after a day', async () => {
    const stale = await f.runtime.tempPath();
    const fresh = await f.runtime.tempPath();
    writeFileSync(stale, 'left over');
    writeFileSync(fresh, 'in flight');
    const dayAgo = new Date(Date.now() - 25 * 3_600_000);
    utimesSync(stale, dayAgo, dayAgo);
    expect(await f.runtime.purgeTemp(24 * 3_600_000)).toBe(1);
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(fresh)).toBe(true);
    rmSync(fresh);
  });

  it('accepts every spec type by name and content, with the Authorization header bare or as Bearer', async () => {
    const token = await uploadToken(f.t);
    for (const [name, content] of [
      ['photo.JPG', samples.jpeg()],
      ['scan.jpeg', samples.jpeg()],
      ['chart.png', samples.png()],
      ['saved-as.jpg', samples.png()],
      ['plan.docx', samples.docx()],
      ['sheet.xlsx', samples.docx()],
      ['old.xls', samples.xls()],
      ['old.doc', samples.xls()],
      ['picture.bmp', Buffer.concat([Buffer.from('BM'), samples.exe().subarray(2)])],
    ] as const) {
      const answer = await upload(f.t, token, name, content, { bearer: name.endsWith('g') });
      expect(answer.status, `${name}: ${JSON.stringify(answer.json)}`).toBe(200);
    }
  });

  it('serves a signed URL only as signed: tampered or expired URLs are 403', async () => {
    const file = await uploaded(f.t, 'a.pdf', samples.pdf());
    const url = new URL(file.url, 'http://x');
    const tampered = new URL(url);
    tampered.searchParams.set('sig', `${url.searchParams.get('sig')!.slice(0, -2)}AA`);
    const otherId = new URL(url);
    otherId.pathname = `/api/file/${BigInt(file.id) + 1n}`;
    const longer = new URL(url);
    longer.searchParams.set('exp', String(Number(url.searchParams.get('exp')) + 3600));
    const inline = new URL(url);
    inline.searchParams.set('d', 'inline');
    for (const bad of [tampered, otherId, longer, inline]) {
      const answer = await inject(f.t, {
        method: 'GET',
        url: `${bad.pathname}${bad.search}`,
        headers: { 'accept-language': 'en' },
      });
      expect(answer.status, bad.toString()).toBe(403);
      expect(answer.json).toMatchObject({ success: false, reason: 'E_LINK_INVALID', code: 403 });
      expect(answer.json.error).toBe('The link is invalid or has expired');
    }
    const expired = signedFileUrl(f.runtime.signer, BigInt(file.id), -1);
    const old = await inject(f.t, { method: 'GET', url: expired });
    expect(old.status).toBe(403);
    expect(old.json.error).toBe('链接无效或已过期');
    // Issue 10: only raster images show inline; a PDF asked inline still comes as an attachment.
    const inlineUrl = signedFileUrl(f.runtime.signer, BigInt(file.id), 60, { disposition: 'inline' });
    const asked = await inject(f.t, { method: 'GET', url: inlineUrl });
    expect(asked.status).toBe(200);
    expect(String(asked.headers['content-disposition'])).toMatch(/^attachment; /);
    const image = await uploaded(f.t, 'a.png', samples.png());
    const imageUrl = signedFileUrl(f.runtime.signer, BigInt(image.id), 60, { disposition: 'inline' });
    const shown = await inject(f.t, { method: 'GET', url: imageUrl });
    expect(shown.status).toBe(200);
    expect(String(shown.headers['content-disposition'])).toMatch(/^inline; /);
  });

  it('downloads with a report token: own files, the one file named, nothing else', async () => {
    const mine = await uploaded(f.t, 'mine.pdf', samples.pdf());
    const theirs = await uploaded(f.t, 'theirs.pdf', samples.pdf(), 'bob');
    const aliceToken = await reportToken(f.t, 'alice');
    const get = (id: string, headers: Record<string, string> = {}, query = '') =>
      inject(f.t, { method: 'GET', url: `/api/file/${id}${query}`, headers });

    expect((await get(mine.id, { authorization: `Bearer ${aliceToken}` })).status).toBe(200);
    expect((await get(mine.id, {}, `?token=${encodeURIComponent(aliceToken)}`)).status).toBe(200);
    const denied = await get(theirs.id, { authorization: aliceToken, 'accept-language': 'en' });
    expect(denied.status).toBe(403);
    expect(denied.json.error).toBe('Invalid Permission');

    const named = await reportToken(f.t, 'bob', theirs.id);
    expect((await get(theirs.id, { authorization: named })).status).toBe(200);
    const refused = await f.t.client.call(ops.reportToken, { fileId: theirs.id }, { token: 'alice' });
    expect(refused.result).toMatchObject({ success: false, reason: 'E_PERMISSION' });

    const missing = await get(mine.id);
    expect(missing.status).toBe(401);
    expect(missing.json.error).toBe('没有权限');
    const uploadTokenInstead = await get(mine.id, { authorization: await uploadToken(f.t) });
    expect(uploadTokenInstead.status).toBe(403);
    const expired = issueFileToken(f.runtime.signer, { kind: 'report', userId: 101n }, -1).token;
    expect((await get(mine.id, { authorization: expired })).status).toBe(403);
    expect((await get('999999', { authorization: aliceToken })).status).toBe(404);

    const signedOut = await f.t.client.call(ops.reportToken, {}, {});
    expect(signedOut.status).toBe(401);
  });

  it('replaces a file named in `del`, and only the caller’s own', async () => {
    const first = await uploaded(f.t, 'contract.pdf', samples.pdf());
    const second = await upload(f.t, await uploadToken(f.t), 'contract v2.pdf', samples.pdf(), {
      del: first.id,
    });
    expect(second.status).toBe(200);
    const [old] = await f.t.database.db
      .select()
      .from(filesTable)
      .where(eq(filesTable.id, BigInt(first.id)));
    expect(old).toMatchObject({ valid: 0, version: 1 });
    expect((await inject(f.t, { method: 'GET', url: first.url })).status).toBe(404);

    const bobs = await uploaded(f.t, 'bob.pdf', samples.pdf(), 'bob');
    const before = { rows: await fileCount(f.t), keys: await storedKeys(f.runtime) };
    const stolen = await upload(f.t, await uploadToken(f.t), 'x.pdf', samples.pdf(), {
      del: bobs.id,
      lang: 'en',
    });
    expect(stolen.status).toBe(401);
    expect(stolen.json).toMatchObject({ reason: 'E_UPLOAD_DENIED', error: 'No permission' });
    expect(await fileCount(f.t)).toBe(before.rows);
    expect(await storedKeys(f.runtime)).toEqual(before.keys);
    const notAnId = await upload(f.t, await uploadToken(f.t), 'x.pdf', samples.pdf(), { del: '../1' });
    expect(notAnId.status).toBe(400);
  });

  describe('bad input is refused with the spec’s message and leaves nothing behind', () => {
    const tmp = () => join(f.base, 'data', 'objects', 'tmp');
    let before: { rows: number; keys: string[] };

    beforeAll(async () => {
      await uploaded(f.t, 'warm-up.pdf', samples.pdf());
      before = { rows: await fileCount(f.t), keys: await storedKeys(f.runtime) };
    });

    const refusals: Array<[string, (token: string) => Promise<Answer>, number, string]> = [
      [
        'wrong extension',
        (k) => upload(f.t, k, 'setup.exe', samples.exe()),
        415,
        '仅支持pdf、doc、docx、xls、xlsx、jpg、jpeg、png、bmp文件',
      ],
      [
        'no extension',
        (k) => upload(f.t, k, 'README', samples.pdf()),
        415,
        '仅支持pdf、doc、docx、xls、xlsx、jpg、jpeg、png、bmp文件',
      ],
      [
        'renamed executable',
        (k) => upload(f.t, k, 'invoice.pdf', samples.exe(50_000)),
        415,
        '仅支持pdf、doc、docx、xls、xlsx、jpg、jpeg、png、bmp文件',
      ],
      [
        'executable as image',
        (k) => upload(f.t, k, 'cat.png', samples.exe()),
        415,
        '仅支持pdf、doc、docx、xls、xlsx、jpg、jpeg、png、bmp文件',
      ],
      [
        'PDF named docx',
        (k) => upload(f.t, k, 'plan.docx', samples.pdf()),
        415,
        '仅支持pdf、doc、docx、xls、xlsx、jpg、jpeg、png、bmp文件',
      ],
      [
        'empty file',
        (k) => upload(f.t, k, 'empty.pdf', Buffer.alloc(0)),
        415,
        '仅支持pdf、doc、docx、xls、xlsx、jpg、jpeg、png、bmp文件',
      ],
      [
        'image over the limit',
        (k) => upload(f.t, k, 'big.png', samples.png(1024 * 1024 + 1)),
        413,
        '图片太大',
      ],
      [
        'document over the limit',
        (k) => upload(f.t, k, 'big.pdf', samples.pdf(2 * 1024 * 1024 + 1)),
        413,
        '图片太大',
      ],
      ['missing token', () => upload(f.t, undefined, 'a.pdf', samples.pdf()), 401, '没有权限'],
      ['forged token', (k) => upload(f.t, `${k.slice(0, -3)}abc`, 'a.pdf', samples.pdf()), 401, '没有权限'],
      [
        'bearer session instead of an upload token',
        () => upload(f.t, 'alice', 'a.pdf', samples.pdf(), { bearer: true }),
        401,
        '没有权限',
      ],
      [
        'path in the name',
        (k) => upload(f.t, k, '../../etc/passwd.pdf', samples.pdf()),
        400,
        '文件名格式不正确',
      ],
      [
        'Windows path in the name',
        (k) => upload(f.t, k, '..\\..\\boot.pdf', samples.pdf()),
        400,
        '文件名格式不正确',
      ],
      ['NUL in the name', (k) => upload(f.t, k, 'a\u0000.pdf', samples.pdf()), 400, '文件名格式不正确'],
      [
        'direction mark in the name',
        (k) => upload(f.t, k, 'invoice\u202Efdp.pdf', samples.pdf()),
        400,
        '文件名格式不正确',
      ],
      [
        'very long name',
        (k) => upload(f.t, k, `${'长'.repeat(300)}.pdf`, samples.pdf()),
        400,
        '文件名长度超过200',
      ],
    ];

    it.each(refusals.map(([name, , status, message]) => [name, status, message] as const))(
      '%s → %i %s',
      async (name, status, message) => {
        const run = refusals.find((r) => r[0] === name)![1];
        const answer = await run(await uploadToken(f.t));
        expect(answer.status).toBe(status);
        expect(answer.json).toMatchObject({ success: false, code: status, error: message });
        expect(await fileCount(f.t)).toBe(before.rows);
        expect(await storedKeys(f.runtime)).toEqual(before.keys);
        expect(readdirSync(tmp())).toEqual([]);
      },
    );

    it('refuses an expired upload token', async () => {
      const expired = issueFileToken(f.runtime.signer, { kind: 'upload', userId: 101n }, -1).token;
      const answer = await upload(f.t, expired, 'a.pdf', samples.pdf(), { lang: 'en' });
      expect(answer.status).toBe(401);
      expect(answer.json.error).toBe('No permission');
    });

    it('refuses two files in one upload as a malformed request', async () => {
      const form = multipart([
        { name: 'file', filename: 'a.pdf', content: samples.pdf() },
        { name: 'file', filename: 'b.pdf', content: samples.pdf() },
      ]);
      const answer = await inject(f.t, {
        method: 'POST',
        url: '/api/file/upload',
        payload: form.payload,
        headers: { ...form.headers, authorization: await uploadToken(f.t) },
      });
      expect(answer.status).toBe(400);
      expect(answer.json.reason).toBe('E_BAD_REQUEST');
      expect(await fileCount(f.t)).toBe(before.rows);
      expect(readdirSync(tmp())).toEqual([]);
    });

    it('refuses a request without a file', async () => {
      const form = multipart([{ name: 'del', value: '' }]);
      const answer = await inject(f.t, {
        method: 'POST',
        url: '/api/file/upload',
        payload: form.payload,
        headers: { ...form.headers, authorization: await uploadToken(f.t) },
      });
      expect(answer.status).toBe(400);
      expect(answer.json.reason).toBe('E_REQUIRED');
    });

    it('touched nothing outside DATA_DIR', () => {
      expect(readdirSync(f.base)).toEqual(['data']);
    });
  });

  it('zips a set of images at deflate level 1 with UTF-8 names', async () => {
    const a = samples.png(40_000);
    const b = samples.jpeg(30_000);
    const one = await uploaded(f.t, '样品照片.png', a);
    const two = await uploaded(f.t, 'photo.jpg', b);
    const three = await uploaded(f.t, 'photo.jpg', b);
    const token = await reportToken(f.t);
    const answer = await inject(f.t, {
      method: 'GET',
      url: `/api/file/zip?ids=${one.id},${two.id},${three.id}&name=${encodeURIComponent('照片')}&token=${encodeURIComponent(token)}`,
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/zip');
    expect(answer.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
    expect(answer.headers['content-disposition']).toContain(`filename*=UTF-8''%E7%85%A7%E7%89%87.zip`);
    const entries = unzipSync(new Uint8Array(answer.body));
    expect(Object.keys(entries)).toEqual(['样品照片.png', 'photo.jpg', 'photo (2).jpg']);
    expect(Buffer.from(entries['样品照片.png']!).equals(a)).toBe(true);
    expect(Buffer.from(entries['photo (2).jpg']!).equals(b)).toBe(true);
    // Local file header: general-purpose flag bit 11 (UTF-8 name), method 8 (deflate), fast level.
    expect(answer.body.readUInt32LE(0)).toBe(0x04034b50);
    expect(answer.body.readUInt16LE(6) & 0x0800).toBe(0x0800);
    expect(answer.body.readUInt16LE(8)).toBe(8);
    expect((answer.body.readUInt16LE(6) >> 1) & 3).toBe(3);

    const bobs = await uploaded(f.t, 'bob.png', samples.png(), 'bob');
    const denied = await inject(f.t, {
      method: 'GET',
      url: `/api/file/zip?ids=${one.id},${bobs.id}&token=${token}`,
    });
    expect(denied.status).toBe(403);
    const bad = await inject(f.t, { method: 'GET', url: `/api/file/zip?ids=1,x&token=${token}` });
    expect(bad.status).toBe(400);
  });

  describe('short links', () => {
    let pdf: { id: string; url: string };
    let png: { id: string; url: string };
    const pdfBytes = samples.pdf(3000);
    const pngBytes = samples.png(2000);

    beforeAll(async () => {
      pdf = await uploaded(f.t, '合同.pdf', pdfBytes);
      png = await uploaded(f.t, 'photo.png', pngBytes);
    });

    const create = (fields: Array<[string, string]>, authorization = 'Bearer alice') => {
      const form = multipart(fields.map(([name, value]) => ({ name, value })));
      return inject(f.t, {
        method: 'POST',
        url: '/api/short-url',
        payload: form.payload,
        headers: { ...form.headers, authorization },
      });
    };
    const info = (id: string, pwd?: string) =>
      inject(f.t, {
        method: 'GET',
        url: `/api/short-url/${id}${pwd === undefined ? '' : `?pwd=${encodeURIComponent(pwd)}`}`,
        headers: { 'accept-language': 'en' },
      });
    const download = (id: string, query = '') =>
      inject(f.t, {
        method: 'POST',
        url: `/api/short-url/${id}/download${query}`,
        headers: { 'accept-language': 'en' },
      });

    it('shares files behind a password and counts downloads against the limit', async () => {
      const created = await create([
        ['urls', pdf.id],
        ['urls', png.url],
        ['pwd', 'abc123'],
        ['limit', '2'],
        ['sub', '验货报告'],
        ['exp', '7'],
      ]);
      expect(created.status, JSON.stringify(created.json)).toBe(200);
      const link = created.json.data as {
        id: string;
        url: string;
        expiresAt: string;
        passwordRequired: boolean;
      };
      expect(link.url).toBe(`http://qcdesk.test/s/${link.id}`);
      expect(link.passwordRequired).toBe(true);
      expect(Date.parse(link.expiresAt) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
      const [row] = await f.t.database.db.select().from(shortLinks).where(eq(shortLinks.code, link.id));
      expect(row!.passwordHash).toMatch(/^\$argon2id\$/);

      const locked = await info(link.id);
      expect(locked.status).toBe(200);
      expect(locked.json.data).toMatchObject({ passwordRequired: true, files: [], sub: null });
      const wrong = await info(link.id, 'nope12');
      expect(wrong.status).toBe(403);
      expect(wrong.json).toMatchObject({ reason: 'E_SHARE_PASSWORD', error: 'The password is wrong' });
      const open = await info(link.id, 'abc123');
      expect(open.json.data).toMatchObject({
        sub: '验货报告',
        limit: 2,
        used: 0,
        files: [
          { index: 0, name: '合同.pdf', size: 3000, kind: 'document' },
          { index: 1, name: 'photo.png', size: 2000, kind: 'image' },
        ],
      });

      expect((await download(link.id, '?pwd=wrong1')).status).toBe(403);
      expect((await download(link.id)).status).toBe(403);
      const all = await download(link.id, '?pwd=abc123');
      expect(all.status).toBe(200);
      expect(all.headers['content-disposition']).toContain(
        `filename*=UTF-8''%E9%AA%8C%E8%B4%A7%E6%8A%A5%E5%91%8A.zip`,
      );
      const entries = unzipSync(new Uint8Array(all.body));
      expect(Buffer.from(entries['合同.pdf']!).equals(pdfBytes)).toBe(true);
      expect(Buffer.from(entries['photo.png']!).equals(pngBytes)).toBe(true);
      const single = await download(link.id, '?pwd=abc123&file=1');
      expect(single.status).toBe(200);
      expect(single.body.equals(pngBytes)).toBe(true);

      const exhausted = await download(link.id, '?pwd=abc123');
      expect(exhausted.status).toBe(410);
      expect(exhausted.json).toMatchObject({
        reason: 'E_SHARE_EXHAUSTED',
        error: 'The link has reached its access limit',
      });
      expect((await info(link.id, 'abc123')).status).toBe(410);
      const [after] = await f.t.database.db.select().from(shortLinks).where(eq(shortLinks.code, link.id));
      expect(after!.used).toBe(2);
    });

    it('refuses expired links and unknown ids', async () => {
      const created = await create([['urls', pdf.id]]);
      const { id } = created.json.data as { id: string };
      await f.t.database.db
        .update(shortLinks)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(shortLinks.code, id));
      const gone = await download(id);
      expect(gone.status).toBe(410);
      expect(gone.json).toMatchObject({ reason: 'E_SHARE_EXPIRED', error: 'The link has expired' });
      expect((await info(id)).status).toBe(410);
      expect((await info('NoSuchLink99')).status).toBe(404);
      expect((await info('..%2F..%2Fetc')).status).toBe(404);
    });

    it('defaults to share.expiryDays and no limit', async () => {
      const created = await create([['urls', pdf.url]]);
      const data = created.json.data as {
        expiresAt: string;
        limit: number | null;
        passwordRequired: boolean;
      };
      expect(data.limit).toBeNull();
      expect(data.passwordRequired).toBe(false);
      expect(Math.round((Date.parse(data.expiresAt) - Date.now()) / 86_400_000)).toBe(30);
      const open = await info((created.json.data as { id: string }).id);
      expect(open.json.data).toMatchObject({ passwordRequired: false, files: [{ name: '合同.pdf' }] });
    });

    it('lets only the owner, or the holder of a signed URL, share a file', async () => {
      const byId = await create([['urls', pdf.id]], 'Bearer bob');
      expect(byId.status).toBe(403);
      const bySignedUrl = await create([['urls', `http://qcdesk.test${pdf.url}`]], 'Bearer bob');
      expect(bySignedUrl.status).toBe(200);
      const forged = await create([['urls', `${pdf.url.slice(0, -2)}xx`]], 'Bearer bob');
      expect(forged.status).toBe(403);
      expect((await create([['urls', pdf.id]], 'Bearer nobody')).status).toBe(401);
      expect((await create([['urls', pdf.id]], await uploadToken(f.t))).status).toBe(200);
      expect((await create([['urls', 'https://evil.example/api/file/1']])).json.reason).toBe(
        'E_REF_NOT_FOUND',
      );
      expect((await create([['urls', '99999999']])).json.reason).toBe('E_REF_NOT_FOUND');
      expect((await create([])).status).toBe(400);
      expect(
        (
          await create([
            ['urls', pdf.id],
            ['exp', '2001-01-01'],
          ])
        ).json.reason,
      ).toBe('E_RANGE');
      expect(
        (
          await create([
            ['urls', pdf.id],
            ['limit', '-1'],
          ])
        ).status,
      ).toBe(400);
    });

    it('redirects direct links to the file, and opens the page otherwise', async () => {
      const direct = (
        await create([
          ['urls', pdf.id],
          ['direct', '1'],
        ])
      ).json.data as { id: string };
      const go = await inject(f.t, { method: 'GET', url: `/s/${direct.id}` });
      expect(go.status).toBe(302);
      const file = await inject(f.t, { method: 'GET', url: String(go.headers.location) });
      expect(file.body.equals(pdfBytes)).toBe(true);

      const both = (
        await create([
          ['urls', pdf.id],
          ['urls', png.id],
          ['direct', 'true'],
          ['pwd', 'pw1234'],
        ])
      ).json.data as { id: string };
      const asks = await inject(f.t, { method: 'GET', url: `/s/${both.id}` });
      expect(asks.status).toBe(503);
      expect(asks.body.toString()).toContain('The web app is not built yet');
      const zipped = await inject(f.t, { method: 'GET', url: `/s/${both.id}?pwd=pw1234` });
      expect(zipped.status).toBe(302);
      const zip = await inject(f.t, { method: 'GET', url: String(zipped.headers.location) });
      expect(Object.keys(unzipSync(new Uint8Array(zip.body)))).toEqual(['合同.pdf', 'photo.png']);

      const page = (await create([['urls', pdf.id]])).json.data as { id: string };
      expect((await inject(f.t, { method: 'GET', url: `/s/${page.id}` })).status).toBe(503);
    });

    it('admits exactly N concurrent downloads of a link limited to N', async () => {
      const created = await create([
        ['urls', pdf.id],
        ['limit', '5'],
      ]);
      const { id } = created.json.data as { id: string };
      const answers = await Promise.all(Array.from({ length: 20 }, () => download(id)));
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses.filter((s) => s === 200)).toHaveLength(5);
      expect(statuses.filter((s) => s === 410)).toHaveLength(15);
      const [row] = await f.t.database.db.select().from(shortLinks).where(eq(shortLinks.code, id));
      expect(row!.used).toBe(5);
    });
  });

  describe('direct browser upload (sts) and cos/file', () => {
    it('issues a signed grant for the caller’s prefix and lists what was uploaded with it', async () => {
      const sts = await f.t.client.ok(ops.sts, {}, { token: 'alice' });
      expect(sts.prefix).toBe('sts/101/');
      expect(sts.expiredTime - sts.startTime).toBe(600);
      expect(sts.maxBytes).toBe(2 * 1024 * 1024);
      expect(sts.upload.url).toBe('/api/object-upload');

      const post = (fields: Record<string, string>, content = samples.pdf(100)) => {
        const form = multipart([
          ...Object.entries(fields).map(([name, value]) => ({ name, value })),
          { name: 'file', filename: '../中文 名.pdf', content },
        ]);
        return inject(f.t, {
          method: 'POST',
          url: sts.upload.url,
          payload: form.payload,
          headers: form.headers,
        });
      };
      const stored = await post(sts.upload.fields);
      expect(stored.status).toBe(204);
      const key = String(stored.headers['x-object-key']);
      expect(key).toMatch(/^sts\/101\/[A-Za-z0-9_-]{16}\.pdf$/);

      expect((await post({ ...sts.upload.fields, grant: `${sts.upload.fields.grant}x` })).status).toBe(403);
      expect((await post({ ...sts.upload.fields, key: `sts/102/\${filename}` })).status).toBe(400);
      expect((await post({ ...sts.upload.fields, key: 'sts/101/../../x' })).status).toBe(400);
      expect((await post(sts.upload.fields, samples.pdf(2 * 1024 * 1024 + 10))).status).toBe(413);

      const listed = await f.t.client.ok(ops.cosFile, { id: '' }, { token: 'alice' });
      expect(listed.list.map((o) => o.key)).toEqual([key]);
      const object = listed.list[0]!;
      expect(object.url).toContain(object.auth);
      const got = await inject(f.t, { method: 'GET', url: object.url });
      expect(got.status).toBe(200);
      expect(got.headers['content-type']).toBe('application/pdf');
      expect(got.body.subarray(0, 5).toString()).toBe('%PDF-');
      expect((await f.t.client.ok(ops.cosFile, { id: '' }, { token: 'bob' })).list).toEqual([]);
      const outside = await f.t.client.call(ops.cosFile, { id: '../102/' }, { token: 'alice' });
      expect(outside.result).toMatchObject({ success: false, reason: 'E_FORMAT' });
    });

    it('answers presigned GET and PUT of the local store, and refuses tampered or expired ones', async () => {
      const store = f.runtime.store as LocalObjectStore;
      const put = await store.presignPut('sts/101/put.bin', { expiresIn: 60 });
      const stored = await inject(f.t, { method: 'PUT', url: put, payload: Buffer.from('raw body') });
      expect(stored.status).toBe(200);
      const get = await store.presignGet('sts/101/put.bin', {
        contentDisposition: 'attachment; filename="p.bin"',
      });
      const got = await inject(f.t, { method: 'GET', url: get });
      expect(got.body.toString()).toBe('raw body');
      expect(got.headers['content-disposition']).toBe('attachment; filename="p.bin"');
      expect((await inject(f.t, { method: 'GET', url: get.replace('put.bin', 'other') })).status).toBe(403);
      expect((await inject(f.t, { method: 'PUT', url: get, payload: 'x' })).status).toBe(403);
      const expired = await store.presignGet('sts/101/put.bin', { expiresIn: -1 });
      const old = await inject(f.t, { method: 'GET', url: expired, headers: { 'accept-language': 'en' } });
      expect(old.status).toBe(403);
      expect(old.json.error).toBe('The link is invalid or has expired');
      expect(
        (await inject(f.t, { method: 'GET', url: '/api/object/..%2F..%2Fetc%2Fpasswd?exp=1&sig=x' })).status,
      ).toBe(403);
    });
  });
});

describe('files on an S3-compatible store', () => {
  let s3: TestS3;
  let f: FilesApp;
  beforeAll(async () => {
    s3 = await startTestS3();
    f = await startFilesApp(s3.env);
  });
  afterAll(async () => {
    await f?.close();
    await s3?.close();
  });

  it('stores uploads in the bucket and serves them back', async () => {
    expect(f.runtime.store.kind).toBe('s3');
    const pdf = samples.pdf(200_000);
    const file = await uploaded(f.t, '质检合同.pdf', pdf);
    const download = await inject(f.t, { method: 'GET', url: file.url });
    expect(download.status).toBe(200);
    expect(download.body.equals(pdf)).toBe(true);
    expect(download.headers['content-disposition']).toContain(
      `filename*=UTF-8''%E8%B4%A8%E6%A3%80%E5%90%88%E5%90%8C.pdf`,
    );
    const keys = await storedKeys(f.runtime);
    expect(keys).toHaveLength(1);
    expect((await f.runtime.store.head(keys[0]!))?.eTag).toBe(createHash('md5').update(pdf).digest('hex'));

    const replaced = await upload(f.t, await uploadToken(f.t), '质检合同 v2.pdf', samples.pdf(), {
      del: file.id,
    });
    expect(replaced.status).toBe(200);
    const refused = await upload(f.t, await uploadToken(f.t), 'a.pdf', samples.exe());
    expect(refused.status).toBe(415);
    expect(await storedKeys(f.runtime)).toHaveLength(2);
  });

  it('zips and shares from the bucket', async () => {
    const a = samples.png(10_000);
    const one = await uploaded(f.t, '图一.png', a);
    const two = await uploaded(f.t, '图二.png', samples.png(10_000));
    const form = multipart([
      { name: 'urls', value: one.id },
      { name: 'urls', value: two.id },
    ]);
    const created = await inject(f.t, {
      method: 'POST',
      url: '/api/short-url',
      payload: form.payload,
      headers: { ...form.headers, authorization: 'Bearer alice' },
    });
    const { id } = created.json.data as { id: string };
    const zip = await inject(f.t, { method: 'POST', url: `/api/short-url/${id}/download` });
    expect(zip.status).toBe(200);
    const entries = unzipSync(new Uint8Array(zip.body));
    expect(Object.keys(entries)).toEqual(['图一.png', '图二.png']);
    expect(Buffer.from(entries['图一.png']!).equals(a)).toBe(true);
  });

  it('gives a presigned POST policy for direct upload, and cos/file lists with presigned GETs', async () => {
    const sts = await f.t.client.ok(ops.sts, {}, { token: 'alice' });
    expect(sts.upload.url.startsWith(s3.endpoint)).toBe(true);
    expect(sts.upload.fields.Policy).toBeTruthy();
    const form = new FormData();
    for (const [k, v] of Object.entries(sts.upload.fields)) form.set(k, v);
    form.set('key', `${sts.prefix}direct.pdf`);
    form.set('file', new Blob([samples.pdf(500)]), 'direct.pdf');
    expect((await fetch(sts.upload.url, { method: 'POST', body: form })).status).toBeLessThan(300);

    const listed = await f.t.client.ok(ops.cosFile, { id: 'dir' }, { token: 'alice' });
    expect(listed.list.map((o) => o.key)).toEqual(['sts/101/direct.pdf']);
    expect(listed.list[0]!.auth).toContain('X-Amz-Signature=');
    const got = await fetch(listed.list[0]!.url);
    expect(got.status).toBe(200);
    expect((await got.arrayBuffer()).byteLength).toBe(500);
  });

  it('answers "service failed" when the store fails, and keeps nothing', async () => {
    const before = await fileCount(f.t);
    const token = await uploadToken(f.t);
    await s3.close();
    const answer = await upload(f.t, token, 'late.pdf', samples.pdf(), { lang: 'en' });
    expect(answer.status).toBe(502);
    expect(answer.json).toMatchObject({ reason: 'E_UPLOAD_FAILED', error: 'Service failed' });
    expect(await fileCount(f.t)).toBe(before);
    expect(readdirSync(join(f.base, 'data', 'tmp'))).toEqual([]);
  });
});

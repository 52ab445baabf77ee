import { areas } from '@qcdesk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FilesApp,
  inject,
  multipart,
  samples,
  startFilesApp,
} from '../../../test/support/files-helpers';
import { startTestS3, type TestS3 } from '../../../test/support/s3-server';
import type { TestApp } from '../../../test/support/test-app';
import { systemParams } from '../../db/schema/config';
import { shareThrottle, shortLinks } from '../../db/schema/files';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';

import { getSystemParam } from '../../platform/system-params';
import { LIST_RULES } from '../config/config-rules';
import { QUARANTINE, releaseQuarantined } from './file-access.service';
import { signedFileUrl } from './files.service';

// The files findings of the outside security probe (issue 10): share-link passwords guessed at
// full speed (4), direct uploads that skip the upload checks (5), short links that outlive the
// signed URL they were made from (10).

const ops = areas.files;
const DAY = 86_400_000;

async function uploaded(t: TestApp, name: string, content: Buffer, user: 'alice' | 'bob' = 'alice') {
  const { token } = await t.client.ok(ops.uploadToken, {}, { token: user });
  const form = multipart([{ name: 'file', filename: name, content }]);
  const answer = await inject(t, {
    method: 'POST',
    url: '/api/file/upload',
    payload: form.payload,
    headers: { ...form.headers, authorization: token },
  });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return answer.json.data as { id: string; url: string };
}

function createLink(t: TestApp, fields: Array<[string, string]>, user: 'alice' | 'bob' = 'alice') {
  const form = multipart(fields.map(([name, value]) => ({ name, value })));
  return inject(t, {
    method: 'POST',
    url: '/api/short-url',
    payload: form.payload,
    headers: { ...form.headers, authorization: `Bearer ${user}`, 'accept-language': 'en' },
  });
}

async function setSystemParam(db: Db, key: string, value: string) {
  await db.delete(systemParams).where(eq(systemParams.key, key));
  await db.insert(systemParams).values({ key, value, valueType: 'INT', nameZh: key, nameEn: key });
}

describe('issue 10 on the local store', () => {
  let f: FilesApp;
  let pdf: { id: string; url: string };
  beforeAll(async () => {
    f = await startFilesApp();
    pdf = await uploaded(f.t, 'report.pdf', samples.pdf(3000));
  });
  afterAll(async () => {
    await f?.close();
  });

  describe('finding 4: share-link passwords cannot be guessed at full speed', () => {
    const info = (id: string, pwd: string, ip: string) =>
      inject(f.t, {
        method: 'GET',
        url: `/api/short-url/${id}?pwd=${encodeURIComponent(pwd)}`,
        headers: { 'accept-language': 'en' },
        remoteAddress: ip,
      });
    const passwordLink = async (extra: Array<[string, string]> = []) => {
      const created = await createLink(f.t, [['urls', pdf.id], ['pwd', 'right-1'], ...extra]);
      expect(created.status, JSON.stringify(created.json)).toBe(200);
      return String(created.json.data.id);
    };
    /** As if the link's delay for `ip` had passed. */
    const waitOut = (code: string, ip: string) =>
      f.t.database.db
        .update(shareThrottle)
        .set({ lockedUntil: new Date(Date.now() - 1000) })
        .where(eq(shareThrottle.key, `link:${code}:${ip}`));

    it('after 5 wrong passwords makes that address wait 1, 2, 4 … s (at most 60), the right one included', async () => {
      const code = await passwordLink();
      const guesser = '203.0.113.5';
      for (let i = 0; i < 5; i++) {
        const wrong = await info(code, `guess-${i}`, guesser);
        expect(wrong.status).toBe(403);
        expect(wrong.json.reason).toBe('E_SHARE_PASSWORD');
      }
      const locked = await info(code, 'right-1', guesser);
      expect(locked.status).toBe(429);
      expect(locked.json).toMatchObject({ success: false, reason: 'E_LOCKED_OUT', data: { retryAfter: 1 } });
      expect(locked.json.error).toBe('Too many attempts; try again in 1 minutes');
      expect(locked.headers['retry-after']).toBe('1');
      // The download answers the same while locked.
      const download = await inject(f.t, {
        method: 'POST',
        url: `/api/short-url/${code}/download?pwd=right-1`,
        remoteAddress: guesser,
      });
      expect(download.status).toBe(429);

      // The real recipient, elsewhere, is not locked out by the stranger.
      const recipient = await info(code, 'right-1', '198.51.100.9');
      expect(recipient.status).toBe(200);
      expect(recipient.json.data).toMatchObject({ files: [{ name: 'report.pdf' }] });

      for (const delay of [2, 4, 8]) {
        await waitOut(code, guesser);
        expect((await info(code, 'wrong', guesser)).status).toBe(403);
        const next = await info(code, 'right-1', guesser);
        expect(next.status).toBe(429);
        expect(next.json.data).toEqual({ retryAfter: delay });
      }
      await f.t.database.db
        .update(shareThrottle)
        .set({ failures: 20 })
        .where(eq(shareThrottle.key, `link:${code}:${guesser}`));
      await waitOut(code, guesser);
      expect((await info(code, 'wrong', guesser)).status).toBe(403);
      expect((await info(code, 'right-1', guesser)).json.data).toEqual({ retryAfter: 60 });

      // Once the delay is over the right password opens the link and clears its count.
      await waitOut(code, guesser);
      expect((await info(code, 'right-1', guesser)).status).toBe(200);
      const left = await f.t.database.db
        .select()
        .from(shareThrottle)
        .where(eq(shareThrottle.key, `link:${code}:${guesser}`));
      expect(left).toEqual([]);
    });

    it('lets one address get at most 20 passwords wrong per 15 minutes across all links', async () => {
      const guesser = '192.0.2.44';
      const codes = await Promise.all([1, 2, 3, 4, 5, 6].map(() => passwordLink()));
      let wrong = 0;
      for (const code of codes.slice(0, 5)) {
        for (let i = 0; i < 4; i++) {
          const answer = await info(code, `guess-${i}`, guesser);
          expect(answer.status).toBe(403);
          wrong++;
        }
      }
      expect(wrong).toBe(20);
      const fresh = await info(codes[5]!, 'right-1', guesser);
      expect(fresh.status).toBe(429);
      expect(fresh.json.reason).toBe('E_LOCKED_OUT');
      const seconds = Number((fresh.json.data as { retryAfter: number }).retryAfter);
      expect(seconds).toBeGreaterThan(14 * 60);
      expect(seconds).toBeLessThanOrEqual(15 * 60);
      expect(fresh.json.error).toBe('Too many attempts; try again in 15 minutes');
      // Another address opens the same link.
      expect((await info(codes[5]!, 'right-1', '192.0.2.45')).status).toBe(200);
    });

    it('counts a burst of parallel guesses before checking them', async () => {
      const code = await passwordLink();
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => info(code, `burst-${i}`, '203.0.113.77')),
      );
      const statuses = answers.map((a) => a.status);
      // Five wrong ones, then the delay (a slow machine may see it end once within the burst).
      expect(statuses.filter((s) => s === 403).length).toBeLessThanOrEqual(6);
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(14);
    });

    it('throttles the password of a direct link too (the page opens instead of the file)', async () => {
      const code = await passwordLink([['direct', '1']]);
      const open = (pwd: string, ip: string) =>
        inject(f.t, { method: 'GET', url: `/s/${code}?pwd=${encodeURIComponent(pwd)}`, remoteAddress: ip });
      for (let i = 0; i < 5; i++) expect((await open(`guess-${i}`, '203.0.113.99')).status).toBe(503);
      expect((await open('right-1', '203.0.113.99')).status).toBe(503);
      expect((await open('right-1', '203.0.113.100')).status).toBe(302);
    });
  });

  describe('finding 10: a short link does not outlive what it was made from', () => {
    it('ends a link made from a signed URL no later than the signature', async () => {
      // Bob was shown Alice's file through a 10-minute signed URL.
      const signed = signedFileUrl(f.runtime.signer, BigInt(pdf.id), 600);
      const byDefault = await createLink(f.t, [['urls', signed]], 'bob');
      expect(byDefault.status, JSON.stringify(byDefault.json)).toBe(200);
      const expiresAt = Date.parse(String(byDefault.json.data.expiresAt));
      expect(expiresAt).toBeLessThanOrEqual(Date.now() + 600_000);
      expect(expiresAt).toBeGreaterThan(Date.now() + 590_000);

      for (const exp of ['3660', '1', new Date(Date.now() + 3600_000).toISOString()]) {
        const longer = await createLink(
          f.t,
          [
            ['urls', signed],
            ['exp', exp],
          ],
          'bob',
        );
        expect(longer.status, exp).toBe(400);
        expect(longer.json).toMatchObject({ reason: 'E_RANGE', error: 'Expiry is out of range' });
      }
      // A shorter expiry within the signature is fine.
      const shorter = await createLink(
        f.t,
        [
          ['urls', signed],
          ['exp', new Date(Date.now() + 300_000).toISOString()],
        ],
        'bob',
      );
      expect(shorter.status).toBe(200);

      // A link of Bob's own file and Alice's signed one ends with the signature too.
      const own = await uploaded(f.t, 'bob.pdf', samples.pdf(), 'bob');
      const mixed = await createLink(
        f.t,
        [
          ['urls', own.id],
          ['urls', signed],
        ],
        'bob',
      );
      expect(Date.parse(String(mixed.json.data.expiresAt))).toBeLessThanOrEqual(Date.now() + 600_000);
      const [row] = await f.t.database.db
        .select()
        .from(shortLinks)
        .where(eq(shortLinks.code, String(mixed.json.data.id)));
      expect(row!.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 600_000);
    });

    it('ends a link of the caller’s own files no later than share.expiryDays (an admin may set up to 365)', async () => {
      const db = f.t.database.db;
      const days = async (exp: string) =>
        createLink(f.t, [['urls', pdf.id], ...(exp ? [['exp', exp]] : [])] as Array<[string, string]>);
      expect((await days('30')).status).toBe(200);
      const over = await days('31');
      expect(over.status).toBe(400);
      expect(over.json.reason).toBe('E_RANGE');
      expect((await days('3660')).status).toBe(400);
      expect((await days(new Date(Date.now() + 40 * DAY).toISOString())).status).toBe(400);

      await setSystemParam(db, 'share.expiryDays', '365');
      const year = await days('365');
      expect(year.status).toBe(200);
      expect((await days('366')).status).toBe(400);
      const byDefault = await days('');
      expect(Math.round((Date.parse(String(byDefault.json.data.expiresAt)) - Date.now()) / DAY)).toBe(365);

      // A value stored beyond the bound (before it existed) counts as the bound.
      await setSystemParam(db, 'share.expiryDays', '3660');
      expect(await getSystemParam(db, 'share.expiryDays')).toBe(365);
      expect((await days('3660')).status).toBe(400);
      await db.delete(systemParams).where(eq(systemParams.key, 'share.expiryDays'));
      expect(await getSystemParam(db, 'share.expiryDays')).toBe(30);
    });

    it('refuses an admin’s share.expiryDays outside 1–365 (E_RANGE)', async () => {
      const rule = LIST_RULES.system!;
      const check = (value: string) =>
        rule({
          db: f.t.database.db,
          list: {} as never,
          current: null,
          values: { key: 'share.expiryDays', valueType: 'INT', value },
          changes: {},
        });
      for (const bad of ['366', '3660', '0', '-1']) {
        const refused = await Promise.resolve()
          .then(() => check(bad))
          .then(
            () => undefined,
            (error: unknown) => error,
          );
        expect(refused, bad).toBeInstanceOf(AppError);
        expect((refused as AppError).reason, bad).toBe('E_RANGE');
      }
      await check('365');
      await check('1');
    });
  });
});

describe('issue 10 finding 5: direct uploads get the upload checks (local store)', () => {
  let f: FilesApp;
  beforeAll(async () => {
    f = await startFilesApp({ UPLOAD_MAX_IMAGE_MB: '1', UPLOAD_MAX_DOC_MB: '2' });
  });
  afterAll(async () => {
    await f?.close();
  });

  const post = async (filename: string, content: Buffer, key?: string) => {
    const sts = await f.t.client.ok(ops.sts, {}, { token: 'alice' });
    const fields = { ...sts.upload.fields, ...(key ? { key } : {}) };
    const form = multipart([
      ...Object.entries(fields).map(([name, value]) => ({ name, value })),
      { name: 'file', filename, content },
    ]);
    return inject(f.t, {
      method: 'POST',
      url: sts.upload.url,
      payload: form.payload,
      headers: { ...form.headers, 'accept-language': 'en' },
    });
  };
  const listed = async () => (await f.t.client.ok(ops.cosFile, { id: '' }, { token: 'alice' })).list;

  it('refuses an executable named invoice.pdf, as /api/file/upload does (415 E_FILE_TYPE)', async () => {
    for (const [name, content, key] of [
      ['invoice.pdf', samples.exe()],
      ['tool.exe', samples.exe()],
      ['photo.png', samples.pdf()],
      ['a.pdf', samples.pdf(), 'sts/101/page.html'],
      ['empty.pdf', Buffer.alloc(0)],
    ] as Array<[string, Buffer, string?]>) {
      const refused = await post(name, content, key);
      expect(refused.status, name).toBe(415);
      expect(refused.json).toMatchObject({
        reason: 'E_FILE_TYPE',
        error: 'Only pdf, doc, docx, xls, xlsx, jpg, jpeg, png and bmp files are accepted',
      });
    }
    // An image over the image limit, though within the grant's (the document limit).
    const big = await post('big.png', samples.png(1024 * 1024 + 10));
    expect(big.status).toBe(413);
    expect(await listed()).toEqual([]);
    expect(await f.runtime.store.list('sts/')).toEqual([]);
  });

  it('stores a checked upload with its checked type; served as an attachment, sandboxed, never sniffed', async () => {
    const stored = await post('invoice.pdf', samples.pdf(500));
    expect(stored.status).toBe(204);
    const image = await post('photo.jpg', samples.png(500));
    expect(image.status).toBe(204);
    const list = await listed();
    expect(list).toHaveLength(2);
    const pdf = list.find((o) => o.key.endsWith('.pdf'))!;
    const got = await inject(f.t, { method: 'GET', url: pdf.url });
    expect(got.status).toBe(200);
    expect(got.headers).toMatchObject({
      'content-type': 'application/pdf',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "sandbox; default-src 'none'",
    });
    expect(String(got.headers['content-disposition'])).toMatch(/^attachment; /);
    const png = list.find((o) => o.key.endsWith('.jpg'))!;
    const shown = await inject(f.t, { method: 'GET', url: png.url });
    expect(shown.headers['content-type']).toBe('image/png');
    expect(shown.headers['x-content-type-options']).toBe('nosniff');

    // Even a URL signed to answer a PDF inline answers it as an attachment.
    const inline = await f.runtime.store.presignGet(pdf.key, { contentDisposition: 'inline' });
    const asked = await inject(f.t, { method: 'GET', url: inline });
    expect(asked.headers['content-disposition']).toBe('attachment');
    expect(asked.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
  });
});

describe('issue 10 finding 5: direct uploads to S3 wait in quarantine until checked', () => {
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

  const direct = async (name: string, content: Buffer) => {
    const sts = await f.t.client.ok(ops.sts, {}, { token: 'alice' });
    const form = new FormData();
    for (const [k, v] of Object.entries(sts.upload.fields)) form.set(k, v);
    form.set('key', `${sts.prefix}${name}`);
    form.set('file', new Blob([new Uint8Array(content)]), name);
    const answer = await fetch(sts.upload.url, { method: 'POST', body: form });
    expect(answer.status, name).toBeLessThan(300);
    return sts;
  };

  it('lists and links only what the server read and verified; the executable named invoice.pdf is removed', async () => {
    const sts = await direct('invoice.pdf', samples.exe(800));
    expect(sts.prefix).toBe('quarantine/sts/101/');
    await direct('report.pdf', samples.pdf(600));
    await direct('photo.jpg', samples.png(700));
    await direct('page.html', Buffer.from('<html><script>alert(1)</script></html>'));
    // Nothing is visible before the server has checked it.
    expect(await f.runtime.store.list('sts/')).toEqual([]);

    const listed = (await f.t.client.ok(ops.cosFile, { id: '' }, { token: 'alice' })).list;
    expect(listed.map((o) => o.key)).toEqual(['sts/101/photo.jpg', 'sts/101/report.pdf']);
    expect(await f.runtime.store.list('quarantine/')).toEqual([]);
    expect((await f.runtime.store.head('sts/101/report.pdf'))?.contentType).toBe('application/pdf');

    // Signed GETs fix the type and make anything that could render an attachment.
    const pdf = new URL(listed.find((o) => o.key.endsWith('.pdf'))!.url);
    expect(pdf.searchParams.get('response-content-type')).toBe('application/pdf');
    expect(pdf.searchParams.get('response-content-disposition')).toMatch(/^attachment; /);
    const got = await fetch(pdf);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('application/pdf');
    expect(got.headers.get('content-disposition')).toMatch(/^attachment; /);
    const image = new URL(listed.find((o) => o.key.endsWith('.jpg'))!.url);
    expect(image.searchParams.get('response-content-type')).toBe('image/png');
  });

  it('checks quarantined uploads nobody listed in the background job', async () => {
    await direct('late.pdf', samples.pdf(300));
    await direct('late-bad.pdf', samples.exe(300));
    const bob = await f.t.client.ok(ops.sts, {}, { token: 'bob' });
    expect(bob.prefix).toBe('quarantine/sts/102/');
    expect(await releaseQuarantined(f.t.database.db, f.runtime, QUARANTINE)).toEqual({
      released: 1,
      refused: 1,
    });
    expect((await f.runtime.store.list('sts/101/late')).map((o) => o.key)).toEqual(['sts/101/late.pdf']);
    expect(await f.runtime.store.list('quarantine/')).toEqual([]);
  });
});

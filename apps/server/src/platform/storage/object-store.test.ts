import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../../../test/support/s3-server';
import { contentDisposition } from './content-disposition';
import { LocalObjectStore } from './local-store';
import { isValidKey, type ObjectStore, ObjectStoreError } from './object-store';
import { S3ObjectStore, type S3StoreOptions } from './s3-store';
import { UrlSigner } from './url-signer';

const md5 = (data: Buffer | string) => createHash('md5').update(data).digest('hex');

interface Harness {
  store: ObjectStore;
  close(): Promise<void>;
}

const work = mkdtempSync(join(tmpdir(), 'qcdesk-store-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function localHarness(): Promise<Harness> {
  const store = new LocalObjectStore({ root: join(work, 'local'), signer: new UrlSigner(randomBytes(32)) });
  return { store, close: async () => {} };
}

let s3: TestS3;
async function s3Harness(): Promise<Harness> {
  s3 = await startTestS3();
  const store = new S3ObjectStore({
    bucket: s3.bucket,
    region: 'us-east-1',
    endpoint: s3.endpoint,
    forcePathStyle: true,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    spool: async () => join(work, `spool-${randomBytes(6).toString('hex')}`),
  });
  return {
    store,
    close: async () => {
      store.close();
      await s3.close();
    },
  };
}

describe.each([
  ['local disk', localHarness],
  ['S3 (s3rver)', s3Harness],
])('object store: %s', (_name, open) => {
  let h: Harness;
  beforeAll(async () => {
    h = await open();
  });
  afterAll(async () => {
    await h.close();
  });

  it('puts a buffer and reads it back with head and get', async () => {
    const body = Buffer.from('你好, object store');
    const info = await h.store.put('t/put/buffer.txt', body, { contentType: 'text/plain; charset=utf-8' });
    expect(info.size).toBe(body.length);
    expect(info.eTag).toBe(md5(body));
    const head = await h.store.head('t/put/buffer.txt');
    expect(head).toMatchObject({
      size: body.length,
      eTag: md5(body),
      contentType: 'text/plain; charset=utf-8',
    });
    const got = await h.store.get('t/put/buffer.txt');
    expect(got && (await text(got.body))).toBe('你好, object store');
  });

  it('puts streams with and without a known length', async () => {
    const data = randomBytes(300_000);
    await h.store.put('t/put/known', Readable.from([data.subarray(0, 1000), data.subarray(1000)]), {
      contentLength: data.length,
    });
    await h.store.put('t/put/unknown', Readable.from([data.subarray(0, 5), data.subarray(5)]));
    for (const key of ['t/put/known', 't/put/unknown']) {
      const head = await h.store.head(key);
      expect(head?.size, key).toBe(data.length);
      expect(head?.eTag, key).toBe(md5(data));
    }
  });

  it('stores a file from disk, moving it when asked', async () => {
    const path = join(work, `from-disk-${randomBytes(4).toString('hex')}`);
    writeFileSync(path, 'from disk');
    await h.store.putFile('t/file/moved', path, { move: true, contentType: 'text/plain' });
    expect(existsSync(path)).toBe(false);
    const got = await h.store.get('t/file/moved');
    expect(got && (await text(got.body))).toBe('from disk');
  });

  it('answers null for a missing object and deletes idempotently', async () => {
    expect(await h.store.head('t/missing/none')).toBeNull();
    expect(await h.store.get('t/missing/none')).toBeNull();
    await h.store.put('t/del/x', Buffer.from('x'));
    await h.store.delete('t/del/x');
    await h.store.delete('t/del/x');
    expect(await h.store.head('t/del/x')).toBeNull();
  });

  it('lists by prefix in key order', async () => {
    for (const key of ['t/list/b', 't/list/a', 't/list/sub/c', 't/listing/d', 't/other/e']) {
      await h.store.put(key, Buffer.from(key));
    }
    expect((await h.store.list('t/list/')).map((o) => o.key)).toEqual([
      't/list/a',
      't/list/b',
      't/list/sub/c',
    ]);
    expect((await h.store.list('t/list')).map((o) => o.key)).toEqual([
      't/list/a',
      't/list/b',
      't/list/sub/c',
      't/listing/d',
    ]);
    expect((await h.store.list('t/list/', { limit: 2 })).map((o) => o.key)).toEqual(['t/list/a', 't/list/b']);
    expect(await h.store.list('t/nothing/')).toEqual([]);
  });

  it('refuses keys that could leave the store', async () => {
    for (const key of [
      '../evil',
      'a/../../evil',
      '/abs',
      'a//b',
      '.hidden',
      'a/./b',
      'a\0b',
      'x'.repeat(513),
      '',
    ]) {
      await expect(h.store.put(key, Buffer.from('no')), JSON.stringify(key)).rejects.toBeInstanceOf(
        ObjectStoreError,
      );
    }
    expect(existsSync(join(dirname(work), 'evil'))).toBe(false);
    expect(existsSync(join(work, 'evil'))).toBe(false);
  });
});

describe('S3 presigned requests', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await s3Harness();
  });
  afterAll(async () => {
    await h.close();
  });

  it('presigns GET with a download name and PUT', async () => {
    await h.store.put('t/sign/report.pdf', Buffer.from('%PDF-1.4 body'), { contentType: 'application/pdf' });
    const disposition = contentDisposition('验货报告.pdf');
    const getUrl = await h.store.presignGet('t/sign/report.pdf', {
      expiresIn: 60,
      contentDisposition: disposition,
    });
    const response = await fetch(getUrl);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('%PDF-1.4 body');
    expect(response.headers.get('content-disposition')).toBe(disposition);

    const putUrl = await h.store.presignPut('t/sign/put.txt', { expiresIn: 60, contentType: 'text/plain' });
    const put = await fetch(putUrl, {
      method: 'PUT',
      body: 'put body',
      headers: { 'content-type': 'text/plain' },
    });
    expect(put.status).toBe(200);
    expect((await h.store.head('t/sign/put.txt'))?.size).toBe(8);
  });

  it('presigns a browser POST upload under a prefix', async () => {
    const post = await h.store.presignPost('sts/7/', { expiresIn: 60, maxBytes: 1024 });
    const form = new FormData();
    for (const [k, v] of Object.entries(post.fields)) form.set(k, v);
    // Real S3 fills in `${filename}`; s3rver does not, so name the key as a client may.
    form.set('key', 'sts/7/posted.txt');
    form.set('file', new Blob(['posted']), 'posted.txt');
    const response = await fetch(post.url, { method: 'POST', body: form });
    expect(response.status).toBeLessThan(300);
    expect((await h.store.list('sts/7/')).map((o) => o.key)).toEqual(['sts/7/posted.txt']);
  });
});

describe('S3 key prefix (the sandbox keeps its objects under sandbox/ in a shared bucket)', () => {
  let server: TestS3;
  let whole: S3ObjectStore;
  let prefixed: S3ObjectStore;
  let options: S3StoreOptions;
  beforeAll(async () => {
    server = await startTestS3('qcdesk-shared');
    options = {
      bucket: server.bucket,
      region: 'us-east-1',
      endpoint: server.endpoint,
      forcePathStyle: true,
      accessKeyId: server.accessKeyId,
      secretAccessKey: server.secretAccessKey,
      spool: async () => join(work, `spool-${randomBytes(6).toString('hex')}`),
    };
    whole = new S3ObjectStore(options);
    prefixed = new S3ObjectStore({ ...options, keyPrefix: 'sandbox/' });
  });
  afterAll(async () => {
    whole.close();
    prefixed.close();
    await server.close();
  });

  it('stores under the prefix and answers keys without it', async () => {
    await prefixed.put('files/a.txt', Buffer.from('sandbox'), { contentType: 'text/plain' });
    await whole.put('files/a.txt', Buffer.from('product'), { contentType: 'text/plain' });
    expect((await whole.list('sandbox/')).map((o) => o.key)).toEqual(['sandbox/files/a.txt']);
    expect((await prefixed.list('files/')).map((o) => o.key)).toEqual(['files/a.txt']);
    expect(await prefixed.head('files/a.txt')).toMatchObject({ key: 'files/a.txt', size: 7 });
    const got = await prefixed.get('files/a.txt');
    expect(got && (await text(got.body))).toBe('sandbox');
    const url = await prefixed.presignGet('files/a.txt', { expiresIn: 60 });
    expect(new URL(url).pathname).toBe(`/${server.bucket}/sandbox/files/a.txt`);
    expect(await (await fetch(url)).text()).toBe('sandbox');
    await prefixed.delete('files/a.txt');
    expect(await whole.head('sandbox/files/a.txt')).toBeNull();
    expect(await whole.head('files/a.txt')).not.toBeNull();
  });

  it('grants browser uploads only under the prefix', async () => {
    const post = await prefixed.presignPost('sts/7/', { expiresIn: 60, maxBytes: 1024 });
    expect(post.fields.key).toBe(`sandbox/sts/7/\${filename}`);
  });

  it('refuses a prefix that is not a folder', () => {
    expect(() => new S3ObjectStore({ ...options, keyPrefix: 'sandbox' })).toThrow(ObjectStoreError);
  });
});

describe('S3 errors', () => {
  it('carry the status code and status text', async () => {
    const server = await startTestS3('qcdesk-errors');
    const store = new S3ObjectStore({
      bucket: 'no-such-bucket',
      region: 'us-east-1',
      endpoint: server.endpoint,
      forcePathStyle: true,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      spool: async () => join(work, 'unused'),
    });
    try {
      const error = await store.put('k', Buffer.from('x')).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ObjectStoreError);
      expect((error as ObjectStoreError).status).toBe(404);
      expect((error as ObjectStoreError).statusText).toBe('NoSuchBucket');
    } finally {
      store.close();
      await server.close();
    }
  });
});

describe('local store signatures', () => {
  const signer = new UrlSigner(randomBytes(32));
  const store = new LocalObjectStore({ root: join(work, 'signed'), signer });
  const query = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

  it('accepts its own URL and refuses any change to it', async () => {
    const url = await store.presignGet('a/b.pdf', { contentDisposition: 'attachment; filename="b.pdf"' });
    const q = query(url);
    expect(new URL(url, 'http://x').pathname).toBe('/api/object/a/b.pdf');
    expect(store.checkPresigned('GET', 'a/b.pdf', q)).toEqual({
      ok: true,
      contentDisposition: 'attachment; filename="b.pdf"',
      contentType: undefined,
    });
    expect(store.checkPresigned('HEAD', 'a/b.pdf', q).ok).toBe(true);
    expect(store.checkPresigned('PUT', 'a/b.pdf', q).ok).toBe(false);
    expect(store.checkPresigned('GET', 'a/c.pdf', q).ok).toBe(false);
    expect(store.checkPresigned('GET', 'a/b.pdf', { ...q, rcd: 'inline' }).ok).toBe(false);
    expect(store.checkPresigned('GET', 'a/b.pdf', { ...q, exp: String(Number(q.exp) + 1) }).ok).toBe(false);
    const sig = q.sig ?? '';
    // Flip the first character: the last one of a base64url HMAC carries padding bits, and a fixed
    // replacement letter equals the original one time in 64.
    const tampered = `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`;
    expect(store.checkPresigned('GET', 'a/b.pdf', { ...q, sig: tampered }).ok).toBe(false);
    expect(store.checkPresigned('GET', 'a/b.pdf', { ...q, sig: undefined }).ok).toBe(false);
    const other = new LocalObjectStore({
      root: join(work, 'signed'),
      signer: new UrlSigner(randomBytes(32)),
    });
    expect(other.checkPresigned('GET', 'a/b.pdf', q).ok).toBe(false);
  });

  it('refuses an expired URL, saying it expired', async () => {
    const url = await store.presignGet('a/b.pdf', { expiresIn: -1 });
    expect(store.checkPresigned('GET', 'a/b.pdf', query(url))).toEqual({ ok: false, expired: true });
  });

  it('reads back its POST grants only', async () => {
    const post = await store.presignPost('sts/1/', { maxBytes: 10 });
    expect(post.fields.key).toBe(`sts/1/\${filename}`);
    expect(store.checkPostGrant(post.fields.grant)).toEqual({ prefix: 'sts/1/', maxBytes: 10 });
    expect(store.checkPostGrant(`${post.fields.grant}x`)).toEqual({ expired: false });
    const old = await store.presignPost('sts/1/', { maxBytes: 10, expiresIn: -5 });
    expect(store.checkPostGrant(old.fields.grant)).toEqual({ expired: true });
  });

  it('keeps writes inside its root and leaves no temporary files', async () => {
    await store.put('k/one', Readable.from([Buffer.from('1')]));
    const failing = new Readable({
      read() {
        this.destroy(new Error('client went away'));
      },
    });
    await expect(store.put('k/two', failing)).rejects.toThrow('client went away');
    expect(await store.head('k/two')).toBeNull();
    expect(readdirSync(join(work, 'signed', 'tmp'))).toEqual([]);
  });
});

describe('keys', () => {
  it('are segments of [A-Za-z0-9._-] without dot-segments', () => {
    expect(isValidKey('files/2026/01/abc_DEF-1.bin')).toBe(true);
    expect(isValidKey('a/..')).toBe(false);
    expect(isValidKey('a/b/')).toBe(false);
    expect(isValidKey('a b')).toBe(false);
    expect(isValidKey('中文')).toBe(false);
  });
});

describe('content disposition', () => {
  it('carries UTF-8 names per RFC 5987 with an ASCII fallback', () => {
    expect(contentDisposition('合同 v1 (final).pdf')).toBe(
      `attachment; filename="__ v1 (final).pdf"; filename*=UTF-8''%E5%90%88%E5%90%8C%20v1%20%28final%29.pdf`,
    );
    expect(contentDisposition('a"b\\c;d.pdf', 'inline')).toBe(
      `inline; filename="a_b_c_d.pdf"; filename*=UTF-8''a%22b%5Cc%3Bd.pdf`,
    );
  });
});

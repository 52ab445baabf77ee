import { crc32 } from 'node:zlib';
import { areas } from '@qcdesk/contract';
import sharp from 'sharp';
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
import { findFile } from './files.service';
import { requirePhotos } from './photos';
import { renderThumbnail, THUMBNAIL_INPUT_PIXELS, thumbnailKey } from './thumbnails';

// Thumbnails of stored images and photo uploads (issue 15), with real images made by sharp.

const ops = areas.files;

/** A real photo-like image: a colour gradient of `width` × `height`. */
async function image(width: number, height: number, format: 'jpeg' | 'png' | 'webp' = 'jpeg') {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    pixels[i * 3] = (i % width) % 256;
    pixels[i * 3 + 1] = Math.floor(i / width) % 256;
    pixels[i * 3 + 2] = 128;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .toFormat(format)
    .toBuffer();
}

/** A small valid PNG whose header then claims `width` × `height` (a decompression bomb's header). */
async function bombHeader(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await image(8, 8, 'png'));
  // Signature (8), IHDR length (4), "IHDR" (4), then width and height; the CRC covers type + data.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)) >>> 0, 29);
  return png;
}

interface Uploaded {
  id: string;
  url: string;
  thumbnailUrl: string | null;
  contentType: string;
  kind: string;
}

async function upload(
  t: TestApp,
  name: string,
  content: Buffer,
  fields: Record<string, string> = {},
  lang: 'zh' | 'en' = 'zh',
) {
  const token = (await t.client.ok(ops.uploadToken, {}, { token: 'alice' })).token;
  const form = multipart([
    ...Object.entries(fields).map(([n, value]) => ({ name: n, value })),
    { name: 'file', filename: name, content },
  ]);
  return inject(t, {
    method: 'POST',
    url: '/api/file/upload',
    payload: form.payload,
    headers: { ...form.headers, authorization: token, 'accept-language': lang === 'en' ? 'en' : 'zh-CN' },
  });
}

async function uploaded(t: TestApp, name: string, content: Buffer): Promise<Uploaded> {
  const answer = await upload(t, name, content);
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return answer.json.data as unknown as Uploaded;
}

async function storageKeyOf(f: FilesApp, id: string) {
  return (await findFile(f.t.database.db, BigInt(id)))!.storageKey;
}

describe('renderThumbnail', () => {
  it('fits an image in 320 px, keeping its proportions, as webp', async () => {
    const meta = await sharp(await renderThumbnail(await image(1600, 900))).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 320, height: 180 });
    const small = await sharp(await renderThumbnail(await image(100, 60, 'png'))).metadata();
    expect(small).toMatchObject({ width: 100, height: 60 });
  });

  it('refuses a header claiming more pixels than the limit without decoding it', async () => {
    expect(30_000 * 30_000).toBeGreaterThan(THUMBNAIL_INPUT_PIXELS);
    await expect(renderThumbnail(await bombHeader(30_000, 30_000))).rejects.toThrow(/pixel limit/i);
  });
});

function thumbnailTests(setup: () => FilesApp) {
  it('makes the thumbnail at upload, beside the original, and serves it signed', async () => {
    const f = setup();
    const file = await uploaded(f.t, '样品照片.jpg', await image(1200, 900));
    expect(file).toMatchObject({ kind: 'image', contentType: 'image/jpeg' });
    expect(file.thumbnailUrl).toMatch(/^\/api\/file\/\d+\/thumbnail\?exp=\d+&sig=/);
    const key = await storageKeyOf(f, file.id);
    expect(await f.runtime.store.head(thumbnailKey(key))).toMatchObject({ contentType: 'image/webp' });

    const answer = await inject(f.t, { method: 'GET', url: file.thumbnailUrl! });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('image/webp');
    expect(String(answer.headers['content-disposition'])).toMatch(/^inline/);
    expect(await sharp(answer.body).metadata()).toMatchObject({ width: 320, height: 240 });
  });

  it('makes a missing thumbnail once on request, however many ask at once', async () => {
    const f = setup();
    const file = await uploaded(f.t, 'photo.png', await image(640, 640, 'png'));
    const key = thumbnailKey(await storageKeyOf(f, file.id));
    await f.runtime.store.delete(key);
    expect(await f.runtime.store.head(key)).toBeNull();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => inject(f.t, { method: 'GET', url: file.thumbnailUrl! })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.every((a) => a.body.equals(answers[0]!.body))).toBe(true);
    expect(await f.runtime.store.head(key)).not.toBeNull();
  });

  it('leaves a corrupt image without a thumbnail and answers 404, nothing crashes', async () => {
    const f = setup();
    const file = await uploaded(f.t, 'broken.png', samples.png(5000));
    const key = await storageKeyOf(f, file.id);
    expect(await f.runtime.store.head(thumbnailKey(key))).toBeNull();
    const answer = await inject(f.t, { method: 'GET', url: file.thumbnailUrl! });
    expect(answer.status).toBe(404);
    expect(answer.json.reason).toBe('E_NOT_FOUND');
    // The original is still there to download.
    expect((await inject(f.t, { method: 'GET', url: file.url })).status).toBe(200);
  });
}

describe('thumbnails on the local store', () => {
  let f: FilesApp;
  beforeAll(async () => {
    f = await startFilesApp({ UPLOAD_MAX_IMAGE_MB: '2' });
  });
  afterAll(async () => {
    await f?.close();
  });

  thumbnailTests(() => f);

  it('gives documents and bmp images no thumbnail URL', async () => {
    expect((await uploaded(f.t, 'a.pdf', samples.pdf())).thumbnailUrl).toBeNull();
    const bmp = Buffer.concat([Buffer.from('BM'), Buffer.alloc(100)]);
    expect(await uploaded(f.t, 'a.bmp', bmp)).toMatchObject({ kind: 'image', thumbnailUrl: null });
  });

  it('refuses a tampered or foreign signature, and opens with the owner’s report token', async () => {
    const file = await uploaded(f.t, 'a.jpg', await image(50, 50));
    const other = await uploaded(f.t, 'b.jpg', await image(50, 50));
    const tampered = file.thumbnailUrl!.replace(`/file/${file.id}/`, `/file/${other.id}/`);
    expect((await inject(f.t, { method: 'GET', url: tampered })).status).toBe(403);
    // The file URL's signature does not open the thumbnail, nor the reverse.
    const fileQuery = file.url.slice(file.url.indexOf('?'));
    const crossed = await inject(f.t, { method: 'GET', url: `/api/file/${file.id}/thumbnail${fileQuery}` });
    expect(crossed.status).toBe(403);
    const token = (await f.t.client.ok(ops.reportToken, {}, { token: 'alice' })).token;
    const byToken = await inject(f.t, {
      method: 'GET',
      url: `/api/file/${file.id}/thumbnail?token=${encodeURIComponent(token)}`,
    });
    expect(byToken.status).toBe(200);
    const bobs = (await f.t.client.ok(ops.reportToken, {}, { token: 'bob' })).token;
    const forBob = await inject(f.t, {
      method: 'GET',
      url: `/api/file/${file.id}/thumbnail?token=${encodeURIComponent(bobs)}`,
    });
    expect(forBob.status).toBe(403);
  });

  it('keeps a decompression bomb as a file without a thumbnail', async () => {
    const file = await uploaded(f.t, 'bomb.png', await bombHeader(40_000, 40_000));
    expect((await inject(f.t, { method: 'GET', url: file.thumbnailUrl! })).status).toBe(404);
  });

  describe('photo uploads (accept=image, maxMb)', () => {
    it('refuses a document where a photo is asked, in the request language', async () => {
      const zh = await upload(f.t, 'report.pdf', samples.pdf(), { accept: 'image' });
      expect(zh.status).toBe(415);
      expect(zh.json).toMatchObject({ success: false, reason: 'E_IMAGE_ONLY' });
      expect(zh.json.error).toBe('仅支持jpg、jpeg、png、bmp图片');
      const en = await upload(f.t, 'report.pdf', samples.pdf(), { accept: 'image' }, 'en');
      expect(en.json.error).toBe('Only jpg, jpeg, png and bmp images are accepted');
    });

    it('refuses a photo over the caller’s limit with the limit in the message', async () => {
      const photo = await image(400, 400, 'png');
      expect(photo.length).toBeGreaterThan(0.1 * 1024 * 1024);
      const answer = await upload(f.t, 'big.png', photo, { accept: 'image', maxMb: '0.1' }, 'en');
      expect(answer.status).toBe(413);
      expect(answer.json).toMatchObject({
        reason: 'E_FILE_TOO_BIG',
        error: 'The file must not exceed 0.1 MB',
      });
      const ok = await upload(f.t, 'small.jpg', await image(200, 200), { accept: 'image', maxMb: '1' });
      expect(ok.status).toBe(200);
      expect((ok.json.data as unknown as Uploaded).thumbnailUrl).not.toBeNull();
    });

    it('refuses a malformed option', async () => {
      const malformed: Array<Record<string, string>> = [{ accept: 'pdf' }, { maxMb: 'ten' }, { maxMb: '0' }];
      for (const fields of malformed) {
        const answer = await upload(f.t, 'a.jpg', await image(20, 20), fields);
        expect(answer.status).toBe(400);
        expect(answer.json.reason).toBe('E_FORMAT');
      }
    });

    it('requirePhotos checks what an area attaches', async () => {
      const photo = await uploaded(f.t, 'p.jpg', await image(100, 100));
      const doc = await uploaded(f.t, 'd.pdf', samples.pdf());
      const rows = async (...ids: string[]) =>
        Promise.all(ids.map(async (id) => (await findFile(f.t.database.db, BigInt(id)))!));
      expect(() => requirePhotos([], 5)).not.toThrow();
      const [p, d] = await rows(photo.id, doc.id);
      expect(() => requirePhotos([p!], 5)).not.toThrow();
      expect(() => requirePhotos([p!, d!], 5, 'photos')).toThrow(
        expect.objectContaining({ reason: 'E_IMAGE_ONLY', options: { field: 'photos' } }),
      );
      expect(() => requirePhotos([p!], 0.0001)).toThrow(
        expect.objectContaining({ reason: 'E_FILE_TOO_BIG', params: { n: 0.0001, field: 'photos' } }),
      );
    });
  });
});

describe('thumbnails on an S3-compatible store', () => {
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

  thumbnailTests(() => f);
});

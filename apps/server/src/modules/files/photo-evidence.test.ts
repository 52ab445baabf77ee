import { areas } from '@qcdesk/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bombPng, cameraJpeg, picture } from '../../../test/support/camera-photos';
import {
  type FilesApp,
  inject,
  multipart,
  samples,
  startFilesApp,
} from '../../../test/support/files-helpers';
import { startTestS3, type TestS3 } from '../../../test/support/s3-server';
import { photoEvidence } from '../../db/schema/files';
import { hammingDistance, photoFlags } from '../../domain/photo-integrity';
import { PRINT_MAX_PX, printKey } from './photo-analysis';
import {
  ensurePhotoEvidence,
  findNearDuplicates,
  photoEvidenceOf,
  readPrintImage,
} from './photo-evidence.service';
import { thumbnailKey } from './thumbnails';

// Photo evidence (issue 27): made at upload from real JPEGs with EXIF written by sharp, near
// duplicates found through the band indexes, the evidence of older images made on first need.

const SHENZHEN_FACTORY = { lat: 22.5431, lng: 114.0579 };

async function upload(f: FilesApp, name: string, content: Buffer): Promise<bigint> {
  const token = (await f.t.client.ok(areas.files.uploadToken, {}, { token: 'alice' })).token;
  const form = multipart([{ name: 'file', filename: name, content }]);
  const answer = await inject(f.t, {
    method: 'POST',
    url: '/api/file/upload',
    payload: form.payload,
    headers: { ...form.headers, authorization: token },
  });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return BigInt(answer.json.data.id as string);
}

function evidenceTests(setup: () => FilesApp) {
  const db = () => setup().t.database.db;
  const store = () => setup().runtime.store;

  it('makes the evidence at upload: EXIF time and GPS, size, pHash, print copy and thumbnail', async () => {
    const id = await upload(setup(), '验货照片.jpg', await cameraJpeg(1));
    const evidence = (await photoEvidenceOf(db(), [id])).get(id)!;
    expect(evidence).toMatchObject({
      fileId: id,
      width: 2400,
      height: 1800,
      hasExif: true,
      capturedAt: '2026-11-20T10:15:30',
      capturedOffset: '+08:00',
      printWidth: PRINT_MAX_PX,
      printHeight: 1200,
    });
    expect(evidence.latitude).toBeCloseTo(22.5431, 4);
    expect(evidence.longitude).toBeCloseTo(114.058, 4);
    expect(typeof evidence.phash).toBe('bigint');
    expect(evidence.sha256).toMatch(/^[0-9a-f]{64}$/);
    const print = await store().get(evidence.printKey);
    expect(print?.info).toMatchObject({ contentType: 'image/jpeg', size: evidence.printSize });
    expect(await store().head(evidence.thumbnailKey)).toMatchObject({ contentType: 'image/webp' });
    expect(evidence.printKey).toBe(printKey(evidence.storageKey));
    expect(
      photoFlags(evidence, {
        inspectionDate: '2026-11-20',
        timeZone: 'Asia/Shanghai',
        factoryLocation: SHENZHEN_FACTORY,
        duplicates: [],
      }),
    ).toEqual([]);
  });

  it('stores the print copy upright when the EXIF says the camera was turned', async () => {
    const id = await upload(setup(), 'turned.jpg', await cameraJpeg(2, { orientation: 6 }));
    const evidence = (await photoEvidenceOf(db(), [id])).get(id)!;
    expect(evidence).toMatchObject({
      width: 1800,
      height: 2400,
      printWidth: 1200,
      printHeight: PRINT_MAX_PX,
    });
  });

  it('finds a resized, recompressed copy as a near duplicate, the same bytes as exact, a different photo not', async () => {
    const original = await cameraJpeg(3);
    const id = await upload(setup(), 'original.jpg', original);
    const resized = await sharp(original)
      .resize(1300)
      .modulate({ brightness: 1.04 })
      .jpeg({ quality: 55 })
      .toBuffer();
    const copy = await upload(setup(), 'copy.jpg', resized);
    const same = await upload(setup(), 'same.jpg', original);
    const other = await upload(setup(), 'other.jpg', await cameraJpeg(4));

    const found = await findNearDuplicates(db(), id);
    expect(found.map((d) => d.fileId)).toEqual([same, copy]);
    expect(found[0]).toEqual({ fileId: same, distance: 0, exact: true });
    expect(found[1]).toMatchObject({ fileId: copy, exact: false });
    expect(found[1]!.distance).toBeLessThanOrEqual(6);

    const all = await photoEvidenceOf(db(), [id, other]);
    expect(hammingDistance(all.get(id)!.phash, all.get(other)!.phash)).toBeGreaterThan(6);
    expect((await findNearDuplicates(db(), other)).map((d) => d.fileId)).not.toContain(id);
    // The inspection's own photos are left out; a hash alone finds the same files, none exact.
    expect(await findNearDuplicates(db(), id, { excludeFileIds: [same, copy] })).toEqual([]);
    const byHash = await findNearDuplicates(db(), { phash: all.get(id)!.phash });
    expect(byHash.map((d) => [d.fileId, d.exact])).toEqual([
      [id, false],
      [same, false],
      [copy, false],
    ]);

    const flags = photoFlags(all.get(id)!, {
      inspectionDate: '2026-11-20',
      timeZone: 'Asia/Shanghai',
      duplicates: found,
    });
    expect(flags.map((flag) => flag.code)).toEqual(['DUPLICATE_ELSEWHERE', 'NEAR_DUPLICATE']);
  });

  it('flags a photo without EXIF, and one taken another day far from the factory', async () => {
    const bare = await upload(setup(), 'bare.png', await picture(5, 800, 600));
    const evidence = (await photoEvidenceOf(db(), [bare])).get(bare)!;
    expect(evidence).toMatchObject({
      hasExif: false,
      capturedAt: null,
      latitude: null,
      longitude: null,
      printWidth: 800,
    });
    const context = {
      inspectionDate: '2026-11-21',
      timeZone: 'Asia/Shanghai',
      factoryLocation: { lat: 23.1291, lng: 113.2644 },
      duplicates: [],
    };
    expect(photoFlags(evidence, context)).toEqual([{ code: 'NO_EXIF' }]);
    const exif = await upload(setup(), 'exif.jpg', await cameraJpeg(6));
    const flags = photoFlags((await photoEvidenceOf(db(), [exif])).get(exif)!, context);
    expect(flags.map((flag) => flag.code)).toEqual(['DATE_MISMATCH', 'FAR_FROM_FACTORY']);
  });

  it('makes the evidence of an older image on first need, once however many ask', async () => {
    const id = await upload(setup(), 'older.jpg', await cameraJpeg(7));
    const before = (await photoEvidenceOf(db(), [id])).get(id)!;
    await db().delete(photoEvidence).where(eq(photoEvidence.fileId, id));
    await store().delete(before.printKey);
    const pdf = await upload(setup(), 'report.pdf', samples.pdf());
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => ensurePhotoEvidence(db(), store(), [id, pdf, 999_999n])),
    );
    for (const made of answers) {
      expect([...made.keys()]).toEqual([id]);
      expect(made.get(id)).toMatchObject({
        phash: before.phash,
        capturedAt: before.capturedAt,
        printSize: before.printSize,
      });
    }
    expect(await store().head(before.printKey)).not.toBeNull();
  });

  it('reads the print copy for a report, remaking it when the store lost it', async () => {
    const id = await upload(setup(), 'print.jpg', await cameraJpeg(9));
    const evidence = (await photoEvidenceOf(db(), [id])).get(id)!;
    const stored = await readPrintImage(store(), evidence);
    expect(await sharp(stored!).metadata()).toMatchObject({
      format: 'jpeg',
      width: PRINT_MAX_PX,
      height: 1200,
    });
    await store().delete(evidence.printKey);
    const remade = await readPrintImage(store(), evidence);
    expect(remade!.equals(stored!)).toBe(true);
    expect(await store().head(evidence.printKey)).not.toBeNull();
  });

  it('leaves a corrupt image and a decompression bomb without evidence; their uploads still succeed', async () => {
    const corrupt = await upload(setup(), 'broken.jpg', samples.jpeg(4000));
    const bomb = await upload(setup(), 'bomb.png', await bombPng(40_000, 40_000));
    expect((await ensurePhotoEvidence(db(), store(), [corrupt, bomb])).size).toBe(0);
    await expect(findNearDuplicates(db(), corrupt)).rejects.toThrow(/no photo evidence/);
  });
}

describe('photo evidence on the local store', () => {
  let f: FilesApp;
  beforeAll(async () => {
    f = await startFilesApp();
  });
  afterAll(async () => {
    await f?.close();
  });
  evidenceTests(() => f);

  it('keeps the print copy beside the original and its thumbnail', async () => {
    const id = await upload(f, 'keys.jpg', await cameraJpeg(8));
    const evidence = (await photoEvidenceOf(f.t.database.db, [id])).get(id)!;
    expect(evidence.thumbnailKey).toBe(thumbnailKey(evidence.storageKey));
    const keys = (await f.runtime.store.list(evidence.storageKey)).map((o) => o.key);
    expect(keys).toEqual([evidence.storageKey, evidence.printKey, evidence.thumbnailKey]);
  });
});

describe('photo evidence on an S3-compatible store', () => {
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
  evidenceTests(() => f);
});

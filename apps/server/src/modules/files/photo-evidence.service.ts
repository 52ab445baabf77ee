import type { Duplicate } from '../../domain/photo-integrity';
import type { Db } from '../../platform/db';
import type { ObjectStore } from '../../platform/storage/object-store';
import { findFiles } from './files.service';
import { analysePhoto, PRINT_CONTENT_TYPE, printKey } from './photo-analysis';
import {
  evidenceRows,
  insertEvidence,
  type NearDuplicateOptions,
  nearDuplicatesQuery,
} from './photo-evidence.queries';
import { ensureThumbnail, hasThumbnail, type Log, readAll, thumbnailKey } from './thumbnails';

// Photo evidence (issue 27, docs/adr/0019-photo-evidence.md): what an inspection report shows of a
// photo's integrity. Made once per stored image — when the upload completes, beside its thumbnail,
// or on first need for images stored before — and then only read. The inspection report calls
// `ensurePhotoEvidence`, `findNearDuplicates` and domain/photo-integrity.ts `photoFlags`.

type EvidenceRow = Awaited<ReturnType<typeof evidenceRows>>[number];

export interface PhotoEvidence extends EvidenceRow {
  /** Object key of the print-size JPEG (≤ 1600 px, upright) beside the original. */
  printKey: string;
  /** Object key of the 320 px webp thumbnail beside the original. */
  thumbnailKey: string;
}

export type { Duplicate, NearDuplicateOptions };

const SILENT: Log = { warn: () => {} };
/** Photos analysed at once by `ensurePhotoEvidence` (each decodes an image: ~0.1–0.3 s of a core). */
const CONCURRENCY = 2;

/**
 * In this process: evidence being made (concurrent callers share one), and images that failed; by
 * storage key, which is unique across databases (the sandbox's file ids repeat the product's).
 */
const making = new Map<string, Promise<boolean>>();
const failed = new Set<string>();
const FAILED_MAX = 1000;

const withKeys = (row: EvidenceRow): PhotoEvidence => ({
  ...row,
  printKey: printKey(row.storageKey),
  thumbnailKey: thumbnailKey(row.storageKey),
});

/** The evidence already made of `fileIds`, by file id (nothing is made here). */
export async function photoEvidenceOf(
  db: Db,
  fileIds: readonly bigint[],
): Promise<Map<bigint, PhotoEvidence>> {
  return new Map((await evidenceRows(db, fileIds)).map((row) => [row.fileId, withKeys(row)]));
}

type StoredImage = { id: bigint; storageKey: string; contentType: string };

async function make(
  db: Db,
  store: ObjectStore,
  file: StoredImage,
  log: Log,
  given?: Buffer,
): Promise<boolean> {
  let original = given;
  if (!original) {
    const object = await store.get(file.storageKey);
    if (!object) return false;
    original = await readAll(object.body);
  }
  let photo: Awaited<ReturnType<typeof analysePhoto>>;
  try {
    photo = await analysePhoto(original);
  } catch (error) {
    // Corrupt, or a decompression bomb: no evidence, said once per process and not tried again.
    if (failed.size >= FAILED_MAX) failed.clear();
    failed.add(file.storageKey);
    log.warn({ err: error, fileId: file.id }, 'photo evidence not made');
    return false;
  }
  // The object first: a row means its print copy was stored.
  await store.put(printKey(file.storageKey), photo.print.data, {
    contentType: PRINT_CONTENT_TYPE,
    contentLength: photo.print.data.length,
  });
  await insertEvidence(db, file.id, photo);
  return true;
}

/** Makes one file's evidence unless a call in this process is making it; answers whether it was made. */
function makeOnce(
  db: Db,
  store: ObjectStore,
  file: StoredImage,
  log: Log,
  original?: Buffer,
): Promise<boolean> {
  if (failed.has(file.storageKey)) return Promise.resolve(false);
  const pending = making.get(file.storageKey);
  if (pending) return pending;
  const run = make(db, store, file, log, original).finally(() => making.delete(file.storageKey));
  making.set(file.storageKey, run);
  return run;
}

/**
 * The evidence of `fileIds`, made now for images that have none (stored before this existed, by
 * `sts`, or whose first try failed to store): by file id; documents, BMPs and unreadable images are
 * left out. Idempotent; two processes making the same file write the same objects and one row.
 * A failing store or database throws. Costs ~0.1–0.3 s of CPU per photo made (two at a time):
 * call it from a job when a report holds many old photos.
 */
export async function ensurePhotoEvidence(
  db: Db,
  store: ObjectStore,
  fileIds: readonly bigint[],
  log: Log = SILENT,
): Promise<Map<bigint, PhotoEvidence>> {
  const found = await photoEvidenceOf(db, fileIds);
  const missing = (
    await findFiles(
      db,
      [...new Set(fileIds)].filter((id) => !found.has(id)),
    )
  ).filter(hasThumbnail);
  if (missing.length === 0) return found;
  let next = 0;
  const worker = async () => {
    while (next < missing.length) await makeOnce(db, store, missing[next++]!, log);
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, missing.length) }, worker));
  for (const [id, evidence] of await photoEvidenceOf(
    db,
    missing.map((f) => f.id),
  ))
    found.set(id, evidence);
  return found;
}

/**
 * What the upload runs once an image is stored: its thumbnail and its evidence, from one read of
 * the original. A bad image only goes without (logged); a failing store or database throws, and
 * the upload logs it (both are made again on first need).
 */
export async function makeImageDerivatives(
  db: Db,
  store: ObjectStore,
  file: StoredImage,
  log: Log,
): Promise<void> {
  if (!hasThumbnail(file)) return;
  const object = await store.get(file.storageKey);
  if (!object) return;
  const original = await readAll(object.body);
  await Promise.all([ensureThumbnail(store, file, log, original), makeOnce(db, store, file, log, original)]);
}

/**
 * The print copy of a photo with evidence (JPEG, at most 1600 px a side, upright), for a report's
 * PDF; remade from the original when the store has lost it. Null when the original is gone too.
 */
export async function readPrintImage(
  store: ObjectStore,
  evidence: Pick<PhotoEvidence, 'printKey' | 'storageKey'>,
): Promise<Buffer | null> {
  const print = await store.get(evidence.printKey);
  if (print) return readAll(print.body);
  const original = await store.get(evidence.storageKey);
  if (!original) return null;
  // The evidence says it was read once; a failure now is the store's or the machine's, so it throws.
  const photo = await analysePhoto(await readAll(original.body));
  await store.put(evidence.printKey, photo.print.data, {
    contentType: PRINT_CONTENT_TYPE,
    contentLength: photo.print.data.length,
  });
  return photo.print.data;
}

/**
 * Near duplicates of a photo among every valid stored file: `probe` is a file id (its evidence must
 * exist: `ensurePhotoEvidence` first) or a pHash (with its SHA-256 when `exact` should be told).
 * Closest first: `{ fileId, distance, exact }`, distance ≤ 6 bits; the probe's file is left out.
 */
export async function findNearDuplicates(
  db: Db,
  probe: bigint | { phash: bigint; sha256?: string | null },
  options: NearDuplicateOptions = {},
): Promise<Duplicate[]> {
  let hash: bigint;
  let sha256: string | null = null;
  const exclude = [...(options.excludeFileIds ?? [])];
  if (typeof probe === 'bigint') {
    const [own] = await evidenceRows(db, [probe]);
    if (!own) throw new Error(`no photo evidence of file ${probe}: call ensurePhotoEvidence first`);
    hash = own.phash;
    sha256 = own.sha256;
    exclude.push(probe);
  } else {
    hash = probe.phash;
    sha256 = probe.sha256 ?? null;
  }
  return nearDuplicatesQuery(db, hash, sha256, { ...options, excludeFileIds: exclude });
}

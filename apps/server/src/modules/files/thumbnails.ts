import { loadSharp } from '../../platform/lazy-packages';
import type { ObjectStore } from '../../platform/storage/object-store';

// Thumbnails of stored images (issue 15, docs/adr/0014-thumbnails.md): made once per image, kept
// beside the original in the object store under the original's key + THUMBNAIL_SUFFIX, and then
// only read. Made when an upload completes and, for anything stored before (or whose first try
// failed), on its first request.

export const THUMBNAIL_SUFFIX = '.thumb.webp';
export const THUMBNAIL_CONTENT_TYPE = 'image/webp';
/** Longest side of a thumbnail, in pixels (twice a 160 px strip cell: sharp on phones). */
export const THUMBNAIL_MAX_PX = 320;
/**
 * Decompression-bomb guard: an image claiming more pixels than this is never decoded (a 50 MP
 * phone photo passes; a 60 kB PNG declaring 100 000 × 100 000 does not).
 */
export const THUMBNAIL_INPUT_PIXELS = 60_000_000;

/** The content types sharp makes thumbnails of here (by the sniffed type stored with the file). */
const THUMBNAIL_SOURCES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);

export const hasThumbnail = (file: { contentType: string }) => THUMBNAIL_SOURCES.has(file.contentType);
export const thumbnailKey = (storageKey: string) => `${storageKey}${THUMBNAIL_SUFFIX}`;

export interface Log {
  warn(obj: object, msg: string): void;
}

/** In this process: thumbnails being made (concurrent requests share one), and originals that failed. */
const making = new Map<string, Promise<boolean>>();
const failed = new Set<string>();
const FAILED_MAX = 1000;

/** The thumbnail of `input` (bytes of a jpeg, png, webp or gif): webp, at most THUMBNAIL_MAX_PX a side. */
export async function renderThumbnail(input: Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(input, { limitInputPixels: THUMBNAIL_INPUT_PIXELS, failOn: 'error', animated: false })
    .rotate() // Upright by its EXIF orientation, as the phone showed it.
    .resize(THUMBNAIL_MAX_PX, THUMBNAIL_MAX_PX, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 72 })
    .toBuffer();
}

/** The whole of an object's body (an image within the upload limit). */
export async function readAll(body: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function make(store: ObjectStore, storageKey: string, log: Log, given?: Buffer): Promise<boolean> {
  let original = given;
  if (!original) {
    const object = await store.get(storageKey);
    if (!object) return false;
    // Read first: a store failing mid-read throws (and is tried again), it says nothing of the image.
    original = await readAll(object.body);
  }
  let thumbnail: Buffer;
  try {
    thumbnail = await renderThumbnail(original);
  } catch (error) {
    // A corrupt or oversized "image": no thumbnail, said once per process, and not tried again.
    if (failed.size >= FAILED_MAX) failed.clear();
    failed.add(storageKey);
    log.warn({ err: error, storageKey }, 'thumbnail not made');
    return false;
  }
  // Two processes may both get here: each writes the same thumbnail, and a put replaces atomically.
  await store.put(thumbnailKey(storageKey), thumbnail, {
    contentType: THUMBNAIL_CONTENT_TYPE,
    contentLength: thumbnail.length,
  });
  return true;
}

/**
 * Makes the thumbnail of the stored image at `storageKey` unless it exists; answers whether it
 * exists now. Idempotent, and concurrent calls in a process share one rendering. Never throws for
 * a bad image (it is logged); a failing store still throws. `original`: the image's bytes when the
 * caller holds them already (the upload, which also makes the photo's evidence from them).
 */
export async function ensureThumbnail(
  store: ObjectStore,
  file: { storageKey: string; contentType: string },
  log: Log,
  original?: Buffer,
): Promise<boolean> {
  if (!hasThumbnail(file) || failed.has(file.storageKey)) return false;
  const key = thumbnailKey(file.storageKey);
  const pending = making.get(key);
  if (pending) return pending;
  const run = (async () => (await store.head(key)) !== null || make(store, file.storageKey, log, original))();
  making.set(key, run);
  try {
    return await run;
  } finally {
    making.delete(key);
  }
}

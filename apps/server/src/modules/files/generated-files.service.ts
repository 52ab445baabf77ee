import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { fileKindOf } from '@qcdesk/contract/files';
import { inArray, sql } from 'drizzle-orm';
import { files } from '../../db/schema/files';
import type { Actor } from '../../platform/auth';
import type { Db } from '../../platform/db';
import type { ObjectStore } from '../../platform/storage/object-store';
import { type FileRow, insertFile, newStorageKey } from './files.service';

// Files the server writes to disk first (a streamed XLSX export): stored like `storeGeneratedFile`
// stores a buffer, but moved into the store from their temporary path, never held in memory whole.

async function hashFile(path: string): Promise<{ size: number; sha256: string; md5: string }> {
  const sha256 = createHash('sha256');
  const md5 = createHash('md5');
  let size = 0;
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    sha256.update(chunk);
    md5.update(chunk);
    size += chunk.length;
  }
  return { size, sha256: sha256.digest('hex'), md5: md5.digest('hex') };
}

/** Moves the file at `path` into the store as a file owned by `actor` (downloads like an upload). */
export async function storeGeneratedFileFrom(
  db: Db,
  store: ObjectStore,
  file: { name: string; contentType: string; path: string },
  actor: Actor,
): Promise<FileRow> {
  const { size, sha256, md5 } = await hashFile(file.path);
  const storageKey = newStorageKey();
  const info = await store.putFile(storageKey, file.path, {
    move: true,
    md5,
    contentType: file.contentType,
    contentLength: size,
  });
  return insertFile(
    db,
    {
      storageKey,
      name: file.name,
      size,
      contentType: file.contentType,
      sha256,
      eTag: info.eTag || md5,
      kind: fileKindOf(file.name) ?? 'document',
    },
    actor,
  );
}

/**
 * Generated files whose time is up (report-form exports, kept 7 days): the object goes at once —
 * nothing to undelete, unlike a user's file (files-retention.ts keeps those 90 days) — and the row
 * stays, deleted and stamped, as the record of what was made. Answers how many.
 */
export async function discardGeneratedFiles(
  db: Db,
  store: ObjectStore,
  ids: readonly bigint[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const found = await db
    .select({ id: files.id, storageKey: files.storageKey })
    .from(files)
    .where(inArray(files.id, [...ids]));
  for (const file of found) await store.delete(file.storageKey);
  await db
    .update(files)
    .set({ valid: 0, objectDeletedAt: sql`now()`, updatedAt: sql`now()` })
    .where(inArray(files.id, [...ids]));
  return found.length;
}

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/support/test-database';
import { files } from '../../db/schema/files';
import type { Database } from '../../platform/db';
import { LocalObjectStore } from '../../platform/storage/local-store';
import { UrlSigner } from '../../platform/storage/url-signer';
import { purgeDeletedObjects } from './files-retention';
import { printKey } from './photo-analysis';
import { thumbnailKey } from './thumbnails';

let database: Database;
let store: LocalObjectStore;
const work = mkdtempSync(join(tmpdir(), 'qcdesk-retention-'));

beforeAll(async () => {
  database = await openTestDatabase();
  store = new LocalObjectStore({ root: work, signer: new UrlSigner(randomBytes(32)) });
});
afterAll(async () => {
  await database.close();
  rmSync(work, { recursive: true, force: true });
});

/** A stored file, deleted `deletedDaysAgo` days ago (or valid when null). */
async function storedFile(deletedDaysAgo: number | null) {
  const key = `retention/${randomBytes(6).toString('hex')}.pdf`;
  const info = await store.put(key, Buffer.from('%PDF-1.4 retention'));
  const [row] = await database.db
    .insert(files)
    .values({
      storageKey: key,
      name: 'report.pdf',
      size: info.size,
      contentType: 'application/pdf',
      sha256: 'x'.repeat(64),
      eTag: info.eTag,
      kind: 'document',
      valid: deletedDaysAgo === null ? 1 : 0,
      updatedAt: sql`now() - make_interval(days => ${deletedDaysAgo ?? 0})`,
    })
    .returning();
  return row!;
}

describe('purgeDeletedObjects (DOMAIN.md §4.14: objects kept 90 days)', () => {
  it('deletes the objects of files deleted over 90 days ago, once, and keeps the rest', async () => {
    const old = await storedFile(91);
    const recent = await storedFile(10);
    const live = await storedFile(null);

    expect(await purgeDeletedObjects(database.db, store)).toBeGreaterThanOrEqual(1);
    expect(await store.head(old.storageKey)).toBeNull();
    expect(await store.head(recent.storageKey)).not.toBeNull();
    expect(await store.head(live.storageKey)).not.toBeNull();

    const [row] = await database.db.select().from(files).where(eq(files.id, old.id));
    expect(row!.objectDeletedAt).toBeInstanceOf(Date);
    expect(row!.name).toBe('report.pdf');
    // Nothing is left to do on the next run.
    expect(await purgeDeletedObjects(database.db, store)).toBe(0);
  });

  it('deletes a thumbnail and a print copy with their original (ADR 0014, 0019)', async () => {
    const old = await storedFile(95);
    await store.put(thumbnailKey(old.storageKey), Buffer.from('RIFF thumbnail'));
    await store.put(printKey(old.storageKey), Buffer.from('JPEG print copy'));
    const recent = await storedFile(5);
    await store.put(thumbnailKey(recent.storageKey), Buffer.from('RIFF thumbnail'));
    await store.put(printKey(recent.storageKey), Buffer.from('JPEG print copy'));
    expect(await purgeDeletedObjects(database.db, store)).toBe(1);
    expect(await store.head(thumbnailKey(old.storageKey))).toBeNull();
    expect(await store.head(printKey(old.storageKey))).toBeNull();
    expect(await store.head(thumbnailKey(recent.storageKey))).not.toBeNull();
    expect(await store.head(printKey(recent.storageKey))).not.toBeNull();
  });

  it('counts an object already missing from the store as deleted', async () => {
    const gone = await storedFile(120);
    await store.delete(gone.storageKey);
    expect(await purgeDeletedObjects(database.db, store)).toBe(1);
    const [row] = await database.db.select().from(files).where(eq(files.id, gone.id));
    expect(row!.objectDeletedAt).not.toBeNull();
  });
});

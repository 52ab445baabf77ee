import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, photoEvidence } from '../src/db/schema/files';
import { backup, readManifest, restore } from '../src/platform/backup';
import type { Database, Db } from '../src/platform/db';
import { LocalObjectStore } from '../src/platform/storage/local-store';
import { UrlSigner } from '../src/platform/storage/url-signer';
import { openTestDatabase } from './support/test-database';

// Backup and restore (issue 32): a backup of a seeded database with files restores into an empty
// database and object store with every table's rows and every object as they were — on PGlite and
// on PostgreSQL (the same code), through the functions `npm run cli -- backup/restore` calls.

let work: string;
let source: Database;
let target: Database;
const storeAt = (name: string) =>
  new LocalObjectStore({ root: join(work, name), signer: new UrlSigner(randomBytes(32)) });

/** Every table's rows as sorted JSON texts, by table: what "the same database" means here. */
async function contents(db: Db): Promise<Record<string, string[]>> {
  const tables = (
    (await db.execute(
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    )) as unknown as { rows: { name: string }[] }
  ).rows;
  const out: Record<string, string[]> = {};
  for (const { name } of tables) {
    const rows = (
      (await db.execute(sql.raw(`select row_to_json(t)::text as row from "${name}" t`))) as unknown as {
        rows: { row: string }[];
      }
    ).rows;
    out[name] = rows.map((r) => r.row).sort();
  }
  return out;
}

const fileRow = (storageKey: string, name: string, size: number) =>
  ({
    storageKey,
    name,
    size,
    contentType: 'image/jpeg',
    sha256: 'a'.repeat(64),
    eTag: 'b'.repeat(32),
    kind: 'image',
  }) satisfies typeof files.$inferInsert;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'qcdesk-backup-'));
  [source, target] = await Promise.all([openTestDatabase(), openTestDatabase()]);
});

afterAll(async () => {
  await Promise.all([source?.close(), target?.close()]);
  rmSync(work, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('restores every table and object of a backup into an empty database and store', async () => {
    const store = storeAt('objects');
    const photo = randomBytes(300_000);
    await store.put('photos/2026/11/a.jpg', photo, { contentType: 'image/jpeg' });
    await store.put('docs/contract.pdf', Buffer.from('%PDF-1.7 a contract'), {
      contentType: 'application/pdf',
    });
    // Rows with the types that need care: a bigint key, timestamps, JSON, a generated column (phash bands).
    const [file] = await source.db
      .insert(files)
      .values(fileRow('photos/2026/11/a.jpg', '照片 a.jpg', photo.length))
      .returning({ id: files.id });
    await source.db.insert(photoEvidence).values({
      fileId: file!.id,
      width: 4000,
      height: 3000,
      hasExif: true,
      capturedAt: '2026-11-28T10:00:00',
      latitude: 22.5431,
      longitude: 114.0579,
      phash: -1234567890123456789n,
      printWidth: 1600,
      printHeight: 1200,
      printSize: 250_000,
    } as typeof photoEvidence.$inferInsert);
    const before = await contents(source.db);

    const dir = join(work, 'backup');
    const manifest = await backup(source.db, store, dir);
    expect(manifest.objects.map((o) => o.key)).toEqual(['docs/contract.pdf', 'photos/2026/11/a.jpg']);
    expect(manifest.tables.find((t) => t.name === 'files')?.rows).toBeGreaterThan(0);
    await expect(backup(source.db, store, dir)).rejects.toThrow(/already holds a backup/);

    const emptyStore = storeAt('restored');
    await target.db.execute(sql`truncate users restart identity cascade`);
    await restore(target.db, emptyStore, dir);

    expect(await contents(target.db)).toEqual(before);
    const restored = await emptyStore.get('photos/2026/11/a.jpg');
    const chunks: Buffer[] = [];
    for await (const chunk of restored!.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(photo)).toBe(true);
    expect((await emptyStore.list('', { limit: 10 })).map((o) => o.key)).toEqual([
      'docs/contract.pdf',
      'photos/2026/11/a.jpg',
    ]);
    // The sequences go on past the restored rows: a new row does not collide with a restored one.
    const [next] = await target.db
      .insert(files)
      .values(fileRow('photos/new.jpg', 'new.jpg', 1))
      .returning({ id: files.id });
    const highest = Math.max(...before.files!.map((row) => Number((JSON.parse(row) as { id: number }).id)));
    expect(Number(next!.id)).toBeGreaterThan(highest);
  });

  it('refuses a damaged backup before it writes anything', async () => {
    const dir = join(work, 'backup');
    const manifest = await readManifest(dir);
    const table = manifest.tables.find((t) => t.rows > 0)!;
    writeFileSync(join(dir, 'tables', `${table.name}.jsonl`), '{"id":1}\n');
    const rowsBefore = await contents(target.db);
    await expect(restore(target.db, storeAt('other'), dir)).rejects.toThrow(/does not match the manifest/);
    expect(await contents(target.db)).toEqual(rowsBefore);
  });
});

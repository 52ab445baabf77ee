import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import type { Db } from './db';
import type { ObjectStore } from './storage/object-store';

// Backup and restore (issue 32; README "Backup and restore"): the database first, then the objects,
// so that every row's object is in the backup (objects are written once and never changed; one
// made after the database's snapshot is extra, not missing).
//
// The database is read in one repeatable-read, read-only transaction — one consistent snapshot while
// the product runs — table by table as JSON lines (`row_to_json`, read back by
// `json_populate_recordset`, so every column type the schema uses travels as PostgreSQL's own text).
// The same code serves the embedded database and PostgreSQL. A restore checks every file against the
// manifest's SHA-256 before it writes anything, then replaces every table in one transaction (foreign
// keys as they were in the snapshot) and puts the objects back.

export const BACKUP_FORMAT = 1;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  /** The migrations the database had: a backup restores into the same schema only. */
  migrations: { count: number; last: string | null };
  tables: { name: string; rows: number; sha256: string }[];
  objects: { key: string; size: number; sha256: string }[];
}

const MANIFEST = 'manifest.json';
const BATCH = 2000;

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> =>
  ((await db.execute(query)) as unknown as Rows<T>).rows;

/** The product's tables (schema `public`), in name order. */
async function tableNames(db: Db): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return rows.map((r) => r.name);
}

async function migrationsOf(db: Db): Promise<BackupManifest['migrations']> {
  const rows = await rowsOf<{ count: number | string; last: string | null }>(
    db,
    sql`select count(*) as count, (select hash from drizzle.__drizzle_migrations order by created_at desc, id desc limit 1) as last
        from drizzle.__drizzle_migrations`,
  );
  return { count: Number(rows[0]?.count ?? 0), last: rows[0]?.last ?? null };
}

const ident = (name: string) => sql.raw(`"${name.replace(/"/g, '""')}"`);

/** A file's SHA-256, read as a stream. */
async function fileHash(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Writes a backup of the database and the object store into `dir` (created; must not hold one). */
export async function backup(db: Db, store: ObjectStore, dir: string): Promise<BackupManifest> {
  if (existsSync(join(dir, MANIFEST))) throw new Error(`${dir} already holds a backup`);
  await mkdir(join(dir, 'tables'), { recursive: true });
  const tables: BackupManifest['tables'] = [];
  const migrations = await db.transaction(async (tx) => {
    await tx.execute(sql`set transaction isolation level repeatable read, read only`);
    for (const name of await tableNames(tx)) tables.push(await dumpTable(tx, name, dir));
    return migrationsOf(tx);
  });
  const objects: BackupManifest['objects'] = [];
  for (const info of await store.list('', { limit: Number.POSITIVE_INFINITY })) {
    const found = await store.get(info.key);
    if (!found) continue; // deleted since it was listed (a purge): no row of the snapshot needs it
    const path = join(dir, 'objects', ...info.key.split('/'));
    await mkdir(dirname(path), { recursive: true });
    const hash = createHash('sha256');
    let size = 0;
    found.body.on('data', (chunk: Buffer) => {
      hash.update(chunk);
      size += chunk.length;
    });
    await pipeline(found.body, createWriteStream(path));
    objects.push({ key: info.key, size, sha256: hash.digest('hex') });
  }
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    createdAt: new Date().toISOString(),
    migrations,
    tables,
    objects,
  };
  await writeFile(join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** One table as JSON lines, read in physical order by keyset on `ctid` (no OFFSET over a big table). */
async function dumpTable(tx: Db, name: string, dir: string): Promise<BackupManifest['tables'][number]> {
  const path = join(dir, 'tables', `${name}.jsonl`);
  const out = createWriteStream(path);
  const hash = createHash('sha256');
  let rows = 0;
  let after = '(0,0)';
  for (;;) {
    const page = await rowsOf<{ at: string; row: string }>(
      tx,
      sql`select ctid::text as at, row_to_json(t)::text as row from ${ident(name)} t
          where ctid > ${after}::tid order by ctid limit ${BATCH}`,
    );
    for (const r of page) {
      const line = `${r.row}\n`;
      hash.update(line);
      if (!out.write(line)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
    }
    rows += page.length;
    if (page.length < BATCH) break;
    after = page[page.length - 1]!.at;
  }
  await new Promise<void>((resolve, reject) =>
    out.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );
  return { name, rows, sha256: hash.digest('hex') };
}

export async function readManifest(dir: string): Promise<BackupManifest> {
  const manifest = JSON.parse(await readFile(join(dir, MANIFEST), 'utf8')) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT)
    throw new Error(`backup format ${manifest.format} is not ${BACKUP_FORMAT}`);
  return manifest;
}

/** Every file of the backup against its manifest: a restore writes nothing from a damaged backup. */
export async function verifyBackup(dir: string): Promise<BackupManifest> {
  const manifest = await readManifest(dir);
  for (const table of manifest.tables) {
    if ((await fileHash(join(dir, 'tables', `${table.name}.jsonl`))) !== table.sha256)
      throw new Error(`table ${table.name}: the file does not match the manifest`);
  }
  for (const object of manifest.objects) {
    if ((await fileHash(join(dir, 'objects', ...object.key.split('/')))) !== object.sha256)
      throw new Error(`object ${object.key}: the file does not match the manifest`);
  }
  return manifest;
}

/**
 * Replaces the database's rows and puts the objects of the backup in `dir` into the store. The
 * database must be migrated to the backup's migrations; its rows are replaced in one transaction.
 */
export async function restore(db: Db, store: ObjectStore, dir: string): Promise<BackupManifest> {
  const manifest = await verifyBackup(dir);
  const migrations = await migrationsOf(db);
  if (migrations.count !== manifest.migrations.count || migrations.last !== manifest.migrations.last)
    throw new Error(
      `the backup has ${manifest.migrations.count} migrations, this database ${migrations.count}: restore with the product version that made it`,
    );
  const names = new Set(await tableNames(db));
  for (const table of manifest.tables)
    if (!names.has(table.name)) throw new Error(`table ${table.name} is not in this database`);
  await db.transaction(async (tx) => {
    // The rows go back table by table in name order, not in the order of their foreign keys: the
    // keys' triggers are off for this transaction (a superuser's setting, as restoring needs the
    // database's owner anyway); the rows are the snapshot they were, so the keys hold.
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(
      sql.raw(`truncate ${[...names].map((n) => `"${n}"`).join(', ')} restart identity cascade`),
    );
    for (const table of manifest.tables) await loadTable(tx, table.name, dir);
    await resetSequences(tx);
  });
  for (const object of manifest.objects) {
    const path = join(dir, 'objects', ...object.key.split('/'));
    await store.putFile(object.key, path, { contentLength: object.size });
  }
  return manifest;
}

/** The columns a row may be written with: generated ones are computed again. */
async function writableColumns(tx: Db, name: string): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(
    tx,
    sql`select column_name as name from information_schema.columns
        where table_schema = 'public' and table_name = ${name} and is_generated = 'NEVER'
        order by ordinal_position`,
  );
  return rows.map((r) => r.name);
}

async function loadTable(tx: Db, name: string, dir: string): Promise<void> {
  const columns = (await writableColumns(tx, name)).map((c) => `"${c.replace(/"/g, '""')}"`).join(', ');
  const text = await readFile(join(dir, 'tables', `${name}.jsonl`), 'utf8');
  const lines = text.split('\n').filter((line) => line.length > 0);
  for (let i = 0; i < lines.length; i += BATCH) {
    const batch = `[${lines.slice(i, i + BATCH).join(',')}]`;
    await tx.execute(
      sql`insert into ${ident(name)} (${sql.raw(columns)}) overriding system value
          select ${sql.raw(columns)} from json_populate_recordset(null::${ident(name)}, ${batch}::json)`,
    );
  }
}

/** Each column's sequence set past the highest value the restored rows hold. */
async function resetSequences(tx: Db): Promise<void> {
  const owned = await rowsOf<{ seq: string; tbl: string; col: string }>(
    tx,
    sql`select s.relname as seq, t.relname as tbl, a.attname as col
        from pg_class s
        join pg_depend d on d.objid = s.oid and d.deptype in ('a', 'i')
        join pg_class t on t.oid = d.refobjid
        join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
        join pg_namespace n on n.oid = t.relnamespace
        where s.relkind = 'S' and n.nspname = 'public'`,
  );
  for (const { seq, tbl, col } of owned) {
    await tx.execute(
      sql`select setval(${`public."${seq}"`}::regclass,
          coalesce((select max(${ident(col)}) from ${ident(tbl)}), 0) + 1, false)`,
    );
  }
}

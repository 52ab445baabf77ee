import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { files, photoEvidence } from '@qcdesk/server/src/db/schema/files.ts';
import { hashBands } from '@qcdesk/server/src/domain/photo-integrity.ts';
import { nearDuplicatesQuery } from '@qcdesk/server/src/modules/files/photo-evidence.queries.ts';
import { findNearDuplicates } from '@qcdesk/server/src/modules/files/photo-evidence.service.ts';
import { type Database, openDatabase, rows } from '@qcdesk/server/src/platform/db.ts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { printTable } from './table.ts';

// Near-duplicate lookup among many stored hashes (issue 27, ADR 0019): BENCH_PHOTO_HASHES (1M)
// evidence rows with uniform 64-bit hashes from md5, generated in SQL, on PGlite and, with
// BENCH_DATABASE_URL, on PostgreSQL (a database of its own, dropped after). Times lookups through
// the band indexes against the same query forced to a scan, and prints one plan.

const HASHES = Number(process.env.BENCH_PHOTO_HASHES ?? 1_000_000);
const LOOKUPS = Number(process.env.BENCH_PHOTO_LOOKUPS ?? 200);
const BATCH = 100_000;
const BENCH_DB = 'qcdesk_bench_photos';

const randomHash = () => randomBytes(8).readBigInt64BE();
const flip = (hash: bigint, positions: number[]) =>
  BigInt.asIntN(
    64,
    positions.reduce((h, p) => h ^ (1n << BigInt(p)), BigInt.asUintN(64, hash)),
  );

async function fill(db: Database['db']): Promise<number> {
  const start = performance.now();
  for (let from = 1; from <= HASHES; from += BATCH) {
    const to = Math.min(HASHES, from + BATCH - 1);
    await db.execute(sql`
      with f as (
        insert into ${files} (storage_key, name, size, content_type, sha256, e_tag, kind)
        select 'bench/' || g, g || '.jpg', 3000000, 'image/jpeg', md5(g::text), md5(g::text), 'image'
        from generate_series(${from}::int, ${to}::int) g
        returning id, storage_key)
      insert into ${photoEvidence} (file_id, width, height, has_exif, phash, print_width, print_height, print_size)
      select f.id, 4000, 3000, true, ('x' || substr(md5(f.storage_key), 1, 16))::bit(64)::int8, 1600, 1200, 400000
      from f`);
  }
  await db.execute(sql`analyze ${files}`);
  await db.execute(sql`analyze ${photoEvidence}`);
  return (performance.now() - start) / 1000;
}

/** Inserts copies of `probe` 1–6 bits apart (one flip per band up to six bands); answers their count. */
async function plant(db: Database['db'], probe: bigint): Promise<number> {
  const copies = [1, 2, 3, 4, 5, 6].map((n) => flip(probe, [3, 12, 21, 30, 39, 48].slice(0, n)));
  for (const [i, hash] of copies.entries()) {
    const [file] = await db
      .insert(files)
      .values({
        storageKey: `planted/${probe}/${i}`,
        name: 'p.jpg',
        size: 1,
        contentType: 'image/jpeg',
        sha256: 'x',
        eTag: 'x',
        kind: 'image',
      })
      .returning({ id: files.id });
    await db.insert(photoEvidence).values({
      fileId: file!.id,
      width: 1,
      height: 1,
      hasExif: false,
      phash: hash,
      printWidth: 1,
      printHeight: 1,
      printSize: 1,
    });
  }
  return copies.length;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

async function timeLookups(db: Database['db'], probes: bigint[], scan: boolean): Promise<number[]> {
  const times: number[] = [];
  for (const probe of probes) {
    const start = performance.now();
    if (scan) {
      await db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_bitmapscan = off`);
        await tx.execute(sql`set local enable_indexscan = off`);
        await nearDuplicatesQuery(tx, probe, null);
      });
    } else await findNearDuplicates(db, { phash: probe });
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b);
}

async function measure(kind: 'pglite' | 'postgres', database: Database) {
  const { db } = database;
  const seconds = await fill(db);
  const probes = Array.from({ length: LOOKUPS }, randomHash);
  const planted = randomHash();
  const copies = await plant(db, planted);
  const found = await findNearDuplicates(db, { phash: planted });
  if (found.filter((d) => d.distance > 0).length < copies)
    throw new Error(`planted ${copies}, found ${found.length}`);
  const bands = hashBands(probes[0]!);
  const [candidates] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${photoEvidence} where ${sql.join(
      bands.map((v, i) => sql`${sql.identifier(`band${i}`)} = ${v}`),
      sql` or `,
    )}`,
  );
  await timeLookups(db, probes.slice(0, 20), false);
  const indexed = await timeLookups(db, probes, false);
  const scanned = await timeLookups(db, probes.slice(0, 5), true);
  const plan = await rows<Record<string, string>>(
    db,
    sql`explain (analyze, costs off, timing off, summary off) ${nearDuplicatesQuery(db, probes[0]!, null)}`,
  );
  printTable(`Near-duplicate lookup among ${HASHES.toLocaleString('en-US')} hashes (${kind})`, [
    {
      database: kind,
      'generate s': seconds,
      'candidates / lookup': candidates!.n,
      'lookup p50 ms': percentile(indexed, 0.5),
      'lookup p95 ms': percentile(indexed, 0.95),
      'forced scan p50 ms': percentile(scanned, 0.5),
      'planted found': `${found.filter((d) => d.distance > 0).length} of ${copies}`,
    },
  ]);
  process.stdout.write(`\nplan (${kind}):\n${plan.map((r) => `  ${Object.values(r)[0]}`).join('\n')}\n`);
}

export async function photoLookupBench(): Promise<void> {
  // On disk: a million rows and their indexes would crowd PGlite's in-memory file system.
  const dir = mkdtempSync(join(tmpdir(), 'qcdesk-bench-hashes-'));
  const pglite = await openDatabase({ dataDir: join(dir, 'pglite') });
  try {
    await measure('pglite', pglite);
  } finally {
    await pglite.close();
    rmSync(dir, { recursive: true, force: true });
  }

  const url = process.env.BENCH_DATABASE_URL;
  if (!url) return;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${BENCH_DB} with (force)`);
  await admin.query(`create database ${BENCH_DB}`);
  const target = new URL(url);
  target.pathname = `/${BENCH_DB}`;
  const database = await openDatabase({ url: target.toString(), poolSize: 2 });
  try {
    await database.migrate();
    await measure('postgres', database);
  } finally {
    await database.close();
    await admin.query(`drop database if exists ${BENCH_DB} with (force)`);
    await admin.end();
  }
}

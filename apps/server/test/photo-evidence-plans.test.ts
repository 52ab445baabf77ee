import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, photoEvidence } from '../src/db/schema/files';
import { HASH_BANDS, hammingDistance, hashBands } from '../src/domain/photo-integrity';
import { nearDuplicatesQuery } from '../src/modules/files/photo-evidence.queries';
import { findNearDuplicates } from '../src/modules/files/photo-evidence.service';
import type { Db } from '../src/platform/db';
import { planOf } from './support/factories';
import { startTestApp, type TestApp } from './support/test-app';

// Near-duplicate lookup (issue 27, ADR 0019): candidates come from the seven band indexes (a
// BitmapOr of equalities), never from a scan of every hash, and the answer is exactly the rows
// within distance 6 that a scan would find.

const ROWS = 1500;
/** The probe, and copies of it with bits flipped: 0–6 bits apart are near duplicates, 7 and 9 not. */
const PROBE = 0x5a3c_96f0_0ff0_c3a5n;
const FLIPS: number[][] = [
  [],
  [0],
  [5, 40],
  [1, 10, 19, 28, 37, 46],
  [63, 54, 45, 36, 27, 18, 9],
  [0, 9, 18, 27, 36, 45, 54, 60, 62],
];

const flip = (hash: bigint, positions: number[]) =>
  BigInt.asIntN(
    64,
    positions.reduce((h, p) => h ^ (1n << BigInt(p)), BigInt.asUintN(64, hash)),
  );

let t: TestApp;
let db: Db;

/** Evidence rows for `ROWS` files with hashes from md5 (spread over every band), plus the planted copies. */
async function fill() {
  await db.execute(sql`
    insert into ${files} (storage_key, name, size, content_type, sha256, e_tag, kind)
    select 'plan/' || g, 'p' || g || '.jpg', 1000, 'image/jpeg', md5(g::text) || md5(g::text), md5(g::text), 'image'
    from generate_series(1, ${ROWS + FLIPS.length}) g`);
  await db.execute(sql`
    insert into ${photoEvidence} (file_id, width, height, has_exif, phash, print_width, print_height, print_size)
    select f.id, 4000, 3000, false, ('x' || substr(md5(f.id::text), 1, 16))::bit(64)::int8, 1600, 1200, 300000
    from ${files} f where f.storage_key like 'plan/%' order by f.id limit ${ROWS}`);
  const planted = await db.execute<{ key: string }>(sql`
    select id::text as key from ${files} where storage_key like 'plan/%' order by id offset ${ROWS}`);
  for (const [i, row] of planted.rows.entries()) {
    await db.execute(sql`
      insert into ${photoEvidence} (file_id, width, height, has_exif, phash, print_width, print_height, print_size)
      values (${row.key}::int8, 4000, 3000, false, ${flip(PROBE, FLIPS[i]!)}::int8, 1600, 1200, 300000)`);
  }
  await db.execute(sql`analyze ${photoEvidence}`);
  await db.execute(sql`analyze ${files}`);
}

beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
  await fill();
});

afterAll(async () => {
  await t?.close();
});

describe('near-duplicate lookup', () => {
  it('reads its candidates from the seven band indexes', async () => {
    const plan = await planOf(db, nearDuplicatesQuery(db, PROBE, null));
    expect(plan, plan).toContain('BitmapOr');
    for (const i of HASH_BANDS.keys()) expect(plan, plan).toContain(`photo_evidence_band${i}_idx`);
    expect(plan, plan).not.toMatch(/Seq Scan on photo_evidence/);
  });

  it('the stored bands are the ones the lookup computes', async () => {
    const rows = await db.select().from(photoEvidence).limit(200);
    for (const row of rows) {
      const stored = [row.band0, row.band1, row.band2, row.band3, row.band4, row.band5, row.band6];
      expect(stored).toEqual(hashBands(row.phash));
    }
  });

  it('answers exactly the rows within distance 6, closest first, as a scan would', async () => {
    const all = await db
      .select({ fileId: photoEvidence.fileId, phash: photoEvidence.phash })
      .from(photoEvidence);
    const probes = [PROBE, ...all.slice(0, 40).map((r) => r.phash)];
    for (const probe of probes) {
      const expected = all
        .map((r) => ({ fileId: r.fileId, distance: hammingDistance(r.phash, probe), exact: false }))
        .filter((r) => r.distance <= 6)
        .sort((a, b) => a.distance - b.distance || Number(a.fileId - b.fileId));
      expect(await findNearDuplicates(db, { phash: probe }, { limit: 1000 })).toEqual(expected);
    }
    const planted = await findNearDuplicates(db, { phash: PROBE });
    expect(planted.map((d) => d.distance)).toEqual([0, 1, 2, 6]);
  });
});

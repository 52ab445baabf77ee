import { and, eq, getTableColumns, inArray, notInArray, or, sql } from 'drizzle-orm';
import { files, photoEvidence } from '../../db/schema/files';
import { hashBands, NEAR_DUPLICATE_MAX_DISTANCE } from '../../domain/photo-integrity';
import type { Db } from '../../platform/db';
import type { AnalysedPhoto } from './photo-analysis';

// The photo_evidence table's SQL (issue 27): rows with their file's hash, and the near-duplicate
// lookup through the band indexes (EXPLAIN-tested in test/photo-evidence-plans.test.ts).

const { band0, band1, band2, band3, band4, band5, band6, ...evidenceColumns } =
  getTableColumns(photoEvidence);
const BAND_COLUMNS = [band0, band1, band2, band3, band4, band5, band6];

export const evidenceSelection = { ...evidenceColumns, sha256: files.sha256, storageKey: files.storageKey };

/** Evidence rows of `fileIds` (any validity), with their file's SHA-256 and storage key. */
export async function evidenceRows(db: Db, fileIds: readonly bigint[]) {
  if (fileIds.length === 0) return [];
  return db
    .select(evidenceSelection)
    .from(photoEvidence)
    .innerJoin(files, eq(files.id, photoEvidence.fileId))
    .where(inArray(photoEvidence.fileId, [...fileIds]));
}

/** Records a photo's evidence; a second writer of the same file (another process) changes nothing. */
export async function insertEvidence(db: Db, fileId: bigint, photo: AnalysedPhoto): Promise<void> {
  await db
    .insert(photoEvidence)
    .values({
      fileId,
      width: photo.width,
      height: photo.height,
      hasExif: photo.hasExif,
      capturedAt: photo.capture?.local ?? null,
      capturedOffset: photo.capture?.offset ?? null,
      latitude: photo.latitude,
      longitude: photo.longitude,
      phash: photo.phash,
      printWidth: photo.print.width,
      printHeight: photo.print.height,
      printSize: photo.print.data.length,
    })
    .onConflictDoNothing();
}

export interface NearDuplicateOptions {
  /** Files not to answer (the photos of the same inspection); the probe's own file never is. */
  excludeFileIds?: readonly bigint[];
  /** At most this many, closest first (default 20). */
  limit?: number;
  maxDistance?: number;
}

/**
 * Valid files whose pHash is within `maxDistance` (6) bits of `hash`: candidates from the band
 * indexes (a BitmapOr of seven equalities), then the exact Hamming distance on each. `exact` is
 * an equal SHA-256 (`sha256` of the probe, when known).
 */
export function nearDuplicatesQuery(
  db: Db,
  hash: bigint,
  sha256: string | null,
  { excludeFileIds = [], limit = 20, maxDistance = NEAR_DUPLICATE_MAX_DISTANCE }: NearDuplicateOptions = {},
) {
  const bands = hashBands(hash);
  const distance = sql<number>`bit_count((${photoEvidence.phash} # ${hash}::int8)::bit(64))`;
  return db
    .select({
      fileId: photoEvidence.fileId,
      distance: sql<number>`${distance}::int`.as('distance'),
      exact: sql<boolean>`coalesce(${files.sha256} = ${sha256}::text, false)`,
    })
    .from(photoEvidence)
    .innerJoin(files, eq(files.id, photoEvidence.fileId))
    .where(
      and(
        or(...BAND_COLUMNS.map((column, i) => eq(column, bands[i]!))),
        sql`${distance} <= ${maxDistance}`,
        eq(files.valid, 1),
        excludeFileIds.length > 0 ? notInArray(photoEvidence.fileId, [...excludeFileIds]) : undefined,
      ),
    )
    .orderBy(sql`distance`, photoEvidence.fileId)
    .limit(limit);
}

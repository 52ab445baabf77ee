import type { FileKind } from '@qcdesk/contract/files';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { HASH_BANDS } from '../../domain/photo-integrity';
import { auditBlock, idColumn, ref, timestamptz } from '../columns';

// Files (issue 7): stored uploads and the short links of the shared-file page (DOMAIN.md §2.9).

/**
 * An uploaded file. The object lives in the store under `storageKey`, chosen by the server; the
 * original name is metadata only. Replaced or deleted files are `valid = 0`; their object is kept
 * for 90 days (DOMAIN.md §4.14), then deleted by the `files.purge-deleted` job, which stamps
 * `objectDeletedAt`.
 */
export const files = pgTable(
  'files',
  {
    id: idColumn(),
    storageKey: text('storage_key').notNull(),
    name: text('name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    contentType: text('content_type').notNull(),
    /** SHA-256 of the content, hex. */
    sha256: text('sha256').notNull(),
    /** MD5 hex as the store reports it. */
    eTag: text('e_tag').notNull(),
    kind: text('kind').$type<FileKind>().notNull(),
    ownerId: ref('owner_id'),
    /** When the object of a deleted file was removed from the store; the row stays for the record. */
    objectDeletedAt: timestamptz('object_deleted_at'),
    ...auditBlock(),
  },
  (t) => [
    uniqueIndex('files_storage_key_uq').on(t.storageKey),
    index('files_purge_idx').on(t.updatedAt).where(sql`valid = 0 and object_deleted_at is null`),
    index('files_owner_idx').on(t.ownerId, t.createdAt),
    index('files_sha256_idx').on(t.sha256),
  ],
);

/**
 * A short link `/s/{code}` (spec §7 short URL: exp, limit, pwd, direct, sub, urls). `used` counts
 * downloads; one conditional UPDATE both checks and counts, so a limit of N admits exactly N.
 */
export const shortLinks = pgTable(
  'short_links',
  {
    id: idColumn(),
    /** The random public id of the link. */
    code: text('code').notNull(),
    /** argon2id hash of the password, when the link has one. */
    passwordHash: text('password_hash'),
    expiresAt: timestamptz('expires_at').notNull(),
    /** null: no limit. */
    accessLimit: integer('access_limit'),
    used: integer('used').notNull().default(0),
    direct: boolean('direct').notNull().default(false),
    sub: text('sub'),
    /** Ids (decimal strings) of the shared files, in the order given. */
    fileIds: jsonb('file_ids').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    ...auditBlock(),
  },
  (t) => [uniqueIndex('short_links_code_uq').on(t.code), index('short_links_expires_idx').on(t.expiresAt)],
);

/**
 * Wrong share-link passwords (issue 10 finding 4), per link and address (`link:{code}:{ip}`) and per
 * address across all links (`ip:{ip}`); kept here so every server process sees the same counts.
 * Housekeeping removes rows whose window and lock are over.
 */
export const shareThrottle = pgTable(
  'share_throttle',
  {
    key: text('key').primaryKey(),
    failures: integer('failures').notNull().default(0),
    windowStart: timestamptz('window_start').notNull().default(sql`now()`),
    lockedUntil: timestamptz('locked_until'),
  },
  (t) => [index('share_throttle_window_idx').on(t.windowStart)],
);

/** Band `i` of the pHash (domain/photo-integrity.ts HASH_BANDS), computed by the database itself. */
const band = (i: number) => {
  const { shift, bits } = HASH_BANDS[i]!;
  return smallint(`band${i}`)
    .notNull()
    .generatedAlwaysAs(sql.raw(`((phash >> ${shift}) & ${2 ** bits - 1})::smallint`));
};

/**
 * The evidence of an uploaded photo (issue 27, docs/adr/0019-photo-evidence.md), made once when the
 * upload completes (or on first need) and then only read: its EXIF capture time and GPS, its
 * upright size, its 64-bit pHash, and the print-size JPEG stored beside the original
 * (`{storageKey}.print.jpg`, like the thumbnail). The SHA-256 is the file row's. Near duplicates are
 * found through the seven band indexes (pigeonhole: distance ≤ 6 means one band is equal).
 */
export const photoEvidence = pgTable(
  'photo_evidence',
  {
    fileId: bigint('file_id', { mode: 'bigint' })
      .primaryKey()
      .references(() => files.id),
    /** Upright (EXIF orientation applied) size of the original, in pixels. */
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** Whether the image carries any EXIF block at all. */
    hasExif: boolean('has_exif').notNull(),
    /** EXIF DateTimeOriginal as the camera's clock showed it, `YYYY-MM-DDTHH:mm:ss`; null when missing. */
    capturedAt: text('captured_at'),
    /** EXIF OffsetTimeOriginal (`+08:00`) when the camera wrote one. */
    capturedOffset: text('captured_offset'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** pHash (DCT of 32 × 32 grey, 8 × 8 low frequencies against their mean; sharp-phash), as int8. */
    phash: bigint('phash', { mode: 'bigint' }).notNull(),
    band0: band(0),
    band1: band(1),
    band2: band(2),
    band3: band(3),
    band4: band(4),
    band5: band(5),
    band6: band(6),
    printWidth: integer('print_width').notNull(),
    printHeight: integer('print_height').notNull(),
    printSize: integer('print_size').notNull(),
    createdAt: timestamptz('created_at').notNull().default(sql`now()`),
  },
  (t) => [
    index('photo_evidence_band0_idx').on(t.band0),
    index('photo_evidence_band1_idx').on(t.band1),
    index('photo_evidence_band2_idx').on(t.band2),
    index('photo_evidence_band3_idx').on(t.band3),
    index('photo_evidence_band4_idx').on(t.band4),
    index('photo_evidence_band5_idx').on(t.band5),
    index('photo_evidence_band6_idx').on(t.band6),
  ],
);

import type { PhotoFlag } from '@qcdesk/contract/files';

// Photo integrity (issue 27, docs/adr/0019-photo-evidence.md): the 64-bit perceptual hash, its
// band index, and the flags an auditor sees beside an inspection photo. No database, no images.

/** Two photos whose 64-bit pHashes differ in at most this many bits are near duplicates. */
export const NEAR_DUPLICATE_MAX_DISTANCE = 6;

/**
 * The hash cut into NEAR_DUPLICATE_MAX_DISTANCE + 1 = 7 bands (10 + 6 × 9 bits, from the most
 * significant bit). Pigeonhole: 6 differing bits can touch at most 6 bands, so two hashes within
 * distance 6 agree exactly on at least one band, and an index per band finds every candidate.
 */
export const HASH_BANDS: ReadonlyArray<{ shift: number; bits: number }> = [
  { shift: 54, bits: 10 },
  { shift: 45, bits: 9 },
  { shift: 36, bits: 9 },
  { shift: 27, bits: 9 },
  { shift: 18, bits: 9 },
  { shift: 9, bits: 9 },
  { shift: 0, bits: 9 },
];

/**
 * A photo taken farther than this from the factory's location is flagged. Phone GPS is off by
 * 5–50 m outdoors and up to a few hundred metres inside a workshop or between tall buildings, and a
 * factory compound spans a few hundred metres; 1 km tolerates both, while a photo from another
 * town, or another industrial park, is still flagged.
 */
export const FACTORY_RADIUS_KM = 1;

/** The hash as stored: a signed int8 of the 64 bits (sharp-phash answers them as a '0'/'1' string). */
export function hashFromBits(bits: string): bigint {
  if (!/^[01]{64}$/.test(bits)) throw new Error(`not a 64-bit hash: ${bits}`);
  return BigInt.asIntN(64, BigInt(`0b${bits}`));
}

/** The band values of a hash, in HASH_BANDS order (what the stored band columns hold). */
export function hashBands(hash: bigint): number[] {
  const unsigned = BigInt.asUintN(64, hash);
  return HASH_BANDS.map(({ shift, bits }) =>
    Number((unsigned >> BigInt(shift)) & ((1n << BigInt(bits)) - 1n)),
  );
}

/** Differing bits of two 64-bit hashes. */
export function hammingDistance(a: bigint, b: bigint): number {
  let x = BigInt.asUintN(64, a ^ b);
  let n = 0;
  while (x > 0n) {
    x &= x - 1n;
    n++;
  }
  return n;
}

export interface LatLng {
  lat: number;
  lng: number;
}

const EARTH_RADIUS_KM = 6371.0088;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance (haversine), in km. */
export function haversineKm(a: LatLng, b: LatLng): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** When a photo was taken: the camera's wall clock, and its UTC offset when the EXIF says it. */
export interface Capture {
  /** `YYYY-MM-DDTHH:mm:ss`, as the camera's clock showed it. */
  local: string;
  /** `+08:00`, `-05:00` (EXIF OffsetTimeOriginal), or null. */
  offset: string | null;
}

const EXIF_DATE_TIME = /^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/;
const OFFSET = /^[+-](0\d|1[0-4]):[0-5]\d$/;

/**
 * The capture of EXIF DateTimeOriginal (`2026:11:20 10:15:30`) and OffsetTimeOriginal; null when
 * the date is missing, blank (`0000:00:00 00:00:00`, cameras without a set clock) or not a date.
 */
export function exifCapture(dateTime: unknown, offset: unknown): Capture | null {
  const m = typeof dateTime === 'string' ? EXIF_DATE_TIME.exec(dateTime.trim()) : null;
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m as unknown as [string, string, string, string, string, string, string];
  const local = `${y}-${mo}-${d}T${h}:${mi}:${s}`;
  const at = new Date(`${local}Z`);
  if (Number.isNaN(at.getTime()) || at.toISOString().slice(0, 19) !== local || Number(y) < 1990) return null;
  const off = typeof offset === 'string' && OFFSET.test(offset.trim()) ? offset.trim() : null;
  return { local, offset: off };
}

/**
 * The calendar date a photo was taken in `timeZone`: with an offset, the instant's date there;
 * without one, the camera clock's own date (phones keep local time, and an inspector's phone is
 * set to the factory's).
 */
export function captureDate(capture: Capture, timeZone: string): string {
  if (capture.offset === null) return capture.local.slice(0, 10);
  const at = new Date(`${capture.local}${capture.offset}`);
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/** What `photoFlags` reads of a photo's evidence (PhotoEvidence of the files area has it). */
export interface EvidenceFacts {
  capturedAt: string | null;
  capturedOffset: string | null;
  latitude: number | null;
  longitude: number | null;
}

export interface Duplicate {
  fileId: bigint;
  distance: number;
  /** The same bytes (equal SHA-256), not only a similar picture. */
  exact: boolean;
}

export interface FlagContext {
  /** The inspection's date, `YYYY-MM-DD`. */
  inspectionDate: string;
  /** Where that date is counted (the business time zone, Asia/Shanghai). */
  timeZone: string;
  factoryLocation?: LatLng | null;
  maxDistanceKm?: number;
  /** `findNearDuplicates` of the photo, outside the inspection's own photos. */
  duplicates: readonly Duplicate[];
}

/**
 * The flags of one photo, in a fixed order. A missing fact raises no flag of its own (no date: no
 * DATE_MISMATCH); NO_EXIF says the photo carries neither a capture date nor GPS, so nothing about
 * it could be checked. FAR_FROM_FACTORY needs both the photo's GPS and the factory's location.
 */
export function photoFlags(evidence: EvidenceFacts, context: FlagContext): PhotoFlag[] {
  const flags: PhotoFlag[] = [];
  const exact = context.duplicates.filter((d) => d.exact);
  const near = context.duplicates.filter((d) => !d.exact);
  if (exact.length > 0) flags.push({ code: 'DUPLICATE_ELSEWHERE', fileIds: exact.map((d) => d.fileId) });
  if (near.length > 0) {
    const distance = Math.min(...near.map((d) => d.distance));
    flags.push({ code: 'NEAR_DUPLICATE', fileIds: near.map((d) => d.fileId), distance });
  }
  const capture =
    evidence.capturedAt === null ? null : { local: evidence.capturedAt, offset: evidence.capturedOffset };
  if (capture) {
    const capturedOn = captureDate(capture, context.timeZone);
    if (capturedOn !== context.inspectionDate)
      flags.push({ code: 'DATE_MISMATCH', capturedOn, inspectionDate: context.inspectionDate });
  }
  const gps = evidence.latitude !== null && evidence.longitude !== null;
  if (!capture && !gps) flags.push({ code: 'NO_EXIF' });
  if (gps && context.factoryLocation) {
    const km = haversineKm({ lat: evidence.latitude!, lng: evidence.longitude! }, context.factoryLocation);
    if (km > (context.maxDistanceKm ?? FACTORY_RADIUS_KM))
      flags.push({ code: 'FAR_FROM_FACTORY', km: round2(km) });
  }
  return flags;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

import { describe, expect, it } from 'vitest';
import {
  captureDate,
  type EvidenceFacts,
  exifCapture,
  type FlagContext,
  HASH_BANDS,
  hammingDistance,
  hashBands,
  hashFromBits,
  haversineKm,
  NEAR_DUPLICATE_MAX_DISTANCE,
  photoFlags,
} from './photo-integrity';

// Photo integrity (issue 27): hash bands, distances, EXIF dates and the auditor's flags.

const bits = (hash: bigint) => BigInt.asUintN(64, hash).toString(2).padStart(64, '0');
/** `hash` with the given bit positions (0 = least significant) flipped. */
const flip = (hash: bigint, ...positions: number[]) =>
  BigInt.asIntN(
    64,
    positions.reduce((h, p) => h ^ (1n << BigInt(p)), BigInt.asUintN(64, hash)),
  );

describe('hash and bands', () => {
  it('covers the 64 bits with 7 bands, one more than the near-duplicate distance', () => {
    expect(HASH_BANDS).toHaveLength(NEAR_DUPLICATE_MAX_DISTANCE + 1);
    expect(HASH_BANDS.reduce((n, b) => n + b.bits, 0)).toBe(64);
    const covered = HASH_BANDS.flatMap(({ shift, bits: n }) =>
      Array.from({ length: n }, (_, i) => shift + i),
    );
    expect(new Set(covered).size).toBe(64);
  });

  it.each([
    ['0'.repeat(64), 0n, [0, 0, 0, 0, 0, 0, 0]],
    ['1'.repeat(64), -1n, [1023, 511, 511, 511, 511, 511, 511]],
    [`1${'0'.repeat(63)}`, -(2n ** 63n), [512, 0, 0, 0, 0, 0, 0]],
    [`${'0'.repeat(63)}1`, 1n, [0, 0, 0, 0, 0, 0, 1]],
  ])('%s is %d, bands %j', (text, hash, bands) => {
    expect(hashFromBits(text)).toBe(hash);
    expect(bits(hash)).toBe(text);
    expect(hashBands(hash)).toEqual(bands);
  });

  it('refuses what is not 64 bits', () => {
    expect(() => hashFromBits('0101')).toThrow();
    expect(() => hashFromBits('2'.repeat(64))).toThrow();
  });

  it.each([
    [0n, 0n, 0],
    [0n, -1n, 64],
    [0x0fn, 0xf0n, 8],
    [-(2n ** 63n), 0n, 1],
  ])('distance of %d and %d is %d', (a, b, d) => {
    expect(hammingDistance(a, b)).toBe(d);
  });

  it('any 6 flipped bits leave at least one band equal (the index finds every near duplicate)', () => {
    let seed = 12345;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed;
    };
    for (let round = 0; round < 2000; round++) {
      const hash = BigInt.asIntN(64, (BigInt(next()) << 33n) ^ (BigInt(next()) << 2n) ^ BigInt(next()));
      const positions = new Set<number>();
      while (positions.size < NEAR_DUPLICATE_MAX_DISTANCE) positions.add(next() % 64);
      const other = flip(hash, ...positions);
      expect(hammingDistance(hash, other)).toBe(NEAR_DUPLICATE_MAX_DISTANCE);
      const a = hashBands(hash);
      const b = hashBands(other);
      expect(a.some((v, i) => v === b[i])).toBe(true);
    }
  });
});

describe('EXIF capture time', () => {
  it.each([
    ['2026:11:20 10:15:30', '+08:00', { local: '2026-11-20T10:15:30', offset: '+08:00' }],
    ['2026:11:20 10:15:30', undefined, { local: '2026-11-20T10:15:30', offset: null }],
    ['2026:11:20 10:15:30', '08:00', { local: '2026-11-20T10:15:30', offset: null }],
    ['0000:00:00 00:00:00', undefined, null],
    ['2026:02:30 10:00:00', undefined, null],
    ['    :  :     :  :  ', undefined, null],
    [undefined, '+08:00', null],
    [new Date(), undefined, null],
  ])('%s %s → %j', (dateTime, offset, capture) => {
    expect(exifCapture(dateTime, offset)).toEqual(capture);
  });

  it.each([
    [{ local: '2026-11-20T23:30:00', offset: null }, '2026-11-20'],
    [{ local: '2026-11-20T23:30:00', offset: '+08:00' }, '2026-11-20'],
    // 23:30 in New York is 12:30 the next day in Shanghai.
    [{ local: '2026-11-20T23:30:00', offset: '-05:00' }, '2026-11-21'],
    [{ local: '2026-11-21T01:00:00', offset: '+09:00' }, '2026-11-21'],
    [{ local: '2026-11-21T00:30:00', offset: '+09:00' }, '2026-11-20'],
  ])('%j is taken on %s in Shanghai', (capture, date) => {
    expect(captureDate(capture, 'Asia/Shanghai')).toBe(date);
  });
});

describe('haversine', () => {
  it.each([
    [{ lat: 22.5431, lng: 114.0579 }, { lat: 22.5431, lng: 114.0579 }, 0, 0.001],
    // Shenzhen to Guangzhou city centres: about 104 km.
    [{ lat: 22.5431, lng: 114.0579 }, { lat: 23.1291, lng: 113.2644 }, 104, 2],
    // 0.01° of latitude is 1.11 km anywhere.
    [{ lat: 30, lng: 120 }, { lat: 30.01, lng: 120 }, 1.112, 0.002],
  ])('%j to %j is %d km', (a, b, km, tolerance) => {
    expect(Math.abs(haversineKm(a, b) - km)).toBeLessThanOrEqual(tolerance);
  });
});

describe('photoFlags', () => {
  const factory = { lat: 22.5431, lng: 114.0579 };
  const full: EvidenceFacts = {
    capturedAt: '2026-11-20T10:15:30',
    capturedOffset: '+08:00',
    latitude: 22.545,
    longitude: 114.058,
  };
  const context: FlagContext = {
    inspectionDate: '2026-11-20',
    timeZone: 'Asia/Shanghai',
    factoryLocation: factory,
    duplicates: [],
  };
  const none: EvidenceFacts = { capturedAt: null, capturedOffset: null, latitude: null, longitude: null };

  it.each<[string, EvidenceFacts, Partial<FlagContext>, unknown[]]>([
    ['a clean photo', full, {}, []],
    ['no EXIF at all', none, {}, [{ code: 'NO_EXIF' }]],
    ['a date but no GPS', { ...none, capturedAt: '2026-11-20T09:00:00' }, {}, []],
    ['GPS but no date', { ...full, capturedAt: null, capturedOffset: null }, {}, []],
    [
      'taken the day before',
      { ...full, capturedAt: '2026-11-19T18:00:00' },
      {},
      [{ code: 'DATE_MISMATCH', capturedOn: '2026-11-19', inspectionDate: '2026-11-20' }],
    ],
    [
      'taken late in UTC-5, already the inspection day in Shanghai',
      { ...full, capturedAt: '2026-11-19T23:30:00', capturedOffset: '-05:00' },
      {},
      [],
    ],
    ['5 km from the factory', { ...full, latitude: 22.5881 }, {}, [{ code: 'FAR_FROM_FACTORY', km: 5 }]],
    ['5 km away, with a wider radius', { ...full, latitude: 22.5881 }, { maxDistanceKm: 6 }, []],
    ['far, but the factory has no location', { ...full, latitude: 30 }, { factoryLocation: null }, []],
    [
      'copied from another file, and nearly from two others',
      full,
      {
        duplicates: [
          { fileId: 7n, distance: 0, exact: true },
          { fileId: 8n, distance: 4, exact: false },
          { fileId: 9n, distance: 2, exact: false },
        ],
      },
      [
        { code: 'DUPLICATE_ELSEWHERE', fileIds: [7n] },
        { code: 'NEAR_DUPLICATE', fileIds: [8n, 9n], distance: 2 },
      ],
    ],
    [
      'everything wrong at once',
      { ...none, latitude: 40, longitude: 116 },
      { duplicates: [{ fileId: 3n, distance: 0, exact: true }] },
      [
        { code: 'DUPLICATE_ELSEWHERE', fileIds: [3n] },
        { code: 'FAR_FROM_FACTORY', km: 1950 },
      ],
    ],
  ])('%s', (_name, evidence, overrides, flags) => {
    // Distances to the kilometre.
    const result = photoFlags(evidence, { ...context, ...overrides });
    expect(result.map((f) => ('km' in f ? { ...f, km: Math.round(f.km) } : f))).toEqual(flags);
  });
});

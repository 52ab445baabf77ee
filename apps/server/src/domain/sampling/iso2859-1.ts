// ISO 2859-1 Table 1 (DOMAIN.md §6.2): lot-size bands → code letter per inspection level. It seeds
// the `aql` list; the plans of a letter are in `plans.ts`.

export const CODE_LETTERS = [
  'A',
  'B',
  'C',
  'D',
  'E',
  'F',
  'G',
  'H',
  'J',
  'K',
  'L',
  'M',
  'N',
  'P',
  'Q',
  'R',
] as const;
export type CodeLetter = (typeof CODE_LETTERS)[number];

/** Table 1 lot-size bands; the last is open-ended. */
export const LOT_BANDS: readonly (readonly [number, number | null])[] = [
  [2, 8],
  [9, 15],
  [16, 25],
  [26, 50],
  [51, 90],
  [91, 150],
  [151, 280],
  [281, 500],
  [501, 1200],
  [1201, 3200],
  [3201, 10000],
  [10001, 35000],
  [35001, 150000],
  [150001, 500000],
  [500001, null],
];

/** Table 1: the code letter of each band, per inspection level. */
export const TABLE_1: Readonly<Record<string, string>> = {
  S1: 'AAAABBBBCCCCDDD',
  S2: 'AAABBBCCCDDDEEE',
  S3: 'AABBCCDDEEFFGGH',
  S4: 'AABCCDEEFGGHJJK',
  I: 'AABCCDEFGHJKLMN',
  II: 'ABCDEFGHJKLMNPQ',
  III: 'BCDEFGHJKLMNPQR',
};

export interface AqlBand {
  minLot: number;
  maxLot: number | null;
  letter: string;
}

/** The `values` of the `aql` row of one level. */
export function table1Bands(level: string): AqlBand[] {
  const letters = TABLE_1[level];
  if (!letters) throw new Error(`no ISO 2859-1 level ${level}`);
  return LOT_BANDS.map(([minLot, maxLot], i) => ({ minLot, maxLot, letter: letters[i]! }));
}

/** The letter of the band holding the lot size; a lot of 1 takes the first band (inspect the unit). */
export function codeLetter(bands: readonly AqlBand[], lotSize: number): string {
  const band = bands.find((b) => lotSize >= b.minLot && (b.maxLot === null || lotSize <= b.maxLot));
  return (band ?? bands[0]!).letter;
}

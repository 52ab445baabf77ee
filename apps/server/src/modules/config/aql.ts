import { z } from 'zod';
import table2a from './data/iso2859-1-table2a-normal.json';

// ISO 2859-1, single sampling, normal inspection (DOMAIN.md §6.2). Table 1 (lot bands → code
// letter per inspection level) seeds the `aql` list; Table 2-A (letter × AQL → Ac/Re or an arrow)
// is a read-only constant copied from ../shared/data.

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

/** Table 2-A by code letter: the sample size `n` and, by AQL, Ac/Re or an arrow to follow. */
const TABLE_2A = z
  .record(
    z.string(),
    z
      .object({ n: z.number() })
      .catchall(z.union([z.tuple([z.number(), z.number()]), z.enum(['up', 'down'])])),
  )
  .parse(table2a);

export function sampleSize(letter: string): number {
  return TABLE_2A[letter]!.n;
}

export interface SamplingPlan {
  letter: string;
  n: number;
  ac: number;
  re: number;
}

/**
 * Ac/Re of one defect class (§6.2 step 4): follow the arrows of Table 2-A to the first row with a
 * pair; the plan is that row's letter, sample size and Ac/Re together. AQL 0 (and critical
 * defects) take Ac 0 / Re 1 at the Table 1 letter (§6.2 step 5).
 */
export function samplingPlan(letter: string, aql: number): SamplingPlan {
  if (aql === 0) return { letter, n: sampleSize(letter), ac: 0, re: 1 };
  const key = String(aql);
  let index = CODE_LETTERS.indexOf(letter as CodeLetter);
  for (let steps = 0; steps < CODE_LETTERS.length; steps++) {
    const current = CODE_LETTERS[index]!;
    const cell = TABLE_2A[current]?.[key];
    if (cell === undefined) throw new Error(`AQL ${key} is not a column of Table 2-A`);
    if (Array.isArray(cell)) return { letter: current, n: sampleSize(current), ac: cell[0], re: cell[1] };
    index += cell === 'down' ? 1 : -1;
    if (index < 0 || index >= CODE_LETTERS.length) break;
  }
  throw new Error(`Table 2-A has no plan for ${letter} at AQL ${key}`);
}

import { describe, expect, it } from 'vitest';
import { codeLetter, samplingPlan, table1Bands } from './aql';

// The worked examples of DOMAIN.md §6.2 (level II, major 2.5 / minor 4.0).
describe('ISO 2859-1 sampling plans', () => {
  const II = table1Bands('II');

  it.each([
    [3000, 'K', 125, [7, 8], [10, 11]],
    [500, 'H', 50, [3, 4], [5, 6]],
    [4000, 'L', 200, [10, 11], [14, 15]],
  ])('lot %i → %s, n %i', (lot, letter, n, major, minor) => {
    expect(codeLetter(II, lot)).toBe(letter);
    expect(samplingPlan(letter, 2.5)).toEqual({ letter, n, ac: major[0], re: major[1] });
    expect(samplingPlan(letter, 4)).toEqual({ letter, n, ac: minor[0], re: minor[1] });
  });

  it('follows the arrows: lot 50 → D; 2.5 points up to C, 4.0 down to E', () => {
    expect(codeLetter(II, 50)).toBe('D');
    expect(samplingPlan('D', 2.5)).toEqual({ letter: 'C', n: 5, ac: 0, re: 1 });
    expect(samplingPlan('D', 4)).toEqual({ letter: 'E', n: 13, ac: 1, re: 2 });
  });

  it('gives AQL 0 (and critical defects) Ac 0 / Re 1 at the Table 1 letter', () => {
    expect(samplingPlan('K', 0)).toEqual({ letter: 'K', n: 125, ac: 0, re: 1 });
  });

  it('has 15 bands per level, the last open, and a lot of 1 in the first band', () => {
    for (const level of ['I', 'II', 'III', 'S1', 'S2', 'S3', 'S4']) {
      const bands = table1Bands(level);
      expect(bands).toHaveLength(15);
      expect(bands.at(-1)).toMatchObject({ minLot: 500001, maxLot: null });
    }
    expect(codeLetter(II, 1)).toBe('A');
    expect(codeLetter(table1Bands('S1'), 1_000_000)).toBe('D');
  });
});

import { describe, expect, it } from 'vitest';
import { CODE_LETTERS, codeLetter, TABLE_1, table1Bands } from './iso2859-1';
import { AQL_KEYS, aqlKey, classPlan, lotAccepted, lotPlan, SEVERITIES } from './plans';

// The worked examples of DOMAIN.md §6.2 (level II, major 2.5 / minor 4.0), and the tables' shape.
describe('ISO 2859-1 sampling plans', () => {
  const II = table1Bands('II');

  it.each([
    [3000, 'K', 125, [7, 8], [10, 11]],
    [500, 'H', 50, [3, 4], [5, 6]],
    [4000, 'L', 200, [10, 11], [14, 15]],
  ])('lot %i → %s, n %i', (lot, letter, n, major, minor) => {
    expect(codeLetter(II, lot)).toBe(letter);
    expect(classPlan('normal', letter, 2.5)).toEqual({ letter, n, ac: major[0], re: major[1] });
    expect(classPlan('normal', letter, '4.0')).toEqual({ letter, n, ac: minor[0], re: minor[1] });
  });

  it('follows the arrows: lot 50 → D; 2.5 points up to C, 4.0 down to E; 13 units are drawn', () => {
    expect(codeLetter(II, 50)).toBe('D');
    expect(classPlan('normal', 'D', 2.5)).toEqual({ letter: 'C', n: 5, ac: 0, re: 1 });
    expect(classPlan('normal', 'D', 4)).toEqual({ letter: 'E', n: 13, ac: 1, re: 2 });
    const plan = lotPlan('normal', 'D', 50, { major: 2.5, minor: 4 });
    expect(plan).toMatchObject({ drawn: 13, hundredPercent: false });
  });

  it('gives AQL 0 (and critical defects) Ac 0 / Re 1 at the letter', () => {
    expect(classPlan('normal', 'K', 0)).toEqual({ letter: 'K', n: 125, ac: 0, re: 1 });
    expect(lotPlan('normal', 'K', 3000, { major: 2.5, minor: 4 }).critical).toEqual({
      letter: 'K',
      n: 125,
      ac: 0,
      re: 1,
    });
  });

  it('has the corrected cells of the Z1.4 tables (A/10 and R/0.015 were wrong in the old copy)', () => {
    expect(classPlan('normal', 'A', 10)).toEqual({ letter: 'C', n: 5, ac: 1, re: 2 });
    expect(classPlan('normal', 'R', '0.015')).toEqual({ letter: 'P', n: 800, ac: 0, re: 1 });
  });

  it('reads tightened (up to n 3150, letter S) and reduced (Z1.4 gap between Ac and Re)', () => {
    expect(classPlan('tightened', 'K', 2.5)).toEqual({ letter: 'K', n: 125, ac: 5, re: 6 });
    expect(classPlan('reduced', 'K', 2.5)).toEqual({ letter: 'K', n: 50, ac: 3, re: 6 });
    expect(classPlan('tightened', 'Q', '0.025')).toEqual({ letter: 'S', n: 3150, ac: 1, re: 2 });
  });

  it('caps every n at the lot: a lot of 3 is inspected whole', () => {
    const plan = lotPlan('normal', 'A', 3, { major: '0.65', minor: '1.0' });
    expect(plan.drawn).toBe(3);
    expect(plan.hundredPercent).toBe(true);
    expect(plan.major.n).toBe(3);
  });

  it('accepts a lot only while every class is below its Re', () => {
    const plan = lotPlan('normal', 'K', 3000, { major: 2.5, minor: 4 });
    expect(lotAccepted(plan, { critical: 0, major: 7, minor: 10 })).toBe(true);
    expect(lotAccepted(plan, { critical: 1, major: 0, minor: 0 })).toBe(false);
    expect(lotAccepted(plan, { critical: 0, major: 8, minor: 0 })).toBe(false);
    expect(lotAccepted(plan, { critical: 0, major: 0, minor: 11 })).toBe(false);
  });

  it('has a plan for every letter × AQL × severity, with Re > Ac and the arrow target a real row', () => {
    for (const severity of SEVERITIES) {
      for (const letter of CODE_LETTERS) {
        for (const key of AQL_KEYS) {
          const plan = classPlan(severity, letter, key);
          expect(plan.re).toBeGreaterThan(plan.ac);
          expect(plan.letter).toMatch(/^[A-HJ-NP-S]$/);
        }
      }
    }
  });

  it('plans every level × lot band × AQL × severity: drawn = the largest class n capped at the lot; tightened never looser, reduced never larger', () => {
    let plans = 0;
    for (const level of Object.keys(TABLE_1)) {
      for (const band of table1Bands(level)) {
        for (const lot of [band.minLot, band.maxLot ?? 1_000_000]) {
          const letter = codeLetter(table1Bands(level), lot);
          expect(letter).toBe(band.letter);
          for (const key of AQL_KEYS) {
            const aql = { major: key, minor: key };
            const [normal, tightened, reduced] = SEVERITIES.map((s) => lotPlan(s, letter, lot, aql));
            for (const plan of [normal!, tightened!, reduced!]) {
              plans += 1;
              const largest = Math.max(plan.critical.n, plan.major.n, plan.minor.n);
              expect(plan.drawn).toBe(largest);
              expect(plan.drawn).toBeLessThanOrEqual(lot);
              expect(plan.hundredPercent).toBe(plan.drawn >= lot);
              expect(plan.critical).toMatchObject({ ac: 0, re: 1 });
            }
            const uncapped = (s: (typeof SEVERITIES)[number]) => classPlan(s, letter, key);
            // At the same sample size, tightened accepts no more defects than normal.
            if (uncapped('tightened').n === uncapped('normal').n)
              expect(uncapped('tightened').ac).toBeLessThanOrEqual(uncapped('normal').ac);
            expect(uncapped('reduced').n).toBeLessThanOrEqual(uncapped('normal').n);
          }
        }
      }
    }
    expect(plans).toBe(7 * 15 * 2 * 26 * 3);
  });

  it('keys AQLs however they are written, and knows no others', () => {
    expect(aqlKey(1)).toBe('1.0');
    expect(aqlKey('0.1')).toBe('0.10');
    expect(aqlKey(0.065)).toBe('0.065');
    expect(aqlKey(3)).toBeNull();
    expect(() => classPlan('normal', 'K', 3)).toThrow();
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

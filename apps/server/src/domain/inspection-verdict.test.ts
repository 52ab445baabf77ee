import { describe, expect, it } from 'vitest';
import { assistScore, leadScore, productFactor, roundHalfUp, sizeFactor } from './inspection-score';
import {
  computeVerdict,
  levelTwoTriggers,
  outOfTolerance,
  preResultAllowed,
  type VerdictFacts,
} from './inspection-verdict';

// DOMAIN.md §6.3 (the verdict, the pre-result rule), §4.4 (level-2 triggers), §6.6 (scores), §6.13.

const clean: VerdictFacts = {
  re: { major: 8, minor: 11 },
  counts: { critical: 0, major: 0, minor: 0 },
  safetyTestFailed: false,
  pullTestFailed: false,
  otherTestFailed: false,
  applied: 1000,
  presented: 1000,
  packed: 1000,
  minProducedPct: 100,
  minPackedPct: 80,
  weightOutOfTolerance: false,
  cartonOutOfTolerance: false,
  sectionMarked: false,
};

describe('the verdict (§6.3)', () => {
  it.each([
    [{}, 1, []],
    [{ counts: { critical: 1, major: 0, minor: 0 } }, 4, ['CRITICAL']],
    [{ counts: { critical: 0, major: 7, minor: 10 } }, 1, []], // below Re on both
    [{ counts: { critical: 0, major: 8, minor: 0 } }, 4, ['MAJOR_RE']],
    [{ counts: { critical: 0, major: 0, minor: 11 } }, 4, ['MINOR_RE']],
    [{ safetyTestFailed: true }, 4, ['SAFETY_TEST_FAILED']],
    [{ pullTestFailed: true }, 4, ['PULL_TEST_FAILED']],
    [{ presented: 999 }, 2, ['PRODUCED_LOW']],
    [{ packed: 799 }, 2, ['PACKED_LOW']],
    [{ packed: 800 }, 1, []],
    [{ weightOutOfTolerance: true }, 2, ['WEIGHT_TOLERANCE']],
    [{ cartonOutOfTolerance: true }, 2, ['CARTON_TOLERANCE']],
    [{ otherTestFailed: true }, 2, ['TEST_FAILED']],
    [{ sectionMarked: true }, 2, ['SECTION_MARKED']],
    [{ re: null, counts: { critical: 0, major: 50, minor: 50 } }, 1, []], // no sample plan
    [{ sectionMarked: true, counts: { critical: 0, major: 9, minor: 0 } }, 4, ['MAJOR_RE']],
  ] as const)('%o → %i %o', (change, result, reasons) => {
    expect(computeVerdict({ ...clean, ...change })).toEqual({ result, reasons });
  });

  it('DUPRO needs 20 % produced, IPC nothing', () => {
    expect(computeVerdict({ ...clean, minProducedPct: 20, presented: 200 }).result).toBe(1);
    expect(computeVerdict({ ...clean, minProducedPct: 20, presented: 199 }).result).toBe(2);
    expect(
      computeVerdict({ ...clean, minProducedPct: 0, minPackedPct: 0, presented: 1, packed: 0 }).result,
    ).toBe(1);
  });
});

describe('the pre-result (§6.3 rule 6)', () => {
  it.each([
    [1, 1, true],
    [2, 1, true], // worse
    [1, 2, false], // better: E_RESULT_BETTER
    [4, 2, true],
    [3, 4, true], // rework for a fail
    [3, 2, true], // worse than conditional
    [2, 4, false],
    [5, 1, true],
    [6, 4, true],
    [0, 1, false],
  ])('pre %i with computed %i → %s', (pre, computed, ok) => {
    expect(preResultAllowed(pre, computed)).toBe(ok);
  });
});

describe('level-2 triggers (§4.4)', () => {
  const base = { result: 1, computed: 1, preResult: 1, critical: 0, sampleOverride: false };
  it.each([
    [{}, []],
    [{ result: 2, computed: 2, preResult: 2 }, ['RESULT']],
    [{ result: 3, computed: 4, preResult: 3 }, ['RESULT']], // rework is not "better"
    [{ result: 4, computed: 4, preResult: 4, critical: 1 }, ['RESULT', 'CRITICAL']],
    [{ computed: 2, preResult: 2 }, ['BETTER_THAN_COMPUTED', 'BETTER_THAN_PRE_RESULT']],
    [{ preResult: 2 }, ['BETTER_THAN_PRE_RESULT']],
    [{ sampleOverride: true }, ['SAMPLE_OVERRIDE']],
    [{ result: 5, computed: 4, preResult: 5 }, []],
  ])('%o → %o', (change, triggers) => {
    expect(levelTwoTriggers({ ...base, ...change })).toEqual(triggers);
  });
});

describe('scores (§6.6)', () => {
  it('rounds half up', () => {
    expect(roundHalfUp(5, 10)).toBe(1);
    expect(roundHalfUp(4, 10)).toBe(0);
    expect(roundHalfUp(15, 2)).toBe(8);
  });

  it.each([
    [124, true, 100],
    [125, true, 120],
    [499, true, 120],
    [500, true, 150],
    [2000, false, 100],
  ])('size factor of n %i (AQL %s) is %i', (n, usesAql, factor) => {
    expect(sizeFactor(n, usesAql)).toBe(factor);
  });

  it('caps the product factor at 1.5', () => {
    expect([1, 2, 6, 9].map(productFactor)).toEqual([100, 110, 150, 150]);
  });

  it.each([
    // base, n, products, result, interim → lead
    [100, 125, 1, 1, false, 120], // PSI 1.00 × 1.2
    [100, 500, 3, 4, false, 180], // × 1.5 × 1.2
    [80, 80, 2, 2, false, 88], // DUPRO 0.80 × 1.0 × 1.1
    [80, 80, 2, 2, true, 44],
    [100, 125, 1, 5, false, 30], // no report: 30 % of base
    [150, 0, 1, 6, false, 45],
    [85, 80, 1, 1, true, 43], // 42.5 → 43
  ])(
    'base %i, n %i, %i products, result %i, interim %s → %i',
    (baseScore, sampleSize, products, result, interim, lead) => {
      expect(leadScore({ baseScore, sampleSize, usesAql: true, products, result, interim })).toBe(lead);
    },
  );

  it('gives each assistant the ratio of the lead score, half up', () => {
    expect(assistScore(120, 0.5)).toBe(60);
    expect(assistScore(43, 0.5)).toBe(22);
  });
});

describe('tolerance (§6.13)', () => {
  it.each([
    [10, 10.5, 5, false],
    [10, 10.51, 5, true],
    [10, 9.49, 5, true],
    [null, 3, 5, false],
    [0, 3, 5, false],
  ])('spec %s, actual %s, %i %% → %s', (spec, actual, pct, out) => {
    expect(outOfTolerance(spec, actual, pct)).toBe(out);
  });
});

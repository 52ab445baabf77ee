import { describe, expect, it } from 'vitest';
import { reasonOf } from '../../../test/support/refusals';
import { worstResult } from '../../domain/test-results';
import type { Principal } from '../../platform/auth';
import { mayRetest, reportActions, resultOf, settledResult } from './test-report.rules';

// The pure rules of test reports (DOMAIN.md §4.10, §6.4, §7.3).

describe('§6.4 worst-of (order risk’s, shared)', () => {
  it.each([
    [[1, 1], 1],
    [[1, 3, 2], 3],
    [[1, 0], 0],
    [[2, 0], 0],
    [[1, 2, 5], 2],
    [[1, 5, 6], 5],
    [[1, 6], 6],
    [[4, 1], 1],
    [[4, 4], 4],
    [[], 0],
  ])('%j → %i', (results, worst) => expect(worstResult(results)).toBe(worst));
});

describe('resultOf (result/update, §7.3)', () => {
  it.each([
    ['every item resulted, a file', [1, 3], 1, undefined, 3],
    ['a hand-set worse result is kept', [1, 1], 1, 2, 2],
    ['a hand-set equal result', [2, 1], 1, 2, 2],
  ])('%s', (_name, items, files, handSet, result) => expect(resultOf(items, files, handSet)).toBe(result));

  it.each([
    ['an item still not out', [1, 0], 1, undefined, 'E_TR_NOT_OUT'],
    ['no items', [], 1, undefined, 'E_TR_NOT_OUT'],
    ['no file', [1, 1], 0, undefined, 'E_TR_FILE_REQUIRED'],
    ['a hand-set pass over a fail', [3, 1], 1, 1, 'E_RESULT_INCONSISTENT'],
    ['a hand-set N/A over an improve', [2], 1, 4, 'E_RESULT_INCONSISTENT'],
  ])('refuses %s', (_name, items, files, handSet, reason) =>
    expect(reasonOf(() => resultOf(items, files, handSet))).toBe(reason),
  );
});

describe('settledResult (test order 30 → 40, §4.9)', () => {
  it.each([
    [[{ status: 30, result: 1 }], 1],
    [
      [
        { status: 40, result: 1 },
        { status: 80, result: 3 },
      ],
      3,
    ],
    [
      [
        { status: 40, result: 1 },
        { status: 20, result: 1 },
      ],
      null,
    ],
    [
      [
        { status: 90, result: 3 },
        { status: 40, result: 1 },
      ],
      1,
    ],
    [[{ status: 90, result: 3 }], null],
  ])('%j → %s', (reports, result) => expect(settledResult(reports)).toBe(result));
});

describe('retest and the detail’s actions', () => {
  it('retests improve and fail only', () => {
    expect([0, 1, 2, 3, 4, 5, 6].filter(mayRetest)).toEqual([2, 3]);
  });

  const user = (id: bigint, ...permissions: string[]) =>
    ({ userId: id, permissions: new Set(permissions) }) as unknown as Principal;
  const report = { status: 20, result: 3, resultBy: 7n, valid: 1 };

  it('offers verify to another verifier, not to who entered the results', () => {
    expect(reportActions(report, user(8n, 'testreport.verify'))).toEqual(['verify', 'reject']);
    expect(reportActions(report, user(7n, 'testreport.verify'))).toEqual(['reject']);
  });

  it('offers retest for a failed report (with or without a test order, issue 24)', () => {
    const verified = { ...report, status: 30 };
    expect(reportActions(verified, user(8n, 'testreport.retest'))).toEqual(['retest']);
    expect(reportActions({ ...verified, result: 1 }, user(8n, 'testreport.retest'))).toEqual([]);
  });
});

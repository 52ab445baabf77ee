import { describe, expect, it } from 'vitest';
import { type ComplianceInput, complianceInWords, complianceOf, isExpired } from './compliance';

// Issue 25: a product's compliance over the published reports that concern it; expired reports are
// listed but do not count (DOMAIN.md §6.4 over the current ones).

const TODAY = '2026-11-28';
const report = (
  result: number,
  validUntil: string | null = null,
  reportDate: string | null = '2026-01-01',
): ComplianceInput => ({
  result,
  validUntil,
  reportDate,
});

describe('isExpired', () => {
  it.each<[string | null, boolean]>([
    [null, false],
    ['2026-11-27', true],
    ['2026-11-28', false], // the last valid day still counts
    ['2027-01-01', false],
  ])('valid until %s → %s', (validUntil, expired) => {
    expect(isExpired(validUntil, TODAY)).toBe(expired);
  });
});

describe('complianceOf (the worst current result)', () => {
  it.each<[string, ComplianceInput[], number | null, number]>([
    ['no report', [], null, 0],
    ['one pass without validity', [report(1)], 1, 0],
    ['pass and fail', [report(1), report(3)], 3, 0],
    ['a fail that expired no longer counts', [report(1, '2027-01-01'), report(3, '2026-11-01')], 1, 1],
    ['a fail valid through today counts', [report(1), report(3, TODAY)], 3, 0],
    ['every report expired', [report(1, '2026-01-01'), report(3, '2026-02-01')], null, 2],
    ['improve beats not supplied', [report(5), report(2)], 2, 0],
    ['not out beats improve', [report(2), report(0)], 0, 0],
    ['all N/A', [report(4), report(4)], 4, 0],
    ['N/A and pass', [report(4), report(1)], 1, 0],
  ])('%s', (_, reports, result, expired) => {
    const c = complianceOf(reports, TODAY);
    expect(c.result).toBe(result);
    expect(c.expired).toBe(expired);
    expect(c.reports).toHaveLength(reports.length);
  });

  it('lists the newest report first, each flagged', () => {
    const c = complianceOf(
      [report(1, '2026-01-01', '2025-01-01'), report(3, null, '2026-05-01'), report(2, null, null)],
      TODAY,
    );
    expect(c.reports.map((r) => [r.result, r.expired])).toEqual([
      [3, false],
      [1, true],
      [2, false],
    ]);
  });
});

describe('complianceInWords (the order export)', () => {
  it.each<[string, ComplianceInput[], string, string]>([
    ['no report', [], '', ''],
    ['current pass', [report(1)], 'Pass', '合格'],
    [
      'fail with one expired',
      [report(3), report(1, '2026-01-01')],
      'Fail (1 expired)',
      '不合格（1份已过期）',
    ],
    ['all expired', [report(1, '2026-01-01')], 'No current report (1 expired)', '无有效报告（1份已过期）'],
  ])('%s', (_, reports, en, zh) => {
    const c = complianceOf(reports, TODAY);
    expect(complianceInWords(c, 'en')).toBe(en);
    expect(complianceInWords(c, 'zh')).toBe(zh);
  });
});

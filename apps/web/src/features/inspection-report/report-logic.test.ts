import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { inspectionReportEn } from './inspection-report.en';
import { inspectionReportZh } from './inspection-report.zh';
import {
  approvalNeedsReason,
  codeText,
  LEVEL_TWO_TRIGGERS,
  PHOTO_FLAGS,
  resultNeedsRemark,
  stepQuantity,
  VERDICT_REASONS,
} from './report-logic';

describe('stepQuantity', () => {
  it('steps by one within 0 and the maximum', () => {
    expect(stepQuantity(5, 1, 10)).toBe(6);
    expect(stepQuantity(10, 1, 10)).toBe(10);
    expect(stepQuantity(0, -1)).toBe(0);
    expect(stepQuantity(7, -1)).toBe(6);
  });
  it('starts an empty or unreadable field at 0 and drops fractions', () => {
    expect(stepQuantity(null, 1)).toBe(1);
    expect(stepQuantity(undefined, -1)).toBe(0);
    expect(stepQuantity(Number.NaN, 1, 3)).toBe(1);
    expect(stepQuantity(2.7, 1)).toBe(3);
  });
  it('pulls a value above a lowered maximum back to it', () => {
    expect(stepQuantity(500, -1, 300)).toBe(300);
  });
});

describe('codeText', () => {
  const t = ((key: string) => `t:${key}`) as unknown as TFunction;
  it('translates the known codes of each group and shows an unknown one as it is', () => {
    expect(codeText('reasons', 'MAJOR_RE', t)).toBe('t:inspection-report.reasons.MAJOR_RE');
    expect(codeText('triggers', 'SAMPLE_OVERRIDE', t)).toBe('t:inspection-report.triggers.SAMPLE_OVERRIDE');
    expect(codeText('flags', 'NO_EXIF', t)).toBe('t:inspection-report.flags.NO_EXIF');
    expect(codeText('reasons', 'NEW_RULE', t)).toBe('NEW_RULE');
    // A code of another group is not taken for one of this group.
    expect(codeText('flags', 'CRITICAL', t)).toBe('CRITICAL');
  });
  it('has a text in both languages for every code', () => {
    for (const [group, codes] of [
      ['reasons', VERDICT_REASONS],
      ['triggers', LEVEL_TWO_TRIGGERS],
      ['flags', PHOTO_FLAGS],
    ] as const) {
      for (const code of codes) {
        const en = (inspectionReportEn[group] as Record<string, string>)[code];
        const zh = (inspectionReportZh[group] as Record<string, string>)[code];
        expect(en, `${group}.${code} en`).toBeTruthy();
        expect(zh, `${group}.${code} zh`).toBeTruthy();
        expect(zh).not.toBe(en);
      }
    }
  });
});

describe('approvalNeedsReason (§4.4: a result better than computed or than the pre-result)', () => {
  it.each([
    // chosen, computed, pre-result, reason needed
    [1, 1, 1, false],
    [4, 1, 1, false],
    [1, 2, 2, true],
    [2, 4, 4, true],
    [1, 1, 3, true],
    [3, 4, 3, false], // rework stands in for a computed fail
    [3, 4, 4, false],
    [5, 1, 1, false], // no report: not evaluated
    [1, 1, null, false],
  ] as const)('chosen %i, computed %i, pre-result %s → %s', (chosen, computed, pre, needed) => {
    expect(approvalNeedsReason(chosen, computed, pre)).toBe(needed);
  });
});

describe('resultNeedsRemark', () => {
  it('asks a remark for results 2 to 6 only', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map(resultNeedsRemark)).toEqual([
      false,
      false,
      true,
      true,
      true,
      true,
      true,
      false,
    ]);
  });
});

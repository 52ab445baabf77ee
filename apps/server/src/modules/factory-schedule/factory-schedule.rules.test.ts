import { describe, expect, it } from 'vitest';
import { checkRange, checkSchedule, monthRange, overlaps } from './factory-schedule.rules';

describe('factory schedule rules', () => {
  it.each([
    [{ type: 1, orderProductId: 1n, startDate: '2026-03-01', endDate: '2026-03-05' }, null],
    [{ type: 4, orderProductId: null, startDate: '2026-03-01', endDate: '2026-03-01' }, null],
    [{ type: 1, orderProductId: null, startDate: '2026-03-01', endDate: '2026-03-05' }, 'E_REQUIRED'],
    [{ type: 4, orderProductId: 1n, startDate: '2026-03-01', endDate: '2026-03-05' }, 'E_FORMAT'],
    [{ type: 4, orderProductId: null, startDate: '2026-03-05', endDate: '2026-03-01' }, 'E_DATE_RANGE'],
  ])('checks %o → %s', (shape, reason) => {
    if (reason === null) expect(() => checkSchedule(shape)).not.toThrow();
    else expect(() => checkSchedule(shape)).toThrow(reason);
  });

  it.each([
    ['2026-02', '2026-02-01', '2026-02-28'],
    ['2028-02', '2028-02-01', '2028-02-29'],
    ['2026-12', '2026-12-01', '2026-12-31'],
  ])('month %s spans %s..%s', (month, start, end) => {
    expect(monthRange(month)).toEqual({ startDate: start, endDate: end });
  });

  it.each([
    ['2026-03-01', '2026-03-10', true],
    ['2026-03-10', '2026-03-20', true],
    ['2026-03-11', '2026-03-20', false],
    ['2026-02-01', '2026-02-28', false],
  ])('a run 03-01..03-10 overlaps %s..%s: %s', (from, to, expected) => {
    expect(overlaps({ startDate: '2026-03-01', endDate: '2026-03-10' }, from, to)).toBe(expected);
  });

  it('reads at most 93 days at once', () => {
    expect(() => checkRange('2026-01-01', '2026-04-03')).not.toThrow();
    expect(() => checkRange('2026-01-01', '2026-04-04')).toThrow('E_RANGE');
  });
});

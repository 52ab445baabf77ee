import { scoreText } from '@qcdesk/contract/daily-work-report';
import { describe, expect, it } from 'vitest';
import {
  DAY_TENTHS,
  dayScore,
  dayTenths,
  type EarnedScore,
  monthRange,
  monthScore,
  type OpenTask,
  perManDay,
  predictedScore,
  tenthsText,
  toTenths,
} from './daily-score';

// DOMAIN.md §2.8 (hours ≤ 24 a day), §6.6 (daily score, scoring situation, predicted scoring).

describe('hours in tenths', () => {
  it.each([
    [0, 0],
    [7.5, 75],
    [0.1, 1],
    [23.9, 239],
    [24, 240],
  ])('%s h → %s tenths', (hours, tenths) => {
    expect(toTenths(hours)).toBe(tenths);
    expect(tenthsText(tenths)).toBe(hours.toFixed(1));
  });

  it.each([
    [[80, 40], 120, true],
    [[120, 120], 240, true],
    [[120, 121], 241, false],
    [[240, 10], 250, false],
  ])('works %j: %s tenths, within a day %s', (works, total, within) => {
    const sum = dayTenths(works.map((hoursTenths) => ({ hoursTenths })));
    expect(sum).toBe(total);
    expect(sum <= DAY_TENTHS).toBe(within);
  });
});

describe('month ranges', () => {
  it.each([
    [2026, 2, '2026-02-01', '2026-02-28'],
    [2028, 2, '2028-02-01', '2028-02-29'],
    [2026, 12, '2026-12-01', '2026-12-31'],
    [2026, 4, '2026-04-01', '2026-04-30'],
  ])('%s-%s', (year, month, from, to) => {
    expect(monthRange(year, month)).toEqual({ from, to });
  });
});

const earned: EarnedScore[] = [
  { date: '2026-11-02', score: 120, assistScore: 0 },
  { date: '2026-11-02', score: 0, assistScore: 60 },
  { date: '2026-11-03', score: 150, assistScore: 0 },
];

describe('the daily score (§6.6)', () => {
  it.each([
    ['2026-11-02', 120, 60],
    ['2026-11-03', 150, 0],
    ['2026-11-04', 0, 0],
  ])('%s: score %s, assist %s', (date, score, assistScore) => {
    expect(dayScore(earned, date)).toEqual({ score, assistScore });
  });
});

describe('the scoring situation (§6.6)', () => {
  it.each([
    // reports, plus days of daily reports: man-days are distinct days
    [earned, [], { score: 270, assistScore: 60, reports: 3, manDays: 2, scorePerManDay: 165 }],
    [
      earned,
      ['2026-11-02', '2026-11-05'],
      { score: 270, assistScore: 60, reports: 3, manDays: 3, scorePerManDay: 110 },
    ],
    // 330 ÷ 4 = 82.5 → 83 (half-up)
    [
      earned,
      ['2026-11-05', '2026-11-06'],
      { score: 270, assistScore: 60, reports: 3, manDays: 4, scorePerManDay: 83 },
    ],
    [[], [], { score: 0, assistScore: 0, reports: 0, manDays: 0, scorePerManDay: 0 }],
    [[], ['2026-11-01'], { score: 0, assistScore: 0, reports: 0, manDays: 1, scorePerManDay: 0 }],
  ])('%#', (e, days, expected) => {
    expect(monthScore(e as EarnedScore[], days as string[])).toEqual(expected);
  });

  it.each([
    [100, 3, 33],
    [200, 3, 67],
    [5, 2, 3],
    [0, 0, 0],
  ])('per man-day %s ÷ %s = %s', (total, days, expected) => {
    expect(perManDay(total, days)).toBe(expected);
  });
});

const task: OpenTask = {
  date: '2026-11-20',
  lead: true,
  baseScore: 100,
  usesAql: true,
  sampleSize: 80,
  products: 1,
};

describe('the predicted score of an open task (assumed passed)', () => {
  it.each([
    [{}, 100, 0],
    [{ sampleSize: 125 }, 120, 0],
    [{ sampleSize: 500, products: 3 }, 180, 0], // 100 × 1.5 × 1.2
    [{ sampleSize: 500, products: 9 }, 225, 0], // product factor capped at 1.5
    [{ usesAql: false, sampleSize: 800 }, 100, 0],
    [{ lead: false }, 0, 50],
    [{ lead: false, baseScore: 150, sampleSize: 200 }, 0, 90], // 180 × 0.5
    [{ lead: false, baseScore: 30 }, 0, 15],
    [{ lead: false, baseScore: 25 }, 0, 13], // 12.5 → 13
  ])('%j → score %s, assist %s', (over, score, assistScore) => {
    expect(predictedScore({ ...task, ...over }, 0.5)).toEqual({ date: task.date, score, assistScore });
  });
});

describe('scores shown ÷ 100 with one decimal, half-up', () => {
  it.each([
    [0, '0.0'],
    [100, '1.0'],
    [1234, '12.3'],
    [1235, '12.4'],
    [1249, '12.5'],
    [5, '0.1'],
    [4, '0.0'],
    [99_995, '1000.0'],
  ])('%s → %s', (x100, text) => {
    expect(scoreText(x100)).toBe(text);
  });
});

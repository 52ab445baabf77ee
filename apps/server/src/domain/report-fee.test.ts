import { describe, expect, it } from 'vitest';
import { dayTypeIn, type HolidayCalendar } from './calendar';
import { chargeableReport, feeFactor, feeOf, payerOf } from './report-fee';

// DOMAIN.md §6.12 "Fee": man-days share × fee per man-day × day factor (× abort factor for results
// 5–6), rounded half-up to the cent; travel from the daily reports' mileage × the vehicle's rate.

const factors = { weekend: 150, holiday: 200, abort: 100 };

// October 2026: the 1st is National Day (type 1), Sat 10 Oct an adjusted workday (type 3), Thu 8
// Oct an adjusted rest day (type 2).
const october: HolidayCalendar = new Map([
  ['2026-10-01', { date: '2026-10-01', dayType: 1, nameZh: '国庆', nameEn: 'National Day' }],
  ['2026-10-08', { date: '2026-10-08', dayType: 2, nameZh: '调休', nameEn: 'Rest' }],
  ['2026-10-10', { date: '2026-10-10', dayType: 3, nameZh: '补班', nameEn: 'Workday' }],
]);

const line = (over: Partial<Parameters<typeof feeOf>[0]> = {}) => ({
  planManDaysTenths: 10,
  shares: 1,
  dayType: 'WORKDAY' as const,
  result: 1,
  feePerManDayCents: 120_000n,
  factors,
  travel: [],
  ...over,
});

describe('fee of a row', () => {
  it.each([
    // date, day type, result, man-days (tenths), shares, fee per man-day, abort factor → factor, fee
    ['2026-10-12 Monday', '2026-10-12', 1, 10, 1, 120_000n, 100, 100, 120_000n],
    ['2026-10-17 Saturday', '2026-10-17', 1, 10, 1, 120_000n, 100, 150, 180_000n],
    ['2026-10-18 Sunday', '2026-10-18', 4, 10, 1, 120_000n, 100, 150, 180_000n],
    ['2026-10-01 National Day', '2026-10-01', 1, 10, 1, 120_000n, 100, 200, 240_000n],
    ['2026-10-08 adjusted rest day (Thu)', '2026-10-08', 1, 10, 1, 120_000n, 100, 150, 180_000n],
    ['2026-10-10 adjusted workday (Sat)', '2026-10-10', 1, 10, 1, 120_000n, 100, 100, 120_000n],
    ['lead and two assistants share 1 man-day', '2026-10-12', 1, 10, 3, 120_000n, 100, 100, 40_000n],
    ['a third of 398.00 rounds half-up', '2026-10-12', 1, 10, 3, 39_800n, 100, 100, 13_267n],
    ['1.5 man-days over 2 on a Saturday', '2026-10-17', 2, 15, 2, 39_800n, 100, 150, 44_775n],
    ['aborted (no report) at abort factor 1.0', '2026-10-12', 5, 10, 1, 120_000n, 100, 100, 120_000n],
    ['given up on a holiday at abort factor 0.5', '2026-10-01', 6, 10, 1, 120_000n, 50, 100, 120_000n],
    ['aborted on a Sunday at abort factor 0.5', '2026-10-18', 5, 10, 1, 120_000n, 50, 75, 90_000n],
    ['failed (4) is not aborted', '2026-10-12', 4, 10, 1, 120_000n, 50, 100, 120_000n],
  ] as const)('%s', (_name, date, result, tenths, shares, fee, abort, factor, cents) => {
    const dayType = dayTypeIn(october, date);
    const amounts = feeOf(
      line({
        dayType,
        result,
        planManDaysTenths: tenths,
        shares,
        feePerManDayCents: fee,
        factors: { ...factors, abort },
      }),
    );
    expect(amounts.factorHundredths).toBe(factor);
    expect(feeFactor(dayType, result, { ...factors, abort })).toBe(factor);
    expect(amounts.feeCents).toBe(cents);
    expect(amounts.totalCents).toBe(cents);
  });

  it.each([
    ['no works', [], 0n],
    ['12.5 km by car at 1.20', [{ mileageTenths: 125, ratePerKmCents: 120n }], 1_500n],
    [
      'car and taxi',
      [
        { mileageTenths: 125, ratePerKmCents: 120n },
        { mileageTenths: 33, ratePerKmCents: 260n },
      ],
      2_358n,
    ],
    ['0.1 km at 0.05 rounds half-up', [{ mileageTenths: 1, ratePerKmCents: 5n }], 1n],
  ] as const)('travel: %s', (_name, travel, cents) => {
    const amounts = feeOf(line({ travel }));
    expect(amounts.travelCents).toBe(cents);
    expect(amounts.totalCents).toBe(120_000n + cents);
  });

  it.each([
    [10, 1, 100],
    [10, 3, 33],
    [20, 3, 67],
    [15, 2, 75],
  ])('%i tenths over %i shares are %i hundredths of a man-day', (tenths, shares, hundredths) => {
    expect(feeOf(line({ planManDaysTenths: tenths, shares })).manDaysHundredths).toBe(hundredths);
  });
});

describe('who pays and what is charged', () => {
  it.each([
    [1, false, 'CLIENT'],
    [2, false, 'CLIENT'],
    [3, false, 'FACTORY'],
    [4, false, 'CLIENT'],
    [null, true, 'FACTORY'],
    [1, true, 'FACTORY'],
  ] as const)('apply type %s, late cancel %s: %s pays', (applyType, lateCancel, payer) => {
    expect(payerOf(applyType, lateCancel)).toBe(payer);
  });

  it.each([
    [false, 1, true],
    [false, 5, true],
    [false, 6, true],
    [false, 0, false],
    [true, 1, false],
    [true, 4, false],
  ])('interim %s with result %i is charged: %s', (interim, result, charged) => {
    expect(chargeableReport({ interim, result })).toBe(charged);
  });
});

import { describe, expect, it } from 'vitest';
import { dayTypeIn, type HolidayCalendar } from './calendar';
import { overtimeOf } from './report-overtime';

// DOMAIN.md §6.12 "Overtime": on a workday the hours beyond the standard day at 1.5, on a rest day
// every hour at 2.0, on a statutory holiday every hour at 3.0; leave (countsAsWork false) gives 0.

const october: HolidayCalendar = new Map([
  ['2026-10-01', { date: '2026-10-01', dayType: 1, nameZh: '国庆', nameEn: 'National Day' }],
  ['2026-10-08', { date: '2026-10-08', dayType: 2, nameZh: '调休', nameEn: 'Rest' }],
  ['2026-10-10', { date: '2026-10-10', dayType: 3, nameZh: '补班', nameEn: 'Workday' }],
]);

describe('overtime of a day', () => {
  it.each([
    // name, date, hours (tenths), counts as work, standard (tenths) → hours, OT, rate, weighted (hundredths)
    ['Monday, 10 h', '2026-10-12', 100, true, 80, 100, 20, 15, 300],
    ['Monday, 8 h: none', '2026-10-12', 80, true, 80, 80, 0, 15, 0],
    ['Monday, 6.5 h: none', '2026-10-12', 65, true, 80, 65, 0, 15, 0],
    ['Monday, 9.5 h, standard 7.5', '2026-10-12', 95, true, 75, 95, 20, 15, 300],
    ['Saturday, 6 h', '2026-10-17', 60, true, 80, 60, 60, 20, 1200],
    ['Sunday, 10 h', '2026-10-18', 100, true, 80, 100, 100, 20, 2000],
    ['National Day, 8 h', '2026-10-01', 80, true, 80, 80, 80, 30, 2400],
    ['adjusted rest day (Thu), 4 h', '2026-10-08', 40, true, 80, 40, 40, 20, 800],
    ['adjusted workday (Sat), 9 h', '2026-10-10', 90, true, 80, 90, 10, 15, 150],
    ['annual leave on a Monday', '2026-10-12', 80, false, 80, 0, 0, 15, 0],
    ['sick leave on National Day', '2026-10-01', 80, false, 80, 0, 0, 30, 0],
  ] as const)('%s', (_name, date, hours, countsAsWork, standard, total, ot, rate, weighted) => {
    const amounts = overtimeOf({
      dayType: dayTypeIn(october, date),
      hoursTenths: hours,
      countsAsWork,
      standardTenths: standard,
    });
    expect(amounts).toEqual({
      hoursTenths: total,
      overtimeTenths: ot,
      rateTenths: rate,
      weightedHundredths: weighted,
    });
  });
});

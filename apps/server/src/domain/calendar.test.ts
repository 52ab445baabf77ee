import { describe, expect, it } from 'vitest';
import {
  ADJUSTED_REST_DAY,
  ADJUSTED_WORKING_DAY,
  addDays,
  addWorkingDaysIn,
  dayTypeIn,
  earliestDateIn,
  type HolidayCalendar,
  isWorkingDayIn,
  STATUTORY_HOLIDAY,
  submissionDayIn,
} from './calendar';

// 2026-10: the National Day week (1–7 statutory or adjusted rest), Sunday 10-11 an adjusted working day.
const entry = (date: string, dayType: number) =>
  [date, { date, dayType, nameZh: null, nameEn: null }] as const;
const october: HolidayCalendar = new Map([
  entry('2026-10-01', STATUTORY_HOLIDAY),
  entry('2026-10-02', STATUTORY_HOLIDAY),
  entry('2026-10-05', ADJUSTED_REST_DAY),
  entry('2026-10-06', ADJUSTED_REST_DAY),
  entry('2026-10-07', ADJUSTED_REST_DAY),
  entry('2026-10-11', ADJUSTED_WORKING_DAY),
]);

describe('working days (DOMAIN.md §6.7, §6.12)', () => {
  it.each([
    ['2026-09-30', true, 'WORKDAY'],
    ['2026-10-01', false, 'HOLIDAY'],
    ['2026-10-03', false, 'REST'],
    ['2026-10-06', false, 'REST'],
    ['2026-10-08', true, 'WORKDAY'],
    ['2026-10-11', true, 'WORKDAY'],
    ['2026-10-17', false, 'REST'],
  ])('%s: working %s, %s', (date, working, type) => {
    expect(isWorkingDayIn(october, date)).toBe(working);
    expect(dayTypeIn(october, date)).toBe(type);
  });

  it.each([
    ['2026-09-30', 1, '2026-10-08'],
    ['2026-09-30', 3, '2026-10-11'],
    ['2026-09-30', 4, '2026-10-12'],
    ['2026-10-08', -1, '2026-09-30'],
    ['2026-10-03', 0, '2026-10-03'],
  ])('%s + %i working days = %s', (date, count, expected) => {
    expect(addWorkingDaysIn(october, date, count, count < 0 ? '2026-09-01' : '2026-10-31')).toBe(expected);
  });

  it('says when the calendar ends before the count is reached', () => {
    expect(addWorkingDaysIn(october, '2026-09-30', 3, '2026-10-09')).toBeNull();
  });

  it('adds calendar days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
  });
});

describe('advance days: submission day and earliest date (DOMAIN.md §6.7)', () => {
  it.each([
    // today, time, advance days → submission day, earliest date
    ['2026-09-29', '10:00', 1, '2026-09-29', '2026-09-30'],
    ['2026-09-29', '16:59', 0, '2026-09-29', '2026-09-29'],
    ['2026-09-29', '17:00', 1, '2026-09-30', '2026-10-08'],
    ['2026-09-30', '16:59', 2, '2026-09-30', '2026-10-09'],
    ['2026-10-03', '09:00', 0, '2026-10-08', '2026-10-08'],
    ['2026-10-10', '09:00', 1, '2026-10-11', '2026-10-12'],
    ['2026-10-11', '18:30', 3, '2026-10-12', '2026-10-15'],
  ])('%s %s + %i → submitted %s, earliest %s', (today, time, days, submission, earliest) => {
    expect(submissionDayIn(october, today, time, '17:00', '2026-12-31')).toBe(submission);
    expect(earliestDateIn(october, today, time, '17:00', days, '2026-12-31')).toBe(earliest);
  });

  it('answers null when the calendar ends first', () => {
    expect(earliestDateIn(october, '2026-09-30', '18:00', '17:00', 5, '2026-10-05')).toBeNull();
  });
});

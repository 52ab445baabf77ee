// Working days and day types (DOMAIN.md §6.7, §6.12) over a holiday calendar, without a database.
// Dates are business dates `YYYY-MM-DD` (Asia/Shanghai): the arithmetic is on calendar days, never
// on instants.

/** HolidayType codes (DOMAIN.md §3.2). */
export const STATUTORY_HOLIDAY = 1;
export const ADJUSTED_REST_DAY = 2;
export const ADJUSTED_WORKING_DAY = 3;

export type DayType = 'WORKDAY' | 'REST' | 'HOLIDAY';

export interface HolidayEntry {
  date: string;
  dayType: number;
  nameZh: string | null;
  nameEn: string | null;
}

/** The holidays of a date range, by date. */
export type HolidayCalendar = ReadonlyMap<string, HolidayEntry>;

const DAY_MS = 86_400_000;

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

const isWeekend = (date: string) => {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 || day === 6;
};

/** §6.7: Mon–Fri without a holiday of type 1 or 2, or any day with a type 3 holiday. */
export function isWorkingDayIn(calendar: HolidayCalendar, date: string): boolean {
  const type = calendar.get(date)?.dayType;
  if (type === ADJUSTED_WORKING_DAY) return true;
  if (type === STATUTORY_HOLIDAY || type === ADJUSTED_REST_DAY) return false;
  return !isWeekend(date);
}

/** §6.12: HOLIDAY for type 1; REST for type 2, or a weekend day without type 3; else WORKDAY. */
export function dayTypeIn(calendar: HolidayCalendar, date: string): DayType {
  const type = calendar.get(date)?.dayType;
  if (type === STATUTORY_HOLIDAY) return 'HOLIDAY';
  if (type === ADJUSTED_REST_DAY) return 'REST';
  if (type === ADJUSTED_WORKING_DAY) return 'WORKDAY';
  return isWeekend(date) ? 'REST' : 'WORKDAY';
}

/**
 * The date `count` working days after `date` in a calendar that covers the way (0 → `date`;
 * negative counts go back), or null when the calendar ends first: `until` is its last (first) day.
 */
export function addWorkingDaysIn(
  calendar: HolidayCalendar,
  date: string,
  count: number,
  until: string,
): string | null {
  const step = count < 0 ? -1 : 1;
  let remaining = Math.abs(count);
  let day = date;
  while (remaining > 0) {
    if (day === until) return null;
    day = addDays(day, step);
    if (isWorkingDayIn(calendar, day)) remaining--;
  }
  return day;
}

/**
 * §6.7 submission day: `today` when it is a working day and `time` (`HH:mm`, business time) is
 * before the cutoff (`booking.cutoff`, 17:00), else the next working day; null when the calendar
 * (up to `until`) ends first.
 */
export function submissionDayIn(
  calendar: HolidayCalendar,
  today: string,
  time: string,
  cutoff: string,
  until: string,
): string | null {
  if (isWorkingDayIn(calendar, today) && time < cutoff) return today;
  return addWorkingDaysIn(calendar, today, 1, until);
}

/**
 * §6.7 earliest inspection date: the submission day plus `advanceDays` working days; null when the
 * calendar (up to `until`) ends first.
 */
export function earliestDateIn(
  calendar: HolidayCalendar,
  today: string,
  time: string,
  cutoff: string,
  advanceDays: number,
  until: string,
): string | null {
  const day = submissionDayIn(calendar, today, time, cutoff, until);
  return day === null ? null : addWorkingDaysIn(calendar, day, advanceDays, until);
}

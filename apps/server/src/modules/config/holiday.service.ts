import { and, eq, gte, lte } from 'drizzle-orm';
import { holidays } from '../../db/schema/config';
import type { Db } from '../../platform/db';

// Working days and day types (DOMAIN.md §6.7, §6.12) over the holiday list. Dates are business
// dates `YYYY-MM-DD` (Asia/Shanghai), so the arithmetic is on calendar days, never on instants.

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

/** Active holidays of valid rows between two dates, inclusive (a frozen holiday no longer counts). */
export async function loadHolidays(db: Db, from: string, to: string): Promise<HolidayCalendar> {
  const rows = await db
    .select({
      date: holidays.date,
      dayType: holidays.dayType,
      nameZh: holidays.nameZh,
      nameEn: holidays.nameEn,
    })
    .from(holidays)
    .where(
      and(eq(holidays.valid, 1), eq(holidays.active, 1), gte(holidays.date, from), lte(holidays.date, to)),
    );
  return new Map(rows.map((r) => [r.date, r]));
}

export async function isWorkingDay(db: Db, date: string): Promise<boolean> {
  return isWorkingDayIn(await loadHolidays(db, date, date), date);
}

export async function dayTypeOf(db: Db, date: string): Promise<DayType> {
  return dayTypeIn(await loadHolidays(db, date, date), date);
}

/**
 * The date `count` working days after `date` (0 → `date` itself), e.g. the earliest inspection
 * date = submission day + client.advanceDays working days (§6.7). Negative counts go back.
 */
export async function addWorkingDays(db: Db, date: string, count: number): Promise<string> {
  const step = count < 0 ? -1 : 1;
  let remaining = Math.abs(count);
  let day = date;
  // Long public holidays (Spring Festival) span a week or two; load generously, then extend.
  let span = remaining * 2 + 30;
  while (remaining > 0) {
    const end = addDays(day, step * span);
    const calendar = step > 0 ? await loadHolidays(db, day, end) : await loadHolidays(db, end, day);
    while (remaining > 0 && day !== end) {
      day = addDays(day, step);
      if (isWorkingDayIn(calendar, day)) remaining--;
    }
    span *= 2;
  }
  return day;
}

/** `date` when it is a working day, else the next working day. */
export async function nextWorkingDay(db: Db, date: string): Promise<string> {
  return (await isWorkingDay(db, date)) ? date : addWorkingDays(db, date, 1);
}

/** Every day of a range with its day type, for the holiday calendar screen and fee forms. */
export async function holidayCalendarDays(db: Db, startDate: string, endDate: string) {
  const calendar = await loadHolidays(db, startDate, endDate);
  const days = [];
  for (let day = startDate; day <= endDate; day = addDays(day, 1)) {
    const holiday = calendar.get(day);
    days.push({
      date: day,
      dayType: dayTypeIn(calendar, day),
      working: isWorkingDayIn(calendar, day),
      holidayType: holiday?.dayType ?? null,
      nameZh: holiday?.nameZh ?? null,
      nameEn: holiday?.nameEn ?? null,
    });
  }
  return { days };
}

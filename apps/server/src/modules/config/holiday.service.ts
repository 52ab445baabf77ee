import { and, eq, gte, lte } from 'drizzle-orm';
import { holidays } from '../../db/schema/config';
import {
  addDays,
  addWorkingDaysIn,
  type DayType,
  dayTypeIn,
  type HolidayCalendar,
  isWorkingDayIn,
} from '../../domain/calendar';
import type { Db } from '../../platform/db';

// Working days over the holiday list (DOMAIN.md §6.7, §6.12): the rules are domain/calendar.ts's,
// the holidays are read here.

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
  // Long public holidays (Spring Festival) span a week or two; load generously, then extend.
  for (let span = Math.abs(count) * 2 + 30; ; span *= 2) {
    const end = addDays(date, step * span);
    const calendar = step > 0 ? await loadHolidays(db, date, end) : await loadHolidays(db, end, date);
    const day = addWorkingDaysIn(calendar, date, count, end);
    if (day !== null) return day;
  }
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

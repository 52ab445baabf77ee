import type { FactoryScheduleRow } from './api';

/** The days of a month (`YYYY-MM`) as `YYYY-MM-DD`. */
export function daysOf(month: string): string[] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const count = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return Array.from({ length: count }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`);
}

/** The first and last day of a month, the range a calendar read asks for. */
export function monthRange(month: string): { startDate: string; endDate: string } {
  const days = daysOf(month);
  return { startDate: days[0]!, endDate: days[days.length - 1]! };
}

/** Whether a schedule row runs on a day (its start..end, both included). */
export const coversDay = (row: Pick<FactoryScheduleRow, 'startDate' | 'endDate'>, day: string) =>
  row.startDate <= day && day <= row.endDate;

/** The rows running on a day, closures first. */
export function rowsOn<R extends Pick<FactoryScheduleRow, 'startDate' | 'endDate' | 'type'>>(
  rows: readonly R[],
  day: string,
): R[] {
  return rows.filter((r) => coversDay(r, day)).sort((a, b) => b.type - a.type);
}

/** The days of the month with something on them, each with its rows (a phone's list per day). */
export function daysWithRows<R extends Pick<FactoryScheduleRow, 'startDate' | 'endDate' | 'type'>>(
  rows: readonly R[],
  month: string,
): { day: string; rows: R[] }[] {
  return daysOf(month)
    .map((day) => ({ day, rows: rowsOn(rows, day) }))
    .filter((d) => d.rows.length > 0);
}

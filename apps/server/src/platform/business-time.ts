import { BUSINESS_TIME_ZONE } from '@qcdesk/contract';

// DOMAIN.md §0: business dates, "today" and number-sequence days are Asia/Shanghai calendar days.

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The business date (YYYY-MM-DD) of an instant. */
export function businessDate(at: Date = new Date()): string {
  return dayFormat.format(at);
}

/** A business date plus whole months; the day is clamped to the month's end (Jan 31 + 1 → Feb 28). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, lastDay));
  return first.toISOString().slice(0, 10);
}

const minuteFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The business time of an instant to the minute, `YYYY-MM-DD HH:mm` (exports, mails). */
export function businessDateTime(at: Date): string {
  const p = Object.fromEntries(minuteFormat.formatToParts(at).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

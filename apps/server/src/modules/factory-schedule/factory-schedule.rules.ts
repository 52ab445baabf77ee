import { SCHEDULE_RANGE_DAYS_MAX, SCHEDULE_TYPE } from '@qcdesk/contract/factory-schedule';
import { addDays } from '../../domain/calendar';
import { AppError } from '../../platform/errors';

// The pure rules of factory schedules (DOMAIN.md §2.8): a closure has no product, a run has one (of
// the schedule's factory), the dates are ordered, and a calendar read spans at most 93 days.

export const FACTORY_SCHEDULE_ENTITY = 'factory_schedules';

export interface ScheduleShape {
  type: number;
  orderProductId: bigint | null;
  startDate: string;
  endDate: string;
}

/** E_REQUIRED for a run without its product, E_FORMAT for a closure with one, E_DATE_RANGE for end < start. */
export function checkSchedule(s: ScheduleShape): void {
  if (s.endDate < s.startDate) throw new AppError('E_DATE_RANGE', {}, { field: 'endDate' });
  const closure = s.type === SCHEDULE_TYPE.closure;
  if (closure && s.orderProductId !== null)
    throw new AppError('E_FORMAT', { field: 'orderProductId' }, { field: 'orderProductId' });
  if (!closure && s.orderProductId === null)
    throw new AppError('E_REQUIRED', { field: 'orderProductId' }, { field: 'orderProductId' });
}

/** E_RANGE when a calendar read spans more than SCHEDULE_RANGE_DAYS_MAX days. */
export function checkRange(startDate: string, endDate: string): void {
  if (addDays(startDate, SCHEDULE_RANGE_DAYS_MAX - 1) < endDate)
    throw new AppError('E_RANGE', { field: 'endDate' }, { field: 'endDate' });
}

/** The first and last day of a month `YYYY-MM`. */
export function monthRange(month: string): { startDate: string; endDate: string } {
  const startDate = `${month}-01`;
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return { startDate, endDate: addDays(next, -1) };
}

/** Whether a schedule row [start, end] overlaps the date range [from, to]. */
export const overlaps = (row: { startDate: string; endDate: string }, from: string, to: string) =>
  row.startDate <= to && row.endDate >= from;

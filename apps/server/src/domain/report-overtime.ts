import type { DayType } from './calendar';

// The overtime form's arithmetic (DOMAIN.md §6.12 "Overtime"), PRC Labour Law art. 44: beyond the
// standard day on a workday at 1.5, every hour of a rest day at 2.0 and of a statutory holiday at
// 3.0. Hours travel in tenths (the daily report's dec(4,1)); rates in tenths (1.5 → 15).

export const OVERTIME_RATES: Readonly<Record<DayType, number>> = { WORKDAY: 15, REST: 20, HOLIDAY: 30 };

export interface OvertimeDay {
  dayType: DayType;
  /** The daily report's Σ hours in tenths. */
  hoursTenths: number;
  /** The attendance counts as work (normal, business trip); leave gives 0 hours. */
  countsAsWork: boolean;
  /** `work.standardHours` in tenths (8 → 80). */
  standardTenths: number;
}

export interface OvertimeAmounts {
  hoursTenths: number;
  overtimeTenths: number;
  /** The rate in tenths. */
  rateTenths: number;
  /** Overtime × rate, in hundredths of an hour. */
  weightedHundredths: number;
}

export function overtimeOf(day: OvertimeDay): OvertimeAmounts {
  const hoursTenths = day.countsAsWork ? day.hoursTenths : 0;
  const overtimeTenths =
    day.dayType === 'WORKDAY' ? Math.max(0, hoursTenths - day.standardTenths) : hoursTenths;
  const rateTenths = OVERTIME_RATES[day.dayType];
  return { hoursTenths, overtimeTenths, rateTenths, weightedHundredths: overtimeTenths * rateTenths };
}

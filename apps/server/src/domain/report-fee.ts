import { APPLY_TYPE, INSPECTION_RESULT } from '@qcdesk/contract/inspection-apply';
import type { DayType } from './calendar';

// The fee form's arithmetic (DOMAIN.md §6.12 "Fee"), without a database. Money travels in cents,
// man-days in tenths (the plan's dec(4,1)), factors in hundredths (dec(4,2)), mileage in tenths of
// a km (the daily report's dec(7,1)): every product is exact, and each amount is rounded once,
// half-up, to the cent (round₂).

/** InspectionResult 5 (no report) and 6 (given up): the inspection was aborted. */
const ABORTED_RESULTS: ReadonlySet<number> = new Set([INSPECTION_RESULT.noReport, INSPECTION_RESULT.giveUp]);

export type Payer = 'CLIENT' | 'FACTORY';

/** The factors of the factory's factory type, in hundredths (1.5 → 150). */
export interface FeeFactors {
  weekend: number;
  holiday: number;
  abort: number;
}

export interface FeeLine {
  /** The plan's man-days in tenths, shared by the plan's tasks. */
  planManDaysTenths: number;
  /** Tasks of the plan (each inspector of each task counts once: lead and assistants). */
  shares: number;
  dayType: DayType;
  /** InspectionResult of the report (a late-cancelled booking is charged as 5). */
  result: number;
  feePerManDayCents: bigint;
  factors: FeeFactors;
  /** Σ of (mileage in tenths of a km × the vehicle's rate in cents per km) of the task's works. */
  travel: readonly { mileageTenths: number; ratePerKmCents: bigint }[];
}

export interface FeeAmounts {
  /** Man-days of this inspector, rounded to hundredths (shown). */
  manDaysHundredths: number;
  /** The factor in hundredths: day factor × abort factor. */
  factorHundredths: number;
  feeCents: bigint;
  travelCents: bigint;
  totalCents: bigint;
}

/** Half-up division of non-negative integers. */
export function divHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new Error('denominator must be positive');
  return (2n * numerator + denominator) / (2n * denominator);
}

/** §6.12: 1.0 on a workday, the weekend factor on a rest day, the holiday factor on a holiday. */
export function dayFactor(dayType: DayType, factors: FeeFactors): number {
  if (dayType === 'HOLIDAY') return factors.holiday;
  if (dayType === 'REST') return factors.weekend;
  return 100;
}

export const isAborted = (result: number) => ABORTED_RESULTS.has(result);

/** The factor of a line in hundredths: the day's, × the abort factor for results 5–6. */
export function feeFactor(dayType: DayType, result: number, factors: FeeFactors): number {
  const day = dayFactor(dayType, factors);
  return isAborted(result) ? Number(divHalfUp(BigInt(day * factors.abort), 100n)) : day;
}

/** One fee row: man-days share, factor, fee, travel and total, each rounded once to the cent. */
export function feeOf(line: FeeLine): FeeAmounts {
  const shares = BigInt(Math.max(1, line.shares));
  const tenths = BigInt(line.planManDaysTenths);
  const dayFactorH = BigInt(dayFactor(line.dayType, line.factors));
  const abortH = isAborted(line.result) ? BigInt(line.factors.abort) : 100n;
  // man-days × fee × factor: tenths × cents × hundredths × hundredths over shares × 10 × 100 × 100.
  const feeCents = divHalfUp(tenths * line.feePerManDayCents * dayFactorH * abortH, shares * 100_000n);
  const travelCents = divHalfUp(
    line.travel.reduce((sum, t) => sum + BigInt(t.mileageTenths) * t.ratePerKmCents, 0n),
    10n,
  );
  return {
    manDaysHundredths: Number(divHalfUp(tenths * 10n, shares)),
    factorHundredths: Number(divHalfUp(dayFactorH * abortH, 100n)),
    feeCents,
    travelCents,
    totalCents: feeCents + travelCents,
  };
}

/** §6.12: the factory pays for re-inspections (apply type 3) and late-cancelled bookings. */
export function payerOf(applyType: number | null, lateCancel: boolean): Payer {
  return lateCancel || applyType === APPLY_TYPE.reinspection ? 'FACTORY' : 'CLIENT';
}

/**
 * §6.12: an approved report is a fee row when it is final (an interim report is charged with its
 * final one) and has a result 1–6 (0 is no result yet).
 */
export function chargeableReport(report: { interim: boolean; result: number }): boolean {
  return (
    !report.interim && report.result >= INSPECTION_RESULT.pass && report.result <= INSPECTION_RESULT.giveUp
  );
}

import { INSPECTION_RESULT } from '@qcdesk/contract/inspection-apply';
import { assistScore, leadScore, roundHalfUp } from './inspection-score';

// Daily work reports and scoring (DOMAIN.md §2.8, §6.6), on integers: hours in tenths, scores × 100
// with half-up rounding. Pure: the daily-report area reads the facts and writes the answers.

/** Hours (0–24, one decimal) in tenths: 7.5 → 75. */
export const toTenths = (value: number): number => Math.round(value * 10);

/** A day may hold at most 24 hours (DOMAIN.md §2.8): 240 tenths. */
export const DAY_TENTHS = 240;

/** Σ hours of a day's works, in tenths. */
export const dayTenths = (works: readonly { hoursTenths: number }[]): number =>
  works.reduce((sum, w) => sum + w.hoursTenths, 0);

/** Tenths as hours with one decimal: 75 → "7.5". */
export const tenthsText = (tenths: number): string => `${Math.floor(tenths / 10)}.${tenths % 10}`;

/** The first and last day of a month, as dates. */
export function monthRange(year: number, month: number): { from: string; to: string } {
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const mm = String(month).padStart(2, '0');
  return { from: `${year}-${mm}-01`, to: `${year}-${mm}-${String(last).padStart(2, '0')}` };
}

/** One scored inspection (or supervise) report as the user earned it: lead or assistant. */
export interface EarnedScore {
  date: string;
  /** × 100: the lead's score when the user led, else 0. */
  score: number;
  /** × 100: the assist score when the user assisted, else 0. */
  assistScore: number;
}

/** The daily score of one day (§6.6): Σ lead scores and Σ assist scores of the reports dated that day. */
export function dayScore(
  earned: readonly EarnedScore[],
  date: string,
): { score: number; assistScore: number } {
  const day = earned.filter((e) => e.date === date);
  return {
    score: day.reduce((s, e) => s + e.score, 0),
    assistScore: day.reduce((s, e) => s + e.assistScore, 0),
  };
}

/** (score + assistScore) ÷ man-days, × 100, half-up; 0 without man-days. */
export const perManDay = (total: number, manDays: number): number =>
  manDays === 0 ? 0 : roundHalfUp(total, manDays);

export interface MonthScore {
  score: number;
  assistScore: number;
  reports: number;
  manDays: number;
  scorePerManDay: number;
}

/**
 * The scoring situation of an inspector's month (§6.6): Σ score and Σ assistScore of the reports,
 * their number, and the man-days: the distinct days with work — days of a daily report whose
 * attendance counts as work, and days of a scored report (a day without a daily report yet still
 * was a day in the field).
 */
export function monthScore(earned: readonly EarnedScore[], workDays: readonly string[]): MonthScore {
  const score = earned.reduce((s, e) => s + e.score, 0);
  const assist = earned.reduce((s, e) => s + e.assistScore, 0);
  const manDays = new Set([...workDays, ...earned.map((e) => e.date)]).size;
  return {
    score,
    assistScore: assist,
    reports: earned.length,
    manDays,
    scorePerManDay: perManDay(score + assist, manDays),
  };
}

/** An open task as the prediction scores it. */
export interface OpenTask {
  date: string;
  lead: boolean;
  baseScore: number;
  usesAql: boolean;
  /** Units the plan of the apply quantity draws at the client's AQL (normal severity). */
  sampleSize: number;
  products: number;
}

/** The score an open task earns the user when its final report passes (§6.6 predicted scoring). */
export function predictedScore(task: OpenTask, assistRatio: number): EarnedScore {
  const lead = leadScore({
    baseScore: task.baseScore,
    sampleSize: task.sampleSize,
    usesAql: task.usesAql,
    products: task.products,
    result: INSPECTION_RESULT.pass,
    interim: false,
  });
  return task.lead
    ? { date: task.date, score: lead, assistScore: 0 }
    : { date: task.date, score: 0, assistScore: assistScore(lead, assistRatio) };
}

import type { EarnedScore } from '../../domain/daily-score';
import type { Db } from '../../platform/db';
import { type ScoredReport, scoredReports } from '../inspection-report/inspection-report-scores.service';
import { scoredSuperviseReportsIn } from '../supervise-report/supervise-report-scores.service';

// Where scores come from (DOMAIN.md §6.6): approved inspection reports by inspectionDate and
// approved supervise (loading) reports by loadingDate.

export interface ScoreRange {
  from: string;
  to: string;
  /** One user (lead or assistant), or everybody. */
  userId?: bigint | undefined;
}

/**
 * The approved supervise reports dated (loadingDate) in the range, each scored as a final CLC report
 * (§6.6, booked at their approval), in the shape of inspection reports.
 */
export async function scoredSuperviseReports(db: Db, range: ScoreRange): Promise<ScoredReport[]> {
  return scoredSuperviseReportsIn(db, range);
}

/** Every scored report of the range: inspection reports and supervise reports. */
export async function scoredReportsOf(db: Db, range: ScoreRange): Promise<ScoredReport[]> {
  return [...(await scoredReports(db, range)), ...(await scoredSuperviseReports(db, range))];
}

/** What each report earned `userId`: the lead's score when they led, the assist score when they assisted. */
export function earnedBy(reports: readonly ScoredReport[], userId: bigint): EarnedScore[] {
  return reports.flatMap((r) => {
    const lead = r.inspectorId === userId;
    const assist = r.assistantIds.includes(userId);
    if (!lead && !assist) return [];
    return [{ date: r.inspectionDate, score: lead ? r.score : 0, assistScore: assist ? r.assistScore : 0 }];
  });
}

/** Every user a report names (lead and assistants). */
export const usersOf = (reports: readonly ScoredReport[]): bigint[] => [
  ...new Set(reports.flatMap((r) => [r.inspectorId, ...r.assistantIds])),
];

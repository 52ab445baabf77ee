import { INSPECTION_REPORT_STATUS } from '@qcdesk/contract/inspection-report';
import { and, arrayContains, between, eq, inArray, ne, or, type SQL } from 'drizzle-orm';
import { inspectionReports } from '../../db/schema/inspection-report';
import type { Db } from '../../platform/db';

// What other areas read of inspection reports' scores (DOMAIN.md §6.6): the daily work reports and
// the scoring situation. Read-only; the scores are booked on approval (inspection-report-audit).

const { submitted, levelTwo, approved, sent, confirmed, cancelled } = INSPECTION_REPORT_STATUS;
/** Approved reports keep their scores through send and confirm; a reopened one has left them. */
const SCORED = [approved, sent, confirmed];
const AWAITING_APPROVAL = [submitted, levelTwo];

const ofUser = (userId: bigint): SQL =>
  or(eq(inspectionReports.inspectorId, userId), arrayContains(inspectionReports.assistantIds, [userId]))!;

/** A scored report: its lead and assistants with the scores they earned. */
export interface ScoredReport {
  id: bigint;
  reportNo: string;
  inspectionDate: string;
  inspectorId: bigint;
  assistantIds: bigint[];
  score: number;
  assistScore: number;
}

/**
 * The approved reports (30–50) dated from `from` to `to`, of one user (lead or assistant) or of
 * everybody.
 */
export async function scoredReports(
  db: Db,
  range: { from: string; to: string; userId?: bigint | undefined },
): Promise<ScoredReport[]> {
  return db
    .select({
      id: inspectionReports.id,
      reportNo: inspectionReports.reportNo,
      inspectionDate: inspectionReports.inspectionDate,
      inspectorId: inspectionReports.inspectorId,
      assistantIds: inspectionReports.assistantIds,
      score: inspectionReports.score,
      assistScore: inspectionReports.assistScore,
    })
    .from(inspectionReports)
    .where(
      and(
        inArray(inspectionReports.status, SCORED),
        eq(inspectionReports.valid, 1),
        between(inspectionReports.inspectionDate, range.from, range.to),
        range.userId === undefined ? undefined : ofUser(range.userId),
      ),
    );
}

/** How many reports of the user (lead or assistant) dated `date` still await approval (20, 25). */
export async function reportsAwaitingApproval(db: Db, userId: bigint, date: string): Promise<number> {
  const rows = await db
    .select({ id: inspectionReports.id })
    .from(inspectionReports)
    .where(
      and(
        inArray(inspectionReports.status, AWAITING_APPROVAL),
        eq(inspectionReports.valid, 1),
        eq(inspectionReports.inspectionDate, date),
        ofUser(userId),
      ),
    );
  return rows.length;
}

/** The reports (not cancelled) of tasks: what a daily report's works link to. */
export async function reportsOfTasks(db: Db, taskIds: readonly bigint[]) {
  if (taskIds.length === 0) return [];
  return db
    .select({
      id: inspectionReports.id,
      reportNo: inspectionReports.reportNo,
      taskId: inspectionReports.taskId,
      clientId: inspectionReports.clientId,
      orderId: inspectionReports.orderId,
      factoryId: inspectionReports.factoryId,
      status: inspectionReports.status,
    })
    .from(inspectionReports)
    .where(
      and(
        inArray(inspectionReports.taskId, [...taskIds]),
        ne(inspectionReports.status, cancelled),
        eq(inspectionReports.valid, 1),
      ),
    );
}

/** Reports by id (a daily report's links), with their client for the send mail. */
export async function reportsById(db: Db, ids: readonly bigint[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: inspectionReports.id,
      reportNo: inspectionReports.reportNo,
      taskId: inspectionReports.taskId,
      clientId: inspectionReports.clientId,
      inspectorId: inspectionReports.inspectorId,
      assistantIds: inspectionReports.assistantIds,
    })
    .from(inspectionReports)
    .where(inArray(inspectionReports.id, [...ids]));
}

import { SUPERVISE_REPORT_STATUS } from '@qcdesk/contract/supervise-report';
import { and, arrayContains, between, eq, inArray, or } from 'drizzle-orm';
import { superviseReports } from '../../db/schema/supervise-report';
import type { Db } from '../../platform/db';

// The scores of approved supervise reports (DOMAIN.md §6.6: "an approved supervise report scores as
// a final report of type CLC", booked at approval), for the daily work reports: dated by their
// loading date, in the shape of the inspection reports' scores.

const { approved, sent } = SUPERVISE_REPORT_STATUS;

/** The approved (and sent) supervise reports loaded from `from` to `to`, of one user (lead or assistant) or all. */
export async function scoredSuperviseReportsIn(
  db: Db,
  range: { from: string; to: string; userId?: bigint | undefined },
) {
  const t = superviseReports;
  const rows = await db
    .select({
      id: t.id,
      reportNo: t.reportNo,
      inspectionDate: t.loadingDate,
      inspectorId: t.inspectorId,
      assistantIds: t.assistantIds,
      score: t.score,
      assistScore: t.assistScore,
    })
    .from(t)
    .where(
      and(
        inArray(t.status, [approved, sent]),
        eq(t.valid, 1),
        between(t.loadingDate, range.from, range.to),
        range.userId === undefined
          ? undefined
          : or(eq(t.inspectorId, range.userId), arrayContains(t.assistantIds, [range.userId])),
      ),
    );
  return rows.map((r) => ({ ...r, score: r.score ?? 0, assistScore: r.assistScore ?? 0 }));
}

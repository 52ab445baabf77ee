import { byDepartment, type ChangeLogScopeCases } from '../../../test/support/change-log-scope';
import { inspectionInstructions, type inspectionReports } from '../../db/schema/inspection-report';
import type { Db } from '../../platform/db';
import { buildReport } from '../inspection-report/inspection-report.factory';
import { buildOrder } from '../order/order.factory';

// Test data of instructions (STYLE.md rule 9): a release of a report, inserted directly (no change log).

export async function buildInstruction(db: Db, report: typeof inspectionReports.$inferSelect) {
  const [row] = await db
    .insert(inspectionInstructions)
    .values({
      reportId: report.id,
      clientId: report.clientId,
      departmentId: report.departmentId,
      type: 1,
      confirmedResult: 1,
      issuedBy: report.inspectorId,
      issuedAt: new Date(),
    })
    .returning();
  return row!;
}

/** The change-log scope case (test/change-log-scope.test.ts): by the report's department. */
export const changeLogScope: ChangeLogScopeCases = {
  inspection_instructions: byDepartment(
    async (db, owner) => (await buildInstruction(db, await buildReport(db, await buildOrder(db, owner)))).id,
  ),
};

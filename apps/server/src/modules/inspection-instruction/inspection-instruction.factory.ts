import { inspectionInstructions, type inspectionReports } from '../../db/schema/inspection-report';
import type { Db } from '../../platform/db';

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

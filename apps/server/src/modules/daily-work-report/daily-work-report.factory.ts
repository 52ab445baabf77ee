import { idOf } from '../../../test/support/factories';
import { attendances } from '../../db/schema/config';
import { dailyWorkReports } from '../../db/schema/daily-work-report';
import type { Db } from '../../platform/db';

// Test data of daily work reports (STYLE.md rule 9): a draft of an inspector's day, inserted
// directly (no change log), for tests of other things than writing it.

export async function buildDailyReport(db: Db, inspectorId: bigint, workDate: string) {
  const [row] = await db
    .insert(dailyWorkReports)
    .values({ inspectorId, workDate, attendanceId: await idOf(db, attendances, 'N') })
    .returning();
  return row!;
}

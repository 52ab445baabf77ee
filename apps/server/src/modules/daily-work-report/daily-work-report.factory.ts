import { eq } from 'drizzle-orm';
import type { ChangeLogScopeCases } from '../../../test/support/change-log-scope';
import { idOf } from '../../../test/support/factories';
import { buildUser, demoUsername } from '../../../test/support/identity';
import { attendances } from '../../db/schema/config';
import { dailyWorkReports } from '../../db/schema/daily-work-report';
import { users } from '../../db/schema/identity';
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

/** The change-log scope case (test/change-log-scope.test.ts): an inspector reads only their own days. */
export const changeLogScope: ChangeLogScopeCases = {
  daily_work_reports: async (db) => {
    const [demo] = await db
      .select()
      .from(users)
      .where(eq(users.username, demoUsername('INSPECTOR')));
    const other = await buildUser(db, { role: 'INSPECTOR', department: 'QC' });
    return {
      mine: (await buildDailyReport(db, demo!.id, '2026-01-05')).id,
      elsewhere: (await buildDailyReport(db, other.id, '2026-01-05')).id,
      reader: 'INSPECTOR',
    };
  },
};

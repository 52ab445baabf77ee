import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectIndexOrder } from '../../../test/support/factories';
import { expectSortIndexes, planAdmin, searchPlans, vacuumAnalyze } from '../../../test/support/search-plans';
import type { Db } from '../../platform/db';
import { type DailyReportSearch, dailyReportPage, dailyReportSearchWhere } from './daily-work-report.queries';

// docs/adding-an-area.md "The tests every area has" 3: the page query of dailyworkreport/search is
// served by the work-date index (no filter, year and month, the sort) and, for the inspector filter,
// by that or the inspector × date index.

/** Three years of days for 40 inspectors (users of the seed, reused): ≈ 44k reports. */
async function fill(db: Db) {
  await db.execute(sql`
    insert into daily_work_reports (inspector_id, work_date, attendance_id, hours_tenths, status)
    select u.id, date '2023-01-01' + d, (select id from attendances order by id limit 1), 80,
           (array[10, 20, 30, 40, 80])[1 + (d % 5)]
    from (select id from users order by id limit 40) u, generate_series(0, 1095) d`);
  await vacuumAnalyze(db, ['daily_work_reports']);
}

const admin = planAdmin('dailyreport.search');
const search = searchPlans({
  permission: 'dailyreport.search',
  fill,
  where: (_db, filters: Partial<DailyReportSearch>, scope) => dailyReportSearchWhere(filters, scope, admin),
  pageQuery: (db, input, where) =>
    dailyReportPage(db, where, { ...input, order: input.order ?? 'asc' } as DailyReportSearch),
});
const { plan } = search;

describe('dailyworkreport/search plans', () => {
  it('walks the newest work dates first, and the sort both ways, in the work-date index', async () => {
    expectIndexOrder(await plan({}), 'daily_work_reports_date_sort_idx');
    await expectSortIndexes((sort, order) => plan({}, sort as 'workDate', order), {
      workDate: 'daily_work_reports_date_sort_idx',
    });
  });

  it('serves a month and the inspector filter by their indexes', async () => {
    expect(await plan({ year: 2024, month: 5 })).toContain('daily_work_reports_date_sort_idx');
    const users = await search.db.execute<{ id: string }>(sql`select id from users order by id limit 1`);
    const inspectorId = BigInt(users.rows[0]!.id);
    // One inspector's year: either index serves it (each inspector has a row a day), never a sort.
    const text = await plan({ inspectorId, year: 2024 });
    expectIndexOrder(text, 'on daily_work_reports');
    expect(text, text).toMatch(/daily_work_reports_(date_sort_idx|inspector_date_uq)/);
  });
});

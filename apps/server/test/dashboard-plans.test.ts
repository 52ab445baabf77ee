import { SEARCH_TOTAL_CAP } from '@qcdesk/contract';
import { DAILY_REPORT_STATUS } from '@qcdesk/contract/daily-work-report';
import { INSPECTION_APPLY_STATUS } from '@qcdesk/contract/inspection-apply';
import { INSPECTION_BOOKING_STATUS } from '@qcdesk/contract/inspection-booking';
import { INSPECTION_REPORT_STATUS } from '@qcdesk/contract/inspection-report';
import { PERMISSIONS } from '@qcdesk/contract/permissions';
import { PRODUCTION_SAMPLE_STATUS } from '@qcdesk/contract/production-sample';
import { SUPERVISE_REPORT_STATUS } from '@qcdesk/contract/supervise-report';
import { TEST_REPORT_STATUS } from '@qcdesk/contract/test-report';
import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dailyWorkReports } from '../src/db/schema/daily-work-report';
import { inspectionApplies } from '../src/db/schema/inspection-apply';
import { inspectionBookings } from '../src/db/schema/inspection-booking';
import { inspectionReports } from '../src/db/schema/inspection-report';
import { inspectionTasks } from '../src/db/schema/inspection-task';
import { productionSamples } from '../src/db/schema/production-sample';
import { superviseReports } from '../src/db/schema/supervise-report';
import { testReports } from '../src/db/schema/test-report';
import { addDays } from '../src/domain/calendar';
import { dailyReportSearchWhere } from '../src/modules/daily-work-report/daily-work-report.queries';
import { applySearchWhere } from '../src/modules/inspection-apply/inspection-apply.queries';
import { bookingSearchWhere } from '../src/modules/inspection-booking/inspection-booking.queries';
import { reportSearchWhere } from '../src/modules/inspection-report/inspection-report.queries';
import { inspectionTaskSearchWhere } from '../src/modules/inspection-task/inspection-task.queries';
import { sampleSearchWhere } from '../src/modules/production-sample/production-sample.queries';
import { superviseSearchWhere } from '../src/modules/supervise-report/supervise-report.queries';
import { testReportSearchWhere } from '../src/modules/test-report/test-report.queries';
import type { Principal } from '../src/platform/auth';
import { businessDate } from '../src/platform/business-time';
import { type Db, rows } from '../src/platform/db';
import type { Scope } from '../src/platform/scope';
import { planOf } from './support/factories';
import { startTestApp, type TestApp } from './support/test-app';

// The dashboard's work queue (issue 30) counts with the lists' own WHEREs: each count, the capped
// total's inner select as `cappedTotal` runs it, is read through indexes, never by a sequential
// scan; over all records (tables filled with 2% in the to-do status) through the status index. In a
// department scope the planner may rightly start from the department index instead.

let t: TestApp;
let db: Db;
const manager: Principal = {
  userId: 1n,
  username: 'admin',
  displayName: 'admin',
  permissions: new Set(PERMISSIONS),
  roleCode: 'ADMIN',
};
const all: Scope = { kind: 'all' };
const department: Scope = { kind: 'department', userId: 1n, departmentIds: [1n, 2n], ownClientsOnly: false };

/** Rows mostly past their to-do status (2% in it), as a year of work leaves them; then ANALYZE. */
async function fill(rows: number) {
  await db.execute(sql`
    insert into production_samples (item_no, client_id, department_id, provider_factory_id, received_date,
                                    quantity, status, audit_result)
    select 'PS-DASH-' || lpad(g::text, 7, '0'), c.id, c.department_id, (select min(id) from factories),
           current_date - g % 700, 6, case when g % 50 = 0 then 10 else 20 end, case when g % 50 = 0 then 0 else 1 end
    from generate_series(1, ${rows}) g, (select id, department_id from clients order by id limit 1) c`);
  await db.execute(sql`
    insert into test_reports (report_no, report_type, lab_id, test_type_id, client_id, department_id,
                              list_date, status)
    select 'TRDASH' || lpad(g::text, 7, '0'), 1, (select min(id) from labs), (select min(id) from test_types),
           c.id, c.department_id, current_date - g % 700, case when g % 50 = 0 then 20 else 40 end
    from generate_series(1, ${rows}) g, (select id, department_id from clients order by id limit 1) c`);
  await db.execute(sql`
    insert into inspection_applies (apply_no, inspection_type_id, order_id, factory_id, client_id, department_id,
                                    expected_date, status)
    select 'IADASH' || lpad(g::text, 7, '0'), (select min(id) from inspection_types), p.order_id, p.factory_id,
           p.client_id, p.department_id, current_date - g % 700, case when g % 50 = 0 then 20 else 50 end
    from generate_series(1, ${rows}) g,
         (select order_id, factory_id, client_id, department_id from order_products order by id limit 1) p`);
  await db.execute(sql`
    insert into inspection_bookings (booking_no, booking_type_id, inspection_type_id, client_id, department_id,
                                     factory_id, inspection_date, contact_name, contact_phone, status)
    select 'BKDASH' || lpad(g::text, 7, '0'), b.id, b.inspection_type_id, p.client_id, p.department_id,
           p.factory_id, current_date - g % 700, 'Contact', '123', case when g % 50 = 0 then 20 else 40 end
    from generate_series(1, ${rows}) g,
         (select client_id, department_id, factory_id from order_products order by id limit 1) p,
         (select id, inspection_type_id from booking_types order by id limit 1) b`);
  await db.execute(sql`
    insert into inspection_plans (plan_no, factory_id, plan_date, end_date, lead_inspector_id)
    select 'IPDASH' || lpad(g::text, 7, '0'), (select min(id) from factories), current_date - g % 700,
           current_date - g % 700, (select id from users where username = 'demo.inspector')
    from generate_series(1, ${rows}) g`);
  await db.execute(sql`
    insert into inspection_tasks (task_no, plan_id, factory_id, inspection_type_id, inspector_id, task_date)
    select p.plan_no || '-01', p.id, p.factory_id, (select min(id) from inspection_types), p.lead_inspector_id,
           p.plan_date
    from inspection_plans p where p.plan_no like 'IPDASH%'`);
  for (const table of [
    'production_samples',
    'test_reports',
    'inspection_applies',
    'inspection_bookings',
    'inspection_plans',
    'inspection_tasks',
  ]) {
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  }
}

beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
  await fill(2000);
});
afterAll(() => t.close());

/** The select `cappedTotal` counts. */
const counted = (table: PgTable, where: SQL | undefined) =>
  db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(SEARCH_TOTAL_CAP + 1);

async function expectIndexed(table: PgTable, where: SQL | undefined, index?: string) {
  const plan = await planOf(db, counted(table, where));
  expect(plan, plan).toMatch(/Index (Only )?Scan|Bitmap Index Scan/);
  expect(plan, plan).not.toMatch(
    /Seq Scan on (production_samples|test_reports|inspection_\w+|daily_work_reports|supervise_reports)\b/,
  );
  if (index) expect(plan, plan).toContain(index);
}

describe('dashboard queue plans', () => {
  it('counts each to-do set through its status index, in every scope', async () => {
    for (const scope of [all, department]) {
      await expectIndexed(
        productionSamples,
        sampleSearchWhere({ status: PRODUCTION_SAMPLE_STATUS.registered }, scope),
        scope === all ? 'production_samples_status_idx' : undefined,
      );
      await expectIndexed(
        testReports,
        testReportSearchWhere(db, { status: TEST_REPORT_STATUS.issued }, scope),
        scope === all ? 'test_reports_status_idx' : undefined,
      );
      await expectIndexed(
        inspectionApplies,
        applySearchWhere(db, { status: INSPECTION_APPLY_STATUS.submitted }, scope),
        scope === all ? 'inspection_applies_status_idx' : undefined,
      );
      await expectIndexed(
        inspectionReports,
        reportSearchWhere(
          db,
          { work: true, interim: false, status: INSPECTION_REPORT_STATUS.submitted },
          scope,
          manager,
        ),
      );
      await expectIndexed(
        inspectionBookings,
        bookingSearchWhere(db, { work: true, status: INSPECTION_BOOKING_STATUS.submitted }, scope, manager),
        scope === all ? 'inspection_bookings_status_idx' : undefined,
      );
      await expectIndexed(
        dailyWorkReports,
        dailyReportSearchWhere({ work: true, status: DAILY_REPORT_STATUS.submitted }, scope, manager),
      );
      await expectIndexed(
        superviseReports,
        superviseSearchWhere(db, { status: SUPERVISE_REPORT_STATUS.submitted }, scope),
      );
    }
  });

  it("counts an inspector's tasks of the next two weeks through indexes", async () => {
    const today = businessDate();
    const [inspector] = await rows<{ id: string }>(
      db,
      sql`select id from users where username = 'demo.inspector'`,
    );
    const where = inspectionTaskSearchWhere(
      db,
      { startTime: addDays(today, -30), endTime: addDays(today, -17) },
      { kind: 'inspector', userId: BigInt(inspector!.id) },
    );
    await expectIndexed(inspectionTasks, where);
  });
});

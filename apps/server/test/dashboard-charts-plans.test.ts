import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../src/domain/calendar';
import {
  factoryResultQuery,
  highRiskQuery,
  inspectorLoadQuery,
  lateLoadQuery,
  leadTimeQuery,
  passRateQuery,
} from '../src/modules/dashboard/dashboard-charts.queries';
import { addMonths, businessDate } from '../src/platform/business-time';
import type { Db } from '../src/platform/db';
import type { Scope } from '../src/platform/scope';
import { planOf } from './support/factories';
import { startTestApp, type TestApp } from './support/test-app';

// The dashboard's charts (issue 30) read their records through indexes, never by a sequential scan
// of a business table: reports and loadings by status and date, tasks by date, open risks by status,
// and every join by a key. Ten years of reports and tasks, a day each, ANALYZEd.

let t: TestApp;
let db: Db;
const today = businessDate();
const period = { from: `${addMonths(today, -5).slice(0, 7)}-01`, to: today };
const scopes: Scope[] = [
  { kind: 'all' },
  { kind: 'department', userId: 1n, departmentIds: [1n, 2n], ownClientsOnly: false },
  { kind: 'client', clientId: 1n },
  { kind: 'inspector', userId: 1n },
];

async function fill(rows: number) {
  await db.execute(sql`
    insert into inspection_applies (apply_no, inspection_type_id, order_id, factory_id, client_id, department_id,
                                    expected_date, status, submitted_at)
    select 'IACH' || lpad(g::text, 7, '0'), (select min(id) from inspection_types), p.order_id, p.factory_id,
           p.client_id, p.department_id, current_date - g, 50, now() - g * interval '1 day'
    from generate_series(1, ${rows}) g,
         (select order_id, factory_id, client_id, department_id from order_products order by id limit 1) p`);
  await db.execute(sql`
    insert into inspection_plans (plan_no, factory_id, plan_date, end_date, lead_inspector_id)
    select 'IPCH' || lpad(g::text, 7, '0'), (select min(id) from factories), current_date - g + 14,
           current_date - g + 14, (select id from users where username = 'demo.inspector')
    from generate_series(1, ${rows}) g`);
  await db.execute(sql`
    insert into inspection_tasks (task_no, plan_id, apply_id, factory_id, inspection_type_id, inspector_id, task_date)
    select p.plan_no || '-01', p.id, a.id, p.factory_id, (select min(id) from inspection_types), p.lead_inspector_id,
           p.plan_date
    from inspection_plans p join inspection_applies a on a.apply_no = 'IACH' || right(p.plan_no, 7)
    where p.plan_no like 'IPCH%'`);
  await db.execute(sql`
    insert into inspection_reports (report_no, task_id, apply_id, inspection_type_id, order_id, client_id,
      department_id, factory_id, inspector_id, inspection_date, sampling_level, major_aql, minor_aql, result,
      status, sent_at)
    select 'PSICH' || right(a.apply_no, 7), t.id, a.id, t.inspection_type_id, a.order_id, a.client_id,
           a.department_id, t.factory_id, t.inspector_id, a.expected_date, 'II', '2.5', '4.0', 1 + t.id % 4,
           (array[10, 20, 30, 40, 50, 80, 90])[1 + t.id % 7], now()
    from inspection_tasks t join inspection_applies a on a.id = t.apply_id where a.apply_no like 'IACH%'`);
  for (const table of [
    'inspection_applies',
    'inspection_plans',
    'inspection_tasks',
    'inspection_reports',
    'supervise_reports',
    'order_risks',
    'order_risk_items',
  ]) {
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  }
}

beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
  await fill(3650);
});
afterAll(() => t.close());

const BUSINESS_TABLES =
  /Seq Scan on (inspection_\w+|supervise_\w+|order_products|orders|order_risks|order_risk_items)\b/;

async function expectIndexed(query: SQL, index?: string) {
  const plan = await planOf(db, query);
  // A scope that reads nothing (an inspector's high-risk tests) reads no table at all.
  if (plan.includes('One-Time Filter: false')) return;
  expect(plan, plan).toMatch(/Index (Only )?Scan|Bitmap Index Scan/);
  expect(plan, plan).not.toMatch(BUSINESS_TABLES);
  if (index) expect(plan, plan).toContain(index);
}

describe('dashboard chart plans', () => {
  it('reads the period’s reports through the status and date index, in every scope', async () => {
    for (const scope of scopes) {
      const index = scope.kind === 'all' ? 'inspection_reports_status_idx' : undefined;
      await expectIndexed(passRateQuery(scope, period, 'client'), index);
      await expectIndexed(passRateQuery(scope, period, 'factory'), index);
      await expectIndexed(leadTimeQuery(scope, period), index);
      await expectIndexed(factoryResultQuery(scope, period), index);
    }
  });

  it('reads loadings by status and date, tasks by date and open risks by status', async () => {
    const next = { from: today, to: addDays(today, 13) };
    for (const scope of scopes) {
      await expectIndexed(lateLoadQuery(scope, period));
      await expectIndexed(inspectorLoadQuery(scope, next));
      // Few risks here: PostgreSQL may rightly start from the items' risk index instead of the status one.
      await expectIndexed(highRiskQuery(scope, 10));
    }
  });
});

import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';

// Test and benchmark data of the dashboard's charts (issue 30): `rows` planned applications, each
// with a plan, a task and a report (statuses and results in turn) over the last `days` days (tasks
// two weeks later than their application), ANALYZEd. Needs the seeded demo order and inspector.

export async function fillChartData(db: Db, rows: number, days = rows) {
  await db.execute(sql`
    insert into inspection_applies (apply_no, inspection_type_id, order_id, factory_id, client_id, department_id,
                                    expected_date, status, submitted_at)
    select 'IACH' || lpad(g::text, 7, '0'), (select min(id) from inspection_types), p.order_id, p.factory_id,
           p.client_id, p.department_id, current_date - g % ${days}, 50, now() - (g % ${days}) * interval '1 day'
    from generate_series(1, ${rows}) g,
         (select order_id, factory_id, client_id, department_id from order_products order by id limit 1) p`);
  await db.execute(sql`
    insert into inspection_plans (plan_no, factory_id, plan_date, end_date, lead_inspector_id)
    select 'IPCH' || lpad(g::text, 7, '0'), (select min(id) from factories), current_date - g % ${days} + 14,
           current_date - g % ${days} + 14, (select id from users where username = 'demo.inspector')
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

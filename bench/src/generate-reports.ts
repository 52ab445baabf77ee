import { DAILY_REPORT_STATUS, WORK_TYPE } from '@qcdesk/contract/daily-work-report';
import { APPLY_TYPE, INSPECTION_APPLY_STATUS, INSPECTION_RESULT } from '@qcdesk/contract/inspection-apply';
import { INSPECTION_PLAN_STATUS } from '@qcdesk/contract/inspection-plan';
import { INSPECTION_REPORT_STATUS } from '@qcdesk/contract/inspection-report';
import { INSPECTION_TASK_STATUS } from '@qcdesk/contract/inspection-task';
import { SUPERVISE_REPORT_STATUS } from '@qcdesk/contract/supervise-report';
import type { Database } from '@qcdesk/server/src/platform/db.ts';
import { rows } from '@qcdesk/server/src/platform/db.ts';
import { sql } from 'drizzle-orm';

// A year of inspections for the report-form benchmark (issue 30), on top of the generated orders
// (generate-orders.ts): bench inspectors, then per report an application, a dispatched plan, its
// task and the approved (or sent, or confirmed) report with its score, about three in ten with an
// assistant; loading (supervise) reports; and every inspector's daily work reports of the year, the
// day's works pointing at its tasks and reports, with mileage. Generated inside the database with
// `INSERT … SELECT generate_series` in batches like the other bench data (data-modifying CTEs chain
// application → plan → task → report in one statement). Rows carry a `B` prefix (`BIA`, `BIP`,
// `BIR`, `BCLC`, `bench.inspector…`); re-running tops them up, and rebuilds the bench inspectors'
// daily reports when reports were added.
//
// The dashboard's fillChartData (dashboard.factory.ts) makes one order's, one factory's and one
// inspector's reports of every status: enough for charts, not for forms summed per inspector.

type Db = Database['db'];

/** The year the reports fall in: the seeded holiday calendar's (2026). */
export const REPORT_YEAR = 2026;
const YEAR_DAYS = 365;
const BATCH = 20_000;

export interface ReportSizes {
  /** Approved inspection reports of the year (one application, plan and task each). */
  reports: number;
  /** Approved loading (supervise) reports of the year. */
  supervise: number;
  /** Bench inspectors the reports are shared among (each has a daily report every working day). */
  inspectors: number;
}

/** ~100k reports a year by default, a loading report for every ten, an inspector per 500. */
export const reportSizes = (reports: number, supervise?: number, inspectors?: number): ReportSizes => ({
  reports,
  supervise: supervise ?? Math.round(reports / 10),
  inspectors: inspectors ?? Math.max(10, Math.round(reports / 500)),
});

async function count(db: Db, table: string, column: string, prefix: string): Promise<number> {
  const [row] = await rows<{ n: string | number }>(
    db,
    sql.raw(`select count(*) as n from ${table} where ${column} like '${prefix}%'`),
  );
  return Number(row?.n ?? 0);
}

/** A constant written into the SQL (a bind parameter in a CASE or ARRAY would be text). */
const v = (n: number) => sql.raw(String(n));

const progress = (label: string, hi: number, to: number, started: number) =>
  process.stdout.write(
    `  ${label} ${hi.toLocaleString('en-US')} / ${to.toLocaleString('en-US')} (${Date.now() - started} ms)\n`,
  );

/** Inspectors `bench.inspector1…` in QC (they cannot sign in). */
async function inspectors(db: Db, wanted: number): Promise<void> {
  await db.execute(sql`
    insert into users (name, english_name, username, email, department_id, position, role_id, verified, must_change_password)
    select '验货员' || g, 'Inspector ' || g, 'bench.inspector' || g, 'bench.inspector' || g || '@bench.local',
           (select id from departments where code = 'QC' and valid = 1), 3,
           (select id from roles where code = 'INSPECTOR'), true, false
    from generate_series(1, ${wanted}::int) g
    where not exists (select 1 from users where username = 'bench.inspector' || g)`);
}

/** The bench inspectors, by number (inspector `i` is element `i`). */
const INSPECTORS = sql`(select array_agg(id order by substr(username, 16)::int) from users where username like 'bench.inspector%' and valid = 1)`;

/** Bench orders, by number: `BOD` + 8 digits. */
const orderNo = (k: string) => sql.raw(`lower('BOD' || lpad((${k})::text, 8, '0'))`);

/**
 * Reports `BIR00000001`… over the year, `wanted` of them: report `g` falls on day `(g-1)·365/wanted`
 * and goes to inspector `g mod n` (a day's reports to different inspectors), of a bench order.
 */
async function inspectionReports(db: Db, sizes: ReportSizes, orders: number): Promise<number> {
  const have = await count(db, 'inspection_reports', 'report_no', 'BIR');
  const wanted = sizes.reports;
  const n = sizes.inspectors;
  const no = (prefix: string, v: string) => sql.raw(`'${prefix}' || lpad((${v})::text, 8, '0')`);
  for (let lo = have + 1; lo <= wanted; lo += BATCH) {
    const hi = Math.min(wanted, lo + BATCH - 1);
    const started = Date.now();
    await db.execute(sql`
      with refs as (
        select ${INSPECTORS} as who,
               (select array_agg(id order by code) from inspection_types where code in ('PSI', 'DUPRO', 'IPC') and valid = 1) as types,
               (select id from users where username = 'demo.qc') as l1,
               (select id from users where username = 'demo.qcmgr') as l2
      ), numbered as (
        select g, date '${sql.raw(`${REPORT_YEAR}-01-01`)}' + ((g - 1)::bigint * ${YEAR_DAYS} / ${wanted})::int as day,
               1 + (g::bigint * 7919) % ${orders} as k
        from generate_series(${lo}::int, ${hi}::int) g
      ), src as (
        select n.g, n.day, o.id as order_id, o.client_id, o.department_id, p.factory_id,
               r.who[1 + n.g % ${n}] as lead,
               case when n.g % 10 < 3 then r.who[1 + (n.g + ${Math.floor(n / 2)}) % ${n}] end as assistant,
               r.types[1 + (n.g / 7) % array_length(r.types, 1)] as type_id,
               case when n.g % 50 = 0 then ${v(INSPECTION_RESULT.fail)} when n.g % 40 = 0 then ${v(INSPECTION_RESULT.rework)}
                    when n.g % 97 = 0 then ${v(INSPECTION_RESULT.noReport)} when n.g % 13 = 0 then ${v(INSPECTION_RESULT.conditionalPass)}
                    else ${v(INSPECTION_RESULT.pass)} end as result,
               (array[${v(APPLY_TYPE.normal)}, ${v(APPLY_TYPE.normal)}, ${v(APPLY_TYPE.normal)}, ${v(APPLY_TYPE.urgent)}, ${v(APPLY_TYPE.normal)},
                      ${v(APPLY_TYPE.reinspection)}, ${v(APPLY_TYPE.normal)}, ${v(APPLY_TYPE.supplementary)}])[1 + n.g % 8] as apply_type,
               200 + (n.g * 37) % 9800 as quantity, r.l1, r.l2
        from numbered n
        cross join refs r
        join orders o on ${orderNo('n.k')} = lower(o.order_no) and o.valid = 1
        join order_products p on p.order_id = o.id and p.line = 1
      ), applies as (
        insert into inspection_applies (apply_no, apply_type, inspection_type_id, order_id, factory_id, client_id,
                                        department_id, expected_date, result, status, submitted_at, created_at, updated_at)
        select ${no('BIA', 's.g')}, s.apply_type, s.type_id, s.order_id, s.factory_id, s.client_id, s.department_id,
               s.day, s.result, ${v(INSPECTION_APPLY_STATUS.completed)}, s.day - 10, s.day - 10, s.day
        from src s
        returning id, apply_no
      ), plans as (
        insert into inspection_plans (plan_no, factory_id, plan_date, end_date, lead_inspector_id, man_days, dispatched_at,
                                      status, created_at, updated_at)
        select ${no('BIP', 's.g')}, s.factory_id, s.day, s.day, s.lead,
               case when s.g % 20 = 0 then 2.0 when s.g % 9 = 0 then 0.5 else 1.0 end,
               s.day - 3, ${v(INSPECTION_PLAN_STATUS.completed)}, s.day - 5, s.day
        from src s
        returning id, plan_no, factory_id, lead_inspector_id, plan_date
      ), plan_assistants as (
        insert into inspection_plan_assistants (plan_id, user_id)
        select p.id, s.assistant from plans p join src s on ${no('BIP', 's.g')} = p.plan_no where s.assistant is not null
      ), tasks as (
        insert into inspection_tasks (task_no, plan_id, apply_id, factory_id, inspection_type_id, inspector_id, task_date,
                                      report_base_no, status, created_at, updated_at)
        select p.plan_no || '-01', p.id, a.id, p.factory_id, s.type_id, p.lead_inspector_id, p.plan_date,
               ${no('BIR', 's.g')}, ${v(INSPECTION_TASK_STATUS.closed)}, p.plan_date - 3, p.plan_date
        from plans p
        join src s on ${no('BIP', 's.g')} = p.plan_no
        join applies a on a.apply_no = ${no('BIA', 's.g')}
        returning id, task_no, apply_id
      ), task_assistants as (
        insert into inspection_task_assistants (task_id, user_id)
        select t.id, s.assistant from tasks t join src s on ${no('BIP', 's.g')} || '-01' = t.task_no where s.assistant is not null
      )
      insert into inspection_reports (report_no, task_id, apply_id, inspection_type_id, order_id, client_id, department_id,
        factory_id, inspector_id, assistant_ids, inspection_date, quantity, sampling_level, major_aql, minor_aql, plan,
        sample_size, critical, major, minor, pre_result, result, computed_result, score, assist_score, audit_l1_by,
        audit_l1_at, audit_l2_by, audit_l2_at, revision, sent_at, status, created_at, updated_at)
      select ${no('BIR', 's.g')}, t.id, t.apply_id, s.type_id, s.order_id, s.client_id, s.department_id, s.factory_id, s.lead,
             case when s.assistant is null then '{}'::bigint[] else array[s.assistant] end,
             s.day, s.quantity, 'II', '2.5', '4.0',
             jsonb_build_object('letter', case when s.quantity > 3200 then 'L' when s.quantity > 1200 then 'K' else 'J' end,
                                'drawn', case when s.quantity > 3200 then 200 when s.quantity > 1200 then 125 else 80 end),
             case when s.quantity > 3200 then 200 when s.quantity > 1200 then 125 else 80 end,
             0, s.g % 4, s.g % 7, s.result, s.result, s.result,
             case when s.result = ${v(INSPECTION_RESULT.noReport)} then 0 else 100 + (s.g * 13) % 101 end,
             case when s.assistant is null then 0 else 50 + (s.g * 7) % 51 end,
             s.l1, s.day + interval '1 day 10 hours', case when s.g % 5 = 0 then s.l2 end,
             case when s.g % 5 = 0 then s.day + interval '1 day 16 hours' end, 1,
             case when s.g % 3 = 0 then null else s.day + interval '2 days' end,
             case s.g % 3 when 0 then ${v(INSPECTION_REPORT_STATUS.approved)} when 1 then ${v(INSPECTION_REPORT_STATUS.sent)}
                          else ${v(INSPECTION_REPORT_STATUS.confirmed)} end,
             s.day + interval '18 hours', s.day + interval '2 days'
      from tasks t join src s on ${no('BIP', 's.g')} || '-01' = t.task_no`);
    progress('inspection reports', hi, wanted, started);
  }
  return wanted - Math.min(have, wanted);
}

/** Loading reports `BCLC00000001`… over the year: approved or sent, some with an assistant. */
async function superviseReports(db: Db, sizes: ReportSizes, orders: number): Promise<number> {
  const have = await count(db, 'supervise_reports', 'report_no', 'BCLC');
  const wanted = sizes.supervise;
  const n = sizes.inspectors;
  for (let lo = have + 1; lo <= wanted; lo += BATCH) {
    const hi = Math.min(wanted, lo + BATCH - 1);
    const started = Date.now();
    await db.execute(sql`
      with refs as (
        select ${INSPECTORS} as who, (select id from users where username = 'demo.qc') as approver
      ), numbered as (
        select g, date '${sql.raw(`${REPORT_YEAR}-01-01`)}' + ((g - 1)::bigint * ${YEAR_DAYS} / ${wanted})::int as day,
               1 + (g::bigint * 104729) % ${orders} as k
        from generate_series(${lo}::int, ${hi}::int) g
      )
      insert into supervise_reports (report_no, client_id, department_id, factory_id, loading_date, inspector_id,
        assistant_ids, container_type, container_no, seal_no, arrival_time, start_time, finish_time, result, score,
        assist_score, submitted_at, approved_by, approved_at, sent_at, status, created_at, updated_at)
      select 'BCLC' || lpad(n.g::text, 8, '0'), o.client_id, o.department_id, p.factory_id, n.day,
             r.who[1 + (n.g * 3 + 1) % ${n}],
             case when n.g % 4 = 0 then array[r.who[1 + (n.g * 3 + 2) % ${n}]] else '{}'::bigint[] end,
             (array['20GP', '40GP', '40HQ'])[1 + n.g % 3], 'BNCH' || lpad((n.g % 10000000)::text, 7, '0'),
             'S' || lpad(n.g::text, 8, '0'), n.day + interval '8 hours', n.day + interval '9 hours',
             n.day + interval '12 hours',
             case when n.g % 30 = 0 then ${v(INSPECTION_RESULT.fail)} else ${v(INSPECTION_RESULT.pass)} end,
             80 + n.g % 41, case when n.g % 4 = 0 then 40 else null end,
             n.day + interval '13 hours', r.approver, n.day + interval '1 day', 
             case when n.g % 2 = 0 then n.day + interval '1 day 2 hours' end,
             case when n.g % 2 = 0 then ${v(SUPERVISE_REPORT_STATUS.sent)} else ${v(SUPERVISE_REPORT_STATUS.approved)} end,
             n.day + interval '7 hours', n.day + interval '1 day'
      from numbered n
      cross join refs r
      join orders o on ${orderNo('n.k')} = lower(o.order_no) and o.valid = 1
      join order_products p on p.order_id = o.id and p.line = 1`);
    progress('supervise reports', hi, wanted, started);
  }
  return wanted - Math.min(have, wanted);
}

/**
 * The bench inspectors' daily reports of the year, rebuilt: a report on each day with works (the
 * day's inspections as lead or assistant, 4–5 h each, the lead's by car or taxi with mileage, and
 * its loadings) and on each other weekday (office work, or leave); checked or sent, a few drafts.
 */
async function dailyReports(db: Db): Promise<number> {
  const started = Date.now();
  await db.execute(sql`
    delete from daily_work_reports where inspector_id in (select id from users where username like 'bench.inspector%')`);
  // An inspector's day as a number: which days are leave, drafts, sent.
  const key = (t: string) => sql.raw(`(${t}.who + (${t}.day - date '${REPORT_YEAR}-01-01'))`);
  const work = (fields: string) =>
    sql.raw(`jsonb_build_object(${fields}, 'orderProductId', null, 'remark', null)`);
  await db.execute(sql`
    with refs as (
      select (select id from vehicles where code = 'CAR' and valid = 1) as car,
             (select id from vehicles where code = 'TAXI' and valid = 1) as taxi,
             (select id from attendances where code = 'N' and valid = 1) as normal,
             (select id from attendances where code = 'AL' and valid = 1) as leave,
             (select id from users where username = 'demo.qcmgr') as checker
    ), works as (
      select r.inspector_id as who, r.inspection_date as day, 40 + r.id % 11 as hours,
             ${work(`'workType', ${WORK_TYPE.inspection}, 'taskId', r.task_id::text, 'reportId', r.id::text,
                     'factoryId', r.factory_id::text, 'role', 'LEAD', 'hoursTenths', 40 + r.id % 11,
                     'vehicleId', case r.id % 4 when 0 then null when 3 then f.taxi::text else f.car::text end,
                     'mileageTenths', case when r.id % 4 = 0 then null else 50 + (r.id * 17) % 1200 end`)} as w
      from inspection_reports r cross join refs f where r.report_no like 'BIR%'
      union all
      select a.who, r.inspection_date, 40 + r.id % 11,
             ${work(`'workType', ${WORK_TYPE.inspection}, 'taskId', r.task_id::text, 'reportId', r.id::text,
                     'factoryId', r.factory_id::text, 'role', 'ASSIST', 'hoursTenths', 40 + r.id % 11,
                     'vehicleId', null, 'mileageTenths', null`)}
      from inspection_reports r cross join lateral unnest(r.assistant_ids) a(who)
      where r.report_no like 'BIR%'
      union all
      select s.inspector_id, s.loading_date, 30,
             ${work(`'workType', ${WORK_TYPE.loading}, 'taskId', null, 'reportId', null,
                     'factoryId', s.factory_id::text, 'role', 'LEAD', 'hoursTenths', 30,
                     'vehicleId', null, 'mileageTenths', null`)}
      from supervise_reports s where s.report_no like 'BCLC%'
    ), days as (
      select who, day, jsonb_agg(w) as works, least(240, sum(hours))::int as hours from works group by who, day
    ), office as (
      select u.id as who, d::date as day from users u
      cross join generate_series(date '${sql.raw(`${REPORT_YEAR}-01-01`)}', date '${sql.raw(`${REPORT_YEAR}-12-31`)}', interval '1 day') d
      where u.username like 'bench.inspector%' and extract(isodow from d) < 6
    ), all_days as (
      select who, day, works, hours, false as off from days
      union all
      select o.who, o.day,
             case when ${key('o')} % 23 = 0 then '[]'::jsonb
                  else jsonb_build_array(${work(`'workType', ${WORK_TYPE.office}, 'taskId', null, 'reportId', null,
                     'factoryId', null, 'role', null, 'hoursTenths', 80, 'vehicleId', null, 'mileageTenths', null`)}) end,
             case when ${key('o')} % 23 = 0 then 0 else 80 end,
             ${key('o')} % 23 = 0
      from office o where not exists (select 1 from days d where d.who = o.who and d.day = o.day)
    )
    insert into daily_work_reports (inspector_id, work_date, attendance_id, works, hours_tenths, score, checked_by,
                                    checked_at, sent_at, status, created_at, updated_at)
    select a.who, a.day, case when a.off then f.leave else f.normal end, a.works, a.hours, 100, f.checker,
           a.day + interval '1 day', case when ${key('a')} % 2 = 0 then a.day + interval '1 day 1 hour' end,
           case when ${key('a')} % 101 = 0 then ${v(DAILY_REPORT_STATUS.draft)}
                when ${key('a')} % 2 = 0 then ${v(DAILY_REPORT_STATUS.sent)}
                else ${v(DAILY_REPORT_STATUS.checked)} end,
           a.day + interval '20 hours', a.day + interval '1 day'
    from all_days a cross join refs f`);
  const made = await count(
    db,
    'daily_work_reports d join users u on u.id = d.inspector_id',
    'u.username',
    'bench.inspector',
  );
  progress('daily work reports', made, made, started);
  return made;
}

const REPORT_TABLES = [
  'inspection_applies',
  'inspection_plans',
  'inspection_plan_assistants',
  'inspection_tasks',
  'inspection_task_assistants',
  'inspection_reports',
  'supervise_reports',
  'daily_work_reports',
];

/** Tops the year of reports up to `sizes` (needs the bench orders); answers whether rows were added. */
export async function generateReports(db: Db, sizes: ReportSizes): Promise<boolean> {
  if (sizes.reports <= 0 && sizes.supervise <= 0) return false;
  const orders = await count(db, 'orders', 'order_no', 'BOD');
  if (orders === 0) throw new Error('the reports need bench orders: generate with --orders');
  await inspectors(db, sizes.inspectors);
  const added = (await inspectionReports(db, sizes, orders)) + (await superviseReports(db, sizes, orders));
  const daily = await count(
    db,
    'daily_work_reports d join users u on u.id = d.inspector_id',
    'u.username',
    'bench.inspector',
  );
  if (added === 0 && daily > 0) return false;
  await dailyReports(db);
  for (const table of REPORT_TABLES) await db.execute(sql.raw(`vacuum analyze ${table}`));
  return true;
}

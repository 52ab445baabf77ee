import { TEST_RESULT } from '@qcdesk/contract/enumerations';
import { INSPECTION_RESULT } from '@qcdesk/contract/inspection-apply';
import { INSPECTION_REPORT_STATUS } from '@qcdesk/contract/inspection-report';
import { INSPECTION_TASK_STATUS } from '@qcdesk/contract/inspection-task';
import { ORDER_RISK_STATUS } from '@qcdesk/contract/order-risk';
import { SUPERVISE_REPORT_STATUS } from '@qcdesk/contract/supervise-report';
import { and, inArray, type SQL, sql } from 'drizzle-orm';
import { inspectionReports } from '../../db/schema/inspection-report';
import { orders } from '../../db/schema/order';
import { superviseReports } from '../../db/schema/supervise-report';
import { type Db, rows } from '../../platform/db';
import { type Scope, scopeWhere } from '../../platform/scope';

// The dashboard charts' SQL (issue 30): each an aggregate over a date range or an open status,
// read through the status/date indexes (test/dashboard-charts-plans.test.ts), in the caller's
// scope of DOMAIN.md §5.4, written as the lists write it: department and client columns of the
// record, an inspector's own records, and CLIENT users only what is sent to them.

export interface Period {
  from: string;
  to: string;
}

const { approved, sent, confirmed } = INSPECTION_REPORT_STATUS;
const id = (v: unknown) => BigInt(v as string);
const int = (v: unknown) => Number(v);

/** Final reports (not interim) in the period, in scope: a CLIENT user's only once sent. */
export function finalReportsWhere(scope: Scope, period: Period): SQL {
  const ownReport = (userId: bigint) =>
    sql`(${inspectionReports.inspectorId} = ${userId} or ${userId}::bigint = any(${inspectionReports.assistantIds}))`;
  const statuses = scope.kind === 'client' ? [sent, confirmed] : [approved, sent, confirmed];
  return and(
    sql`${inspectionReports.valid} = 1`,
    sql`not ${inspectionReports.interim}`,
    inArray(inspectionReports.status, statuses),
    sql`${inspectionReports.inspectionDate} between ${period.from} and ${period.to}`,
    scopeWhere(scope, {
      department: inspectionReports.departmentId,
      client: inspectionReports.clientId,
      inspector: ownReport,
    }),
  )!;
}

const passed = sql.raw(`${INSPECTION_RESULT.pass}, ${INSPECTION_RESULT.conditionalPass}`);
const month = sql`to_char(${inspectionReports.inspectionDate}, 'YYYY-MM')`;

/** Reports and passes per month and client or factory. */
export function passRateQuery(scope: Scope, period: Period, by: 'client' | 'factory') {
  const [joined, key] =
    by === 'client'
      ? [sql`clients c on c.id = ${inspectionReports.clientId}`, sql`c.name as name_zh, c.name as name_en`]
      : [sql`factories c on c.id = ${inspectionReports.factoryId}`, sql`c.name_zh, c.name_en`];
  return sql`select ${month} as month, c.id, c.code, ${key}, count(*) as reports,
               count(*) filter (where ${inspectionReports.result} in (${passed})) as passed
        from ${inspectionReports} join ${joined}
        where ${finalReportsWhere(scope, period)}
        group by 1, 2, 3, 4, 5 order by 1, 2`;
}

export async function passRates(db: Db, scope: Scope, period: Period, by: 'client' | 'factory') {
  const found = await rows<Record<string, unknown>>(db, passRateQuery(scope, period, by));
  return found.map((r) => ({
    month: String(r.month),
    ref: { id: id(r.id), code: r.code as string, nameZh: r.name_zh as string, nameEn: r.name_en as string },
    reports: int(r.reports),
    passed: int(r.passed),
  }));
}

/** Days from the application's submit to the report's send, per month of inspection. */
export function leadTimeQuery(scope: Scope, period: Period) {
  const days = sql`extract(epoch from ${inspectionReports.sentAt} - a.submitted_at) / 86400`;
  return sql`select ${month} as month, count(*) as reports,
               round(avg(${days})::numeric, 1) as average, round(max(${days})::numeric, 1) as longest
        from ${inspectionReports} join inspection_applies a on a.id = ${inspectionReports.applyId}
        where ${finalReportsWhere(scope, period)} and ${inspectionReports.sentAt} is not null
          and a.submitted_at is not null
        group by 1 order by 1`;
}

export async function leadTimes(db: Db, scope: Scope, period: Period) {
  const found = await rows<Record<string, unknown>>(db, leadTimeQuery(scope, period));
  return found.map((r) => ({
    month: String(r.month),
    reports: int(r.reports),
    averageDays: Number(r.average),
    maxDays: Number(r.longest),
  }));
}

/** Per factory: final reports, failed and rework ones. */
export function factoryResultQuery(scope: Scope, period: Period) {
  return sql`select f.id, f.code, f.name_zh, f.name_en, count(*) as reports,
               count(*) filter (where ${inspectionReports.result} = ${INSPECTION_RESULT.fail}) as failed,
               count(*) filter (where ${inspectionReports.result} = ${INSPECTION_RESULT.rework}) as rework
        from ${inspectionReports} join factories f on f.id = ${inspectionReports.factoryId}
        where ${finalReportsWhere(scope, period)}
        group by 1, 2, 3, 4`;
}

export async function factoryResults(db: Db, scope: Scope, period: Period) {
  const found = await rows<Record<string, unknown>>(db, factoryResultQuery(scope, period));
  return found.map((r) => ({
    factory: factoryRef(r),
    reports: int(r.reports),
    failed: int(r.failed),
    rework: int(r.rework),
  }));
}

const factoryRef = (r: Record<string, unknown>) => ({
  id: id(r.id),
  code: r.code as string,
  nameZh: r.name_zh as string,
  nameEn: r.name_en as string,
});

/** Approved loadings in the period, in scope (a CLIENT user's once sent). */
export function loadingsWhere(scope: Scope, period: Period): SQL {
  const statuses =
    scope.kind === 'client'
      ? [SUPERVISE_REPORT_STATUS.sent]
      : [SUPERVISE_REPORT_STATUS.approved, SUPERVISE_REPORT_STATUS.sent];
  return and(
    sql`${superviseReports.valid} = 1`,
    inArray(superviseReports.status, statuses),
    sql`${superviseReports.loadingDate} between ${period.from} and ${period.to}`,
    scopeWhere(scope, {
      department: superviseReports.departmentId,
      client: superviseReports.clientId,
      inspector: (userId) => sql`${superviseReports.inspectorId} = ${userId}`,
    }),
  )!;
}

/** Per factory: order products loaded after their delivery date. */
export function lateLoadQuery(scope: Scope, period: Period) {
  return sql`select f.id, f.code, f.name_zh, f.name_en, count(distinct p.order_product_id) as late
        from ${superviseReports}
          join supervise_report_products p on p.report_id = ${superviseReports.id} and p.valid = 1
          join order_products op on op.id = p.order_product_id
          join factories f on f.id = ${superviseReports.factoryId}
        where ${loadingsWhere(scope, period)} and ${superviseReports.loadingDate} > op.delivery_date
        group by 1, 2, 3, 4`;
}

export async function lateLoads(db: Db, scope: Scope, period: Period) {
  const found = await rows<Record<string, unknown>>(db, lateLoadQuery(scope, period));
  return found.map((r) => ({ factory: factoryRef(r), lateLoads: int(r.late) }));
}

/**
 * Tasks per inspector (lead or assistant) and day, aborted and cancelled ones left out: an
 * inspector their own, a department the inspectors of its departments, everyone for `all`.
 */
export function inspectorLoadQuery(scope: Scope, period: Period) {
  const { aborted, cancelled } = INSPECTION_TASK_STATUS;
  const people =
    scope.kind === 'inspector'
      ? sql`u.id = ${scope.userId}`
      : scope.kind === 'department'
        ? scope.departmentIds.length === 0
          ? sql`false`
          : sql`u.department_id in (${sql.join(
              scope.departmentIds.map((d) => sql`${d}`),
              sql`, `,
            )})`
        : sql`true`;
  const open = sql`t.valid = 1 and t.status not in (${aborted}, ${cancelled})
    and t.task_date between ${period.from} and ${period.to}`;
  return sql`with work as (
          select t.task_date, t.inspector_id as user_id from inspection_tasks t where ${open}
          union all
          select t.task_date, a.user_id from inspection_tasks t
            join inspection_task_assistants a on a.task_id = t.id and a.valid = 1
          where ${open})
        select u.id, u.name, u.english_name, to_char(w.task_date, 'YYYY-MM-DD') as day, count(*) as tasks
        from work w join users u on u.id = w.user_id
        where ${people}
        group by 1, 2, 3, 4 order by 2, 1`;
}

export async function inspectorLoad(db: Db, scope: Scope, period: Period) {
  const found = await rows<Record<string, unknown>>(db, inspectorLoadQuery(scope, period));
  return found.map((r) => ({
    inspector: {
      id: id(r.id),
      name: r.name as string,
      englishName: (r.english_name as string | null) ?? null,
    },
    day: String(r.day),
    tasks: int(r.tasks),
  }));
}

/** Open high-risk test items (no pass yet, not waived or done) per client of the order. */
export function highRiskQuery(scope: Scope, limit: number) {
  const open = [TEST_RESULT.notOut, TEST_RESULT.improve, TEST_RESULT.fail];
  return sql`select c.id, c.code, c.name, count(distinct r.order_product_id) as products, count(*) as items
        from order_risks r
          join order_risk_items i on i.order_risk_id = r.id and i.valid = 1
          join risks k on k.id = i.risk_id
          join risk_levels l on l.id = k.risk_level_id and l.high_risk
          join ${orders} on ${orders.id} = r.order_id
          join clients c on c.id = ${orders.clientId}
        where r.valid = 1 and r.status in (${ORDER_RISK_STATUS.pending}, ${ORDER_RISK_STATUS.testing})
          and i.result in (${sql.join(
            open.map((v) => sql`${v}`),
            sql`, `,
          )})
          and ${scopeWhere(scope, { department: orders.departmentId, client: orders.clientId }) ?? sql`true`}
        group by 1, 2, 3 order by 5 desc, 2 limit ${limit}`;
}

export async function highRiskTests(db: Db, scope: Scope, limit: number) {
  const found = await rows<Record<string, unknown>>(db, highRiskQuery(scope, limit));
  return found.map((r) => ({
    client: { id: id(r.id), code: r.code as string, nameZh: r.name as string, nameEn: r.name as string },
    products: int(r.products),
    items: int(r.items),
  }));
}

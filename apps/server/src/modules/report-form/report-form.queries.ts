import { DAILY_REPORT_STATUS } from '@qcdesk/contract/daily-work-report';
import { INSPECTION_RESULT } from '@qcdesk/contract/inspection-apply';
import { INSPECTION_REPORT_STATUS } from '@qcdesk/contract/inspection-report';
import { and, asc, desc, eq, gt, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import { clients } from '../../db/schema/client';
import {
  attendances,
  factories,
  factoryTypeFees,
  inspectionTypes,
  locations,
  vehicles,
} from '../../db/schema/config';
import { dailyWorkReports } from '../../db/schema/daily-work-report';
import { departments, users } from '../../db/schema/identity';
import { inspectionApplies } from '../../db/schema/inspection-apply';
import { inspectionPlans } from '../../db/schema/inspection-plan';
import { inspectionReports } from '../../db/schema/inspection-report';
import { inspectionTasks } from '../../db/schema/inspection-task';
import { orders } from '../../db/schema/order';
import { jobs } from '../../db/schema/platform';
import { reportFormExports } from '../../db/schema/report-form';
import type { Db } from '../../platform/db';
import { type Scope, scopeWhere } from '../../platform/scope';

// The SQL of the report forms: the rows of each form in a date range and the caller's scope, read a
// batch at a time in key order, and "my exports".

export const RF_BATCH = 1000;

/** Reports approved, sent or confirmed: what the forms count (DOMAIN.md §6.12). */
const APPROVED = [
  INSPECTION_REPORT_STATUS.approved,
  INSPECTION_REPORT_STATUS.sent,
  INSPECTION_REPORT_STATUS.confirmed,
];

export interface FormFilters {
  startTime: string;
  endTime: string;
  departmentId?: bigint | undefined;
  clientId?: bigint | undefined;
  inspectorId?: bigint | undefined;
}

const names = <C extends PgColumn, Z extends PgColumn, E extends PgColumn>(t: {
  code: C;
  nameZh: Z;
  nameEn: E;
}) => ({
  code: t.code,
  nameZh: t.nameZh,
  nameEn: t.nameEn,
});

const lead = alias(users, 'lead');
const sales = alias(users, 'sales');

/** The approved reports of the range, filters and scope (an inspector filter matches assistants too). */
function reportWhere(f: FormFilters, scope: Scope, after: bigint | null): SQL | undefined {
  const r = inspectionReports;
  return and(
    eq(r.valid, 1),
    inArray(r.status, APPROVED),
    gte(r.inspectionDate, f.startTime),
    lte(r.inspectionDate, f.endTime),
    f.departmentId === undefined ? undefined : eq(r.departmentId, f.departmentId),
    f.clientId === undefined ? undefined : eq(r.clientId, f.clientId),
    f.inspectorId === undefined
      ? undefined
      : or(eq(r.inspectorId, f.inspectorId), sql`${f.inspectorId} = any(${r.assistantIds})`),
    scopeWhere(scope, {
      department: r.departmentId,
      client: r.clientId,
      inspector: (id) => or(eq(r.inspectorId, id), sql`${id} = any(${r.assistantIds})`) as SQL,
    }),
    after === null ? undefined : gt(r.id, after),
  );
}

/** A batch of approved reports with what the inspection and fee forms show. */
export async function reportBatch(db: Db, f: FormFilters, scope: Scope, after: bigint | null) {
  const r = inspectionReports;
  return db
    .select({
      id: r.id,
      departmentId: r.departmentId,
      clientId: r.clientId,
      reportNo: r.reportNo,
      interim: r.interim,
      inspectionDate: r.inspectionDate,
      inspectionType: names(inspectionTypes),
      client: { code: clients.code, name: clients.name },
      department: names(departments),
      sales: { name: sales.name, englishName: sales.englishName },
      orderNo: orders.orderNo,
      clientPo: orders.clientPo,
      factory: names(factories),
      factoryType: names(factoryTypeFees),
      location: names(locations),
      inspectorId: r.inspectorId,
      lead: { name: lead.name, englishName: lead.englishName },
      assistantIds: r.assistantIds,
      quantity: r.quantity,
      samplingLevel: r.samplingLevel,
      majorAql: r.majorAql,
      minorAql: r.minorAql,
      plan: r.plan,
      sampleSize: r.sampleSize,
      critical: r.critical,
      major: r.major,
      minor: r.minor,
      preResult: r.preResult,
      result: r.result,
      status: r.status,
      sentAt: r.sentAt,
      score: r.score,
      taskId: r.taskId,
      applyType: inspectionApplies.applyType,
      planManDays: inspectionPlans.manDays,
      planTasks: sql<number>`(select count(*)::int from ${inspectionTasks} pt where pt.plan_id = ${inspectionPlans.id} and pt.valid = 1)`,
      feePerManDay: factoryTypeFees.feePerManDay,
      currency: factoryTypeFees.currency,
      weekendFactor: factoryTypeFees.weekendFactor,
      holidayFactor: factoryTypeFees.holidayFactor,
      abortFactor: factoryTypeFees.abortFactor,
    })
    .from(r)
    .innerJoin(inspectionTasks, eq(inspectionTasks.id, r.taskId))
    .innerJoin(inspectionPlans, eq(inspectionPlans.id, inspectionTasks.planId))
    .innerJoin(inspectionTypes, eq(inspectionTypes.id, r.inspectionTypeId))
    .innerJoin(clients, eq(clients.id, r.clientId))
    .innerJoin(departments, eq(departments.id, r.departmentId))
    .innerJoin(orders, eq(orders.id, r.orderId))
    .leftJoin(sales, eq(sales.id, orders.salesId))
    .innerJoin(factories, eq(factories.id, r.factoryId))
    .leftJoin(factoryTypeFees, eq(factoryTypeFees.id, factories.factoryTypeId))
    .leftJoin(locations, eq(locations.id, factories.locationId))
    .innerJoin(lead, eq(lead.id, r.inspectorId))
    .leftJoin(inspectionApplies, eq(inspectionApplies.id, r.applyId))
    .where(reportWhere(f, scope, after))
    .orderBy(asc(r.id))
    .limit(RF_BATCH);
}

export type ReportRow = Awaited<ReturnType<typeof reportBatch>>[number];

/** Names of users by id (assistants). */
export async function userNames(db: Db, ids: readonly bigint[]) {
  if (ids.length === 0) return new Map<bigint, { name: string; englishName: string | null }>();
  const rows = await db
    .select({ id: users.id, name: users.name, englishName: users.englishName })
    .from(users)
    .where(inArray(users.id, [...ids]));
  return new Map(rows.map((u) => [u.id, u]));
}

/** The mileage of checked daily-report works of these tasks, with the vehicle's rate. */
export async function taskTravel(db: Db, taskIds: readonly bigint[]) {
  if (taskIds.length === 0) return [];
  const ids = taskIds.map(String);
  const result = await db.execute<{
    inspector_id: string;
    task_id: string;
    mileage: number;
    rate: string | null;
  }>(sql`
    select d.inspector_id, w->>'taskId' as task_id, coalesce((w->>'mileageTenths')::int, 0) as mileage, v.rate_per_km as rate
    from ${dailyWorkReports} d
    cross join lateral jsonb_array_elements(d.works) w
    left join ${vehicles} v on v.id = (w->>'vehicleId')::bigint
    where d.valid = 1 and d.status in (${DAILY_REPORT_STATUS.checked}, ${DAILY_REPORT_STATUS.sent})
      and w->>'taskId' in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`);
  return result.rows.map((row) => ({
    inspectorId: BigInt(row.inspector_id),
    taskId: BigInt(row.task_id),
    mileageTenths: Number(row.mileage),
    ratePerKm: row.rate,
  }));
}

/** A batch of checked or sent daily reports (the overtime form), in inspector and date order. */
export async function dailyBatch(
  db: Db,
  f: FormFilters,
  scope: Scope,
  after: { inspectorId: bigint; workDate: string } | null,
) {
  const d = dailyWorkReports;
  return db
    .select({
      id: d.id,
      inspectorId: d.inspectorId,
      inspector: { name: users.name, englishName: users.englishName },
      department: names(departments),
      workDate: d.workDate,
      attendance: names(attendances),
      countsAsWork: attendances.countsAsWork,
      hoursTenths: d.hoursTenths,
      // Through the reports' key: `r.id::text in (…)` read every report for each day (issue 30's bench).
      reportNos: sql<
        string[]
      >`array(select r.report_no from ${inspectionReports} r where r.id = any(array(select (w->>'reportId')::bigint from jsonb_array_elements(${d.works}) w)) order by r.report_no)`,
    })
    .from(d)
    .innerJoin(users, eq(users.id, d.inspectorId))
    .leftJoin(departments, eq(departments.id, users.departmentId))
    .innerJoin(attendances, eq(attendances.id, d.attendanceId))
    .where(
      and(
        eq(d.valid, 1),
        inArray(d.status, [DAILY_REPORT_STATUS.checked, DAILY_REPORT_STATUS.sent]),
        gte(d.workDate, f.startTime),
        lte(d.workDate, f.endTime),
        f.departmentId === undefined ? undefined : eq(users.departmentId, f.departmentId),
        f.inspectorId === undefined ? undefined : eq(d.inspectorId, f.inspectorId),
        scopeWhere(scope, {
          department: users.departmentId,
          inspector: (id) => eq(d.inspectorId, id),
        }),
        after === null
          ? undefined
          : or(
              gt(d.inspectorId, after.inspectorId),
              and(eq(d.inspectorId, after.inspectorId), gt(d.workDate, after.workDate)),
            ),
      ),
    )
    .orderBy(asc(d.inspectorId), asc(d.workDate))
    .limit(RF_BATCH);
}

export type DailyRow = Awaited<ReturnType<typeof dailyBatch>>[number];

/** QC form: per approver and month, the L1 and L2 approvals and rejections of the range. */
export async function qcApprovals(db: Db, f: FormFilters, scope: Scope) {
  const result = await db.execute<{
    user_id: string;
    month: string;
    l1: number;
    l2: number;
    failed: number;
    mean_hours: string | null;
  }>(sql`
    with acts as (
      select inspection_reports.audit_l1_by as user_id, to_char(inspection_reports.audit_l1_at at time zone 'Asia/Shanghai', 'YYYY-MM') as month,
        1 as l1, 0 as l2, case when inspection_reports.result in (${INSPECTION_RESULT.rework}, ${INSPECTION_RESULT.fail}) then 1 else 0 end as failed,
        extract(epoch from (inspection_reports.audit_l1_at - inspection_reports.created_at)) / 3600 as hours
      from ${inspectionReports}
      where inspection_reports.valid = 1 and inspection_reports.audit_l1_by is not null
        and (inspection_reports.audit_l1_at at time zone 'Asia/Shanghai')::date between ${f.startTime}::date and ${f.endTime}::date
        and ${reportFilter(f, scope)}
      union all
      select inspection_reports.audit_l2_by, to_char(inspection_reports.audit_l2_at at time zone 'Asia/Shanghai', 'YYYY-MM'), 0, 1, 0, null
      from ${inspectionReports}
      where inspection_reports.valid = 1 and inspection_reports.audit_l2_by is not null
        and (inspection_reports.audit_l2_at at time zone 'Asia/Shanghai')::date between ${f.startTime}::date and ${f.endTime}::date
        and ${reportFilter(f, scope)}
    )
    select user_id::text, month, sum(l1)::int as l1, sum(l2)::int as l2, sum(failed)::int as failed,
      round(avg(hours)::numeric, 1)::text as mean_hours
    from acts group by user_id, month order by user_id, month`);
  return result.rows.map((row) => ({
    userId: BigInt(row.user_id),
    month: row.month,
    l1: Number(row.l1),
    l2: Number(row.l2),
    failed: Number(row.failed),
    meanHours: row.mean_hours === null ? null : Number(row.mean_hours),
  }));
}

function reportFilter(f: FormFilters, scope: Scope): SQL {
  const r = inspectionReports;
  return (
    and(
      sql`true`,
      f.departmentId === undefined ? undefined : eq(r.departmentId, f.departmentId),
      f.clientId === undefined ? undefined : eq(r.clientId, f.clientId),
      scopeWhere(scope, { department: r.departmentId, client: r.clientId }),
    ) ?? sql`true`
  );
}

// -- My exports ---------------------------------------------------------------------------------

/** An unfinished export of the same user and filters, to join. */
export async function unfinishedExport(db: Db, userId: bigint, filterKey: string) {
  const [row] = await db
    .select({ jobId: reportFormExports.jobId })
    .from(reportFormExports)
    .innerJoin(jobs, eq(jobs.id, reportFormExports.jobId))
    .where(
      and(
        eq(reportFormExports.requestedBy, userId),
        eq(reportFormExports.filterKey, filterKey),
        inArray(jobs.status, ['queued', 'running']),
      ),
    )
    .limit(1);
  return row;
}

export async function myExports(db: Db, userId: bigint) {
  return db
    .select({
      id: reportFormExports.id,
      jobId: reportFormExports.jobId,
      form: reportFormExports.form,
      startTime: reportFormExports.startTime,
      endTime: reportFormExports.endTime,
      fileId: reportFormExports.fileId,
      rows: reportFormExports.rows,
      createdAt: reportFormExports.createdAt,
      expiresAt: reportFormExports.expiresAt,
      status: jobs.status,
      progress: jobs.progress,
      attempts: jobs.attempts,
      maxAttempts: jobs.maxAttempts,
      lastError: jobs.lastError,
    })
    .from(reportFormExports)
    .innerJoin(jobs, eq(jobs.id, reportFormExports.jobId))
    .where(and(eq(reportFormExports.requestedBy, userId), gt(reportFormExports.expiresAt, sql`now()`)))
    .orderBy(desc(reportFormExports.id))
    .limit(100);
}

export async function exportRow(db: Db, id: bigint) {
  const [row] = await db.select().from(reportFormExports).where(eq(reportFormExports.id, id));
  return row;
}

export async function exportsOfJob(db: Db, jobId: bigint) {
  return db.select().from(reportFormExports).where(eq(reportFormExports.jobId, jobId));
}

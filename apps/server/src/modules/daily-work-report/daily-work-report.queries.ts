import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { DAILY_REPORT_STATUS } from '@qcdesk/contract/daily-work-report';
import { INSPECTION_PLAN_STATUS } from '@qcdesk/contract/inspection-plan';
import { INSPECTION_TASK_STATUS } from '@qcdesk/contract/inspection-task';
import { and, desc, eq, gte, inArray, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { clients } from '../../db/schema/client';
import { attendances, factories, inspectionTypes, samplingLevels } from '../../db/schema/config';
import { dailyWorkReports } from '../../db/schema/daily-work-report';
import { users } from '../../db/schema/identity';
import { inspectionApplies, inspectionApplyItems } from '../../db/schema/inspection-apply';
import { inspectionPlans } from '../../db/schema/inspection-plan';
import { inspectionTaskAssistants, inspectionTasks } from '../../db/schema/inspection-task';
import { orders } from '../../db/schema/order';
import type { Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { label, personLabel } from '../../platform/labels';
import { onePage } from '../../platform/paging';
import type { Scope } from '../../platform/scope';
import { sortOrder } from '../../platform/sorting';

// The SQL of daily work reports: the scope (an inspector's own, DOMAIN.md §5.4), the search
// (spec §3: inspector, year, month, work) and its page query, and the day's tasks that prefill a
// report (the assign-order search).

type Ops = typeof areas.dailyWorkReport;
export type DailyReportSearch = ParsedInputOf<Ops['searchDailyReports']>;

const { draft, submitted, returned } = DAILY_REPORT_STATUS;
const t = dailyWorkReports;

/** §5.4: inspectors read their own reports; QC managers and admins every one; nobody else any. */
export function dailyReportScope(scope: Scope): SQL | undefined {
  switch (scope.kind) {
    case 'all':
      return undefined;
    case 'inspector':
      return eq(t.inspectorId, scope.userId);
    case 'department':
      return sql`exists (select 1 from ${users} where ${users.id} = ${t.inspectorId} and ${inArray(users.departmentId, [...scope.departmentIds, -1n])})`;
    default:
      return sql`false`;
  }
}

/** §6.8 `work`: submitted reports for dailyreport.check, and one's own drafts and returned ones. */
function workWhere(user: Principal): SQL {
  const own = and(eq(t.inspectorId, user.userId), inArray(t.status, [draft, returned]));
  return user.permissions.has('dailyreport.check') ? or(eq(t.status, submitted), own)! : own!;
}

/** The WHERE of dailyworkreport/search; year and month are a range on workDate (its index). */
export function dailyReportSearchWhere(input: Partial<DailyReportSearch>, scope: Scope, user: Principal) {
  const year = input.year;
  const from = year ? `${year}-${String(input.month ?? 1).padStart(2, '0')}-01` : undefined;
  const to = year
    ? input.month
      ? new Date(Date.UTC(year, input.month, 0)).toISOString().slice(0, 10)
      : `${year}-12-31`
    : undefined;
  return and(
    eq(t.valid, 1),
    dailyReportScope(scope),
    input.inspectorId ? eq(t.inspectorId, input.inspectorId) : undefined,
    from ? gte(t.workDate, from) : undefined,
    to ? lte(t.workDate, to) : undefined,
    !year && input.month ? sql`extract(month from ${t.workDate}) = ${input.month}` : undefined,
    input.status !== undefined ? eq(t.status, Number(input.status)) : undefined,
    input.work ? workWhere(user) : undefined,
  );
}

const inspector = alias(users, 'inspector');
const checker = alias(users, 'checker');

export function selectReports(db: Db) {
  return db
    .select({
      report: t,
      inspector: { id: inspector.id, name: inspector.name, englishName: inspector.englishName },
      inspectorDepartmentId: inspector.departmentId,
      attendance: {
        id: attendances.id,
        code: attendances.code,
        nameZh: attendances.nameZh,
        nameEn: attendances.nameEn,
        countsAsWork: attendances.countsAsWork,
      },
      checker: { name: checker.name, englishName: checker.englishName },
    })
    .from(t)
    .innerJoin(inspector, eq(inspector.id, t.inspectorId))
    .innerJoin(attendances, eq(attendances.id, t.attendanceId))
    .leftJoin(checker, eq(checker.id, t.checkedBy));
}

export type SelectedReport = Awaited<ReturnType<ReturnType<typeof selectReports>['execute']>>[number];

export function dailyReportPage(db: Db, where: SQL | undefined, input: DailyReportSearch) {
  return onePage(
    selectReports(db)
      .where(where)
      .orderBy(...sortOrder({ workDate: t.workDate }, input, t.id, [desc(t.workDate), desc(t.id)])),
    input,
  );
}

/** A report's row fields with its labels; the scores are the caller's (frozen or live). */
export function toRow(r: SelectedReport, scores: { score: number; assistScore: number }) {
  const a = r.attendance;
  return {
    id: r.report.id,
    inspector: r.inspector,
    workDate: r.report.workDate,
    attendance: label(a.id, a.code, a.nameZh, a.nameEn),
    hours: r.report.hoursTenths / 10,
    score: scores.score,
    assistScore: scores.assistScore,
    status: r.report.status,
    checkedBy: personLabel(r.report.checkedBy, r.checker),
    checkedAt: r.report.checkedAt,
    sentAt: r.report.sentAt,
    version: r.report.version,
    updatedAt: r.report.updatedAt,
  };
}

const OPEN_PLAN = [
  INSPECTION_PLAN_STATUS.dispatched,
  INSPECTION_PLAN_STATUS.inProgress,
  INSPECTION_PLAN_STATUS.completed,
];

/** A task of the user (lead or assistant) as a daily report or the prediction reads it. */
export interface UserTask {
  id: bigint;
  taskNo: string;
  taskDate: string;
  status: number;
  lead: boolean;
  applyId: bigint | null;
  factory: ReturnType<typeof label>;
  inspectionTypeId: bigint;
  clientId: bigint | null;
  orderNo: string | null;
}

/**
 * The user's tasks (lead or assistant) of dispatched plans dated from `from` to `to`, not cancelled;
 * `statuses` narrows them (the prediction's open tasks).
 */
export async function userTasks(
  db: Db,
  userId: bigint,
  range: { from: string; to: string; statuses?: readonly number[] },
): Promise<UserTask[]> {
  const assisted = db
    .select({ id: inspectionTaskAssistants.taskId })
    .from(inspectionTaskAssistants)
    .where(and(eq(inspectionTaskAssistants.userId, userId), eq(inspectionTaskAssistants.valid, 1)));
  const rows = await db
    .select({
      task: inspectionTasks,
      factory: { code: factories.code, nameZh: factories.nameZh, nameEn: factories.nameEn },
      clientId: inspectionApplies.clientId,
      orderNo: orders.orderNo,
    })
    .from(inspectionTasks)
    .innerJoin(inspectionPlans, eq(inspectionPlans.id, inspectionTasks.planId))
    .innerJoin(factories, eq(factories.id, inspectionTasks.factoryId))
    .leftJoin(inspectionApplies, eq(inspectionApplies.id, inspectionTasks.applyId))
    .leftJoin(orders, eq(orders.id, inspectionApplies.orderId))
    .where(
      and(
        or(eq(inspectionTasks.inspectorId, userId), inArray(inspectionTasks.id, assisted)),
        gte(inspectionTasks.taskDate, range.from),
        lte(inspectionTasks.taskDate, range.to),
        eq(inspectionTasks.valid, 1),
        inArray(inspectionPlans.status, OPEN_PLAN),
        range.statuses
          ? inArray(inspectionTasks.status, [...range.statuses])
          : ne(inspectionTasks.status, INSPECTION_TASK_STATUS.cancelled),
      ),
    )
    .orderBy(inspectionTasks.taskDate, inspectionTasks.taskNo);
  return rows.map((r) => ({
    id: r.task.id,
    taskNo: r.task.taskNo,
    taskDate: r.task.taskDate,
    status: r.task.status,
    lead: r.task.inspectorId === userId,
    applyId: r.task.applyId,
    factory: label(r.task.factoryId, r.factory.code, r.factory.nameZh, r.factory.nameEn),
    inspectionTypeId: r.task.inspectionTypeId,
    clientId: r.clientId,
    orderNo: r.orderNo,
  }));
}

/** Tasks by id with their order and client (a report's works). */
export async function tasksById(db: Db, ids: readonly bigint[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: inspectionTasks.id,
      taskNo: inspectionTasks.taskNo,
      inspectorId: inspectionTasks.inspectorId,
      factoryId: inspectionTasks.factoryId,
      clientId: inspectionApplies.clientId,
      orderNo: orders.orderNo,
    })
    .from(inspectionTasks)
    .leftJoin(inspectionApplies, eq(inspectionApplies.id, inspectionTasks.applyId))
    .leftJoin(orders, eq(orders.id, inspectionApplies.orderId))
    .where(inArray(inspectionTasks.id, [...ids]));
}

export async function factoriesById(db: Db, ids: readonly bigint[]) {
  if (ids.length === 0) return new Map<bigint, ReturnType<typeof label>>();
  const rows = await db
    .select({ id: factories.id, code: factories.code, nameZh: factories.nameZh, nameEn: factories.nameEn })
    .from(factories)
    .where(inArray(factories.id, [...ids]));
  return new Map(rows.map((f) => [f.id, label(f.id, f.code, f.nameZh, f.nameEn)]));
}

/** The days of a month with a daily report whose attendance counts as work (man-days, §6.6). */
export async function workDaysOf(db: Db, range: { from: string; to: string; userId?: bigint | undefined }) {
  return db
    .select({ inspectorId: t.inspectorId, workDate: t.workDate })
    .from(t)
    .innerJoin(attendances, eq(attendances.id, t.attendanceId))
    .where(
      and(
        eq(t.valid, 1),
        gte(t.workDate, range.from),
        lte(t.workDate, range.to),
        eq(attendances.countsAsWork, true),
        range.userId === undefined ? undefined : eq(t.inspectorId, range.userId),
      ),
    );
}

/** The lead inspectors of tasks dated in the range in the given statuses (the prediction's rows). */
export async function taskInspectors(
  db: Db,
  range: { from: string; to: string; statuses: readonly number[] },
) {
  const rows = await db
    .selectDistinct({ id: inspectionTasks.inspectorId })
    .from(inspectionTasks)
    .where(
      and(
        gte(inspectionTasks.taskDate, range.from),
        lte(inspectionTasks.taskDate, range.to),
        inArray(inspectionTasks.status, [...range.statuses]),
        eq(inspectionTasks.valid, 1),
      ),
    );
  return rows.map((r) => r.id);
}

/** What the prediction needs of open tasks: type's base score, the lot and products, the client's AQL. */
export async function taskFacts(db: Db, taskIds: readonly bigint[]) {
  if (taskIds.length === 0) return [];
  const lots = db
    .select({
      applyId: inspectionApplyItems.applyId,
      lot: sql<number>`sum(${inspectionApplyItems.applyQuantity})`.mapWith(Number).as('lot'),
      products: sql<number>`count(*)`.mapWith(Number).as('products'),
    })
    .from(inspectionApplyItems)
    .where(eq(inspectionApplyItems.valid, 1))
    .groupBy(inspectionApplyItems.applyId)
    .as('lots');
  return db
    .select({
      taskId: inspectionTasks.id,
      baseScore: inspectionTypes.baseScore,
      usesAql: inspectionTypes.usesAql,
      lot: lots.lot,
      products: lots.products,
      level: samplingLevels.code,
      majorAql: clients.majorAql,
      minorAql: clients.minorAql,
    })
    .from(inspectionTasks)
    .innerJoin(inspectionTypes, eq(inspectionTypes.id, inspectionTasks.inspectionTypeId))
    .leftJoin(inspectionApplies, eq(inspectionApplies.id, inspectionTasks.applyId))
    .leftJoin(lots, eq(lots.applyId, inspectionTasks.applyId))
    .leftJoin(clients, eq(clients.id, inspectionApplies.clientId))
    .leftJoin(samplingLevels, eq(samplingLevels.id, clients.samplingLevelId))
    .where(inArray(inspectionTasks.id, [...taskIds]));
}

/** Users by id with their names (the scoring rows). */
export async function userNames(db: Db, ids: readonly bigint[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, name: users.name, englishName: users.englishName })
    .from(users)
    .where(inArray(users.id, [...ids]))
    .orderBy(users.name, users.id);
}

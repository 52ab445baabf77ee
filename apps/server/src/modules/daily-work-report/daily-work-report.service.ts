import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { WORK_TYPE } from '@qcdesk/contract/daily-work-report';
import { and, eq } from 'drizzle-orm';
import { dailyWorkReports, type StoredWork } from '../../db/schema/daily-work-report';
import { dayScore } from '../../domain/daily-score';
import type { Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { recordFlags } from '../../platform/flags';
import { cappedTotal, searchPage } from '../../platform/paging';
import { scopeOf } from '../../platform/scope';
import { reportsById, reportsOfTasks } from '../inspection-report/inspection-report-scores.service';
import {
  type DailyReportSearch,
  dailyReportPage,
  dailyReportScope,
  dailyReportSearchWhere,
  factoriesById,
  type SelectedReport,
  selectReports,
  tasksById,
  toRow,
  userTasks,
} from './daily-work-report.queries';
import {
  DAILY_REPORT_ENTITY,
  EDIT_PERMISSION,
  isEditable,
  isFrozen,
  userActions,
} from './daily-work-report.rules';
import { earnedBy, scoredReportsOf } from './daily-work-report-sources.service';

// Daily work reports (DOMAIN.md §2.8, §4.12): the reads — the list, one report with its works, and
// the day's tasks that prefill a new report (the assign-order search).

export { DAILY_REPORT_ENTITY };

type Ops = typeof areas.dailyWorkReport;

/** The daily score of an inspector's day as it stands (§6.6): Σ of the reports approved for it. */
export async function liveScore(db: Db, inspectorId: bigint, workDate: string) {
  const reports = await scoredReportsOf(db, { from: workDate, to: workDate, userId: inspectorId });
  return dayScore(earnedBy(reports, inspectorId), workDate);
}

/** The report's scores: frozen from the check on, live before. */
async function scoresOf(db: Db, r: SelectedReport['report']) {
  return isFrozen(r.status)
    ? { score: r.score, assistScore: r.assistScore }
    : liveScore(db, r.inspectorId, r.workDate);
}

/** dailyworkreport/search (spec §3). */
export async function searchDailyReports(db: Db, input: DailyReportSearch, user: Principal) {
  const where = dailyReportSearchWhere(input, await scopeOf(db, user), user);
  const list = async () => {
    const rows = await dailyReportPage(db, where, input);
    return Promise.all(rows.map(async (r) => toRow(r, await scoresOf(db, r.report))));
  };
  return searchPage(db, { table: dailyWorkReports, where, input, list });
}

/** The dashboard's count (issue 30): this list's search WHERE in the caller's scope, capped like its total. */
export async function countDailyReports(db: Db, filters: Partial<DailyReportSearch>, user: Principal) {
  return cappedTotal(db, dailyWorkReports, dailyReportSearchWhere(filters, await scopeOf(db, user), user));
}

const text = (id: bigint | null) => (id === null ? null : String(id));
const big = (id: string | null) => (id === null ? null : BigInt(id));

/** Stored works with what they link to named: task and report numbers, order, factory. */
async function worksOut(db: Db, works: readonly StoredWork[]) {
  const ids = (pick: (w: StoredWork) => string | null) =>
    works.flatMap((w) => (pick(w) === null ? [] : [BigInt(pick(w)!)]));
  const tasks = new Map(
    (
      await tasksById(
        db,
        ids((w) => w.taskId),
      )
    ).map((t) => [t.id, t]),
  );
  const reports = new Map(
    (
      await reportsById(
        db,
        ids((w) => w.reportId),
      )
    ).map((r) => [r.id, r]),
  );
  const factories = await factoriesById(db, [
    ...ids((w) => w.factoryId),
    ...[...tasks.values()].map((t) => t.factoryId),
  ]);
  return works.map((w) => {
    const task = w.taskId === null ? undefined : tasks.get(BigInt(w.taskId));
    const factoryId = big(w.factoryId) ?? task?.factoryId ?? null;
    return {
      workType: w.workType,
      taskId: big(w.taskId),
      taskNo: task?.taskNo ?? null,
      reportId: big(w.reportId),
      reportNo: w.reportId === null ? null : (reports.get(BigInt(w.reportId))?.reportNo ?? null),
      orderProductId: big(w.orderProductId),
      orderNo: task?.orderNo ?? null,
      factory: factoryId === null ? null : (factories.get(factoryId) ?? null),
      role: w.role,
      hours: w.hoursTenths / 10,
      vehicleId: big(w.vehicleId),
      mileage: w.mileageTenths === null ? null : w.mileageTenths / 10,
      remark: w.remark,
    };
  });
}

/** One report's detail (no scope check: the callers read it in scope). */
export async function reportDetail(db: Db, id: bigint, user: Principal) {
  const [r] = await selectReports(db).where(eq(dailyWorkReports.id, id));
  if (!r) throw new AppError('E_NOT_FOUND');
  const works = await worksOut(db, r.report.works);
  return {
    ...toRow(r, await scoresOf(db, r.report)),
    works,
    remark: r.report.remark,
    rejectReason: r.report.rejectReason,
    actions: userActions(r.report, user),
    createdAt: r.report.createdAt,
  };
}

/** dailyworkreport/details: the report of an inspector and day, or null; E_SCOPE for another inspector's. */
export async function getDailyReport(db: Db, input: ParsedInputOf<Ops['getDailyReport']>, user: Principal) {
  const scope = await scopeOf(db, user);
  if (scope.kind === 'inspector' && input.inspectorId !== user.userId) throw new AppError('E_SCOPE');
  const [row] = await db
    .select({
      id: dailyWorkReports.id,
      status: dailyWorkReports.status,
      createdBy: dailyWorkReports.createdBy,
    })
    .from(dailyWorkReports)
    .where(
      and(
        eq(dailyWorkReports.inspectorId, input.inspectorId),
        eq(dailyWorkReports.workDate, input.workDate),
        dailyReportScope(scope),
      ),
    );
  const own = input.inspectorId === user.userId;
  const flags = recordFlags({
    user,
    record: { createdBy: row?.createdBy ?? null },
    editPermission: !row || isEditable(row.status) ? EDIT_PERMISSION : null,
    inScope: own,
    authorId: input.inspectorId,
  });
  return { detail: { report: row ? await reportDetail(db, row.id, user) : null }, flags };
}

/**
 * dailyworkreport/assignorder/search: the caller's tasks of the day (lead or assistant) as works,
 * each with its report when one exists; hours are the inspector's to fill.
 */
export async function assignOrderSearch(
  db: Db,
  input: ParsedInputOf<Ops['assignOrderSearch']>,
  user: Principal,
) {
  const tasks = await userTasks(db, user.userId, { from: input.workDate, to: input.workDate });
  const reports = await reportsOfTasks(
    db,
    tasks.map((t) => t.id),
  );
  const list = tasks.map((t) => {
    const report = reports.find((r) => r.taskId === t.id);
    return {
      workType: WORK_TYPE.inspection,
      taskId: t.id,
      taskNo: t.taskNo,
      reportId: report?.id ?? null,
      reportNo: report?.reportNo ?? null,
      orderProductId: null,
      orderNo: t.orderNo,
      factory: t.factory,
      role: t.lead ? ('LEAD' as const) : ('ASSIST' as const),
      hours: 0,
      vehicleId: null,
      mileage: null,
      remark: null,
    };
  });
  return { list };
}

/** Works as an assign-order search answers them, as stored. */
export function storedFromLinks(list: Awaited<ReturnType<typeof assignOrderSearch>>['list']): StoredWork[] {
  return list.map((w) => ({
    workType: w.workType,
    taskId: text(w.taskId),
    reportId: text(w.reportId),
    orderProductId: null,
    factoryId: text(w.factory?.id ?? null),
    role: w.role,
    hoursTenths: 0,
    vehicleId: null,
    mileageTenths: null,
    remark: null,
  }));
}

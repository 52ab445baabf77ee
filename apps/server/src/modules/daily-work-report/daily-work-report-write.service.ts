import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { and, eq } from 'drizzle-orm';
import { attendances, factories, vehicles } from '../../db/schema/config';
import { dailyWorkReports, type StoredWork } from '../../db/schema/daily-work-report';
import { inspectionTasks } from '../../db/schema/inspection-task';
import { dayTenths, toTenths } from '../../domain/daily-score';
import { actorOf, type Principal } from '../../platform/auth';
import { businessDate } from '../../platform/business-time';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { changedFields, createRecord, lockVersion, updateRecord } from '../../platform/records';
import { assertReference, assertReferences } from '../../platform/references';
import { reportsById } from '../inspection-report/inspection-report-scores.service';
import {
  assertDayHours,
  assertNotFuture,
  assertOwn,
  DAILY_REPORT_ENTITY,
  isEditable,
  worksText,
} from './daily-work-report.rules';
import { assignOrderSearch, reportDetail, storedFromLinks } from './daily-work-report.service';

// Writing one's own daily report (DOMAIN.md §2.8, §4.12): create (works prefilled from the day's
// tasks) and update in 10/80. Hours are kept in tenths; the day holds at most 24.

type Ops = typeof areas.dailyWorkReport;
type WorkIn = NonNullable<ParsedInputOf<Ops['createDailyReport']>['works']>[number];

const text = (id: bigint | undefined) => (id === undefined ? null : String(id));
const present = (ids: (bigint | undefined)[]) => ids.filter((id): id is bigint => id !== undefined);

/** Works as given, checked: linked tasks, reports, factories and vehicles exist (E_REF_NOT_FOUND on works). */
async function storedWorks(db: Db, works: readonly WorkIn[]): Promise<StoredWork[]> {
  await assertReferences(db, { table: inspectionTasks }, present(works.map((w) => w.taskId)), 'works');
  await assertReferences(db, { table: factories }, present(works.map((w) => w.factoryId)), 'works');
  await assertReferences(db, { table: vehicles }, present(works.map((w) => w.vehicleId)), 'works');
  const reportIds = [...new Set(present(works.map((w) => w.reportId)))];
  if ((await reportsById(db, reportIds)).length < reportIds.length) {
    throw new AppError('E_REF_NOT_FOUND', { field: 'works' }, { field: 'works' });
  }
  return works.map((w) => ({
    workType: Number(w.workType),
    taskId: text(w.taskId),
    reportId: text(w.reportId),
    orderProductId: text(w.orderProductId),
    factoryId: text(w.factoryId),
    role: w.role ?? null,
    hoursTenths: toTenths(w.hours),
    vehicleId: text(w.vehicleId),
    mileageTenths: w.mileage === undefined ? null : toTenths(w.mileage),
    remark: w.remark ?? null,
  }));
}

const attendance = { table: attendances, active: attendances.active };

/** The works and the day's hours, written beside the audited columns: the change log gets `worksText`. */
async function writeWorks(db: Db, id: bigint, works: StoredWork[]) {
  await db
    .update(dailyWorkReports)
    .set({ works, hoursTenths: dayTenths(works) })
    .where(eq(dailyWorkReports.id, id));
}

/** dailyworkreport/create: one's own report (10) of a day up to today, one per day. */
export async function createDailyReport(
  db: Db,
  input: ParsedInputOf<Ops['createDailyReport']>,
  user: Principal,
) {
  if (input.inspectorId !== undefined) assertOwn(input.inspectorId, user);
  assertNotFuture(input.workDate, businessDate());
  await assertReference(db, attendance, input.attendanceId, 'attendanceId');
  const works = input.works
    ? await storedWorks(db, input.works)
    : storedFromLinks((await assignOrderSearch(db, { workDate: input.workDate }, user)).list);
  assertDayHours(works);
  const [taken] = await db
    .select({ id: dailyWorkReports.id })
    .from(dailyWorkReports)
    .where(and(eq(dailyWorkReports.inspectorId, user.userId), eq(dailyWorkReports.workDate, input.workDate)));
  if (taken) throw new AppError('E_DUPLICATE', { field: 'workDate' }, { field: 'workDate' });
  const row = await createRecord(db, {
    table: dailyWorkReports,
    entity: DAILY_REPORT_ENTITY,
    actor: actorOf(user),
    values: {
      inspectorId: user.userId,
      workDate: input.workDate,
      attendanceId: input.attendanceId,
      remark: input.remark ?? null,
    },
    children: async (created) => {
      await writeWorks(db, created.id, works);
      return [{ field: 'works', from: null, to: worksText(works) }];
    },
  });
  return reportDetail(db, row.id, user);
}

/** dailyworkreport/update: the owner's report in 10 or 80; `works` replaces the whole list. */
export async function updateDailyReport(
  db: Db,
  input: ParsedInputOf<Ops['updateDailyReport']>,
  user: Principal,
) {
  const current = await lockVersion(db, dailyWorkReports, input.id, input.version);
  assertOwn(current.inspectorId, user);
  if (!isEditable(current.status) || current.valid !== 1) throw new AppError('E_STATUS');
  if (input.attendanceId !== undefined)
    await assertReference(db, attendance, input.attendanceId, 'attendanceId');
  const works = input.works ? await storedWorks(db, input.works) : undefined;
  if (works) assertDayHours(works);
  const wanted = changedFields(current, { attendanceId: input.attendanceId, remark: input.remark });
  const worksChanged = works !== undefined && worksText(works) !== worksText(current.works);
  if (Object.keys(wanted).length > 0 || worksChanged) {
    await updateRecord(db, {
      table: dailyWorkReports,
      id: input.id,
      version: input.version,
      values: wanted,
      actor: actorOf(user),
      entity: DAILY_REPORT_ENTITY,
      childChanges: worksChanged
        ? [{ field: 'works', from: worksText(current.works), to: worksText(works) }]
        : [],
    });
    if (worksChanged) await writeWorks(db, input.id, works);
  }
  return reportDetail(db, input.id, user);
}

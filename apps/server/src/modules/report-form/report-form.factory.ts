import { DAILY_REPORT_STATUS, WORK_TYPE } from '@qcdesk/contract/daily-work-report';
import { INSPECTION_REPORT_STATUS } from '@qcdesk/contract/inspection-report';
import { eq } from 'drizzle-orm';
import { idOf, unique } from '../../../test/support/factories';
import { attendances, factories, factoryTypeFees, vehicles } from '../../db/schema/config';
import { dailyWorkReports, type StoredWork } from '../../db/schema/daily-work-report';
import { inspectionReports } from '../../db/schema/inspection-report';
import type { Db } from '../../platform/db';
import { buildDispatchedTask, type OrderOf } from '../inspection-report/inspection-report.factory';

// Test data of the report forms (STYLE.md rule 9): approved reports of a dispatched task (lead and
// one assistant) on a factory of a known factory type, and checked daily reports, inserted directly.

export interface ReportOverrides {
  date: string;
  result: number;
  applyType?: number;
  interim?: boolean;
  status?: number;
  quantity?: number;
  score?: number;
}

/** An approved report (30 unless told) of a new dispatched task of the order, dated `date`. */
export async function buildApprovedReport(db: Db, order: OrderOf, o: ReportOverrides) {
  const factoryId = order.products[0]!.factoryId;
  await db
    .update(factories)
    .set({ factoryTypeId: await idOf(db, factoryTypeFees, 'STD') })
    .where(eq(factories.id, factoryId));
  const { task, apply, lead, assistant } = await buildDispatchedTask(db, order, {
    taskDate: o.date,
    applyType: o.applyType ?? 1,
  });
  const [report] = await db
    .insert(inspectionReports)
    .values({
      reportNo: unique('RF').slice(0, 16),
      taskId: task.id,
      applyId: apply.id,
      interim: o.interim ?? false,
      inspectionTypeId: task.inspectionTypeId,
      orderId: order.order.id,
      clientId: order.order.clientId,
      departmentId: order.order.departmentId,
      factoryId,
      inspectorId: lead.id,
      assistantIds: [assistant.id],
      inspectionDate: o.date,
      quantity: o.quantity ?? 100,
      sampleSize: 20,
      major: 1,
      samplingLevel: 'II',
      majorAql: '2.5',
      minorAql: '4.0',
      preResult: o.result,
      result: o.result,
      score: o.score ?? 150,
      status: o.status ?? INSPECTION_REPORT_STATUS.approved,
    })
    .returning();
  return { report: report!, task, lead, assistant };
}

export interface DayOverrides {
  hours: number;
  attendance?: string;
  status?: number;
  works?: Partial<StoredWork>[];
}

/** A checked (30 unless told) daily report of the inspector's day. */
export async function buildCheckedDay(db: Db, inspectorId: bigint, workDate: string, o: DayOverrides) {
  const works: StoredWork[] = (o.works ?? []).map((w) => ({
    workType: WORK_TYPE.inspection,
    taskId: null,
    reportId: null,
    orderProductId: null,
    factoryId: null,
    role: 'LEAD',
    hoursTenths: 0,
    vehicleId: null,
    mileageTenths: null,
    remark: null,
    ...w,
  }));
  const [row] = await db
    .insert(dailyWorkReports)
    .values({
      inspectorId,
      workDate,
      attendanceId: await idOf(db, attendances, o.attendance ?? 'N'),
      works,
      hoursTenths: Math.round(o.hours * 10),
      status: o.status ?? DAILY_REPORT_STATUS.checked,
    })
    .returning();
  return row!;
}

export const vehicleId = (db: Db, code: string) => idOf(db, vehicles, code);

import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { INSPECTION_PLAN_STATUS } from '@qcdesk/contract/inspection-plan';
import { INSPECTION_REPORT_STATUS } from '@qcdesk/contract/inspection-report';
import { INSPECTION_TASK_STATUS } from '@qcdesk/contract/inspection-task';
import { and, eq, ne } from 'drizzle-orm';
import { clients } from '../../db/schema/client';
import { samplingLevels } from '../../db/schema/config';
import { inspectionApplies, inspectionApplyItems } from '../../db/schema/inspection-apply';
import { inspectionPlans } from '../../db/schema/inspection-plan';
import { inspectionReportProducts, inspectionReports } from '../../db/schema/inspection-report';
import { inspectionTaskAssistants, inspectionTasks } from '../../db/schema/inspection-task';
import { orderProducts } from '../../db/schema/order';
import { actorOf, type Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { nextNumber } from '../../platform/numbering';
import { createRecord } from '../../platform/records';
import { getSystemParam } from '../../platform/system-params';
import { applyInspecting } from '../inspection-apply/inspection-apply-report.service';
import { followPlanTasks } from '../inspection-plan/inspection-plan-transitions.service';
import { moveTaskForReport } from '../inspection-task/inspection-task.service';
import { INSPECTION_REPORT_ENTITY } from './inspection-report.rules';
import { reportDetail } from './inspection-report-detail.service';
import { inspectionTypeOf } from './inspection-report-parts.service';
import { aqlOf, bandsOf, planOfLot, severityOf } from './inspection-report-sampling.service';

// inspection/report/create (DOMAIN.md §4.4): the lead inspector's report of a task. Numbered from
// the task's base (§6.9), its products from the application's items (presented = applied until the
// inspector counts), the client's sampling level and AQLs and the supplier's current severity
// snapshotted (§6.2 rule 6), checked out to the creator. The task starts (→ 20), its application is
// being inspected (→ 40), its plan is in progress (→ 30).

type Ops = typeof areas.inspectionReport;

/** When a checkout taken or renewed now expires (`checkout.ttlHours`). */
export async function checkoutUntil(db: Db, now: Date): Promise<Date> {
  return new Date(now.getTime() + (await getSystemParam(db, 'checkout.ttlHours')) * 3_600_000);
}

async function lockedTask(db: Db, taskId: bigint, user: Principal) {
  const [task] = await db.select().from(inspectionTasks).where(eq(inspectionTasks.id, taskId)).for('update');
  if (task?.valid !== 1) throw new AppError('E_NOT_FOUND');
  if (task.inspectorId !== user.userId) throw new AppError('E_NOT_LEAD');
  const [plan] = await db.select().from(inspectionPlans).where(eq(inspectionPlans.id, task.planId));
  const visible =
    plan &&
    (plan.status === INSPECTION_PLAN_STATUS.dispatched || plan.status === INSPECTION_PLAN_STATUS.inProgress);
  if (!visible) throw new AppError('E_STATUS');
  if (task.status !== INSPECTION_TASK_STATUS.assigned && task.status !== INSPECTION_TASK_STATUS.inProgress)
    throw new AppError('E_STATUS');
  if (task.applyId === null) throw new AppError('E_STATUS');
  return task;
}

/** §6.9: the task's base number, or a new one when a cancelled report keeps the old one. */
async function baseNumber(db: Db, task: typeof inspectionTasks.$inferSelect, serviceCode: string) {
  if (task.reportBaseNo) {
    const [taken] = await db
      .select({ id: inspectionReports.id })
      .from(inspectionReports)
      .where(eq(inspectionReports.reportNo, task.reportBaseNo));
    if (!taken) return task.reportBaseNo;
  }
  const base = await nextNumber(db, serviceCode);
  await db.update(inspectionTasks).set({ reportBaseNo: base }).where(eq(inspectionTasks.id, task.id));
  return base;
}

export async function createInspectionReport(
  db: Db,
  input: ParsedInputOf<Ops['createInspectionReport']>,
  user: Principal,
) {
  const now = new Date();
  const task = await lockedTask(db, input.taskId, user);
  const [live] = await db
    .select({ id: inspectionReports.id })
    .from(inspectionReports)
    .where(
      and(
        eq(inspectionReports.taskId, task.id),
        eq(inspectionReports.interim, false),
        eq(inspectionReports.valid, 1),
        ne(inspectionReports.status, INSPECTION_REPORT_STATUS.cancelled),
      ),
    );
  if (live) throw new AppError('E_DUPLICATE', { field: 'taskNo' }, { field: 'taskId' });

  const [apply] = await db.select().from(inspectionApplies).where(eq(inspectionApplies.id, task.applyId!));
  const [client] = await db
    .select({ client: clients, level: samplingLevels.code })
    .from(clients)
    .innerJoin(samplingLevels, eq(samplingLevels.id, clients.samplingLevelId))
    .where(eq(clients.id, apply!.clientId));
  const items = await db
    .select({ item: inspectionApplyItems, productType: orderProducts.productType })
    .from(inspectionApplyItems)
    .innerJoin(orderProducts, eq(orderProducts.id, inspectionApplyItems.orderProductId))
    .where(and(eq(inspectionApplyItems.applyId, apply!.id), eq(inspectionApplyItems.valid, 1)));
  const type = await inspectionTypeOf(db, task.inspectionTypeId);
  const supplier = {
    clientId: apply!.clientId,
    factoryId: task.factoryId,
    inspectionTypeId: task.inspectionTypeId,
  };
  const state = type.usesAql ? await severityOf(db, supplier) : null;
  if (state?.discontinued) throw new AppError('E_DISCONTINUED');

  const aql = {
    major: aqlOf(client!.client.majorAql, 'majorAql'),
    minor: aqlOf(client!.client.minorAql, 'minorAql'),
  };
  const lot = items.reduce((n, i) => n + i.item.applyQuantity, 0);
  const severity = state?.severity ?? 'normal';
  const plan = type.usesAql ? planOfLot(severity, await bandsOf(db, client!.level), lot, aql) : null;
  const assistants = await db
    .select({ userId: inspectionTaskAssistants.userId })
    .from(inspectionTaskAssistants)
    .where(and(eq(inspectionTaskAssistants.taskId, task.id), eq(inspectionTaskAssistants.valid, 1)))
    .orderBy(inspectionTaskAssistants.sort);
  const actor = actorOf(user);
  const report = await createRecord(db, {
    table: inspectionReports,
    entity: INSPECTION_REPORT_ENTITY,
    actor,
    values: {
      reportNo: await baseNumber(db, task, type.serviceCode),
      taskId: task.id,
      applyId: apply!.id,
      inspectionTypeId: task.inspectionTypeId,
      productType: items[0]?.productType ?? 2,
      orderId: apply!.orderId,
      clientId: apply!.clientId,
      departmentId: apply!.departmentId,
      factoryId: task.factoryId,
      inspectorId: task.inspectorId,
      assistantIds: assistants.map((a) => a.userId),
      inspectionDate: input.inspectionDate ?? task.taskDate,
      quantity: lot,
      samplingLevel: client!.level,
      majorAql: aql.major,
      minorAql: aql.minor,
      severity,
      plan,
      sampleSize: plan?.drawn ?? 0,
      checkedOutBy: user.userId,
      checkedOutAt: now,
      checkoutExpiresAt: await checkoutUntil(db, now),
    },
  });
  await db.insert(inspectionReportProducts).values(
    items.map(({ item }) => ({
      reportId: report.id,
      orderProductId: item.orderProductId,
      applyQuantity: item.applyQuantity,
      presentedQuantity: item.applyQuantity,
      createdBy: user.userId,
      updatedBy: user.userId,
    })),
  );
  await moveTaskForReport(db, task.id, 'start', user);
  await applyInspecting(db, apply!.id, user);
  await followPlanTasks(db, task.planId, user);
  return reportDetail(db, report.id, user, now);
}

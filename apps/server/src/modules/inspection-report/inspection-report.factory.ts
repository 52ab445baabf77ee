import { INSPECTION_APPLY_STATUS } from '@qcdesk/contract/inspection-apply';
import { INSPECTION_PLAN_STATUS } from '@qcdesk/contract/inspection-plan';
import { sql } from 'drizzle-orm';
import { byDepartment, type ChangeLogScopeCases } from '../../../test/support/change-log-scope';
import { idOf, unique } from '../../../test/support/factories';
import { buildUser } from '../../../test/support/identity';
import { inspectionTypes } from '../../db/schema/config';
import { inspectionApplies, inspectionApplyItems } from '../../db/schema/inspection-apply';
import { inspectionPlans } from '../../db/schema/inspection-plan';
import { inspectionReports } from '../../db/schema/inspection-report';
import { inspectionTaskAssistants, inspectionTasks } from '../../db/schema/inspection-task';
import { addDays } from '../../domain/calendar';
import { businessDate } from '../../platform/business-time';
import type { Db } from '../../platform/db';
import { loadSharp } from '../../platform/lazy-packages';
import { buildOrder } from '../order/order.factory';

// Test data of inspection reports (STYLE.md rule 9): a dispatched plan's task of a planned
// application (one or more products of an order as order.factory's buildOrder answers it), its lead
// and assistant inspectors, and photos as real JPEG bytes.

export interface OrderOf {
  order: { id: bigint; clientId: bigint; departmentId: bigint };
  products: readonly { id: bigint; factoryId: bigint }[];
}

export interface TaskOverrides {
  /** Apply quantity of each product (default 500 each). */
  quantities?: readonly number[];
  inspectionType?: string;
  applyType?: number;
  taskDate?: string;
}

/** A task of a dispatched plan (20) for a planned application (30) of the order's products. */
export async function buildDispatchedTask(db: Db, order: OrderOf, o: TaskOverrides = {}) {
  const [lead, assistant] = [
    await buildUser(db, { role: 'INSPECTOR', department: 'QC' }),
    await buildUser(db, { role: 'INSPECTOR', department: 'QC' }),
  ];
  const factoryId = order.products[0]!.factoryId;
  const inspectionTypeId = await idOf(db, inspectionTypes, o.inspectionType ?? 'PSI');
  const taskDate = o.taskDate ?? addDays(businessDate(), 1);
  const [apply] = await db
    .insert(inspectionApplies)
    .values({
      applyNo: unique('IA').slice(0, 16),
      applyType: o.applyType ?? 1,
      inspectionTypeId,
      orderId: order.order.id,
      factoryId,
      clientId: order.order.clientId,
      departmentId: order.order.departmentId,
      expectedDate: taskDate,
      status: INSPECTION_APPLY_STATUS.planned,
    })
    .returning();
  await db.insert(inspectionApplyItems).values(
    order.products.map((p, i) => ({
      applyId: apply!.id,
      orderProductId: p.id,
      applyQuantity: o.quantities?.[i] ?? 500,
    })),
  );
  const planNo = unique('IP').slice(0, 16);
  const [plan] = await db
    .insert(inspectionPlans)
    .values({
      planNo,
      factoryId,
      planDate: taskDate,
      endDate: taskDate,
      leadInspectorId: lead.id,
      status: INSPECTION_PLAN_STATUS.dispatched,
    })
    .returning();
  const [task] = await db
    .insert(inspectionTasks)
    .values({
      taskNo: `${planNo}-01`,
      planId: plan!.id,
      applyId: apply!.id,
      factoryId,
      inspectionTypeId,
      inspectorId: lead.id,
      taskDate,
    })
    .returning();
  await db.insert(inspectionTaskAssistants).values({ taskId: task!.id, userId: assistant.id });
  return { apply: apply!, plan: plan!, task: task!, lead, assistant };
}

/** A small JPEG whose content differs by `seed` (so its SHA-256 does). */
export async function jpeg(seed: number): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp({
    create: {
      width: 48,
      height: 32,
      channels: 3,
      background: { r: seed % 256, g: (seed * 7) % 256, b: (seed * 13) % 256 },
    },
  })
    .jpeg()
    .toBuffer();
}

/** A draft report of a dispatched task of the order, inserted directly (no change log). */
export async function buildReport(db: Db, order: OrderOf) {
  const { task, apply, lead } = await buildDispatchedTask(db, order);
  const [report] = await db
    .insert(inspectionReports)
    .values({
      reportNo: unique('PSI').slice(0, 16),
      taskId: task.id,
      applyId: apply.id,
      inspectionTypeId: task.inspectionTypeId,
      orderId: order.order.id,
      clientId: order.order.clientId,
      departmentId: order.order.departmentId,
      factoryId: task.factoryId,
      inspectorId: lead.id,
      inspectionDate: task.taskDate,
      samplingLevel: 'II',
      majorAql: '2.5',
      minorAql: '4.0',
    })
    .returning();
  return report!;
}

/**
 * The data of the EXPLAIN tests of report searches, on top of inspection-plan.factory's
 * fillPlannedApplies: a report per generated task (statuses 10–90 in turn, one in five interim),
 * with its application's products, ANALYZEd.
 */
export async function fillReports(db: Db) {
  // Interim and status follow the order's number, not a generated id: ids differ on a shared PostgreSQL.
  await db.execute(sql`
    insert into inspection_reports (report_no, task_id, apply_id, interim, inspection_type_id, order_id, client_id,
      department_id, factory_id, inspector_id, inspection_date, quantity, sampling_level, major_aql, minor_aql, status)
    select 'PSI' || lpad(t.id::text, 10, '0'), t.id, a.id, g.n % 5 = 0, t.inspection_type_id, a.order_id, a.client_id,
           a.department_id, t.factory_id, t.inspector_id, t.task_date, 1000, 'II', '2.5', '4.0',
           (array[10, 20, 25, 30, 40, 50, 80, 90])[1 + g.n % 8]
    from inspection_tasks t join inspection_applies a on a.id = t.apply_id join orders o on o.id = a.order_id,
         lateral (select right(o.order_no, 7)::int as n) g
    where a.apply_no like 'IPA%'`);
  await db.execute(sql`
    insert into inspection_report_products (report_id, order_product_id, apply_quantity, presented_quantity)
    select r.id, i.order_product_id, i.apply_quantity, i.apply_quantity
    from inspection_reports r join inspection_apply_items i on i.apply_id = r.apply_id
    where r.report_no like 'PSI%' and i.valid = 1`);
  for (const table of ['inspection_reports', 'inspection_report_products'])
    await db.execute(sql.raw(`vacuum analyze ${table}`));
}

/** The change-log scope case (test/change-log-scope.test.ts): by the report's copy of its order's department. */
export const changeLogScope: ChangeLogScopeCases = {
  inspection_reports: byDepartment(
    async (db, owner) => (await buildReport(db, await buildOrder(db, owner))).id,
  ),
};

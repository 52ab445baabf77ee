import { INSPECTION_APPLY_STATUS } from '@qcdesk/contract/inspection-apply';
import { INSPECTION_PLAN_STATUS } from '@qcdesk/contract/inspection-plan';
import sharp from 'sharp';
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
export function jpeg(seed: number): Promise<Buffer> {
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

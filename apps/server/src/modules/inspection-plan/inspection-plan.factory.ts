import { INSPECTION_APPLY_STATUS } from '@qcdesk/contract/inspection-apply';
import { idOf, unique } from '../../../test/support/factories';
import { buildUser } from '../../../test/support/identity';
import { inspectionTypes } from '../../db/schema/config';
import { inspectionApplies, inspectionApplyItems } from '../../db/schema/inspection-apply';
import { inspectionPlans } from '../../db/schema/inspection-plan';
import { inspectionTasks } from '../../db/schema/inspection-task';
import { addDays } from '../../domain/calendar';
import { businessDate } from '../../platform/business-time';
import type { Db } from '../../platform/db';
import { nextWorkingDay } from '../config/holiday.service';

// Test data of inspection plans (STYLE.md rule 9): a submitted application of a new order (one
// product of a factory), an inspector, a free working day, and the body of inspection/plan/create.

/** An order as order.factory's buildOrder answers it (the test builds it). */
export interface OrderOf {
  order: { id: bigint; clientId: bigint; departmentId: bigint };
  products: readonly { id: bigint; factoryId: bigint }[];
}

export interface ApplyOverrides {
  quantity?: number;
  expectedDate?: string;
  status?: number;
  inspectionType?: string;
}

/** An application (20 unless told) inserted for an order's first product. */
export async function buildSubmittedApply(db: Db, order: OrderOf, o: ApplyOverrides = {}) {
  const product = order.products[0]!;
  const [apply] = await db
    .insert(inspectionApplies)
    .values({
      applyNo: unique('IA').slice(0, 16),
      inspectionTypeId: await idOf(db, inspectionTypes, o.inspectionType ?? 'PSI'),
      orderId: order.order.id,
      factoryId: product.factoryId,
      clientId: order.order.clientId,
      departmentId: order.order.departmentId,
      expectedDate: o.expectedDate ?? addDays(businessDate(), 7),
      status: o.status ?? INSPECTION_APPLY_STATUS.submitted,
    })
    .returning();
  await db.insert(inspectionApplyItems).values({
    applyId: apply!.id,
    orderProductId: product.id,
    applyQuantity: o.quantity ?? 500,
  });
  return apply!;
}

/** An active inspector of the QC department. */
export const buildInspector = (db: Db) => buildUser(db, { role: 'INSPECTOR', department: 'QC' });

/** A working day at least `days` days ahead (default a week). */
export const workingDayAhead = (db: Db, days = 7) => nextWorkingDay(db, addDays(businessDate(), days));

export interface PlanInputOverrides {
  applyIds: readonly bigint[];
  leadInspectorId: bigint;
  planDate: string;
  endDate?: string;
  assistantIds?: readonly bigint[];
  manDays?: number;
  dispatch?: boolean;
  confirm?: boolean;
}

/** The body of inspection/plan/create. */
export function planInput(o: PlanInputOverrides) {
  return {
    applyIds: o.applyIds.map(String),
    leadInspectorId: String(o.leadInspectorId),
    planDate: o.planDate,
    ...(o.endDate ? { endDate: o.endDate } : {}),
    assistantIds: (o.assistantIds ?? []).map(String),
    manDays: o.manDays ?? 1,
    dispatch: o.dispatch ?? false,
    confirm: o.confirm ?? false,
  };
}

/** A planned plan with one task for an application, inserted directly (no change log). */
export async function buildPlan(db: Db, apply: { id: bigint; factoryId: bigint; inspectionTypeId: bigint }) {
  const lead = await buildInspector(db);
  const planDate = addDays(businessDate(), 7);
  const planNo = unique('IP').slice(0, 16);
  const [plan] = await db
    .insert(inspectionPlans)
    .values({ planNo, factoryId: apply.factoryId, planDate, endDate: planDate, leadInspectorId: lead.id })
    .returning();
  const [task] = await db
    .insert(inspectionTasks)
    .values({
      taskNo: `${planNo}-01`,
      planId: plan!.id,
      applyId: apply.id,
      factoryId: apply.factoryId,
      inspectionTypeId: apply.inspectionTypeId,
      inspectorId: lead.id,
      taskDate: planDate,
    })
    .returning();
  return { plan: plan!, task: task! };
}

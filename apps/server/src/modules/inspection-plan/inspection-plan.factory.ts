import { INSPECTION_APPLY_STATUS } from '@qcdesk/contract/inspection-apply';
import { sql } from 'drizzle-orm';
import {
  byDepartment,
  type ChangeLogScopeCases,
  type SalesOwner,
} from '../../../test/support/change-log-scope';
import { idOf, unique } from '../../../test/support/factories';
import { buildUser } from '../../../test/support/identity';
import { fillFactories } from '../../../test/support/search-plans';
import { inspectionTypes } from '../../db/schema/config';
import { inspectionApplies, inspectionApplyItems } from '../../db/schema/inspection-apply';
import { inspectionPlans } from '../../db/schema/inspection-plan';
import { inspectionTasks } from '../../db/schema/inspection-task';
import { addDays } from '../../domain/calendar';
import { businessDate } from '../../platform/business-time';
import type { Db } from '../../platform/db';
import { nextWorkingDay } from '../config/holiday.service';
import { buildOrder } from '../order/order.factory';

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

/**
 * The data of the EXPLAIN tests of plan and task searches: `rows` factories besides the seeded
 * ones, `rows` orders of two products each, one
 * planned application per order over both products, a plan per two applications (400 factories,
 * the seeded ones first; plan dates over 1,000 days; statuses 10–40 and 90) and a task per
 * application at its plan's factory, ANALYZEd.
 */
export async function fillPlannedApplies(db: Db, rows: number) {
  await fillFactories(db, 'FIPLAN', rows);
  await db.execute(sql`
    insert into orders (order_no, client_po, client_id, department_id, sales_id, total)
    select 'IPPLAN' || lpad(g::text, 7, '0'), 'CPO-' || md5(g::text), c.id, c.department_id, c.sales_id, 2000
    from generate_series(1, ${rows}) g, (select id, department_id, sales_id from clients order by id limit 1) c`);
  await db.execute(sql`
    insert into order_products (order_id, product_no, line, sku, item_no, name, factory_id, quantity,
      delivery_date, order_no, client_po, client_id, department_id, sales_id)
    select o.id, o.order_no || '-0' || l, l, 'SKU' || md5(o.id::text || l), 'IT' || lpad((o.id * 2 + l)::text, 8, '0'),
           '毛绒小熊 ' || l, (select id from factories order by id limit 1 offset (o.id % 4)::int), 1000,
           date '2025-01-01' + (o.id % 1000)::int, o.order_no, o.client_po, o.client_id, o.department_id, o.sales_id
    from orders o, generate_series(1, 2) l where o.order_no like 'IPPLAN%'`);
  await db.execute(sql`
    insert into inspection_applies (apply_no, inspection_type_id, order_id, factory_id, client_id, department_id,
                                    expected_date, status)
    select 'IPA' || lpad(o.id::text, 9, '0'), (select min(id) from inspection_types), o.id,
           (select id from factories order by id limit 1 offset (o.id % 4)::int), o.client_id, o.department_id,
           date '2025-01-01' + (o.id % 1000)::int, ${INSPECTION_APPLY_STATUS.planned}
    from orders o where o.order_no like 'IPPLAN%'`);
  await db.execute(sql`
    insert into inspection_apply_items (apply_id, order_product_id, apply_quantity)
    select a.id, p.id, 500 from inspection_applies a join order_products p on p.order_id = a.order_id
    where a.apply_no like 'IPA%'`);
  await db.execute(sql`
    insert into inspection_plans (plan_no, factory_id, plan_date, end_date, lead_inspector_id, status)
    select 'IPPLAN' || lpad(g::text, 7, '0'), (select id from factories order by id limit 1 offset (g % 400)::int),
           date '2025-01-01' + g % 1000, date '2025-01-01' + g % 1000 + 1,
           (select id from users where username = 'demo.inspector'), (array[10, 20, 30, 40, 90])[1 + g % 5]
    from generate_series(1, ${Math.ceil(rows / 2)}) g`);
  await db.execute(sql`
    insert into inspection_tasks (task_no, plan_id, apply_id, factory_id, inspection_type_id, inspector_id, task_date)
    select p.plan_no || '-0' || (1 + a.n % 2), p.id, a.id, p.factory_id, a.inspection_type_id, p.lead_inspector_id,
           p.plan_date + (a.n % 2)::int
    from (select id, inspection_type_id, row_number() over (order by id) - 1 as n
          from inspection_applies where apply_no like 'IPA%') a
    join inspection_plans p on p.plan_no = 'IPPLAN' || lpad((1 + a.n / 2)::text, 7, '0')`);
  const tables = [
    'factories',
    'orders',
    'order_products',
    'inspection_applies',
    'inspection_apply_items',
    'inspection_plans',
    'inspection_tasks',
  ];
  for (const table of tables) await db.execute(sql.raw(`vacuum analyze ${table}`));
}

const planOf = async (db: Db, owner: SalesOwner) =>
  buildPlan(db, await buildSubmittedApply(db, await buildOrder(db, owner)));

/** test/change-log-scope.test.ts: plans and tasks are scoped through their tasks' applications. */
export const changeLogScope: ChangeLogScopeCases = {
  inspection_plans: byDepartment(async (db, owner) => (await planOf(db, owner)).plan.id),
  inspection_tasks: byDepartment(async (db, owner) => (await planOf(db, owner)).task.id),
};

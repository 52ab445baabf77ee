import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { INSPECTION_PLAN_STATUS } from '@qcdesk/contract/inspection-plan';
import { and, asc, eq, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { qualified } from '../../db/columns';
import { clients } from '../../db/schema/client';
import { factories, inspectionTypes } from '../../db/schema/config';
import { users } from '../../db/schema/identity';
import { inspectionApplies, inspectionApplyItems } from '../../db/schema/inspection-apply';
import { inspectionPlans } from '../../db/schema/inspection-plan';
import { inspectionTaskAssistants, inspectionTasks } from '../../db/schema/inspection-task';
import { orderProducts, orders } from '../../db/schema/order';
import { reversed, searchText } from '../../db/schema/search-columns';
import { groupBy } from '../../domain/grouping';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { label } from '../../platform/labels';
import { onePage } from '../../platform/paging';
import { type Scope, scopeWhere } from '../../platform/scope';
import { contains, endsWith } from '../../platform/search';
import { type Sorting, sortOrder } from '../../platform/sorting';

// The SQL of inspection tasks: the scope (an inspector's own tasks of dispatched plans, DOMAIN.md
// §4.3, §5.4; others through the task's application), the search and its page query, and the rows
// with what an inspector needs on site: items and quantities, factory address, client.

type Ops = typeof areas.inspectionTask;
export type InspectionTaskSearch = ParsedInputOf<Ops['searchInspectionTasks']>;

const { dispatched, inProgress, completed } = INSPECTION_PLAN_STATUS;
const task = qualified(inspectionTasks.id);

/** §4.3: the user is the task's lead or one of its assistants, and its plan is in 20–40. */
export function ownTask(userId: bigint): SQL {
  return sql`(${inspectionTasks.inspectorId} = ${userId} or exists (select 1 from ${inspectionTaskAssistants} where ${inspectionTaskAssistants.taskId} = ${task} and ${inspectionTaskAssistants.userId} = ${userId} and ${inspectionTaskAssistants.valid} = 1)) and exists (select 1 from ${inspectionPlans} where ${inspectionPlans.id} = ${qualified(inspectionTasks.planId)} and ${inspectionPlans.status} in (${dispatched}, ${inProgress}, ${completed}))`;
}

/** DOMAIN.md §5.4: inspectors their own tasks; a department-scoped reader through the application. */
export function inspectionTaskScope(scope: Scope): SQL | undefined {
  const applies = scopeWhere(scope, {
    department: inspectionApplies.departmentId,
    client: inspectionApplies.clientId,
    inspector: ownTask,
  });
  if (!applies || scope.kind === 'inspector') return applies;
  return sql`exists (select 1 from ${inspectionApplies} where ${inspectionApplies.id} = ${qualified(inspectionTasks.applyId)} and ${applies})`;
}

const factoryText = searchText(factories.code, factories.nameZh, factories.nameEn);

/** The WHERE of inspection/task/search (spec §3). */
export function inspectionTaskSearchWhere(db: Db, input: Partial<InspectionTaskSearch>, scope: Scope) {
  const product = and(
    input.orderNo ? endsWith(reversed(orderProducts.orderNo), input.orderNo) : undefined,
    input.productNo ? contains(searchText(orderProducts.productNo), input.productNo) : undefined,
  );
  return and(
    eq(inspectionTasks.valid, 1),
    inspectionTaskScope(scope),
    // The page query joins eight tables: a filter written as a semi join (IN, EXISTS) takes it past
    // the collapse limits (8), and the planner then read every task to hash-join the matches
    // (inspection-task-plans.test.ts). The matching factories and applications come first, as arrays.
    input.factory
      ? sql`${inspectionTasks.factoryId} = any(array(${db
          .select({ id: factories.id })
          .from(factories)
          .where(contains(factoryText, input.factory))}))`
      : undefined,
    input.startTime ? gte(inspectionTasks.taskDate, input.startTime) : undefined,
    input.endTime ? lte(inspectionTasks.taskDate, input.endTime) : undefined,
    input.orderNo || input.productNo
      ? sql`${inspectionTasks.applyId} = any(array(${db
          .select({ id: inspectionApplyItems.applyId })
          .from(inspectionApplyItems)
          .innerJoin(orderProducts, eq(orderProducts.id, inspectionApplyItems.orderProductId))
          .where(and(eq(inspectionApplyItems.valid, 1), product))}))`
      : undefined,
  );
}

const lead = alias(users, 'lead');

function selectTasks(db: Db) {
  return db
    .select({
      task: inspectionTasks,
      planNo: inspectionPlans.planNo,
      applyNo: inspectionApplies.applyNo,
      orderNo: orders.orderNo,
      client: { id: clients.id, code: clients.code, name: clients.name },
      inspectionRequirement: clients.inspectionRequirement,
      factory: factories,
      inspectionType: {
        code: inspectionTypes.code,
        nameZh: inspectionTypes.nameZh,
        nameEn: inspectionTypes.nameEn,
      },
      inspector: { id: lead.id, name: lead.name, englishName: lead.englishName },
    })
    .from(inspectionTasks)
    .innerJoin(inspectionPlans, eq(inspectionPlans.id, inspectionTasks.planId))
    .innerJoin(factories, eq(factories.id, inspectionTasks.factoryId))
    .innerJoin(inspectionTypes, eq(inspectionTypes.id, inspectionTasks.inspectionTypeId))
    .innerJoin(lead, eq(lead.id, inspectionTasks.inspectorId))
    .leftJoin(inspectionApplies, eq(inspectionApplies.id, inspectionTasks.applyId))
    .leftJoin(orders, eq(orders.id, inspectionApplies.orderId))
    .leftJoin(clients, eq(clients.id, inspectionApplies.clientId));
}

type Selected = Awaited<ReturnType<ReturnType<typeof selectTasks>['execute']>>[number];
type UserLabel = { id: bigint; name: string; englishName: string | null };

async function taskAssistants(db: Db, taskIds: readonly bigint[]) {
  if (taskIds.length === 0) return new Map<bigint, UserLabel[]>();
  const rows = await db
    .select({
      taskId: inspectionTaskAssistants.taskId,
      user: { id: users.id, name: users.name, englishName: users.englishName },
    })
    .from(inspectionTaskAssistants)
    .innerJoin(users, eq(users.id, inspectionTaskAssistants.userId))
    .where(and(inArray(inspectionTaskAssistants.taskId, [...taskIds]), eq(inspectionTaskAssistants.valid, 1)))
    .orderBy(inspectionTaskAssistants.sort, inspectionTaskAssistants.id);
  return groupBy(
    rows,
    (r) => r.taskId,
    (r) => r.user,
  );
}

/** The items of the tasks' applications: what to inspect and how many, by application. */
async function applyItems(db: Db, applyIds: readonly bigint[]) {
  const byApply = new Map<
    bigint,
    {
      orderProductId: bigint;
      productNo: string;
      itemNo: string;
      name: string;
      applyQuantity: number;
      quantityUnit: number;
    }[]
  >();
  if (applyIds.length === 0) return byApply;
  const rows = await db
    .select({ applyId: inspectionApplyItems.applyId, item: inspectionApplyItems, product: orderProducts })
    .from(inspectionApplyItems)
    .innerJoin(orderProducts, eq(orderProducts.id, inspectionApplyItems.orderProductId))
    .where(and(inArray(inspectionApplyItems.applyId, [...applyIds]), eq(inspectionApplyItems.valid, 1)))
    .orderBy(asc(orderProducts.productNo), asc(inspectionApplyItems.id));
  return groupBy(
    rows,
    (r) => r.applyId,
    (r) => ({
      orderProductId: r.product.id,
      productNo: r.product.productNo,
      itemNo: r.product.itemNo,
      name: r.product.name,
      applyQuantity: r.item.applyQuantity,
      quantityUnit: r.product.quantityUnit,
    }),
  );
}

async function toRows(db: Db, rows: Selected[]) {
  const assistants = await taskAssistants(
    db,
    rows.map((r) => r.task.id),
  );
  const items = await applyItems(
    db,
    rows.flatMap((r) => (r.task.applyId === null ? [] : [r.task.applyId])),
  );
  return rows.map((r) => {
    const t = r.task;
    const f = r.factory;
    return {
      id: t.id,
      taskNo: t.taskNo,
      planId: t.planId,
      planNo: r.planNo,
      applyId: t.applyId,
      applyNo: r.applyNo,
      orderNo: r.orderNo,
      client: r.client,
      factory: { ...label(f.id, f.code, f.nameZh, f.nameEn), addressZh: f.addressZh, addressEn: f.addressEn },
      inspectionType: label(
        t.inspectionTypeId,
        r.inspectionType.code,
        r.inspectionType.nameZh,
        r.inspectionType.nameEn,
      ),
      inspector: r.inspector,
      assistants: assistants.get(t.id) ?? [],
      taskDate: t.taskDate,
      reportBaseNo: t.reportBaseNo,
      status: t.status,
      items: t.applyId === null ? [] : (items.get(t.applyId) ?? []),
      version: t.version,
    };
  });
}

export type InspectionTaskPageInput = Pick<InspectionTaskSearch, 'page' | 'pageSize'> &
  Sorting<NonNullable<InspectionTaskSearch['sort']>>;

/** The query of one page (EXPLAIN-tested): by task date, the nearest first, unless sorted. */
export function inspectionTaskPageQuery(db: Db, input: InspectionTaskPageInput, where: SQL | undefined) {
  const keys = { taskNo: inspectionTasks.taskNo, taskDate: inspectionTasks.taskDate };
  const fallback = [asc(inspectionTasks.taskDate), asc(inspectionTasks.id)];
  return onePage(
    selectTasks(db)
      .where(where)
      .orderBy(...sortOrder(keys, input, inspectionTasks.id, fallback)),
    input,
  );
}

export async function inspectionTaskPage(db: Db, input: InspectionTaskPageInput, where: SQL | undefined) {
  return toRows(db, await inspectionTaskPageQuery(db, input, where));
}

type Contact = { name?: unknown; phone?: unknown; mobile?: unknown; email?: unknown; isDefault?: unknown };
const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : null);

/** The factory's contacts as an inspector calls them, the default one first. */
export function factoryContacts(contacts: readonly Record<string, unknown>[]) {
  return [...(contacts as Contact[])]
    .sort((a, b) => Number(Boolean(b.isDefault)) - Number(Boolean(a.isDefault)))
    .map((c) => ({ name: text(c.name) ?? '', phone: text(c.mobile) ?? text(c.phone), email: text(c.email) }));
}

/** inspection/task/details: the row with the factory's contacts and the client's requirements. */
export async function inspectionTaskDetail(db: Db, id: bigint, scope: Scope) {
  const [r] = await selectTasks(db).where(and(eq(inspectionTasks.id, id), eq(inspectionTasks.valid, 1)));
  if (!r) throw new AppError('E_NOT_FOUND');
  const condition = inspectionTaskScope(scope);
  if (condition) {
    const [hit] = await db
      .select({ id: inspectionTasks.id })
      .from(inspectionTasks)
      .where(and(eq(inspectionTasks.id, id), condition));
    if (!hit) throw new AppError('E_SCOPE');
  }
  const [row] = await toRows(db, [r]);
  return {
    ...row!,
    factoryContacts: factoryContacts(r.factory.contacts),
    inspectionRequirement: r.inspectionRequirement ?? null,
  };
}

/** The open tasks of a plan, locked, by task number. */
export async function planTasks(db: Db, planId: bigint, statuses: readonly number[]) {
  return db
    .select()
    .from(inspectionTasks)
    .where(
      and(
        eq(inspectionTasks.planId, planId),
        eq(inspectionTasks.valid, 1),
        or(...statuses.map((s) => eq(inspectionTasks.status, s))),
      ),
    )
    .orderBy(inspectionTasks.taskNo)
    .for('update');
}

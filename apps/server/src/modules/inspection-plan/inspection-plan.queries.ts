import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { INSPECTION_PLAN_STATUS } from '@qcdesk/contract/inspection-plan';
import { and, asc, desc, eq, gte, inArray, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import { qualified } from '../../db/columns';
import { factories } from '../../db/schema/config';
import { users } from '../../db/schema/identity';
import { inspectionApplies, inspectionApplyItems } from '../../db/schema/inspection-apply';
import { inspectionPlanAssistants, inspectionPlans } from '../../db/schema/inspection-plan';
import { inspectionTasks } from '../../db/schema/inspection-task';
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

// The SQL of inspection plans: the scope (a plan is read by whoever reads one of its applications),
// the search and its page query, rows with their labels, assistants and tasks, and the other plans
// of some inspectors over some dates (the man-days behind W_INSPECTOR_BUSY and the board).

type Ops = typeof areas.inspectionPlan;
export type InspectionPlanSearch = ParsedInputOf<Ops['searchInspectionPlans']>;

const factoryText = searchText(factories.code, factories.nameZh, factories.nameEn);

/** The applications of the plan's tasks matching `condition`. */
const planApplies = (condition: SQL | undefined) =>
  sql`exists (select 1 from ${inspectionTasks} join ${inspectionApplies} on ${inspectionApplies.id} = ${inspectionTasks.applyId} where ${inspectionTasks.planId} = ${qualified(inspectionPlans.id)} and ${inspectionTasks.valid} = 1 and ${condition ?? sql`true`})`;

/** DOMAIN.md §5.4: a department-scoped reader sees the plans holding an application in its scope. */
export function inspectionPlanScope(scope: Scope): SQL | undefined {
  const applies = scopeWhere(scope, {
    department: inspectionApplies.departmentId,
    client: inspectionApplies.clientId,
  });
  return applies ? planApplies(applies) : undefined;
}

/** The WHERE of inspection/plan/search (spec §3): the product filters through the tasks' applications. */
export function inspectionPlanSearchWhere(db: Db, input: Partial<InspectionPlanSearch>, scope: Scope) {
  const product = and(
    input.orderNo ? endsWith(reversed(orderProducts.orderNo), input.orderNo) : undefined,
    input.productNo ? contains(searchText(orderProducts.productNo), input.productNo) : undefined,
  );
  const products =
    input.orderNo || input.productNo
      ? planApplies(
          sql`exists (select 1 from ${inspectionApplyItems} join ${orderProducts} on ${orderProducts.id} = ${inspectionApplyItems.orderProductId} where ${inspectionApplyItems.applyId} = ${inspectionApplies.id} and ${inspectionApplyItems.valid} = 1 and ${product})`,
        )
      : undefined;
  return and(
    eq(inspectionPlans.valid, 1),
    inspectionPlanScope(scope),
    input.factory
      ? inArray(
          inspectionPlans.factoryId,
          db.select({ id: factories.id }).from(factories).where(contains(factoryText, input.factory)),
        )
      : undefined,
    input.startTime ? gte(inspectionPlans.planDate, input.startTime) : undefined,
    input.endTime ? lte(inspectionPlans.planDate, input.endTime) : undefined,
    input.status === undefined ? undefined : eq(inspectionPlans.status, input.status),
    products,
  );
}

const taskCount =
  sql<number>`(select count(*) from ${inspectionTasks} where ${inspectionTasks.planId} = ${qualified(inspectionPlans.id)} and ${inspectionTasks.valid} = 1)`.mapWith(
    Number,
  );
const orderNos = sql<
  string[] | null
>`(select array_agg(${orders.orderNo}) from ${inspectionTasks} join ${inspectionApplies} on ${inspectionApplies.id} = ${inspectionTasks.applyId} join ${orders} on ${orders.id} = ${inspectionApplies.orderId} where ${inspectionTasks.planId} = ${qualified(inspectionPlans.id)} and ${inspectionTasks.valid} = 1)`;

function selectPlans(db: Db) {
  return db
    .select({
      plan: inspectionPlans,
      factory: { code: factories.code, nameZh: factories.nameZh, nameEn: factories.nameEn },
      lead: { id: users.id, name: users.name, englishName: users.englishName },
      taskCount,
      orderNos,
    })
    .from(inspectionPlans)
    .innerJoin(factories, eq(factories.id, inspectionPlans.factoryId))
    .innerJoin(users, eq(users.id, inspectionPlans.leadInspectorId));
}

type Selected = Awaited<ReturnType<ReturnType<typeof selectPlans>['execute']>>[number];
export type UserLabel = { id: bigint; name: string; englishName: string | null };

/** The assistants of plans, in their order, by plan. */
export async function planAssistants(db: Db, planIds: readonly bigint[]) {
  if (planIds.length === 0) return new Map<bigint, UserLabel[]>();
  const rows = await db
    .select({
      planId: inspectionPlanAssistants.planId,
      user: { id: users.id, name: users.name, englishName: users.englishName },
    })
    .from(inspectionPlanAssistants)
    .innerJoin(users, eq(users.id, inspectionPlanAssistants.userId))
    .where(and(inArray(inspectionPlanAssistants.planId, [...planIds]), eq(inspectionPlanAssistants.valid, 1)))
    .orderBy(inspectionPlanAssistants.sort, inspectionPlanAssistants.id);
  return groupBy(
    rows,
    (r) => r.planId,
    (r) => r.user,
  );
}

function toRow(r: Selected, assistants: Map<bigint, UserLabel[]>) {
  const p = r.plan;
  return {
    id: p.id,
    planNo: p.planNo,
    factory: label(p.factoryId, r.factory.code, r.factory.nameZh, r.factory.nameEn),
    planDate: p.planDate,
    endDate: p.endDate,
    leadInspector: r.lead,
    assistants: assistants.get(p.id) ?? [],
    manDays: p.manDays,
    status: p.status,
    taskCount: r.taskCount,
    // Distinct here, not in SQL: array_agg(distinct) sorts, a Sort node in every page's plan.
    orderNos: [...new Set(r.orderNos ?? [])].sort(),
    valid: p.valid,
    version: p.version,
    updatedAt: p.updatedAt,
  };
}

async function toRows(db: Db, rows: Selected[]) {
  const assistants = await planAssistants(
    db,
    rows.map((r) => r.plan.id),
  );
  return rows.map((r) => toRow(r, assistants));
}

export type InspectionPlanPageInput = Pick<InspectionPlanSearch, 'page' | 'pageSize'> &
  Sorting<NonNullable<InspectionPlanSearch['sort']>>;

/** The query of one page (EXPLAIN-tested): newest plan date first unless another sort is asked. */
export function inspectionPlanPageQuery(db: Db, input: InspectionPlanPageInput, where: SQL | undefined) {
  const keys = { planNo: inspectionPlans.planNo, planDate: inspectionPlans.planDate };
  const fallback = [desc(inspectionPlans.planDate), desc(inspectionPlans.id)];
  return onePage(
    selectPlans(db)
      .where(where)
      .orderBy(...sortOrder(keys, input, inspectionPlans.id, fallback)),
    input,
  );
}

export async function inspectionPlanPage(db: Db, input: InspectionPlanPageInput, where: SQL | undefined) {
  return toRows(db, await inspectionPlanPageQuery(db, input, where));
}

/** The plan's tasks as its detail lists them. */
async function planTaskLines(db: Db, planId: bigint) {
  return db
    .select({
      id: inspectionTasks.id,
      taskNo: inspectionTasks.taskNo,
      applyId: inspectionTasks.applyId,
      applyNo: inspectionApplies.applyNo,
      orderNo: orders.orderNo,
      taskDate: inspectionTasks.taskDate,
      status: inspectionTasks.status,
    })
    .from(inspectionTasks)
    .leftJoin(inspectionApplies, eq(inspectionApplies.id, inspectionTasks.applyId))
    .leftJoin(orders, eq(orders.id, inspectionApplies.orderId))
    .where(and(eq(inspectionTasks.planId, planId), eq(inspectionTasks.valid, 1)))
    .orderBy(asc(inspectionTasks.taskNo));
}

/** The detail of inspection/plan/details and of every write (without the caller's actions). */
export async function inspectionPlanDetail(db: Db, id: bigint) {
  const [r] = await selectPlans(db).where(eq(inspectionPlans.id, id));
  if (!r) throw new AppError('E_NOT_FOUND');
  const [row] = await toRows(db, [r]);
  const creatorId = r.plan.createdBy;
  const [createdBy] = creatorId
    ? await db
        .select({ id: users.id, name: users.name, englishName: users.englishName })
        .from(users)
        .where(eq(users.id, creatorId))
    : [];
  return {
    ...row!,
    remark: r.plan.remark,
    reasonText: r.plan.reasonText,
    dispatchedAt: r.plan.dispatchedAt,
    tasks: await planTaskLines(db, id),
    createdBy: createdBy ?? null,
    createdAt: r.plan.createdAt,
  };
}

/** The plan if the caller reads it: E_NOT_FOUND when absent or deleted, E_SCOPE out of scope. */
export async function readablePlan(db: Db, id: bigint, scope: Scope) {
  const [row] = await db.select().from(inspectionPlans).where(eq(inspectionPlans.id, id));
  if (!row || row.valid !== 1) throw new AppError('E_NOT_FOUND');
  const condition = inspectionPlanScope(scope);
  if (condition) {
    const [hit] = await db
      .select({ id: inspectionPlans.id })
      .from(inspectionPlans)
      .where(and(eq(inspectionPlans.id, id), condition));
    if (!hit) throw new AppError('E_SCOPE');
  }
  return row;
}

/**
 * The plans not cancelled (other than `exceptPlanId`) that book one of `inspectorIds` between two
 * dates, with their assistants: the load W_INSPECTOR_BUSY and the board count.
 */
export async function plansOfInspectors(
  db: Db,
  range: { from: string; to: string },
  inspectorIds: readonly bigint[] | 'all',
  exceptPlanId?: bigint,
) {
  const assisted = (ids: readonly bigint[]) =>
    inArray(
      inspectionPlans.id,
      db
        .select({ id: inspectionPlanAssistants.planId })
        .from(inspectionPlanAssistants)
        .where(
          and(inArray(inspectionPlanAssistants.userId, [...ids]), eq(inspectionPlanAssistants.valid, 1)),
        ),
    );
  if (inspectorIds !== 'all' && inspectorIds.length === 0) return [];
  const rows = await db
    .select()
    .from(inspectionPlans)
    .where(
      and(
        eq(inspectionPlans.valid, 1),
        ne(inspectionPlans.status, INSPECTION_PLAN_STATUS.cancelled),
        lte(inspectionPlans.planDate, range.to),
        gte(inspectionPlans.endDate, range.from),
        exceptPlanId === undefined ? undefined : ne(inspectionPlans.id, exceptPlanId),
        inspectorIds === 'all'
          ? undefined
          : or(inArray(inspectionPlans.leadInspectorId, [...inspectorIds]), assisted(inspectorIds)),
      ),
    );
  const assistants = await planAssistants(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((p) => ({
    id: p.id,
    planDate: p.planDate,
    endDate: p.endDate,
    manDays: p.manDays,
    leadInspectorId: p.leadInspectorId,
    assistantIds: (assistants.get(p.id) ?? []).map((u) => u.id),
  }));
}

import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { INSPECTION_APPLY_STATUS } from '@qcdesk/contract/inspection-apply';
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import { factories, inspectionTypes } from '../../db/schema/config';
import { roles, users } from '../../db/schema/identity';
import { inspectionApplies, inspectionApplyItems } from '../../db/schema/inspection-apply';
import { orderProducts, orders } from '../../db/schema/order';
import { searchText } from '../../db/schema/search-columns';
import { addDays } from '../../domain/calendar';
import { inspectorLoad, roundManDays } from '../../domain/inspection-planning';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { label } from '../../platform/labels';
import { contains } from '../../platform/search';
import { loadHolidays } from '../config/holiday.service';
import { plansOfInspectors } from './inspection-plan.queries';

// inspection/plan/board [D] (issue 26): the planner's board in one call, for a date range: the open
// applications (20) grouped by factory and expected date, and each active inspector's man-days per
// day across the plans not cancelled (domain/inspection-planning.ts spreads them).

type Ops = typeof areas.inspectionPlan;
type BoardInput = ParsedInputOf<Ops['planBoard']>;

/** The board covers at most a month: one screen, one call. */
export const BOARD_MAX_DAYS = 31;

async function openApplications(db: Db, input: BoardInput) {
  const quantity =
    sql<number>`(select coalesce(sum(${inspectionApplyItems.applyQuantity}), 0) from ${inspectionApplyItems} where ${inspectionApplyItems.applyId} = ${inspectionApplies.id} and ${inspectionApplyItems.valid} = 1)`.mapWith(
      Number,
    );
  const itemCount =
    sql<number>`(select count(*) from ${inspectionApplyItems} where ${inspectionApplyItems.applyId} = ${inspectionApplies.id} and ${inspectionApplyItems.valid} = 1)`.mapWith(
      Number,
    );
  const deliveryDate = sql<
    string | null
  >`(select min(${orderProducts.deliveryDate}) from ${inspectionApplyItems} join ${orderProducts} on ${orderProducts.id} = ${inspectionApplyItems.orderProductId} where ${inspectionApplyItems.applyId} = ${inspectionApplies.id} and ${inspectionApplyItems.valid} = 1)`;
  const factoryText = searchText(factories.code, factories.nameZh, factories.nameEn);
  return db
    .select({
      apply: inspectionApplies,
      orderNo: orders.orderNo,
      factory: { code: factories.code, nameZh: factories.nameZh, nameEn: factories.nameEn },
      type: { code: inspectionTypes.code, nameZh: inspectionTypes.nameZh, nameEn: inspectionTypes.nameEn },
      quantity,
      itemCount,
      deliveryDate,
    })
    .from(inspectionApplies)
    .innerJoin(orders, eq(orders.id, inspectionApplies.orderId))
    .innerJoin(factories, eq(factories.id, inspectionApplies.factoryId))
    .innerJoin(inspectionTypes, eq(inspectionTypes.id, inspectionApplies.inspectionTypeId))
    .where(
      and(
        eq(inspectionApplies.valid, 1),
        eq(inspectionApplies.status, INSPECTION_APPLY_STATUS.submitted),
        gte(inspectionApplies.expectedDate, input.startTime),
        lte(inspectionApplies.expectedDate, input.endTime),
        input.factory ? contains(factoryText, input.factory) : undefined,
      ),
    )
    .orderBy(asc(factories.code), asc(inspectionApplies.expectedDate), asc(inspectionApplies.applyNo));
}

type OpenApplication = Awaited<ReturnType<typeof openApplications>>[number];

function boardApplication(r: OpenApplication) {
  const a = r.apply;
  return {
    id: a.id,
    applyNo: a.applyNo,
    orderNo: r.orderNo,
    inspectionType: label(a.inspectionTypeId, r.type.code, r.type.nameZh, r.type.nameEn),
    expectedDate: a.expectedDate,
    deliveryDate: r.deliveryDate,
    quantity: r.quantity,
    itemCount: r.itemCount,
    applyType: a.applyType,
    version: a.version,
  };
}

/** The factories with their days and the applications of each day, in board order. */
function byFactoryAndDate(rows: readonly OpenApplication[]) {
  type Day = ReturnType<typeof boardApplication>[];
  const factoriesById = new Map<bigint, { factory: ReturnType<typeof label>; days: Map<string, Day> }>();
  for (const r of rows) {
    const a = r.apply;
    const entry = factoriesById.get(a.factoryId) ?? {
      factory: label(a.factoryId, r.factory.code, r.factory.nameZh, r.factory.nameEn),
      days: new Map<string, Day>(),
    };
    const day = entry.days.get(a.expectedDate) ?? [];
    day.push(boardApplication(r));
    entry.days.set(a.expectedDate, day);
    factoriesById.set(a.factoryId, entry);
  }
  return [...factoriesById.values()].map((f) => ({
    factory: f.factory,
    days: [...f.days].map(([date, applications]) => ({ date, applications })),
  }));
}

/** Every active inspector with the man-days booked per day of the range (days without work left out). */
async function inspectorDays(db: Db, input: BoardInput) {
  const inspectors = await db
    .select({ id: users.id, name: users.name, englishName: users.englishName })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.valid, 1), eq(users.state, 1), eq(roles.code, 'INSPECTOR')))
    .orderBy(asc(users.name), asc(users.id));
  const plans = await plansOfInspectors(db, { from: input.startTime, to: input.endTime }, 'all');
  const from = [input.startTime, ...plans.map((p) => p.planDate)].sort()[0]!;
  const to = [input.endTime, ...plans.map((p) => p.endDate)].sort().at(-1)!;
  const load = inspectorLoad(await loadHolidays(db, from, to), plans);
  return inspectors.map((inspector) => ({
    inspector,
    days: [...(load.get(inspector.id) ?? new Map<string, number>())]
      .filter(([date]) => date >= input.startTime && date <= input.endTime)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([date, manDays]) => ({ date, manDays: String(roundManDays(manDays)) })),
  }));
}

/** inspection/plan/board: E_RANGE for a range over 31 days. */
export async function planBoard(db: Db, input: BoardInput) {
  if (addDays(input.startTime, BOARD_MAX_DAYS - 1) < input.endTime)
    throw new AppError('E_RANGE', { field: 'endTime' }, { field: 'endTime' });
  const applications = await openApplications(db, input);
  const inspectors = await inspectorDays(db, input);
  return { factories: byFactoryAndDate(applications), inspectors };
}

/** Every active inspector's man-days per day of a range: the booking admin's assignment view (§4.6). */
export const bookingInspectorDays = (db: Db, range: { startTime: string; endTime: string }) =>
  inspectorDays(db, { ...range, factory: undefined });

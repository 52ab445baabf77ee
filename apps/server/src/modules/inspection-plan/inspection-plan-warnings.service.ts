import type { Warning } from '@qcdesk/contract/warnings';
import { and, eq, gte, inArray, lte } from 'drizzle-orm';
import { factorySchedules } from '../../db/schema/factory-schedule';
import { users } from '../../db/schema/identity';
import { inspectionApplyItems } from '../../db/schema/inspection-apply';
import { orderProducts } from '../../db/schema/order';
import type { HolidayCalendar } from '../../domain/calendar';
import {
  type PlanWarning,
  planInspectors,
  planWarnings,
  SCHEDULE_CLOSURE,
} from '../../domain/inspection-planning';
import type { Db } from '../../platform/db';
import { warning } from '../../platform/warnings';
import { loadHolidays } from '../config/holiday.service';
import { plansOfInspectors } from './inspection-plan.queries';

// The warnings a plan raises before it is saved (DOMAIN.md §4.2, §6.7, §6.8; docs/adr/0018):
// the data is read here, the rules are domain/inspection-planning.ts's.

export interface PlannedFields {
  factoryId: bigint;
  planDate: string;
  endDate: string;
  manDays: number | string;
  leadInspectorId: bigint;
  assistantIds: readonly bigint[];
  applyIds: readonly bigint[];
}

/** The plan's warnings; `exceptPlanId` is the plan being updated (its own old load is not counted). */
export async function planWarningsOf(db: Db, plan: PlannedFields, exceptPlanId?: bigint): Promise<Warning[]> {
  const inspectors = planInspectors(plan);
  const range = { from: plan.planDate, to: plan.endDate };
  const others = await plansOfInspectors(db, range, inspectors, exceptPlanId);
  const from = [plan.planDate, ...others.map((o) => o.planDate)].sort()[0]!;
  const to = [plan.endDate, ...others.map((o) => o.endDate)].sort().at(-1)!;
  const calendar: HolidayCalendar = await loadHolidays(db, from, to);
  const schedules = await db
    .select({
      type: factorySchedules.type,
      startDate: factorySchedules.startDate,
      endDate: factorySchedules.endDate,
    })
    .from(factorySchedules)
    .where(
      and(
        eq(factorySchedules.factoryId, plan.factoryId),
        eq(factorySchedules.type, SCHEDULE_CLOSURE),
        eq(factorySchedules.valid, 1),
        lte(factorySchedules.startDate, plan.endDate),
        gte(factorySchedules.endDate, plan.planDate),
      ),
    );
  const products =
    plan.applyIds.length === 0
      ? []
      : await db
          .selectDistinct({ productNo: orderProducts.productNo, deliveryDate: orderProducts.deliveryDate })
          .from(inspectionApplyItems)
          .innerJoin(orderProducts, eq(orderProducts.id, inspectionApplyItems.orderProductId))
          .where(
            and(inArray(inspectionApplyItems.applyId, [...plan.applyIds]), eq(inspectionApplyItems.valid, 1)),
          )
          .orderBy(orderProducts.productNo);
  const found = planWarnings(calendar, { ...plan, others, schedules, products });
  return toWarnings(db, found);
}

const joined = (values: readonly string[]) => values.join(', ');

async function toWarnings(db: Db, found: PlanWarning[]): Promise<Warning[]> {
  const busyIds = found.flatMap((w) => (w.busy ?? []).map((b) => b.inspectorId));
  const names =
    busyIds.length === 0
      ? new Map<bigint, string>()
      : new Map(
          (
            await db
              .select({ id: users.id, name: users.name })
              .from(users)
              .where(inArray(users.id, [...new Set(busyIds)]))
          ).map((u) => [u.id, u.name]),
        );
  return found.flatMap((w) => {
    if (w.code === 'W_INSPECTOR_BUSY') {
      return (w.busy ?? []).map((b) =>
        warning('W_INSPECTOR_BUSY', {
          inspector: names.get(b.inspectorId) ?? String(b.inspectorId),
          date: b.date,
          manDays: b.manDays,
        }),
      );
    }
    if (w.code === 'W_AFTER_DELIVERY') {
      return [warning(w.code, { dates: joined(w.dates), productNos: joined(w.productNos ?? []) })];
    }
    return [warning(w.code, { dates: joined(w.dates) })];
  });
}

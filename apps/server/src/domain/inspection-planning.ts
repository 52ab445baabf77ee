// Inspection planning without a database (DOMAIN.md §2.6 InspectionPlan, §4.2 invariants, §6.7,
// §6.8, §6.12 Fee): the working days a plan's man-days are spread over, each inspector's load per
// date across plans, the planner's warnings and the plan's own input rules. Dates are business
// dates `YYYY-MM-DD` (Asia/Shanghai).

import { addDays, type HolidayCalendar, isWorkingDayIn } from './calendar';

/** §2.6: at most five assistants; man-days 0.5–30 in steps of 0.5. */
export const MAX_ASSISTANTS = 5;
export const MAN_DAYS_STEP = 0.5;
export const MAN_DAYS_MAX = 30;
/** §4.2: an inspector's man-days on one date across plans above this raise W_INSPECTOR_BUSY. */
export const DAY_CAPACITY = 1;

/** ScheduleType 4 (DOMAIN.md §3.2): the factory does not work. */
export const SCHEDULE_CLOSURE = 4;

const EPSILON = 1e-9;

/** The dates planDate..endDate, both included (endDate defaults to planDate). */
export function planDates(planDate: string, endDate: string | null = null): string[] {
  const last = endDate ?? planDate;
  const dates: string[] = [];
  for (let day = planDate; day <= last; day = addDays(day, 1)) dates.push(day);
  return dates;
}

/**
 * The dates a plan's man-days are spread over: its working days. A plan lying wholly on
 * non-working days (a Saturday inspection, allowed with W_NON_WORKING_DAY) spreads over all its
 * dates, so its man-days are never lost.
 */
export function planWorkingDays(
  calendar: HolidayCalendar,
  planDate: string,
  endDate: string | null,
): string[] {
  const dates = planDates(planDate, endDate);
  const working = dates.filter((day) => isWorkingDayIn(calendar, day));
  return working.length > 0 ? working : dates;
}

export interface PlanLoad<Id = bigint> {
  planDate: string;
  endDate: string | null;
  /** dec(4,1) as a number or its decimal string. */
  manDays: number | string;
  leadInspectorId: Id;
  assistantIds: readonly Id[];
}

/** A plan's man-days per date: manDays ÷ its working days, the same for each of its inspectors. */
export function manDaysPerDay(calendar: HolidayCalendar, plan: PlanLoad<unknown>): Map<string, number> {
  const days = planWorkingDays(calendar, plan.planDate, plan.endDate);
  const share = Number(plan.manDays) / days.length;
  return new Map(days.map((day) => [day, share]));
}

/** The people a plan books: the lead and each assistant, once each (§6.12: they count separately). */
export function planInspectors<Id>(plan: Pick<PlanLoad<Id>, 'leadInspectorId' | 'assistantIds'>): Id[] {
  return [...new Set([plan.leadInspectorId, ...plan.assistantIds])];
}

/** Inspector → date → man-days, summed across the plans. */
export type InspectorLoad<Id = bigint> = Map<Id, Map<string, number>>;

export function inspectorLoad<Id>(
  calendar: HolidayCalendar,
  plans: readonly PlanLoad<Id>[],
): InspectorLoad<Id> {
  const load: InspectorLoad<Id> = new Map();
  for (const plan of plans) {
    const perDay = manDaysPerDay(calendar, plan);
    for (const inspector of planInspectors(plan)) {
      const days = load.get(inspector) ?? new Map<string, number>();
      for (const [day, share] of perDay) days.set(day, (days.get(day) ?? 0) + share);
      load.set(inspector, days);
    }
  }
  return load;
}

/** Man-days for display: rounded to two decimals (1/3 → 0.33). */
export const roundManDays = (value: number): number => Math.round(value * 100) / 100;

export interface BusyDay<Id = bigint> {
  inspectorId: Id;
  date: string;
  manDays: number;
}

/**
 * §4.2 W_INSPECTOR_BUSY: the dates of `plan` on which one of its inspectors, counting `plan` and
 * the `others` (the other open plans: the plan being updated is not among them), exceeds a day.
 */
export function busyDays<Id>(
  calendar: HolidayCalendar,
  plan: PlanLoad<Id>,
  others: readonly PlanLoad<Id>[],
): BusyDay<Id>[] {
  const load = inspectorLoad(calendar, [plan, ...others]);
  const dates = [...manDaysPerDay(calendar, plan).keys()];
  const busy: BusyDay<Id>[] = [];
  for (const inspectorId of planInspectors(plan)) {
    const days = load.get(inspectorId);
    for (const date of dates) {
      const manDays = days?.get(date) ?? 0;
      if (manDays > DAY_CAPACITY + EPSILON) busy.push({ inspectorId, date, manDays: roundManDays(manDays) });
    }
  }
  return busy;
}

export interface ScheduleSpan {
  type: number;
  startDate: string;
  endDate: string;
}

/** W_FACTORY_CLOSED: the plan's dates that fall in a closure of the factory's schedule. */
export function closedDates(
  schedules: readonly ScheduleSpan[],
  planDate: string,
  endDate: string | null,
): string[] {
  const closures = schedules.filter((s) => s.type === SCHEDULE_CLOSURE);
  return planDates(planDate, endDate).filter((day) =>
    closures.some((c) => c.startDate <= day && day <= c.endDate),
  );
}

/** W_NON_WORKING_DAY (§6.7): the plan starts or ends on a day that is not a working day. */
export function nonWorkingDates(
  calendar: HolidayCalendar,
  planDate: string,
  endDate: string | null,
): string[] {
  const ends = [...new Set([planDate, endDate ?? planDate])];
  return ends.filter((day) => !isWorkingDayIn(calendar, day));
}

/** W_AFTER_DELIVERY (§6.8): the products whose delivery date is before the inspection date. */
export function lateDeliveries<P extends { deliveryDate: string | null }>(
  products: readonly P[],
  inspectionDate: string,
): P[] {
  return products.filter((p) => p.deliveryDate !== null && p.deliveryDate < inspectionDate);
}

export interface PlanWarningInput<Id = bigint> extends PlanLoad<Id> {
  others: readonly PlanLoad<Id>[];
  schedules: readonly ScheduleSpan[];
  products: readonly { productNo: string; deliveryDate: string | null }[];
}

export type PlanWarningCode =
  | 'W_INSPECTOR_BUSY'
  | 'W_FACTORY_CLOSED'
  | 'W_NON_WORKING_DAY'
  | 'W_AFTER_DELIVERY';

export interface PlanWarning<Id = bigint> {
  code: PlanWarningCode;
  /** The dates concerned, in order. */
  dates: string[];
  /** W_INSPECTOR_BUSY: who is over a day, and by how much. */
  busy?: BusyDay<Id>[];
  /** W_AFTER_DELIVERY: the products delivered before the inspection date. */
  productNos?: string[];
}

/** Every warning a plan raises, in a fixed order (an empty list lets the write go ahead). */
export function planWarnings<Id>(calendar: HolidayCalendar, input: PlanWarningInput<Id>): PlanWarning<Id>[] {
  const warnings: PlanWarning<Id>[] = [];
  const busy = busyDays(calendar, input, input.others);
  if (busy.length > 0) {
    const dates = [...new Set(busy.map((b) => b.date))].sort();
    warnings.push({ code: 'W_INSPECTOR_BUSY', dates, busy });
  }
  const closed = closedDates(input.schedules, input.planDate, input.endDate);
  if (closed.length > 0) warnings.push({ code: 'W_FACTORY_CLOSED', dates: closed });
  const nonWorking = nonWorkingDates(calendar, input.planDate, input.endDate);
  if (nonWorking.length > 0) warnings.push({ code: 'W_NON_WORKING_DAY', dates: nonWorking });
  const late = lateDeliveries(input.products, input.planDate);
  if (late.length > 0) {
    const dates = [...new Set(late.map((p) => p.deliveryDate as string))].sort();
    warnings.push({ code: 'W_AFTER_DELIVERY', dates, productNos: late.map((p) => p.productNo) });
  }
  return warnings;
}

export interface PlanFields<Id = bigint> {
  planDate: string;
  endDate: string | null;
  manDays: number | string;
  leadInspectorId: Id;
  assistantIds: readonly Id[];
}

/** The refusal of a plan's fields: a generic key and the field it names, or an area key. */
export interface PlanIssue {
  reason: 'E_RANGE' | 'E_DATE_RANGE' | 'E_DUPLICATE' | 'E_PLAN_LEAD_ASSISTANT';
  field: 'planDate' | 'endDate' | 'manDays' | 'assistantIds';
}

/** Man-days > 0, ≤ 30, a multiple of 0.5 (dec(4,1): "1.5" or 1.5). */
export function validManDays(manDays: number | string): boolean {
  const value = Number(manDays);
  if (!Number.isFinite(value) || value <= 0 || value > MAN_DAYS_MAX) return false;
  return Number.isInteger(value / MAN_DAYS_STEP);
}

/**
 * §2.6, §4.2, §7.2: the plan's own rules, the first broken one. `today` is the business date;
 * `checkDate` asks planDate ≥ today: on create, and on an update that moves the date (a plan
 * under way keeps its date).
 */
export function planIssue<Id>(plan: PlanFields<Id>, today: string, checkDate: boolean): PlanIssue | null {
  if (checkDate && plan.planDate < today) return { reason: 'E_RANGE', field: 'planDate' };
  if (plan.endDate !== null && plan.endDate < plan.planDate)
    return { reason: 'E_DATE_RANGE', field: 'endDate' };
  if (!validManDays(plan.manDays)) return { reason: 'E_RANGE', field: 'manDays' };
  if (plan.assistantIds.length > MAX_ASSISTANTS) return { reason: 'E_RANGE', field: 'assistantIds' };
  if (new Set(plan.assistantIds).size !== plan.assistantIds.length) {
    return { reason: 'E_DUPLICATE', field: 'assistantIds' };
  }
  if (plan.assistantIds.includes(plan.leadInspectorId)) {
    return { reason: 'E_PLAN_LEAD_ASSISTANT', field: 'assistantIds' };
  }
  return null;
}

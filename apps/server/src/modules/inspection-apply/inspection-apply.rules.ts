import { APPLY_TYPE, INSPECTION_APPLY_STATUS } from '@qcdesk/contract/inspection-apply';
import type { Warning } from '@qcdesk/contract/warnings';
import type { inspectionApplies } from '../../db/schema/inspection-apply';
import { groupBy } from '../../domain/grouping';
import type { Principal } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { defineStateMachine } from '../../platform/transition';
import { warning } from '../../platform/warnings';

// The pure rules of inspection applications (DOMAIN.md §4.1, §6.1, §6.7, §6.8, §7.2): the
// transition table, the cart rule, the open quantity per product and inspection type, the split of
// a lowered quantity, the advance-days check and the submit warnings. No database here.

export const INSPECTION_APPLY_ENTITY = 'inspection_applies';
export type InspectionApplyRecord = typeof inspectionApplies.$inferSelect;
type Status = (typeof INSPECTION_APPLY_STATUS)[keyof typeof INSPECTION_APPLY_STATUS];

const { draft, submitted, planned, inspecting, completed, returned, cancelled } = INSPECTION_APPLY_STATUS;

/**
 * DOMAIN.md §4.1 as data. Cancel has three rows by who cancels: the author with inspapply.edit
 * (`cancel`), any application with inspapply.waive (`cancelAny`), a planned one by the planner
 * (`cancelPlanned`, reason R). `plan` and `unplan` are the system rows planning causes, in the
 * plan's transaction, with the planner's permission.
 */
export const inspectionApplyMachine = defineStateMachine<Status>(INSPECTION_APPLY_ENTITY, [
  { from: [draft, returned], action: 'submit', to: submitted, permission: 'inspapply.edit' },
  { from: [submitted], action: 'return', to: returned, permission: 'inspplan.create', reasonRequired: true },
  { from: [submitted], action: 'plan', to: planned, permission: 'inspplan.create' },
  { from: [planned], action: 'unplan', to: submitted, permission: 'inspplan.create' },
  { from: [submitted, planned], action: 'waive', to: completed, permission: 'inspapply.waive' },
  { from: [draft, submitted, returned], action: 'cancel', to: cancelled, permission: 'inspapply.edit' },
  { from: [draft, submitted, returned], action: 'cancelAny', to: cancelled, permission: 'inspapply.waive' },
  {
    from: [planned],
    action: 'cancelPlanned',
    to: cancelled,
    permission: 'inspplan.create',
    reasonRequired: true,
  },
  // System rows its task's final report causes (inspection-apply-report.service.ts).
  { from: [planned], action: 'inspect', to: inspecting, permission: 'insp.report.edit' },
  { from: [inspecting], action: 'complete', to: completed, permission: 'insp.report.audit' },
  { from: [inspecting], action: 'abort', to: submitted, permission: 'insp.report.audit' },
]);

/** Statuses whose applications hold quantity (all but cancelled). */
export const isOpen = (status: number) => status !== cancelled;

/** The statuses in which a production sample of a linked product may not be cancelled (§4.7). */
export const IN_PROGRESS_STATUSES: readonly number[] = [planned, inspecting];

const editable = (status: number) => status === draft || status === returned;

/** The cancel row the caller may take (null: none): see the machine. */
export function cancelAction(
  record: Pick<InspectionApplyRecord, 'status' | 'createdBy'>,
  user: Principal,
): 'cancel' | 'cancelAny' | 'cancelPlanned' | null {
  const s = record.status;
  if (s === planned) return user.permissions.has('inspplan.create') ? 'cancelPlanned' : null;
  if (!editable(s) && s !== submitted) return null;
  if (user.permissions.has('inspapply.waive')) return 'cancelAny';
  if (user.permissions.has('inspapply.edit') && record.createdBy === user.userId) return 'cancel';
  return null;
}

/** updateqnty: inspapply.edit in 10/20, inspplan.create in 30 (DOMAIN.md §4.1). */
export function mayModifyQuantity(status: number, user: Principal): boolean {
  if (status === draft || status === submitted) return user.permissions.has('inspapply.edit');
  if (status === planned) return user.permissions.has('inspplan.create');
  return false;
}

/** The actions the caller may take now, for the detail's buttons (scope aside). */
export function applyActions(record: InspectionApplyRecord, user: Principal): string[] {
  const s = record.status;
  const has = (p: string) => user.permissions.has(p);
  const actions: string[] = [];
  if (editable(s) && has('inspapply.edit')) actions.push('update', 'submit');
  if (s === submitted && has('inspplan.create')) actions.push('return');
  if ((s === submitted || s === planned) && has('inspapply.waive')) actions.push('waive');
  if (cancelAction(record, user)) actions.push('cancel');
  if (mayModifyQuantity(s, user)) actions.push('updateqnty');
  return actions;
}

// -- The cart (DOMAIN.md §6.1) -----------------------------------------------------------------

/** Every cart product belongs to one order (E_CART_ORDER), and a product is in the cart once. */
export function checkCart(products: readonly { id: bigint; orderId: bigint }[]): bigint {
  const orderIds = new Set(products.map((p) => p.orderId));
  if (orderIds.size > 1) throw new AppError('E_CART_ORDER', {}, { field: 'items' });
  const first = products[0];
  if (!first) throw new AppError('E_REQUIRED', { field: 'items' }, { field: 'items' });
  return first.orderId;
}

/** Items grouped by factory, in the order they first appear: one application per factory. */
export function byFactory<T extends { factoryId: bigint }>(items: readonly T[]): T[][] {
  return [...groupBy(items, (item) => item.factoryId).values()];
}

// -- Quantities (DOMAIN.md §4.1 invariant, §7.2 "Inspection quantity") -----------------------------

/** What is left to apply for: product quantity − Σ applied by the other open applications. */
export const openQuantity = (quantity: number, appliedElsewhere: number) =>
  Math.max(0, quantity - appliedElsewhere);

/** E_QTY_EXCEEDS {n: open} when a quantity is above what is open. */
export function checkQuantity(applyQuantity: number, open: number, field: string): void {
  if (applyQuantity > open) throw new AppError('E_QTY_EXCEEDS', { n: open }, { field });
}

/**
 * A lowered quantity with `split`: the rest of each lowered item goes to a new draft. Answers the
 * new draft's items (empty when nothing was lowered).
 */
export function splitRest(
  before: readonly { orderProductId: bigint; applyQuantity: number }[],
  after: ReadonlyMap<bigint, number>,
): { orderProductId: bigint; applyQuantity: number }[] {
  return before.flatMap((item) => {
    const next = after.get(item.orderProductId) ?? item.applyQuantity;
    return next < item.applyQuantity
      ? [{ orderProductId: item.orderProductId, applyQuantity: item.applyQuantity - next }]
      : [];
  });
}

/** Whether re-inspections count toward Σ applied: they never do (§4.1). */
export const countsTowardQuantity = (applyType: number) => applyType !== APPLY_TYPE.reinspection;

// -- Submit: advance days (§6.7) and warnings (§6.7, §6.8) ---------------------------------------

/** Urgent (2) and re-inspections (3) are exempt from the advance-days rule. */
export const exemptFromAdvanceDays = (applyType: number) =>
  applyType === APPLY_TYPE.urgent || applyType === APPLY_TYPE.reinspection;

/** E_ADVANCE_DAYS {n} when the expected date is before the earliest date. */
export function checkAdvanceDays(expectedDate: string, earliest: string, advanceDays: number): void {
  if (expectedDate < earliest)
    throw new AppError('E_ADVANCE_DAYS', { n: advanceDays }, { field: 'expectedDate' });
}

/** W_AFTER_DELIVERY when the expected date is after a product's delivery date; W_NON_WORKING_DAY. */
export function submitWarnings(args: {
  expectedDate: string;
  deliveryDates: readonly string[];
  workingDay: boolean;
}): Warning[] {
  const warnings: Warning[] = [];
  const earliestDelivery = [...args.deliveryDates].sort()[0];
  if (earliestDelivery !== undefined && args.expectedDate > earliestDelivery)
    warnings.push(warning('W_AFTER_DELIVERY', { date: args.expectedDate, deliveryDate: earliestDelivery }));
  if (!args.workingDay) warnings.push(warning('W_NON_WORKING_DAY', { date: args.expectedDate }));
  return warnings;
}

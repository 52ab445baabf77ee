import { TEST_ORDER_STATUS } from '@qcdesk/contract/test-order';
import type { testOrders } from '../../db/schema/test-order';
import { fromCents, MONEY_MAX_CENTS, toCents } from '../../domain/money';
import type { Principal } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { availableActions, defineStateMachine } from '../../platform/transition';

// The pure rules of test orders (DOMAIN.md §2.5, §4.9, §7.3): the sum of the lines' prices and the
// price of a line in the order's currency (in cents: domain/money.ts), who may change which field in
// which status, the dates and the submit's completeness. No database here.

export const TEST_ORDER_ENTITY = 'test_orders';
export type TestOrderRecord = typeof testOrders.$inferSelect;
type Status = (typeof TEST_ORDER_STATUS)[keyof typeof TEST_ORDER_STATUS];

const { draft, submitted, received, reported, closed, cancelled } = TEST_ORDER_STATUS;

/** DOMAIN.md §4.9 as data. The system's 30 → 40 is `settleTestOrder` (no user permission). */
export const testOrderMachine = defineStateMachine<Status>(TEST_ORDER_ENTITY, [
  { from: [draft], action: 'submit', to: submitted, permission: 'test.create' },
  { from: [submitted], action: 'receive', to: received, permission: 'test.edit' },
  {
    from: [reported],
    action: 'close',
    to: closed,
    permission: 'test.finance',
    guard: (record) => (record.paid || record.invoice || record.invoiceFileId ? null : 'E_TEST_UNPAID'),
  },
  { from: [draft, submitted], action: 'cancel', to: cancelled, permission: 'test.create' },
]);

/** The actions (submit, close, cancel) the user may take now, for the detail's buttons. */
export const testOrderActions = (status: number, user: Principal): string[] =>
  availableActions(testOrderMachine, status as Status, user).filter((a) => a !== 'receive');

// -- Prices --------------------------------------------------------------------------------------

/**
 * Σ of the lines' prices (a line without a price counts 0 until entered). Each line is within the
 * column, their sum may not be (issue 23: three lines at the maximum answered 500): E_RANGE on the
 * order's price, pointed at its lines.
 */
export function sumPrices(prices: readonly (string | null)[]): string {
  const cents = prices.reduce<bigint>((sum, p) => sum + (p === null ? 0n : toCents(p)), 0n);
  if (cents > MONEY_MAX_CENTS) throw new AppError('E_RANGE', { field: 'price' }, { field: 'items' });
  return fromCents(cents);
}

/**
 * The price of a line in the order's currency: the test item's when it is priced in that currency,
 * else the entered one (null until entered). Never a price of another currency.
 */
export function linePrice(
  testItem: { price: string; currency: string },
  currency: string,
  entered: string | undefined,
): string | null {
  if (entered !== undefined) return fromCents(toCents(entered));
  return testItem.currency === currency ? fromCents(toCents(testItem.price)) : null;
}

// -- Who may change what (DOMAIN.md §5.2, §4.9) ----------------------------------------------------

export type UpdatableField =
  | 'labId'
  | 'labContactId'
  | 'testTypeId'
  | 'planTime'
  | 'hopeTime'
  | 'receiveTime'
  | 'paid'
  | 'invoice'
  | 'invoiceFileId'
  | 'quotation'
  | 'quotationFileId'
  | 'discount'
  | 'sampleProvided';

interface FieldRule {
  permission: string;
  statuses: readonly number[];
}

const DRAFT_ONLY: FieldRule = { permission: 'test.create', statuses: [draft] };
const LAB_WORK: FieldRule = { permission: 'test.edit', statuses: [submitted, received] };
const FINANCE: FieldRule = {
  permission: 'test.finance',
  statuses: [draft, submitted, received, reported, closed],
};

export const FIELD_RULES: Record<UpdatableField, readonly FieldRule[]> = {
  labId: [DRAFT_ONLY],
  labContactId: [DRAFT_ONLY],
  testTypeId: [DRAFT_ONLY],
  planTime: [DRAFT_ONLY],
  hopeTime: [DRAFT_ONLY, LAB_WORK],
  receiveTime: [LAB_WORK],
  sampleProvided: [DRAFT_ONLY, LAB_WORK],
  paid: [FINANCE],
  invoice: [FINANCE],
  invoiceFileId: [FINANCE],
  quotation: [FINANCE],
  quotationFileId: [FINANCE],
  discount: [FINANCE],
};

/** Whether the user may change `field` of an order in `status`. */
export const mayChange = (field: UpdatableField, status: number, permissions: ReadonlySet<string>) =>
  FIELD_RULES[field].some((r) => r.statuses.includes(status) && permissions.has(r.permission));

/** The fields of an update the user may not change (E_FIELD_LOCKED on the first). */
export function assertMayChange(fields: readonly string[], status: number, permissions: ReadonlySet<string>) {
  for (const field of fields) {
    if (!(field in FIELD_RULES)) continue;
    if (!mayChange(field as UpdatableField, status, permissions))
      throw new AppError('E_FIELD_LOCKED', { field }, { field });
  }
}

/** The fields the user may change now (the detail's editing). */
export const changeableFields = (status: number, permissions: ReadonlySet<string>): UpdatableField[] =>
  (Object.keys(FIELD_RULES) as UpdatableField[]).filter((f) => mayChange(f, status, permissions));

// -- Dates and completeness --------------------------------------------------------------------------

/** planTime ≥ today on create (DOMAIN.md §7.2). */
export function assertPlanTime(planTime: string, today: string): void {
  if (planTime < today) throw new AppError('E_RANGE', { field: 'planTime' }, { field: 'planTime' });
}

/** receiveTime ≥ planTime and ≤ today; hopeTime ≥ receiveTime or planTime (DOMAIN.md §2.5, §7.2). */
export function assertDates(
  dates: { planTime: string; receiveTime: string | null; hopeTime: string | null },
  today: string,
): void {
  const { planTime, receiveTime, hopeTime } = dates;
  if (receiveTime !== null && (receiveTime < planTime || receiveTime > today))
    throw new AppError('E_RANGE', { field: 'receiveTime' }, { field: 'receiveTime' });
  if (hopeTime !== null && hopeTime < (receiveTime ?? planTime))
    throw new AppError('E_RANGE', { field: 'hopeTime' }, { field: 'hopeTime' });
}

/** DOMAIN.md §7.3 "Test order submit": ≥ 1 line (E_REQUIRED items), every line priced (E_REQUIRED price). */
export function assertSubmittable(lines: readonly { price: string | null }[]): void {
  if (lines.length === 0) throw new AppError('E_REQUIRED', { field: 'items' }, { field: 'items' });
  if (lines.some((l) => l.price === null))
    throw new AppError('E_REQUIRED', { field: 'price' }, { field: 'price' });
}

/** The cart rule (DOMAIN.md §6.1): every product shares the first one's client and department. */
export function assertOneClientDepartment(products: readonly { clientId: bigint; departmentId: bigint }[]) {
  const [first] = products;
  if (!first) return;
  if (products.some((p) => p.clientId !== first.clientId || p.departmentId !== first.departmentId))
    throw new AppError('E_CART_CLIENT_DEPT', {}, { field: 'orderProductIds' });
}

/** Statuses a test order is shown as open in (not closed or cancelled). */
export const OPEN_STATUSES: readonly number[] = [draft, submitted, received, reported];
export {
  cancelled as CANCELLED,
  draft as DRAFT,
  received as RECEIVED,
  reported as REPORTED,
  submitted as SUBMITTED,
};

import type { areas, ParsedInputOf } from '@qcdesk/contract';
import type { clients } from '../../db/schema/client';
import type { OrderSourceEntry, orderProducts, orders } from '../../db/schema/order';
import type { Principal } from '../../platform/auth';
import { businessDate } from '../../platform/business-time';
import { mayWrite, type Scope } from '../../platform/scope';

// The rules of orders and their products (DOMAIN.md §2.4, §5.4, §6.1, §6.9, §7.2) that need no
// database: who writes an order, the generated product nos, the line set a write brings, the
// delivery-date rule of manual entry, and the generic-selection rule of bulk assignment.

export type OrderRow = typeof orders.$inferSelect;
export type ProductRow = typeof orderProducts.$inferSelect;
type ClientRow = Pick<typeof clients.$inferSelect, 'id' | 'departmentId' | 'salesId'>;
export type LineInput = ParsedInputOf<typeof areas.order.createOrder>['products'][number];

export const EDIT_PERMISSION = 'order.edit';

/** enum OrderSource (DOMAIN.md §3.2). */
export const ORDER_SOURCE = { manual: 1, import: 2, sync: 3 } as const;

/** Deleted orders and products are seen (searched, read, undeleted) only by holders of order.edit. */
export const seesDeleted = (user: Pick<Principal, 'permissions'>) => user.permissions.has(EDIT_PERMISSION);

/** DOMAIN.md §5.4: SALES reads its department and writes the orders of its own clients. */
export const mayWriteOrder = (scope: Scope, client: ClientRow) =>
  mayWrite(scope, { departmentId: client.departmentId, clientId: client.id, salesId: client.salesId });

/** DOMAIN.md §6.9: `{orderNo}-nn`, the line in 2 digits (3 beyond 99). */
export const productNoOf = (orderNo: string, line: number) => `${orderNo}-${String(line).padStart(2, '0')}`;

/** Product nos match case-insensitively, as their unique index compares them. */
export const productKey = (productNo: string) => productNo.toLowerCase();

/** The product fields a write compares and logs (the copies of the order's fields are not logged). */
export const LINE_FIELDS = [
  'sku',
  'itemNo',
  'name',
  'description',
  'factoryId',
  'quantity',
  'quantityUnit',
  'deliveryDate',
  'productType',
] as const;

export type LineValues = { [K in (typeof LINE_FIELDS)[number]]: ProductRow[K] };

/** A product line as stored: absent optional texts are null. */
export const lineValues = (input: LineInput): LineValues => ({
  sku: input.sku ?? null,
  itemNo: input.itemNo,
  name: input.name,
  description: input.description ?? null,
  factoryId: input.factoryId,
  quantity: input.quantity,
  quantityUnit: input.quantityUnit,
  deliveryDate: input.deliveryDate,
  productType: input.productType,
});

/** A problem of one line of a write; create and replace refuse with the first, import lists all. */
export interface LineProblem {
  /** Index of the line in the write. */
  index: number;
  field: string;
  reason: 'E_DUPLICATE' | 'E_RANGE' | 'E_REF_NOT_FOUND' | 'E_REF_INACTIVE' | 'E_IN_USE';
  value: unknown;
}

export interface PlannedLine {
  index: number;
  productNo: string;
  /** The existing product the line updates, if any. */
  existing: ProductRow | undefined;
  line: number;
  values: LineValues;
}

export interface LinePlan {
  lines: PlannedLine[];
  /** Valid products the write leaves out (removed unless referenced). */
  missing: ProductRow[];
  problems: LineProblem[];
}

/**
 * The lines a write brings to an order whose products are `current` (valid ones; `lastLine` the
 * highest line ever given): lines match existing products by product no; lines without one get
 * `{orderNo}-nn` on new line numbers. Twice the same product no in one write is E_DUPLICATE.
 */
export function planLines(
  orderNo: string,
  current: readonly ProductRow[],
  lastLine: number,
  wanted: readonly LineInput[],
): LinePlan {
  const byKey = new Map(current.map((p) => [productKey(p.productNo), p]));
  const seen = new Set<string>();
  const problems: LineProblem[] = [];
  let next = lastLine;
  const lines = wanted.map((input, index): PlannedLine => {
    const existing = input.productNo ? byKey.get(productKey(input.productNo)) : undefined;
    const line = existing?.line ?? ++next;
    const productNo = existing?.productNo ?? input.productNo ?? productNoOf(orderNo, line);
    const key = productKey(productNo);
    if (seen.has(key)) problems.push({ index, field: 'productNo', reason: 'E_DUPLICATE', value: productNo });
    seen.add(key);
    return { index, productNo, existing, line, values: lineValues(input) };
  });
  const missing = current.filter((p) => !seen.has(productKey(p.productNo)));
  return { lines, missing, problems };
}

/** The fields of a planned line that differ from its existing product (all of them for a new line). */
export function changedLineFields(line: PlannedLine): (keyof LineValues)[] {
  const existing = line.existing;
  if (!existing) return [...LINE_FIELDS];
  return LINE_FIELDS.filter((f) => String(existing[f] ?? '') !== String(line.values[f] ?? ''));
}

/** DOMAIN.md §7.2: on manual entry a delivery date is at least today − 30 days (imports are exempt). */
export const MANUAL_DELIVERY_PAST_DAYS = 30;

export function earliestManualDelivery(today: string = businessDate()): string {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - MANUAL_DELIVERY_PAST_DAYS);
  return d.toISOString().slice(0, 10);
}

/** Manual lines whose delivery date is new or changed and earlier than allowed. */
export function lateDeliveryProblems(lines: readonly PlannedLine[], today?: string): LineProblem[] {
  const earliest = earliestManualDelivery(today);
  return lines
    .filter((l) => l.values.deliveryDate < earliest && l.existing?.deliveryDate !== l.values.deliveryDate)
    .map((l) => ({ index: l.index, field: 'deliveryDate', reason: 'E_RANGE', value: l.values.deliveryDate }));
}

/**
 * DOMAIN.md §6.1 generic selection, as bulk assignment applies it: every product has the first
 * one's client and department (E_CART_CLIENT_DEPT otherwise).
 */
export function sameClientAndDepartment(
  products: readonly Pick<ProductRow, 'clientId' | 'departmentId'>[],
): boolean {
  const [first] = products;
  return products.every((p) => p.clientId === first?.clientId && p.departmentId === first?.departmentId);
}

/** DOMAIN.md §6.1 original-sample cart → order/relation: the order's client's samples, or shared ones. */
export const sampleFitsOrder = (sampleClientId: bigint | null, orderClientId: bigint) =>
  sampleClientId === null || sampleClientId === orderClientId;

/** The sources of an order after a write from `source` (the same reference is recorded once). */
export function withSource(
  sources: readonly OrderSourceEntry[],
  source: number,
  ref: string | null,
  at: Date = new Date(),
): OrderSourceEntry[] {
  const kept = sources.filter((s) => !(s.source === source && s.ref === ref && ref !== null));
  return [...kept, { source, ref, at: at.toISOString() }];
}

/** A date `days` after `today` (business dates). */
export function addDays(today: string, days: number): string {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The order's columns its products carry a copy of (their scope and search columns, DOMAIN.md §2.4). */
export const orderCopies = (
  order: Pick<OrderRow, 'orderNo' | 'clientPo' | 'clientId' | 'departmentId' | 'salesId' | 'valid'>,
) => ({
  orderNo: order.orderNo,
  clientPo: order.clientPo,
  clientId: order.clientId,
  departmentId: order.departmentId,
  salesId: order.salesId,
  orderValid: order.valid,
});

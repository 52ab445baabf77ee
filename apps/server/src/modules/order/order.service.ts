import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { clients } from '../../db/schema/client';
import { orderProducts, orders } from '../../db/schema/order';
import { type Actor, actorOf, type Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { uniqueViolation } from '../../platform/db-errors';
import { AppError } from '../../platform/errors';
import { assertRecordNotInUse, recordsInUse } from '../../platform/in-use';
import type { HookRunner } from '../../platform/module';
import { nextNumber } from '../../platform/numbering';
import { changedFields, createRecord, lockVersion, updateRecord } from '../../platform/records';
import { assertReference } from '../../platform/references';
import { type Scope, scopeOf } from '../../platform/scope';
import { validityChange } from '../../platform/validity';
import {
  assertShippingEdit,
  assertShippingOfClient,
  createShipping,
  type NewShipping,
  setShippingStatus,
} from '../shipping/shipping.service';
import { copyOrderColumns, currentProducts, orderClient, orderNoTaken, refreshTotals } from './order.queries';
import {
  type LinePlan,
  mayWriteOrder,
  ORDER_SOURCE,
  type OrderRow,
  planLines,
  withSource,
} from './order.rules';
import { productsChanged } from './order-hooks.service';
import { lineProblems, refuseFirst, writeLines } from './order-lines.service';
import { orderDetail } from './order-read.service';

// Order writes (DOMAIN.md §2.4): create and update (with delete and undelete, and the shipping
// fields, which need shipping.edit). The product-line writes are in order-products.service.ts and
// order-bulk.service.ts; the reads in order-read.service.ts.

export const ORDER_ENTITY = 'orders';

type Ops = typeof areas.order;
type NewOrder = ParsedInputOf<Ops['createOrder']>;
type OrderUpdate = ParsedInputOf<Ops['updateOrder']>;

/** A client an order may name: valid, active, and one whose orders the caller writes (E_SCOPE). */
async function writableClient(db: Db, scope: Scope, clientId: bigint) {
  await assertReference(db, { table: clients, active: clients.state }, clientId, 'clientId');
  const client = (await orderClient(db, clientId))!;
  if (!mayWriteOrder(scope, client)) throw new AppError('E_SCOPE', {}, { field: 'clientId' });
  return client;
}

/** The order locked at the version read, valid, in the caller's write scope (through its client). */
export async function writableOrder(db: Db, id: bigint, version: number, user: Principal, valid = true) {
  const scope = await scopeOf(db, user);
  const current = await lockVersion(db, orders, id, version);
  const client = await orderClient(db, current.clientId);
  if (!client || !mayWriteOrder(scope, client)) throw new AppError('E_SCOPE');
  if (valid && current.valid !== 1) throw new AppError('E_STATUS');
  return { current, scope };
}

/** A unique index that won a race against the checks still answers E_DUPLICATE on its field. */
export function duplicateNumber(error: unknown): never {
  const constraint = uniqueViolation(error);
  if (constraint === null) throw error;
  const field = constraint.startsWith('order_products') ? 'productNo' : 'orderNo';
  throw new AppError('E_DUPLICATE', { field }, { field });
}

async function assertOrderNoFree(db: Db, orderNo: string, exceptId?: bigint) {
  if (await orderNoTaken(db, orderNo, exceptId))
    throw new AppError('E_DUPLICATE', { field: 'orderNo' }, { field: 'orderNo' });
}

/** The order row a create writes; requirements default from the client [D: test ← safety]. */
export function newOrderValues(
  input: Partial<Pick<NewOrder, 'clientPo' | 'description' | 'inspectionRequirement' | 'testRequirement'>>,
  client: typeof clients.$inferSelect,
  orderNo: string,
  source: { source: number; ref: string | null },
) {
  return {
    orderNo,
    clientPo: input.clientPo ?? null,
    clientId: client.id,
    departmentId: client.departmentId,
    salesId: client.salesId,
    description: input.description ?? null,
    inspectionRequirement: input.inspectionRequirement ?? client.inspectionRequirement,
    testRequirement: input.testRequirement ?? client.safetyRequirement,
    sources: withSource([], source.source, source.ref),
  };
}

/** Writes a checked new order and its lines (logged with the create); answers its id. */
export async function insertOrder(
  db: Db,
  values: ReturnType<typeof newOrderValues> & { shippingId?: bigint | null },
  plan: LinePlan,
  actor: Actor,
): Promise<bigint> {
  const row = await createRecord(db, {
    table: orders,
    entity: ORDER_ENTITY,
    actor,
    values,
    children: (created) => writeLines(db, created, plan, [], actor),
  }).catch(duplicateNumber);
  await refreshTotals(db, row.id);
  return row.id;
}

/** The shipment a write gives the order (shipping.edit): a new one, one of the client's, or none (null). */
async function shipmentFor(
  db: Db,
  user: Principal,
  clientId: bigint,
  fields: { shippingId?: bigint | null | undefined; shipping?: NewShipping | undefined },
): Promise<bigint | null | undefined> {
  if (fields.shippingId === undefined && fields.shipping === undefined) return undefined;
  assertShippingEdit(user);
  if (fields.shipping) return createShipping(db, clientId, fields.shipping, actorOf(user));
  if (fields.shippingId === null || fields.shippingId === undefined) return null;
  await assertShippingOfClient(db, fields.shippingId, clientId);
  return fields.shippingId;
}

/** order/create: the order and its lines, numbered per DOMAIN.md §6.9 when numbers are absent. */
export async function createOrder(db: Db, input: NewOrder, user: Principal, hooks: HookRunner) {
  const scope = await scopeOf(db, user);
  const client = await writableClient(db, scope, input.clientId);
  if (input.orderNo) await assertOrderNoFree(db, input.orderNo);
  const shippingId = await shipmentFor(db, user, client.id, input);
  const orderNo = input.orderNo ?? (await nextNumber(db, 'OD'));
  const plan = planLines(orderNo, [], 0, input.products);
  refuseFirst(await lineProblems(db, plan, { manual: true }));
  const values = newOrderValues(input, client, orderNo, { source: ORDER_SOURCE.manual, ref: null });
  const id = await insertOrder(db, { ...values, shippingId: shippingId ?? null }, plan, actorOf(user));
  const detail = await orderDetail(db, id, user);
  await productsChanged(hooks, db, user, [id]);
  return detail;
}

/** Deleting an order needs it and its products free of references (E_IN_USE: freeze it instead). */
async function assertOrderNotInUse(db: Db, order: OrderRow) {
  await assertRecordNotInUse(db, orders, order.id, [orderProducts]);
  const { valid } = await currentProducts(db, order.id);
  const used = await recordsInUse(
    db,
    orderProducts,
    valid.map((p) => p.id),
  );
  if (used.size > 0) throw new AppError('E_IN_USE');
}

/** The order's fields its products carry copies of. */
const COPIED = ['clientPo', 'clientId', 'valid'] as const;

/**
 * order/update: PO, client, description; valid 0/1 deletes and undeletes the order; with
 * shipping.edit its shipment (another of the client's, a new one, none) and the shipment's status.
 */
export async function updateOrder(db: Db, input: OrderUpdate, user: Principal) {
  const { id, version, shipping, shippingStatus, ...fields } = input;
  const { current, scope } = await writableOrder(db, id, version, user, false);
  const wanted: Partial<OrderRow> = changedFields(current, fields);
  const change = validityChange(current.valid, wanted.valid);
  const clientId = wanted.clientId ?? current.clientId;
  const shippingId = await shipmentFor(db, user, clientId, { shippingId: fields.shippingId, shipping });
  if (shippingId !== undefined && shippingId !== current.shippingId) wanted.shippingId = shippingId;
  else delete wanted.shippingId;
  if (wanted.clientId !== undefined) {
    const client = await writableClient(db, scope, wanted.clientId);
    wanted.departmentId = client.departmentId;
    wanted.salesId = client.salesId;
    const kept = wanted.shippingId === undefined ? current.shippingId : wanted.shippingId;
    if (kept !== null) await assertShippingOfClient(db, kept, client.id);
  }
  const shipped = await shipmentStatus(db, user, wanted.shippingId ?? current.shippingId, shippingStatus);
  if (Object.keys(wanted).length === 0) {
    if (shipped) await touchOrder(db, current, user);
    return orderDetail(db, id, user);
  }
  if (change.action === 'delete') await assertOrderNotInUse(db, current);
  if (change.action === 'undelete') await assertOrderNoFree(db, current.orderNo, id);
  const updated = await updateRecord(db, {
    table: orders,
    id,
    version,
    values: wanted,
    actor: actorOf(user),
    action: change.action,
    entity: ORDER_ENTITY,
  }).catch(duplicateNumber);
  if (COPIED.some((f) => f in wanted)) await copyOrderColumns(db, updated);
  return orderDetail(db, id, user);
}

/** A shipment status the write sets (shipping.edit): the order must have a shipment (E_STATUS). */
async function shipmentStatus(
  db: Db,
  user: Principal,
  shippingId: bigint | null,
  status: number | undefined,
) {
  if (status === undefined) return false;
  assertShippingEdit(user);
  if (shippingId === null) throw new AppError('E_STATUS', {}, { field: 'shippingStatus' });
  return setShippingStatus(db, shippingId, status, user);
}

/** Bumps the order's version for a change logged elsewhere (its shipment's status). */
async function touchOrder(db: Db, current: OrderRow, user: Principal) {
  await updateRecord(db, {
    table: orders,
    id: current.id,
    version: current.version,
    values: {},
    actor: actorOf(user),
    entity: ORDER_ENTITY,
  });
}

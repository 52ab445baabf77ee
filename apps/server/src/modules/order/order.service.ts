import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { clients } from '../../db/schema/client';
import { orderProducts, orders } from '../../db/schema/order';
import { actorOf, type Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { uniqueViolation } from '../../platform/db-errors';
import { AppError } from '../../platform/errors';
import { recordFlags } from '../../platform/flags';
import { assertRecordNotInUse, recordsInUse } from '../../platform/in-use';
import { nextNumber } from '../../platform/numbering';
import { searchTotal } from '../../platform/paging';
import { changedFields, createRecord, lockRow, updateRecord } from '../../platform/records';
import { assertReference } from '../../platform/references';
import { assertDepartmentFilter, type Scope, scopeOf } from '../../platform/scope';
import { getSystemParam } from '../../platform/system-params';
import { validityChange } from '../../platform/validity';
import {
  clientLabelOf,
  copyOrderColumns,
  currentProducts,
  departmentLabel,
  type OrderSearch,
  orderChoices,
  orderClient,
  orderInScope,
  orderNoTaken,
  orderPageQuery,
  orderSearchWhere,
  productChoices,
  productRows,
  productsOfOrder,
  refreshTotals,
  toLine,
  userLabelOf,
} from './order.queries';
import {
  EDIT_PERMISSION,
  mayWriteOrder,
  ORDER_SOURCE,
  type OrderRow,
  planLines,
  seesDeleted,
  withSource,
} from './order.rules';
import { lineProblems, refuseFirst, writeLines } from './order-lines.service';

// Orders (DOMAIN.md §2.4): search over their products, the auto-completes, details, create and
// update (with delete and undelete). The product-line writes are in order-products.service.ts.

export const ORDER_ENTITY = 'orders';

type Ops = typeof areas.order;
type NewOrder = ParsedInputOf<Ops['createOrder']>;
type OrderUpdate = ParsedInputOf<Ops['updateOrder']>;

// -- Reads ------------------------------------------------------------------------------------

/** order/search: the page's product ids first, then their labels; the capped total beside them. */
export async function searchOrders(db: Db, input: OrderSearch, user: Principal) {
  const scope = await scopeOf(db, user);
  assertDepartmentFilter(scope, input.department);
  const dueSoonDays = input.work ? await getSystemParam(db, 'delivery.dueSoonDays') : 0;
  const where = orderSearchWhere(db, input, { scope, user, dueSoonDays });
  const [page, totals] = await Promise.all([
    orderPageQuery(db, input, where),
    searchTotal(db, orderProducts, where, input.count),
  ]);
  return {
    list: await productRows(
      db,
      page.map((r) => r.id),
    ),
    page: input.page,
    pageSize: input.pageSize,
    ...totals,
  };
}

export async function listOrders(db: Db, input: ParsedInputOf<Ops['listOrders']>, user: Principal) {
  return { list: await orderChoices(db, input, await scopeOf(db, user)) };
}

export async function listOrderProducts(
  db: Db,
  input: ParsedInputOf<Ops['listOrderProducts']>,
  user: Principal,
) {
  return { list: await productChoices(db, input, await scopeOf(db, user)) };
}

/** The detail every order operation answers; deleted products only for holders of order.edit. */
export async function orderDetail(db: Db, id: bigint, user: Principal) {
  const { row } = await orderInScope(db, id, { kind: 'all' });
  if (!row) throw new AppError('E_NOT_FOUND');
  const products = await productsOfOrder(db, id, seesDeleted(user));
  return {
    id: row.id,
    orderNo: row.orderNo,
    clientPo: row.clientPo,
    client: await clientLabelOf(db, row.clientId),
    department: await departmentLabel(db, row.departmentId),
    sales: await userLabelOf(db, row.salesId),
    description: row.description,
    inspectionRequirement: row.inspectionRequirement,
    testRequirement: row.testRequirement,
    sources: row.sources,
    total: row.total,
    deliveryDate: row.deliveryDate,
    products: products.map(toLine),
    valid: row.valid,
    version: row.version,
    createdBy: await userLabelOf(db, row.createdBy),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** order/details: in scope (E_SCOPE), deleted ones only for order.edit; `modify` when writable. */
export async function getOrder(db: Db, id: bigint, user: Principal) {
  const scope = await scopeOf(db, user);
  const { row, exists } = await orderInScope(db, id, scope);
  if (!row) throw new AppError(exists ? 'E_SCOPE' : 'E_NOT_FOUND');
  if (row.valid !== 1 && !seesDeleted(user)) throw new AppError('E_NOT_FOUND');
  const client = await orderClient(db, row.clientId);
  const flags = recordFlags({
    user,
    record: row,
    editPermission: EDIT_PERMISSION,
    inScope: client !== undefined && mayWriteOrder(scope, client),
  });
  return { detail: await orderDetail(db, id, user), flags };
}

// -- Writes -----------------------------------------------------------------------------------

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
  const current = await lockRow(db, orders, id);
  if (current.version !== version) throw new AppError('E_VERSION');
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
function newOrderValues(
  input: NewOrder,
  client: typeof clients.$inferSelect,
  orderNo: string,
  source: number,
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
    sources: withSource([], source, null),
  };
}

export interface CreateOptions {
  source?: number;
  /** Manual entry checks delivery dates against today (imports and sync do not). */
  manual?: boolean;
}

/** order/create: the order and its lines, numbered per DOMAIN.md §6.9 when numbers are absent. */
export async function createOrder(db: Db, input: NewOrder, user: Principal, options: CreateOptions = {}) {
  const scope = await scopeOf(db, user);
  const client = await writableClient(db, scope, input.clientId);
  if (input.orderNo) await assertOrderNoFree(db, input.orderNo);
  const orderNo = input.orderNo ?? (await nextNumber(db, 'OD'));
  const plan = planLines(orderNo, [], 0, input.products);
  refuseFirst(await lineProblems(db, plan, { manual: options.manual ?? true }));
  const actor = actorOf(user);
  const source = options.source ?? ORDER_SOURCE.manual;
  const row = await createRecord(db, {
    table: orders,
    entity: ORDER_ENTITY,
    actor,
    values: newOrderValues(input, client, orderNo, source),
    children: (created) => writeLines(db, created, plan, [], actor),
  }).catch(duplicateNumber);
  await refreshTotals(db, row.id);
  return orderDetail(db, row.id, user);
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

/** order/update: PO, client, description; valid 0/1 deletes and undeletes the order. */
export async function updateOrder(db: Db, input: OrderUpdate, user: Principal) {
  const { id, version, ...fields } = input;
  const { current, scope } = await writableOrder(db, id, version, user, false);
  const wanted: Partial<OrderRow> = changedFields(current, fields);
  const change = validityChange(current.valid, wanted.valid);
  if (Object.keys(wanted).length === 0) return orderDetail(db, id, user);
  if (wanted.clientId !== undefined) {
    const client = await writableClient(db, scope, wanted.clientId);
    wanted.departmentId = client.departmentId;
    wanted.salesId = client.salesId;
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

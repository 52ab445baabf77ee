import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { and, eq } from 'drizzle-orm';
import { parts, testItems } from '../../db/schema/config';
import { materials } from '../../db/schema/material';
import { orderRiskItems, orderRisks } from '../../db/schema/order-risk';
import { worstResult } from '../../domain/test-results';
import { actorOf, type Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { recordFlags } from '../../platform/flags';
import { searchPage } from '../../platform/paging';
import { createRecord, lockVersion, updateRecord } from '../../platform/records';
import { assertReferences } from '../../platform/references';
import { assertDepartmentFilter, scopeOf } from '../../platform/scope';
import { transitionOf } from '../../platform/transition';
import {
  mayWriteOrderOf,
  readableOrder,
  writableOrderOf,
  writableOrderProduct,
} from '../order/order-access.service';
import {
  type RiskSearch,
  riskDetail,
  riskInScope,
  riskPage,
  riskSearchWhere,
  risksOfOrder,
} from './order-risk.queries';
import {
  duplicateTestItem,
  EDIT_PERMISSION,
  EDITABLE_STATUSES,
  ORDER_RISK_ENTITY,
  orderRiskMachine,
} from './order-risk.rules';
import { deriveFor, fresh, type ItemValues, syncRisks, writeItems } from './order-risk-sync.service';

// Order risk (DOMAIN.md §2.5, §4.11): search, the risks of an order, details, sync, manual raise,
// waive, the item list and reset. The record scope is the order product's (order-access.service).

const riskTransition = transitionOf(orderRiskMachine, orderRisks);

type Ops = typeof areas.orderRisk;
type ItemsIn = NonNullable<ParsedInputOf<Ops['updateOrderRisk']>['items']>;

export { ORDER_RISK_ENTITY } from './order-risk.rules';
export { syncRisks } from './order-risk-sync.service';

// -- Reads ------------------------------------------------------------------------------------

/** orderrisk/search: spec §3 filters in the caller's scope; newest first. */
export async function searchOrderRisks(db: Db, input: RiskSearch, user: Principal) {
  const scope = await scopeOf(db, user);
  assertDepartmentFilter(scope, input.department);
  const where = riskSearchWhere(db, input, scope);
  return searchPage(db, { table: orderRisks, where, input, list: () => riskPage(db, input, where) });
}

/** orderrisk/list: the risks of one readable order. */
export async function listOrderRisks(db: Db, orderId: bigint, user: Principal) {
  await readableOrder(db, orderId, user);
  return { list: await risksOfOrder(db, orderId, await scopeOf(db, user)) };
}

/** The risk if the caller reads it: E_SCOPE out of scope, E_NOT_FOUND when absent or deleted. */
async function readableRisk(db: Db, id: bigint, user: Principal) {
  const { row, exists } = await riskInScope(db, id, await scopeOf(db, user));
  if (!row) throw new AppError(exists ? 'E_SCOPE' : 'E_NOT_FOUND');
  if (row.risk.valid !== 1) throw new AppError('E_NOT_FOUND');
  return row;
}

/** orderrisk/details with the flags (modify: items editable in 10, in write scope). */
export async function getOrderRisk(db: Db, id: bigint, user: Principal) {
  const { risk, product } = await readableRisk(db, id, user);
  const flags = recordFlags({
    user,
    record: risk,
    editPermission: EDITABLE_STATUSES.includes(risk.status) ? EDIT_PERMISSION : null,
    inScope: await mayWriteOrderOf(db, product, user),
  });
  return { detail: await riskDetail(db, id), flags };
}

// -- Writes -----------------------------------------------------------------------------------

/** The risk locked at the version read, its order in the caller's write scope. */
async function writableRisk(db: Db, id: bigint, version: number, user: Principal) {
  const { risk } = await readableRisk(db, id, user);
  await writableOrderOf(db, risk.orderId, user);
  const current = await lockVersion(db, orderRisks, id, version);
  return current;
}

/** orderrisk/sync: derive the risks of a writable order's products (all or the ones named). */
export async function syncOrderRisks(db: Db, input: ParsedInputOf<Ops['syncOrderRisks']>, user: Principal) {
  await writableOrderOf(db, input.orderId, user);
  return syncRisks(db, [input.orderId], actorOf(user), input.productIds);
}

/** Items written by hand: test items once (E_DUPLICATE), valid references (E_REF_NOT_FOUND). */
async function manualItems(db: Db, items: ItemsIn): Promise<ItemValues[]> {
  if (duplicateTestItem(items)) throw new AppError('E_DUPLICATE', { field: 'items' }, { field: 'items' });
  await assertReferences(
    db,
    { table: testItems, active: testItems.active },
    items.map((i) => i.testItemId),
    'testItemId',
  );
  await assertReferences(
    db,
    { table: materials },
    items.flatMap((i) => (i.materialId ? [i.materialId] : [])),
    'materialId',
  );
  await assertReferences(
    db,
    { table: parts },
    items.flatMap((i) => (i.partId ? [i.partId] : [])),
    'partId',
  );
  return items.map((i) => ({
    testItemId: i.testItemId,
    materialId: i.materialId ?? null,
    partId: i.partId ?? null,
    riskId: null,
    result: 0,
    testReportId: null,
  }));
}

/** orderrisk/update: a manual raise (no id) or a waive (id, version, waive, reason). */
export async function updateOrderRisk(db: Db, input: ParsedInputOf<Ops['updateOrderRisk']>, user: Principal) {
  if (input.id === undefined) return raiseRisk(db, input, user);
  if (input.version === undefined)
    throw new AppError('E_REQUIRED', { field: 'version' }, { field: 'version' });
  if (!input.waive) throw new AppError('E_REQUIRED', { field: 'waive' }, { field: 'waive' });
  await writableRisk(db, input.id, input.version, user);
  const waive = { id: input.id, version: input.version, reason: input.waiveReason };
  await riskTransition(db, waive, user, 'waive', { waiveReason: input.waiveReason ?? null, result: 4 });
  // DOMAIN.md §4.11: a waived risk's items are N/A.
  await db
    .update(orderRiskItems)
    .set({ result: 4, updatedAt: new Date(), updatedBy: user.userId })
    .where(and(eq(orderRiskItems.orderRiskId, input.id), eq(orderRiskItems.valid, 1)));
  return riskDetail(db, input.id);
}

async function raiseRisk(db: Db, input: ParsedInputOf<Ops['updateOrderRisk']>, user: Principal) {
  if (input.productId === undefined)
    throw new AppError('E_REQUIRED', { field: 'productId' }, { field: 'productId' });
  const product = await writableOrderProduct(db, input.productId, user);
  const [existing] = await db
    .select({ id: orderRisks.id })
    .from(orderRisks)
    .where(and(eq(orderRisks.orderProductId, product.id), eq(orderRisks.valid, 1)));
  if (existing) throw new AppError('E_DUPLICATE', { field: 'productId' }, { field: 'productId' });
  const items = await manualItems(db, input.items ?? []);
  const actor = actorOf(user);
  const row = await createRecord(db, {
    table: orderRisks,
    entity: ORDER_RISK_ENTITY,
    actor,
    values: { orderId: product.orderId, orderProductId: product.id, byCreate: true, status: 10, result: 0 },
    children: (created) => writeItems(db, created.id, items, actor),
  });
  return riskDetail(db, row.id);
}

/** orderrisk/update/item: the whole item set of a risk in 10 (E_STATUS otherwise). */
export async function updateOrderRiskItems(
  db: Db,
  input: ParsedInputOf<Ops['updateOrderRiskItems']>,
  user: Principal,
) {
  const current = await writableRisk(db, input.id, input.version, user);
  if (!EDITABLE_STATUSES.includes(current.status)) throw new AppError('E_STATUS');
  const items = await manualItems(db, input.items);
  const actor = actorOf(user);
  const changes = await writeItems(db, input.id, items, actor);
  if (changes.length > 0) {
    await updateRecord(db, {
      table: orderRisks,
      id: input.id,
      version: input.version,
      values: { result: worstResult(items.map((i) => i.result)) },
      actor,
      entity: ORDER_RISK_ENTITY,
      childChanges: changes,
    });
  }
  return riskDetail(db, input.id);
}

/**
 * orderrisk/reset (10, 30, 40 → 10; E_STATUS in 20): a derived risk's items derived again, a
 * manual one's emptied; results and the waive reason cleared.
 */
export async function resetOrderRisk(db: Db, input: ParsedInputOf<Ops['resetOrderRisk']>, user: Principal) {
  const current = await writableRisk(db, input.id, input.version, user);
  await riskTransition(db, input, user, 'reset', { waiveReason: null, result: 0 });
  const { product } = await readableRisk(db, input.id, user);
  const items = current.byCreate ? [] : fresh((await deriveFor(db, [product])).get(product.id) ?? []);
  const changes = await writeItems(db, input.id, items, actorOf(user));
  if (changes.length > 0) {
    await updateRecord(db, {
      table: orderRisks,
      id: input.id,
      version: input.version + 1,
      values: {},
      actor: actorOf(user),
      action: 'reset',
      entity: ORDER_RISK_ENTITY,
      childChanges: changes,
    });
  }
  return riskDetail(db, input.id);
}

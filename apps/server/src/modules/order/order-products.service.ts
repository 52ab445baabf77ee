import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { PRODUCTION_SAMPLE_STATUS } from '@qcdesk/contract/production-sample';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { factories } from '../../db/schema/config';
import { users } from '../../db/schema/identity';
import { orderProducts, orders } from '../../db/schema/order';
import { originalSamples } from '../../db/schema/original-sample';
import type { FieldChange } from '../../db/schema/platform';
import { productionSamples } from '../../db/schema/production-sample';
import { type Actor, actorOf, type Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { assertRecordNotInUse } from '../../platform/in-use';
import type { HookRunner } from '../../platform/module';
import { changedFields, lockRow, updateRecord } from '../../platform/records';
import { assertReference, assertReferences } from '../../platform/references';
import { validityChange } from '../../platform/validity';
import { orderClient, productNosTaken, refreshTotals } from './order.queries';
import { earliestManualDelivery, type OrderRow, type ProductRow, sampleFitsOrder } from './order.rules';
import { duplicateNumber, ORDER_ENTITY, writableOrder } from './order.service';
import { productsChanged } from './order-hooks.service';
import { orderDetail } from './order-read.service';

// The writes of an order's products (DOMAIN.md §2.4): one line (item/update, with delete and
// undelete), the requirements, product types, sample links (order/relation) and the replacement of
// the whole line set (order/replace). Each is logged on the order and bumps the order's version,
// whose optimistic lock covers its products.

type Ops = typeof areas.order;

const logged = (value: unknown): unknown => (typeof value === 'bigint' ? value.toString() : (value ?? null));

/** Writes product fields and answers their `products[productNo].field` changes. */
async function writeProduct(
  db: Db,
  product: ProductRow,
  values: Partial<ProductRow>,
  actor: Actor,
): Promise<FieldChange[]> {
  await db
    .update(orderProducts)
    .set({
      ...values,
      updatedBy: actor.userId,
      updatedAt: new Date(),
      version: sql`${orderProducts.version} + 1`,
    })
    .where(eq(orderProducts.id, product.id));
  return Object.entries(values).map(([field, to]) => ({
    field: `products[${product.productNo}].${field}`,
    from: logged(product[field as keyof ProductRow]),
    to: logged(to),
  }));
}

/** Logs product changes (and `values`) on the order, bumping its version, and keeps its totals. */
export async function logOnOrder(db: Db, order: OrderRow, changes: FieldChange[], actor: Actor, values = {}) {
  await updateRecord(db, {
    table: orders,
    id: order.id,
    version: order.version,
    values,
    actor,
    entity: ORDER_ENTITY,
    childChanges: changes,
  }).catch(duplicateNumber);
  await refreshTotals(db, order.id);
}

/** The products of `order` among `ids` (every id must be one: E_REF_NOT_FOUND on `field`). */
async function productsOf(db: Db, order: OrderRow, ids: readonly bigint[], field: string, valid = true) {
  const rows = await db
    .select()
    .from(orderProducts)
    .where(
      and(
        eq(orderProducts.orderId, order.id),
        inArray(orderProducts.id, [...ids]),
        valid ? eq(orderProducts.valid, 1) : undefined,
      ),
    );
  if (rows.length < new Set(ids).size) throw new AppError('E_REF_NOT_FOUND', { field }, { field });
  return new Map(rows.map((r) => [r.id, r]));
}

/** order/item/update: one product's fields; valid 0/1 deletes (E_IN_USE while referenced) or undeletes it. */
/** A product removed or restored runs ORDER_PRODUCTS_CHANGED: its order's risks follow. */
export async function updateOrderItem(
  db: Db,
  input: ParsedInputOf<Ops['updateOrderItem']>,
  user: Principal,
  hooks: HookRunner,
) {
  const { id, version, productId, valid, ...fields } = input;
  const { current } = await writableOrder(db, id, version, user);
  const product = (await productsOf(db, current, [productId], 'productId', false)).get(productId)!;
  const change = validityChange(product.valid, valid);
  const wanted: Partial<ProductRow> = changedFields(product, fields);
  if (wanted.factoryId !== undefined) {
    await assertReference(db, { table: factories, active: factories.active }, wanted.factoryId, 'factoryId');
  }
  if (wanted.deliveryDate !== undefined && wanted.deliveryDate < earliestManualDelivery()) {
    throw new AppError('E_RANGE', { field: 'deliveryDate' }, { field: 'deliveryDate' });
  }
  if (change.action === 'delete') await assertRecordNotInUse(db, orderProducts, productId);
  if (change.action === 'undelete' && (await productNosTaken(db, [product.productNo])).size > 0) {
    throw new AppError('E_DUPLICATE', { field: 'productNo' }, { field: 'productNo' });
  }
  const changed = () =>
    valid === undefined ? undefined : productsChanged(hooks, db, user, [id], [productId]);
  if (Object.keys(wanted).length === 0 && change.action === 'update') {
    const detail = await orderDetail(db, id, user);
    await changed();
    return detail;
  }
  const actor = actorOf(user);
  const changes = await writeProduct(
    db,
    product,
    { ...wanted, ...(valid === undefined ? {} : { valid }) },
    actor,
  );
  await logOnOrder(db, current, changes, actor);
  const detail = await orderDetail(db, id, user);
  await changed();
  return detail;
}

/** order/require/update: the requirement texts, or the client's current ones (`fromClient`). */
export async function updateOrderRequirements(
  db: Db,
  input: ParsedInputOf<Ops['updateOrderRequirements']>,
  user: Principal,
) {
  const { current } = await writableOrder(db, input.id, input.version, user);
  const client = (await orderClient(db, current.clientId))!;
  const texts = input.fromClient
    ? { inspectionRequirement: client.inspectionRequirement, testRequirement: client.safetyRequirement }
    : { inspectionRequirement: input.inspectionRequirement, testRequirement: input.testRequirement };
  const wanted = changedFields(current, texts);
  if (Object.keys(wanted).length > 0) {
    await updateRecord(db, {
      table: orders,
      id: current.id,
      version: current.version,
      values: wanted,
      actor: actorOf(user),
      entity: ORDER_ENTITY,
    });
  }
  return orderDetail(db, current.id, user);
}

/** order/producttype/update: the product type of some products of one order. */
export async function updateProductType(
  db: Db,
  input: ParsedInputOf<Ops['updateProductType']>,
  user: Principal,
  hooks: HookRunner,
) {
  const { current } = await writableOrder(db, input.id, input.version, user);
  const products = await productsOf(db, current, input.productIds, 'productIds');
  const actor = actorOf(user);
  const changes: FieldChange[] = [];
  for (const product of products.values()) {
    if (product.productType === input.productType) continue;
    changes.push(...(await writeProduct(db, product, { productType: input.productType }, actor)));
  }
  if (changes.length > 0) await logOnOrder(db, current, changes, actor);
  const detail = await orderDetail(db, current.id, user);
  await productsChanged(hooks, db, user, [input.id], input.productIds);
  return detail;
}

/**
 * order/relation (DOMAIN.md §6.1 original-sample cart): links products to original samples of the
 * order's client, or to shared samples (no client); another client's sample is E_SAMPLE_CLIENT.
 */
export async function relateOrderProducts(
  db: Db,
  input: ParsedInputOf<Ops['relateOrderProducts']>,
  user: Principal,
  hooks: HookRunner,
) {
  const { current } = await writableOrder(db, input.id, input.version, user);
  const products = await productsOf(
    db,
    current,
    input.links.map((l) => l.productId),
    'productId',
  );
  const sampleIds = input.links.flatMap((l) => (l.originalSampleId ? [l.originalSampleId] : []));
  const samples = await assertReferences(db, { table: originalSamples }, sampleIds, 'originalSampleId');
  for (const sample of samples.values()) {
    if (!sampleFitsOrder(sample.clientId as bigint | null, current.clientId)) {
      throw new AppError('E_SAMPLE_CLIENT', {}, { field: 'originalSampleId' });
    }
  }
  await assertProductionSamples(
    db,
    input.links.flatMap((l) => (l.productionSampleId ? [l.productionSampleId] : [])),
    current.clientId,
  );
  const actor = actorOf(user);
  const changes: FieldChange[] = [];
  for (const link of input.links) {
    const product = products.get(link.productId)!;
    const values: Partial<ProductRow> = {};
    if (link.originalSampleId !== undefined && product.originalSampleId !== link.originalSampleId) {
      values.originalSampleId = link.originalSampleId;
    }
    if (link.productionSampleId !== undefined && product.productionSampleId !== link.productionSampleId) {
      values.productionSampleId = link.productionSampleId;
    }
    if (Object.keys(values).length > 0) changes.push(...(await writeProduct(db, product, values, actor)));
  }
  if (changes.length > 0) await logOnOrder(db, current, changes, actor);
  const detail = await orderDetail(db, current.id, user);
  const productIds = input.links.map((l) => l.productId);
  await productsChanged(hooks, db, user, [input.id], productIds);
  return detail;
}

/**
 * Production samples a product may link (DOMAIN.md §2.4, §4.7): valid, of the order's client
 * (E_PRODUCTION_SAMPLE_CLIENT) and not cancelled (E_STATUS).
 */
async function assertProductionSamples(db: Db, ids: readonly bigint[], clientId: bigint) {
  const field = 'productionSampleId';
  const samples = await assertReferences(db, { table: productionSamples }, ids, field);
  for (const sample of samples.values()) {
    if (sample.clientId !== clientId) throw new AppError('E_PRODUCTION_SAMPLE_CLIENT', {}, { field });
    if (sample.status === PRODUCTION_SAMPLE_STATUS.cancelled) throw new AppError('E_STATUS', {}, { field });
  }
}

/** Whether `qcId` is an active user in the QC position (DOMAIN.md §2.4 OrderProduct.qcId). */
export async function assertQc(db: Db, qcId: bigint) {
  const qc = await assertReference(db, { table: users, active: users.state }, qcId, 'qcId');
  if (qc.position !== 2) throw new AppError('E_REF_NOT_FOUND', { field: 'qcId' }, { field: 'qcId' });
}

/**
 * A cancelled production sample's links (DOMAIN.md §4.7): every product linking it is unlinked,
 * logged on its order as `products[productNo].productionSampleId`, bumping the order's version.
 */
export async function unlinkProductionSample(db: Db, sampleId: bigint, actor: Actor) {
  const linked = await db
    .select()
    .from(orderProducts)
    .where(eq(orderProducts.productionSampleId, sampleId))
    .orderBy(orderProducts.orderId, orderProducts.id);
  const orderIds = [...new Set(linked.map((p) => p.orderId))];
  for (const orderId of orderIds) {
    const order = await lockRow(db, orders, orderId);
    const changes: FieldChange[] = [];
    for (const product of linked.filter((p) => p.orderId === orderId)) {
      changes.push(...(await writeProduct(db, product, { productionSampleId: null }, actor)));
    }
    await logOnOrder(db, order, changes, actor);
  }
}

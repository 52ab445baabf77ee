import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { orderProducts, orders } from '../../db/schema/order';
import type { FieldChange } from '../../db/schema/platform';
import { type Actor, actorOf, type Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { HookRunner } from '../../platform/module';
import { changedFields, lockRow, updateRecord } from '../../platform/records';
import { scopeOf } from '../../platform/scope';
import { copyOrderColumns, currentProducts, orderClient } from './order.queries';
import {
  type LinePlan,
  mayWriteOrder,
  type OrderRow,
  type ProductRow,
  planLines,
  sameClientAndDepartment,
  withSource,
} from './order.rules';
import { ORDER_ENTITY, writableOrder } from './order.service';
import { productsChanged } from './order-hooks.service';
import { lineProblems, refuseFirst, writeLines } from './order-lines.service';
import { assertQc, logOnOrder } from './order-products.service';
import { orderDetail } from './order-read.service';

// The writes over many products: order/replace (the whole line set of one order, DOMAIN.md §2.4)
// and order/assigns (a QC for a generic selection of products, §6.1).

type Ops = typeof areas.order;

export interface ApplyOptions {
  /** The order's own fields the write sets (PO, description, client and its copies). */
  values?: Partial<OrderRow>;
  /** Recorded in the order's sources when the write changes anything (import, sync). */
  source?: { source: number; ref: string | null };
  /** Products the upstream left out but something references: kept and flagged (order/sync). */
  flag?: readonly ProductRow[];
}

/** The `removedUpstream` flags a sync sets (on `flag`) and clears (on the lines it names). */
async function upstreamFlags(db: Db, plan: LinePlan, flag: readonly ProductRow[], actor: Actor) {
  const named = plan.lines.flatMap((l) => (l.existing?.removedUpstream ? [l.existing] : []));
  const changes: FieldChange[] = [];
  for (const [products, value] of [
    [flag.filter((p) => !p.removedUpstream), true],
    [named, false],
  ] as const) {
    if (products.length === 0) continue;
    await db
      .update(orderProducts)
      .set({ removedUpstream: value, updatedBy: actor.userId, updatedAt: new Date() })
      .where(
        inArray(
          orderProducts.id,
          products.map((p) => p.id),
        ),
      );
    for (const p of products) {
      changes.push({ field: `products[${p.productNo}].removedUpstream`, from: !value, to: value });
    }
  }
  return changes;
}

/**
 * Applies a checked line plan to an existing order (order/replace; import with "replace"; sync):
 * writes the lines, removes `remove`, logs everything on the order; answers whether it changed.
 */
export async function applyLines(
  db: Db,
  current: OrderRow,
  plan: LinePlan,
  remove: readonly ProductRow[],
  actor: Actor,
  options: ApplyOptions = {},
): Promise<boolean> {
  const changes = await writeLines(db, current, plan, remove, actor);
  changes.push(...(await upstreamFlags(db, plan, options.flag ?? [], actor)));
  const wanted = changedFields(current, options.values ?? {});
  if (changes.length === 0 && Object.keys(wanted).length === 0) return false;
  if (options.source) wanted.sources = withSource(current.sources, options.source.source, options.source.ref);
  await logOnOrder(db, current, changes, actor, wanted);
  if (['clientPo', 'clientId', 'departmentId', 'salesId'].some((f) => f in wanted)) {
    await copyOrderColumns(db, { ...current, ...wanted });
  }
  return true;
}

/**
 * order/replace: lines matched by product no are updated, new ones added, missing ones removed;
 * one referenced missing line refuses the whole call (E_IN_USE) and nothing changes.
 */
export async function replaceOrderProducts(
  db: Db,
  input: ParsedInputOf<Ops['replaceOrderProducts']>,
  user: Principal,
  hooks: HookRunner,
) {
  const { current } = await writableOrder(db, input.id, input.version, user);
  const { valid, lastLine } = await currentProducts(db, current.id);
  const plan = planLines(current.orderNo, valid, lastLine, input.products);
  refuseFirst(await lineProblems(db, plan, { manual: true, orderId: current.id }));
  const values = input.clientPo === undefined ? {} : { clientPo: input.clientPo };
  await applyLines(db, current, plan, plan.missing, actorOf(user), { values });
  const detail = await orderDetail(db, current.id, user);
  await productsChanged(hooks, db, user, [input.id]);
  return detail;
}

/**
 * order/assigns: sets (or clears) the QC of products of one client and department
 * (E_CART_CLIENT_DEPT otherwise) that the caller may write; logged on each order concerned.
 */
export async function assignOrderProducts(
  db: Db,
  input: ParsedInputOf<Ops['assignOrderProducts']>,
  user: Principal,
) {
  const ids = [...new Set(input.productIds)];
  const products = await db
    .select()
    .from(orderProducts)
    .where(and(inArray(orderProducts.id, ids), eq(orderProducts.valid, 1), eq(orderProducts.orderValid, 1)))
    .orderBy(asc(orderProducts.orderId), asc(orderProducts.id));
  if (products.length < ids.length)
    throw new AppError('E_REF_NOT_FOUND', { field: 'productIds' }, { field: 'productIds' });
  if (!sameClientAndDepartment(products)) throw new AppError('E_CART_CLIENT_DEPT');
  const scope = await scopeOf(db, user);
  const client = await orderClient(db, products[0]!.clientId);
  if (!client || !mayWriteOrder(scope, client)) throw new AppError('E_SCOPE');
  if (input.qcId !== null) await assertQc(db, input.qcId);

  const actor = actorOf(user);
  const changed = products.filter((p) => p.qcId !== input.qcId);
  const byOrder = new Map<bigint, FieldChange[]>();
  for (const p of changed) {
    const list = byOrder.get(p.orderId) ?? [];
    list.push({
      field: `products[${p.productNo}].qcId`,
      from: p.qcId === null ? null : String(p.qcId),
      to: input.qcId === null ? null : String(input.qcId),
    });
    byOrder.set(p.orderId, list);
  }
  if (changed.length > 0) {
    await db
      .update(orderProducts)
      .set({ qcId: input.qcId, updatedBy: actor.userId, updatedAt: new Date() })
      .where(
        inArray(
          orderProducts.id,
          changed.map((p) => p.id),
        ),
      );
  }
  // Each order concerned is locked and logged at its current version: a bulk action carries none.
  for (const [orderId, changes] of byOrder) {
    const order = await lockRow(db, orders, orderId);
    await updateRecord(db, {
      table: orders,
      id: orderId,
      version: order.version,
      values: {},
      actor,
      entity: ORDER_ENTITY,
      childChanges: changes,
    });
  }
  return { count: changed.length };
}

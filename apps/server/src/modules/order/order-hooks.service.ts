import { and, eq, inArray, sql } from 'drizzle-orm';
import { orders } from '../../db/schema/order';
import type { Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { enqueueJob } from '../../platform/jobs/job-queue';
import type { JobContext } from '../../platform/jobs/job-worker';
import { defineHook, type HookRunner } from '../../platform/module';
import { seedPrincipal } from '../../platform/seed-principal';

// The order area's hooks (platform/module.ts `Hook`): later areas act on order writes without the
// order area knowing them (order risk re-derives its items while a risk is in 10, DOMAIN.md §4.11).

/**
 * Order products were created or changed in what a later area derives from them: an order created
 * (order/create, order/sync, order/replace, an import), products linked to original samples
 * (order/relation), a product type changed (order/producttype/update). `productIds`: only these
 * products changed; absent: every product of the orders.
 */
export const ORDER_PRODUCTS_CHANGED = defineHook<{
  orderIds: readonly bigint[];
  productIds?: readonly bigint[];
}>('order.productsChanged');

/**
 * Runs ORDER_PRODUCTS_CHANGED after a write of the order services, in its transaction (and so for
 * the seed too): `productIds` when only these products changed.
 */
export async function productsChanged(
  hooks: HookRunner,
  db: Db,
  user: Principal,
  orderIds: readonly bigint[],
  productIds?: readonly bigint[],
): Promise<void> {
  await hooks.runHook(ORDER_PRODUCTS_CHANGED, db, { orderIds, ...(productIds ? { productIds } : {}) }, user);
}

/** The valid orders of these order nos (case-blind, by the unique index). */
export async function orderIdsOfNos(db: Db, orderNos: readonly string[]): Promise<bigint[]> {
  const keys = [...new Set(orderNos.map((n) => n.toLowerCase()))];
  if (keys.length === 0) return [];
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.valid, 1), inArray(sql`lower(${orders.orderNo})`, keys)));
  return rows.map((r) => r.id);
}

/** Runs ORDER_PRODUCTS_CHANGED for the orders of these order nos (an import or a sync feed). */
export async function ordersWritten(
  capabilities: HookRunner,
  db: Db,
  orderNos: readonly string[],
  user: Principal,
): Promise<void> {
  const orderIds = await orderIdsOfNos(db, orderNos);
  if (orderIds.length > 0) await capabilities.runHook(ORDER_PRODUCTS_CHANGED, db, { orderIds }, user);
}

/**
 * An import's written orders run ORDER_PRODUCTS_CHANGED on the job worker, after the import's
 * transaction commits (the job is queued inside it, so it exists only if the orders do): deriving
 * 10,000 products' order risks one by one would triple the import's time (ADR 0013).
 */
export const ORDERS_WRITTEN_JOB = 'order.ordersWritten';

export async function queueOrdersWritten(
  db: Db,
  orderNos: readonly string[],
  user: Principal,
): Promise<void> {
  if (orderNos.length === 0) return;
  await enqueueJob(
    db,
    ORDERS_WRITTEN_JOB,
    { orderNos: [...orderNos], username: user.username },
    { maxAttempts: 3 },
  );
}

export async function runOrdersWritten(
  capabilities: HookRunner,
  payload: Record<string, unknown>,
  ctx: JobContext,
): Promise<void> {
  const user = await seedPrincipal(ctx.db, String(payload.username));
  if (!user) return;
  const orderNos = (payload.orderNos as unknown[]).map(String);
  await ctx.db.transaction((tx) => ordersWritten(capabilities, tx, orderNos, user));
}

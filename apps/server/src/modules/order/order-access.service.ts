import { and, eq } from 'drizzle-orm';
import { orderProducts, orders } from '../../db/schema/order';
import type { Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { readableRecord } from '../../platform/records';
import { type Scope, scopeOf } from '../../platform/scope';
import { orderClient, orderScope, productScope } from './order.queries';
import { mayWriteOrder, type ProductRow } from './order.rules';

// The record scope of order products for the areas whose records hang on one (product tracking
// now; samples, tests, inspections later): DOMAIN.md §5.4 through the product's order (department,
// client). Those areas call these, never the order tables.

/** Whether a valid order product is in the caller's read scope. */
export async function orderProductInScope(db: Db, productId: bigint, scope: Scope): Promise<boolean> {
  const [hit] = await db
    .select({ id: orderProducts.id })
    .from(orderProducts)
    .where(and(eq(orderProducts.id, productId), productScope(scope)));
  return hit !== undefined;
}

/** A valid order product of a valid order that the caller may read (E_REF_NOT_FOUND, E_SCOPE). */
export async function readableOrderProduct(db: Db, productId: bigint, user: Principal): Promise<ProductRow> {
  const [product] = await db.select().from(orderProducts).where(eq(orderProducts.id, productId));
  if (product?.valid !== 1 || product.orderValid !== 1) {
    throw new AppError('E_REF_NOT_FOUND', { field: 'orderProductId' }, { field: 'orderProductId' });
  }
  if (!(await orderProductInScope(db, productId, await scopeOf(db, user)))) throw new AppError('E_SCOPE');
  return product;
}

/** A readable order product whose order the caller may also write (SALES: its own clients'). */
export async function writableOrderProduct(db: Db, productId: bigint, user: Principal): Promise<ProductRow> {
  const product = await readableOrderProduct(db, productId, user);
  const client = await orderClient(db, product.clientId);
  if (!client || !mayWriteOrder(await scopeOf(db, user), client)) throw new AppError('E_SCOPE');
  return product;
}

/**
 * A client's new sales owner (and with it, department) carries over to its orders and their
 * products (DOMAIN.md §2.4: an order's department and sales are its client's), so the record
 * scope of DOMAIN.md §5.4 follows the client. Called by client/update; not logged per order.
 */
export async function followClientOwner(
  db: Db,
  clientId: bigint,
  owner: { salesId: bigint; departmentId: bigint },
): Promise<void> {
  await db.update(orders).set(owner).where(eq(orders.clientId, clientId));
  await db.update(orderProducts).set(owner).where(eq(orderProducts.clientId, clientId));
}

/** A valid order the caller may read (E_NOT_FOUND, E_SCOPE), for areas that hang records on orders. */
export async function readableOrder(db: Db, orderId: bigint, user: Principal) {
  return readableRecord(db, { table: orders, id: orderId, where: orderScope(await scopeOf(db, user)) });
}

/** A readable order whose client the caller may write for (SALES: its own clients'). */
export async function writableOrderOf(db: Db, orderId: bigint, user: Principal) {
  const order = await readableOrder(db, orderId, user);
  const client = await orderClient(db, order.clientId);
  if (!client || !mayWriteOrder(await scopeOf(db, user), client)) throw new AppError('E_SCOPE');
  return order;
}

/** Whether the caller may write records of this order (the `modify` flag of a hanging record). */
export async function mayWriteOrderOf(db: Db, order: { clientId: bigint }, user: Principal) {
  const client = await orderClient(db, order.clientId);
  return client !== undefined && mayWriteOrder(await scopeOf(db, user), client);
}

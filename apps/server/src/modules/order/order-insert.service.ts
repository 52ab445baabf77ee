import { orderProducts, orders } from '../../db/schema/order';
import type { Actor } from '../../platform/auth';
import { diff, writeChangeLogs } from '../../platform/change-log';
import type { Db } from '../../platform/db';
import type { LinePlan } from './order.rules';
import { duplicateNumber, type newOrderValues, ORDER_ENTITY } from './order.service';
import { loggedLine } from './order-lines.service';

// New orders of a feed written in bulk (issue 14: 10,000 lines in well under 30 s): the orders,
// their products and their change-log rows each in statements of a few hundred rows, the totals
// computed from the lines instead of read back. The rows and the log are those order/create writes.

export interface NewOrderWrite {
  values: ReturnType<typeof newOrderValues> & { shippingId?: bigint | null };
  plan: LinePlan;
}

const CHUNK = 500;

const chunks = <T>(items: readonly T[]) =>
  Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK));

/**
 * Writes checked new orders with their lines; answers their ids, in order. A few hundred orders at
 * a time, each with its products and log, so a 50 MB file's rows and log never exist all at once.
 */
export async function insertOrders(db: Db, batch: readonly NewOrderWrite[], actor: Actor): Promise<bigint[]> {
  const ids: bigint[] = [];
  for (const part of chunks(batch)) ids.push(...(await insertPart(db, part, actor)));
  return ids;
}

async function insertPart(db: Db, part: readonly NewOrderWrite[], actor: Actor): Promise<bigint[]> {
  const stamp = { createdBy: actor.userId, updatedBy: actor.userId };
  const rows = await db
    .insert(orders)
    .values(
      part.map(({ values, plan }) => ({
        ...values,
        ...stamp,
        total: plan.lines.reduce((sum, l) => sum + l.values.quantity, 0),
        deliveryDate: plan.lines.map((l) => l.values.deliveryDate).sort()[0] ?? null,
      })),
    )
    .returning({ id: orders.id })
    .catch(duplicateNumber);
  const ids = rows.map((r) => r.id);
  const products = part.flatMap(({ values, plan }, i) =>
    plan.lines.map((l) => ({
      ...l.values,
      productNo: l.productNo,
      line: l.line,
      orderId: ids[i]!,
      orderNo: values.orderNo,
      clientPo: values.clientPo,
      clientId: values.clientId,
      departmentId: values.departmentId,
      salesId: values.salesId,
      ...stamp,
    })),
  );
  for (const lines of chunks(products)) await db.insert(orderProducts).values(lines).catch(duplicateNumber);
  await writeChangeLogs(
    db,
    actor,
    part.map(({ values, plan }, i) => ({
      entity: ORDER_ENTITY,
      entityId: ids[i]!,
      action: 'create',
      changes: [
        ...diff(null, values),
        ...plan.lines.map((l) => ({
          field: `products[${l.productNo}]`,
          from: null,
          to: loggedLine(l.values),
        })),
      ],
    })),
  );
  return ids;
}

import { type areas, formatMessage, type ParsedInputOf } from '@qcdesk/contract';
import type { OrderFeedError } from '@qcdesk/contract/order';
import { inArray } from 'drizzle-orm';
import { clients } from '../../db/schema/client';
import { orders } from '../../db/schema/order';
import { type Actor, actorOf, type Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { HookRunner } from '../../platform/module';
import { lockRow } from '../../platform/records';
import { createShipping, setShippingStatus } from '../shipping/shipping.service';
import { ORDER_SOURCE } from './order.rules';
import { newOrderValues } from './order.service';
import { applyLines } from './order-bulk.service';
import { clippedValue, type FeedProblem } from './order-feed.rules';
import { type CheckedOrder, checkFeed } from './order-feed.service';
import { ordersWritten } from './order-hooks.service';
import { insertOrders } from './order-insert.service';

// Writing a checked order feed (DOMAIN.md §2.4; issue 14): new orders are created, existing ones
// get the feed's columns and lines (order/replace semantics), and the order/sync call that feeds
// the upstream system's orders (authoritative: the same feed twice changes nothing).

export interface FeedResult {
  created: number;
  updated: number;
  unchanged: number;
  flagged: { orderNo: string; productNo: string }[];
}

/** The errors of a feed as the caller reads them: both languages, the column as its field name. */
export function feedErrors(problems: readonly FeedProblem[]): OrderFeedError[] {
  return problems.map(({ params, ...p }) => ({
    ...p,
    value: clippedValue(p.value),
    zh: formatMessage(p.reason, 'zh', { field: p.column, ...params }),
    en: formatMessage(p.reason, 'en', { field: p.column, ...params }),
  }));
}

/** The shipment the feed gives an order that has none yet (vehicle and ETD); answers its id. */
async function newShipment(db: Db, order: CheckedOrder, current: bigint | null | undefined, actor: Actor) {
  const { etd, eta, containerNo } = order.header;
  if (current || order.vehicleId === undefined || !etd) return undefined;
  return createShipping(
    db,
    order.clientId,
    {
      vehicleId: order.vehicleId,
      etd,
      eta,
      containerNo,
      loadingPort: undefined,
      containerType: undefined,
      sealNo: undefined,
    },
    actor,
  );
}

/** The shipment status the feed gives (30 or 90), on the upstream's word; answers whether it changed. */
async function shipmentStatus(db: Db, order: CheckedOrder, shippingId: bigint | null, user: Principal) {
  if (order.header.shippingStatus === undefined || shippingId === null) return false;
  return setShippingStatus(db, shippingId, order.header.shippingStatus, user, true);
}

/**
 * Writes checked orders in the caller's transaction, recording `source` in the sources of every
 * order it creates or changes. An order the feed leaves as it is gets no version, log or source.
 */
export async function applyFeed(
  db: Db,
  checked: readonly CheckedOrder[],
  user: Principal,
  source: { source: number; ref: string | null },
  onOrder?: (done: number) => Promise<void>,
): Promise<FeedResult> {
  const actor = actorOf(user);
  const result: FeedResult = { created: 0, updated: 0, unchanged: 0, flagged: [] };
  const ids = [...new Set(checked.map((o) => o.clientId))];
  const owners = new Map(
    (await db.select().from(clients).where(inArray(clients.id, ids))).map((c) => [c.id, c]),
  );
  const fresh = checked.filter((o) => !o.existing);
  const freshShipments: (bigint | undefined)[] = [];
  for (const o of fresh) freshShipments.push(await newShipment(db, o, undefined, actor));
  await insertOrders(
    db,
    fresh.map((o, i) => ({
      values: {
        ...newOrderValues(o.header, owners.get(o.clientId)!, o.orderNo, source),
        shippingId: freshShipments[i] ?? null,
      },
      plan: o.plan,
    })),
    actor,
  );
  for (const [i, o] of fresh.entries()) await shipmentStatus(db, o, freshShipments[i] ?? null, user);
  result.created = fresh.length;
  for (const [index, order] of checked.entries()) {
    if (order.existing) {
      const client = owners.get(order.clientId)!;
      const current = await lockRow(db, orders, order.existing.id);
      const shippingId = await newShipment(db, order, current.shippingId, actor);
      const values = {
        clientPo: order.header.clientPo ?? null,
        description: order.header.description ?? null,
        clientId: client.id,
        departmentId: client.departmentId,
        salesId: client.salesId,
        ...(shippingId ? { shippingId } : {}),
      };
      const changed = await applyLines(db, current, order.plan, order.remove, actor, {
        values,
        source,
        flag: order.flag,
      });
      const shipped = await shipmentStatus(db, order, shippingId ?? current.shippingId, user);
      if (changed || shipped) result.updated++;
      else result.unchanged++;
      for (const p of order.flag) result.flagged.push({ orderNo: current.orderNo, productNo: p.productNo });
    }
    if (onOrder) await onOrder(index + 1);
  }
  return result;
}

/**
 * order/sync: the upstream system's rows, checked as a whole (any bad row refuses the call with
 * E_IMPORT_ROWS and every row error), then written: the upstream is authoritative.
 */
export async function syncOrders(
  db: Db,
  input: ParsedInputOf<typeof areas.order.syncOrders>,
  user: Principal,
  hooks: HookRunner,
) {
  const lines = input.rows.map((row, i) => ({ rowNumber: i + 1, row }));
  const { orders: checked, problems } = await checkFeed(db, lines, user, 'sync');
  if (problems.length > 0) {
    throw new AppError('E_IMPORT_ROWS', { n: problems.length }, { data: { errors: feedErrors(problems) } });
  }
  const result = await applyFeed(db, checked, user, { source: ORDER_SOURCE.sync, ref: input.ref });
  await ordersWritten(
    hooks,
    db,
    input.rows.map((r) => r.orderNo),
    user,
  );
  return result;
}

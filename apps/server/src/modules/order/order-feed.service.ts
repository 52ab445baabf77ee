import type { OrderFeedRow } from '@qcdesk/contract/order';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { clients } from '../../db/schema/client';
import { factories, vehicles } from '../../db/schema/config';
import { orders } from '../../db/schema/order';
import type { Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { scopeOf } from '../../platform/scope';
import { currentProducts, productNosTaken } from './order.queries';
import { type LinePlan, mayWriteOrder, type ProductRow, planLines, productKey } from './order.rules';
import {
  type FeedGroup,
  type FeedLine,
  type FeedProblem,
  type FeedRef,
  groupFeed,
  headerProblems,
  shipmentProblems,
} from './order-feed.rules';
import { lineProblems } from './order-lines.service';

// The check of an order feed (import of an order file, sync from the upstream system): every row
// is checked before anything is written, and each problem names its row, column and value. A feed
// is one row per product line; its rows group into orders by order no.

/** create: existing order nos are errors; replace: order/replace per order; sync: upstream wins. */
export type FeedMode = 'create' | 'replace' | 'sync';

/** An order of the feed, checked: its client, the existing order (if any) and its line plan. */
export interface CheckedOrder extends FeedGroup {
  clientId: bigint;
  existing: typeof orders.$inferSelect | undefined;
  plan: LinePlan;
  /** Products the write removes, and (sync) the referenced ones it keeps and flags. */
  remove: ProductRow[];
  flag: ProductRow[];
  /** The vehicle of a new shipment the feed gives the order. */
  vehicleId: bigint | undefined;
}

const byCode = async <T extends typeof clients | typeof factories | typeof vehicles>(
  db: Db,
  table: T,
  codes: string[],
) => {
  if (codes.length === 0) return new Map<string, Record<string, unknown>>();
  const rows = (await db
    .select()
    .from(table as typeof clients)
    .where(and(inArray(table.code, [...new Set(codes)]), eq(table.valid, 1)))) as Record<string, unknown>[];
  return new Map(rows.map((r) => [String(r.code), r]));
};

/**
 * The codes of rows that did not parse, checked as checkFeed checks a line's: the client exists,
 * is active and in the caller's scope; the factory exists (issue 25: an unknown factory code came
 * out only once the rows' formats were fixed).
 */
export async function referenceProblems(db: Db, refs: readonly FeedRef[], user: Principal) {
  const scope = await scopeOf(db, user);
  const clientRows = await byCode(
    db,
    clients,
    refs.filter((r) => r.column === 'client').map((r) => r.value),
  );
  const factoryRows = await byCode(
    db,
    factories,
    refs.filter((r) => r.column === 'factory').map((r) => r.value),
  );
  return refs.flatMap((ref): FeedProblem[] => {
    const problem = (reason: FeedProblem['reason']) => [{ ...ref, reason }];
    if (ref.column === 'factory') return factoryRows.has(ref.value) ? [] : problem('E_REF_NOT_FOUND');
    const client = clientRows.get(ref.value) as typeof clients.$inferSelect | undefined;
    if (!client) return problem('E_REF_NOT_FOUND');
    if (client.state !== 1) return problem('E_REF_INACTIVE');
    return mayWriteOrder(scope, client) ? [] : problem('E_SCOPE');
  });
}

/** Checks a parsed feed; answers the checked orders, or the problems (then nothing may be written). */
export async function checkFeed(
  db: Db,
  lines: readonly FeedLine[],
  user: Principal,
  mode: FeedMode,
): Promise<{ orders: CheckedOrder[]; problems: FeedProblem[] }> {
  const scope = await scopeOf(db, user);
  const groups = groupFeed(lines);
  const problems: FeedProblem[] = groups.flatMap(headerProblems);
  const clientRows = await byCode(
    db,
    clients,
    groups.map((g) => g.header.client),
  );
  const factoryRows = await byCode(
    db,
    factories,
    lines.map((l) => l.row.factory),
  );
  const vehicleRows = await byCode(
    db,
    vehicles,
    groups.flatMap((g) => (g.header.vehicle ? [g.header.vehicle] : [])),
  );
  const existing = await existingOrders(
    db,
    groups.map((g) => g.orderNo),
  );
  const fileKeys = new Map<string, number>();
  const planned: CheckedOrder[] = [];
  for (const [index, group] of groups.entries()) {
    const at = group.lines[0]!;
    const fail = (line: FeedLine, column: string, value: string, reason: FeedProblem['reason']) =>
      problems.push({ row: line.rowNumber, column, value, reason });
    const before = problems.length;
    const client = clientRows.get(group.header.client) as typeof clients.$inferSelect | undefined;
    if (!client) fail(at, 'client', group.header.client, 'E_REF_NOT_FOUND');
    else if (client.state !== 1) fail(at, 'client', group.header.client, 'E_REF_INACTIVE');
    else if (!mayWriteOrder(scope, client)) fail(at, 'client', group.header.client, 'E_SCOPE');
    const current = existing.get(group.orderNo.toLowerCase());
    if (current && mode === 'create') {
      for (const line of group.lines) fail(line, 'orderNo', group.orderNo, 'E_DUPLICATE');
    }
    const vehicle = group.header.vehicle ? vehicleRows.get(group.header.vehicle) : undefined;
    if (group.header.vehicle && vehicle?.active !== 1) {
      fail(at, 'vehicle', group.header.vehicle, vehicle ? 'E_REF_INACTIVE' : 'E_REF_NOT_FOUND');
    }
    problems.push(...shipmentProblems(group, Boolean(current?.shippingId)));
    if (current && mode !== 'create') {
      const owner = await db.select().from(clients).where(eq(clients.id, current.clientId));
      if (!owner[0] || !mayWriteOrder(scope, owner[0])) fail(at, 'orderNo', group.orderNo, 'E_SCOPE');
    }
    for (const line of group.lines) {
      const factory = factoryRows.get(line.row.factory);
      if (!factory) fail(line, 'factory', line.row.factory, 'E_REF_NOT_FOUND');
      const key = line.row.productNo ? productKey(line.row.productNo) : undefined;
      // The same product no in two orders of one feed (within one order, planLines finds it).
      if (key && fileKeys.has(key) && fileKeys.get(key) !== index) {
        fail(line, 'productNo', line.row.productNo!, 'E_DUPLICATE');
      }
      if (key) fileKeys.set(key, index);
    }
    if (problems.length > before || !client) continue;
    const products = current ? await currentProducts(db, current.id) : { valid: [], lastLine: 0 };
    const plan = planLines(
      current?.orderNo ?? group.orderNo,
      products.valid,
      products.lastLine,
      group.lines.map((l) => lineOf(l.row, factoryRows.get(l.row.factory)!.id as bigint)),
    );
    planned.push({
      ...group,
      clientId: client.id,
      existing: current,
      plan,
      remove: plan.missing,
      flag: [],
      vehicleId: vehicle?.id as bigint | undefined,
    });
  }
  // The lines' own checks, with factories and taken product nos looked up once for the feed.
  const known = {
    factories: new Map([...factoryRows.values()].map((f) => [f.id as bigint, f])),
    taken: await takenProductNos(
      db,
      planned.flatMap((o) => o.plan.lines.filter((l) => !l.existing).map((l) => l.productNo)),
    ),
  };
  for (const order of planned) {
    const at = order.lines[0]!;
    const issues = await lineProblems(db, order.plan, { manual: false, orderId: order.existing?.id, known });
    const used = new Set(issues.filter((i) => i.reason === 'E_IN_USE').map((i) => String(i.value)));
    for (const issue of issues) {
      if (issue.reason === 'E_IN_USE' && mode === 'sync') continue;
      const line = order.lines[issue.index] ?? at;
      const column = issue.field === 'factoryId' ? 'factory' : issue.field;
      problems.push({ row: line.rowNumber, column, value: String(issue.value ?? ''), reason: issue.reason });
    }
    if (mode === 'sync') {
      order.flag = order.plan.missing.filter((p) => used.has(p.productNo));
      order.remove = order.plan.missing.filter((p) => !used.has(p.productNo));
    }
  }
  // Top to bottom, as the user reads the file.
  problems.sort((a, b) => a.row - b.row);
  return { orders: problems.length > 0 ? [] : planned, problems };
}

/** The product nos (lower-cased) among `productNos` that valid products hold. */
async function takenProductNos(db: Db, productNos: readonly string[]) {
  const taken = new Set<string>();
  for (let i = 0; i < productNos.length; i += 1000) {
    for (const key of await productNosTaken(db, productNos.slice(i, i + 1000))) taken.add(key);
  }
  return taken;
}

/** The valid orders with these order nos, by lower-cased order no. */
async function existingOrders(db: Db, orderNos: readonly string[]) {
  const found = new Map<string, typeof orders.$inferSelect>();
  const keys = [...new Set(orderNos.map((o) => o.toLowerCase()))];
  for (let i = 0; i < keys.length; i += 1000) {
    const rows = await db
      .select()
      .from(orders)
      .where(and(inArray(sql`lower(${orders.orderNo})`, keys.slice(i, i + 1000)), eq(orders.valid, 1)));
    for (const row of rows) found.set(row.orderNo.toLowerCase(), row);
  }
  return found;
}

/** A feed row as a product line of order/create. */
function lineOf(row: OrderFeedRow, factoryId: bigint) {
  return {
    productNo: row.productNo,
    sku: row.sku,
    itemNo: row.itemNo,
    name: row.name,
    description: undefined,
    factoryId,
    quantity: row.quantity,
    quantityUnit: row.quantityUnit,
    deliveryDate: row.deliveryDate,
    productType: row.productType,
  };
}

import { areas } from '@qcdesk/contract';
import { changeLog as changeLogOp } from '@qcdesk/contract/config';
import { and, count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idOf, unique } from '../../../test/support/factories';
import { buildUser, signIn, signInAs } from '../../../test/support/identity';
import { seedContext, startTestApp, type TestApp } from '../../../test/support/test-app';
import { clients } from '../../db/schema/client';
import { factories, productTracks } from '../../db/schema/config';
import { users } from '../../db/schema/identity';
import { orderProducts, orders } from '../../db/schema/order';
import { changeLog } from '../../db/schema/platform';
import { businessDate } from '../../platform/business-time';
import { buildClient } from '../client/client.factory';
import { buildOrder, orderInput } from './order.factory';
import { addDays } from './order.rules';
import { DEMO_CLIENT_USER_CLIENT, DEMO_ORDERS, seedOrders } from './order.seed';

// Order writes through the envelope (DOMAIN.md §2.4, §6.9, §7.2): create with generated numbers,
// every bad input of issue 14 with its error key and no row changed, update with delete and
// undelete, optimistic locking, the record scope of writes and the change log.

const ops = areas.order;
let t: TestApp;
let sales: string;
let admin: string;

beforeAll(async () => {
  t = await startTestApp();
  [sales, admin] = await Promise.all([signInAs(t, 'SALES'), signInAs(t, 'ADMIN')]);
});
afterAll(() => t.close());

/** Orders and products in the database: a refused write leaves both unchanged. */
async function rowCounts() {
  const db = t.database.db;
  const [o] = await db.select({ n: count() }).from(orders);
  const [p] = await db.select({ n: count() }).from(orderProducts);
  return [o!.n, p!.n];
}

async function trackOn(productId: bigint) {
  await t.database.db.insert(productTracks).values({ orderProductId: productId, milestone: 'SHIPPED' });
}

describe('order/create', () => {
  it('numbers the order and its products (DOMAIN.md §6.9) and takes the requirements from the client', async () => {
    const input = await orderInput(t.database.db);
    await t.database.db
      .update(clients)
      .set({ inspectionRequirement: '按客户验货手册执行', safetyRequirement: 'EN71 全项' })
      .where(eq(clients.id, BigInt(input.clientId)));
    const created = await t.client.ok(ops.createOrder, input, { token: sales });
    const day = businessDate().replaceAll('-', '').slice(2);
    expect(created.orderNo).toMatch(new RegExp(`^OD${day}\\d{4}$`));
    expect(created.products.map((p) => p.productNo)).toEqual([
      `${created.orderNo}-01`,
      `${created.orderNo}-02`,
    ]);
    expect(created).toMatchObject({
      total: 2000,
      inspectionRequirement: '按客户验货手册执行',
      testRequirement: 'EN71 全项',
      sources: [{ source: 1, ref: null }],
      department: { code: 'SALES1' },
      version: 0,
    });
    const [log] = await t.database.db
      .select()
      .from(changeLog)
      .where(and(eq(changeLog.entity, 'orders'), eq(changeLog.entityId, BigInt(created.id))));
    expect(log!.action).toBe('create');
    expect(log!.changes.map((c) => c.field)).toContain(`products[${created.orderNo}-02]`);
  });

  it('keeps supplied numbers and refuses a duplicate order no (case-insensitive)', async () => {
    const orderNo = unique('PO/2024_');
    const input = await orderInput(t.database.db, {
      orderNo,
      lines: [{ productNo: `${orderNo}-A` }, {}],
    });
    const created = await t.client.ok(ops.createOrder, input, { token: sales });
    expect(created.products.map((p) => p.productNo)).toEqual([`${orderNo}-A`, `${orderNo}-02`]);
    const before = await rowCounts();
    const again = await t.client.call(
      ops.createOrder,
      { ...input, orderNo: orderNo.toLowerCase(), products: input.products.slice(1) },
      { token: sales, lang: 'en' },
    );
    expect(again.result).toMatchObject({
      reason: 'E_DUPLICATE',
      field: 'orderNo',
      error: 'Order no already exists',
    });
    expect(await rowCounts()).toEqual(before);
  });

  it('refuses every bad line of issue 14 with its key, and writes nothing', async () => {
    const db = t.database.db;
    const input = await orderInput(db);
    const taken = await buildOrder(db);
    const line = input.products[0]!;
    const frozen = await idOf(db, factories, 'F-HX-DG');
    await db.update(factories).set({ active: 0 }).where(eq(factories.id, frozen));
    const cases: [Record<string, unknown>, string, string][] = [
      [{ quantity: 0 }, 'E_RANGE', 'products.0.quantity'],
      [{ quantity: 10_000_000 }, 'E_RANGE', 'products.0.quantity'],
      [{ quantity: 1.5 }, 'E_FORMAT', 'products.0.quantity'],
      [{ deliveryDate: '2026-02-30' }, 'E_FORMAT', 'products.0.deliveryDate'],
      [{ deliveryDate: 'next week' }, 'E_FORMAT', 'products.0.deliveryDate'],
      [{ deliveryDate: addDays(businessDate(), -31) }, 'E_RANGE', 'products.0.deliveryDate'],
      [{ productNo: taken.products[0]!.productNo }, 'E_DUPLICATE', 'products.0.productNo'],
      [{ factoryId: String(frozen) }, 'E_REF_INACTIVE', 'products.0.factoryId'],
      [{ factoryId: '999999999' }, 'E_REF_NOT_FOUND', 'products.0.factoryId'],
    ];
    const before = await rowCounts();
    try {
      for (const [change, reason, field] of cases) {
        const body = { ...input, products: [{ ...line, ...change }, input.products[1]] };
        const { result } = await t.client.call(ops.createOrder, body, { token: sales });
        expect(result, JSON.stringify(change)).toMatchObject({ success: false, reason, field });
        expect(result.error).toBeTruthy();
      }
      const twice = await t.client.call(
        ops.createOrder,
        {
          ...input,
          products: [
            { ...line, productNo: 'SAME-1' },
            { ...line, productNo: 'same-1' },
          ],
        },
        { token: sales },
      );
      expect(twice.result).toMatchObject({ reason: 'E_DUPLICATE', field: 'products.1.productNo' });
      const bad = await t.client.call(ops.createOrder, { ...input, orderNo: 'OD 1' }, { token: sales });
      expect(bad.result).toMatchObject({ reason: 'E_FORMAT', field: 'orderNo' });
    } finally {
      await db.update(factories).set({ active: 1 }).where(eq(factories.id, frozen));
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('refuses a client out of the caller’s write scope (E_SCOPE) and roles without order.edit', async () => {
    const db = t.database.db;
    const colleague = await buildUser(db, { role: 'SALES', department: 'SALES1' });
    const stranger = await buildUser(db, { role: 'SALES', department: 'SALES2' });
    const before = await rowCounts();
    for (const owner of [colleague, stranger]) {
      const input = await orderInput(db, { sales: owner.username });
      const { result } = await t.client.call(ops.createOrder, input, { token: sales, lang: 'en' });
      expect(result).toMatchObject({ success: false, reason: 'E_SCOPE', field: 'clientId' });
    }
    const qc = await t.client.call(ops.createOrder, await orderInput(db), { token: await signInAs(t, 'QC') });
    expect(qc.result).toMatchObject({ success: false, reason: 'E_PERMISSION' });
    expect(await rowCounts()).toEqual(before);
  });
});

describe('order/update', () => {
  it('changes the PO on the order and its products, with optimistic locking and a change log', async () => {
    const { order, products } = await buildOrder(t.database.db);
    const po = unique('NEWPO-');
    const updated = await t.client.ok(
      ops.updateOrder,
      { id: String(order.id), version: 0, clientPo: po, description: '' },
      { token: sales },
    );
    expect(updated).toMatchObject({ clientPo: po, description: null, version: 1 });
    const found = await t.client.ok(ops.searchOrders, { po }, { token: sales });
    expect(found.list.map((p) => p.id).sort()).toEqual(products.map((p) => String(p.id)).sort());
    const stale = await t.client.call(
      ops.updateOrder,
      { id: String(order.id), version: 0, clientPo: 'X' },
      { token: sales },
    );
    expect(stale.result).toMatchObject({ success: false, reason: 'E_VERSION' });
    const history = await t.client.ok(
      changeLogOp,
      { entity: 'orders', id: String(order.id) },
      { token: sales },
    );
    expect(history.list[0]!.changes).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'clientPo', to: po })]),
    );
  });

  it('moves an order to another client of the caller, and refuses one of another sales (E_SCOPE)', async () => {
    const db = t.database.db;
    const { order, products } = await buildOrder(db);
    const mine = await buildClient(db);
    const moved = await t.client.ok(
      ops.updateOrder,
      { id: String(order.id), version: 0, clientId: String(mine.id) },
      { token: sales },
    );
    expect(moved.client.id).toBe(String(mine.id));
    const [product] = await db.select().from(orderProducts).where(eq(orderProducts.id, products[0]!.id));
    expect(product!.clientId).toBe(mine.id);
    const other = await buildClient(db, { sales: (await buildUser(db, { department: 'SALES1' })).username });
    const refused = await t.client.call(
      ops.updateOrder,
      { id: String(order.id), version: 1, clientId: String(other.id) },
      { token: sales },
    );
    expect(refused.result).toMatchObject({ reason: 'E_SCOPE', field: 'clientId' });
  });

  it('deletes an unused order (its products leave the list) and undeletes it; refuses one in use', async () => {
    const db = t.database.db;
    const { order, products } = await buildOrder(db);
    const deleted = await t.client.ok(
      ops.updateOrder,
      { id: String(order.id), version: 0, valid: 0 },
      { token: sales },
    );
    expect(deleted.valid).toBe(0);
    const gone = await t.client.ok(ops.searchOrders, { orderNo: order.orderNo }, { token: sales });
    expect(gone.list).toEqual([]);
    const bin = await t.client.ok(
      ops.searchOrders,
      { orderNo: order.orderNo, deleted: true },
      { token: sales },
    );
    expect(bin.list).toHaveLength(2);
    const edit = await t.client.call(
      ops.updateOrder,
      { id: String(order.id), version: 1, clientPo: 'X' },
      { token: sales },
    );
    expect(edit.result).toMatchObject({ reason: 'E_STATUS' });
    await t.client.ok(ops.updateOrder, { id: String(order.id), version: 1, valid: 1 }, { token: sales });
    expect(
      (await t.client.ok(ops.searchOrders, { orderNo: order.orderNo }, { token: sales })).list,
    ).toHaveLength(2);

    const used = await buildOrder(db);
    await trackOn(used.products[1]!.id);
    const refused = await t.client.call(
      ops.updateOrder,
      { id: String(used.order.id), version: 0, valid: 0 },
      { token: sales, lang: 'en' },
    );
    expect(refused.result).toMatchObject({ reason: 'E_IN_USE' });
    const [still] = await db.select().from(orders).where(eq(orders.id, used.order.id));
    expect(still).toMatchObject({ valid: 1, version: 0 });
    expect(products).toHaveLength(2);
  });

  it('lets a SALES user read but not change an order of a colleague’s client', async () => {
    const db = t.database.db;
    const colleague = await buildUser(db, { role: 'SALES', department: 'SALES1' });
    const { order } = await buildOrder(db, { sales: colleague.username });
    const read = await t.client.call(ops.getOrder, { id: String(order.id) }, { token: sales });
    expect(read.result).toMatchObject({ success: true, modify: false });
    const write = await t.client.call(
      ops.updateOrder,
      { id: String(order.id), version: 0, clientPo: 'X' },
      { token: sales },
    );
    expect(write.result).toMatchObject({ success: false, reason: 'E_SCOPE' });
    const manager = await signInAs(t, 'SALES_MGR');
    await t.client.ok(
      ops.updateOrder,
      { id: String(order.id), version: 0, clientPo: 'Y' },
      { token: manager },
    );
    const mine = await t.client.call(
      ops.getOrder,
      { id: String(order.id) },
      { token: await signIn(t, colleague.username) },
    );
    expect(mine.result).toMatchObject({ success: true, modify: true });
  });
});

describe('client/update', () => {
  it('carries a client’s new sales owner and department over to its orders (the scope follows)', async () => {
    const db = t.database.db;
    const { order } = await buildOrder(db);
    const [client] = await db.select().from(clients).where(eq(clients.id, order.clientId));
    const stranger = await buildUser(db, { role: 'SALES', department: 'SALES2' });
    await t.client.ok(
      areas.client.updateClient,
      { id: String(client!.id), version: client!.version, salesId: String(stranger.id) },
      { token: await signInAs(t, 'SALES_MGR') },
    );
    const read = await t.client.call(ops.getOrder, { id: String(order.id) }, { token: sales });
    expect(read.result).toMatchObject({ success: false, reason: 'E_SCOPE' });
    const theirs = await t.client.ok(
      ops.searchOrders,
      { orderNo: order.orderNo },
      { token: await signIn(t, stranger.username) },
    );
    expect(theirs.list.map((p) => p.department.code)).toEqual(['SALES2', 'SALES2']);
  });
});

describe('demo orders', () => {
  it('are created by their client’s sales owner through order/create, once', async () => {
    const db = t.database.db;
    const [demo] = await db.select().from(orders).where(eq(orders.orderNo, 'PT24-0788'));
    const [client] = await db.select().from(clients).where(eq(clients.id, demo!.clientId));
    expect(demo).toMatchObject({ createdBy: client!.salesId, total: 20000 });
    const logs = await db
      .select()
      .from(changeLog)
      .where(and(eq(changeLog.entity, 'orders'), eq(changeLog.entityId, demo!.id)))
      .orderBy(desc(changeLog.id));
    expect(logs.map((l) => l.action)).toEqual(['create']);
    const work = await t.client.ok(ops.searchOrders, { work: true, orderNo: 'PT24-0788' }, { token: sales });
    expect(work.list.map((p) => p.itemNo)).toEqual(['PL-BEAR-30']);
    const [before] = await db.select({ n: count() }).from(orders);
    await seedOrders(seedContext(t));
    const [after] = await db.select({ n: count() }).from(orders);
    expect(after!.n).toBe(before!.n);
    expect(DEMO_ORDERS.length).toBeGreaterThan(0);
    expect(admin).toBeTruthy();
  });

  it('give the demo client user the client of the demo orders, logged once as the administrator', async () => {
    const db = t.database.db;
    const [nordic] = await db.select().from(clients).where(eq(clients.code, DEMO_CLIENT_USER_CLIENT));
    const [demo] = await db.select().from(users).where(eq(users.username, 'demo.client'));
    const [adminRow] = await db.select().from(users).where(eq(users.username, 'admin'));
    expect(demo!.clientId).toBe(nordic!.id);
    const links = () =>
      db
        .select()
        .from(changeLog)
        .where(and(eq(changeLog.entity, 'user'), eq(changeLog.entityId, demo!.id)));
    expect((await links()).map((l) => [l.actorId, l.changes.map((c) => c.field)])).toEqual([
      [adminRow!.id, ['clientId']],
    ]);
    await seedOrders(seedContext(t));
    expect(await links()).toHaveLength(1);
  });
});

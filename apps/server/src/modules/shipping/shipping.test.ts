import { areas, type RoleCode } from '@qcdesk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idOf } from '../../../test/support/factories';
import { buildUser, signIn, signInAs } from '../../../test/support/identity';
import { startTestApp, type TestApp } from '../../../test/support/test-app';
import { countries, vehicles } from '../../db/schema/config';
import { roles } from '../../db/schema/identity';
import { changeLog } from '../../db/schema/platform';
import { shippings } from '../../db/schema/shipping';
import { businessDate } from '../../platform/business-time';
import { buildOrder, orderInput } from '../order/order.factory';

// Shipping through the envelope (DOMAIN.md §2.4, §5.2): written by the shipping fields of order
// create and update (shipping.edit), read through /shippingList and as the order's tab, in scope.

const ops = areas.order;
let t: TestApp;
let sales: string;
let vehicleId: string;

beforeAll(async () => {
  t = await startTestApp();
  sales = await signInAs(t, 'SALES');
  const [sea] = await t.database.db.select({ id: vehicles.id }).from(vehicles).limit(1);
  vehicleId = String(sea!.id);
});
afterAll(() => t.close());

const newShipment = (extra: Record<string, unknown> = {}) => ({
  vehicleId,
  etd: businessDate(),
  loadingPort: '深圳盐田 Yantian',
  containerNo: 'CSQU3054383',
  ...extra,
});

describe('shipping fields of order create and update', () => {
  it('creates a numbered shipment with the order and lists it, with its orders, in scope', async () => {
    const db = t.database.db;
    const input = await orderInput(db);
    const created = await t.client.ok(
      ops.createOrder,
      { ...input, shipping: newShipment({ destinationCountryId: String(await idOf(db, countries, 'DE')) }) },
      { token: sales },
    );
    const day = businessDate().replaceAll('-', '').slice(2);
    expect(created.shipping).toMatchObject({
      shippingNo: expect.stringMatching(new RegExp(`^SH${day}\\d{4}$`)),
      status: 10,
      containerNo: 'CSQU3054383',
      destinationCountry: { code: 'DE' },
      orders: [{ id: created.id, orderNo: created.orderNo }],
    });
    const listed = await t.client.ok(
      areas.shipping.shippingList,
      { id: created.shipping!.id },
      { token: sales },
    );
    expect(listed.list).toHaveLength(1);
    const byOrder = await t.client.ok(
      areas.shipping.shippingList,
      { orderNo: created.orderNo },
      { token: sales },
    );
    expect(byOrder.list.map((s) => s.id)).toEqual([created.shipping!.id]);
    const stranger = await buildUser(db, { role: 'SALES', department: 'SALES2' });
    const outside = await t.client.ok(
      areas.shipping.shippingList,
      { id: created.shipping!.id },
      { token: await signIn(t, stranger.username) },
    );
    expect(outside.list).toEqual([]);
  });

  it('joins another order of the client, ships the shipment, and refuses what the rules forbid', async () => {
    const db = t.database.db;
    const first = await t.client.ok(
      ops.createOrder,
      { ...(await orderInput(db)), shipping: newShipment() },
      { token: sales },
    );
    const second = await buildOrder(db, { clientId: BigInt(first.client.id) });
    const joined = await t.client.ok(
      ops.updateOrder,
      { id: String(second.order.id), version: 0, shippingId: first.shipping!.id },
      { token: sales },
    );
    expect(joined.shipping!.orders.map((o) => o.id).sort()).toEqual([first.id, joined.id].sort());
    const shipped = await t.client.ok(
      ops.updateOrder,
      { id: joined.id, version: 1, shippingStatus: 30 },
      { token: sales },
    );
    expect(shipped).toMatchObject({ version: 2, shipping: { status: 30 } });
    const [log] = await db
      .select()
      .from(changeLog)
      .where(eq(changeLog.entity, 'shippings'))
      .orderBy(changeLog.id)
      .then((rows) => rows.filter((r) => r.entityId === BigInt(first.shipping!.id)).slice(-1));
    expect(log).toMatchObject({ action: 'ship', changes: [{ field: 'status', from: 10, to: 30 }] });
    const again = await t.client.call(
      ops.updateOrder,
      { id: joined.id, version: 2, shippingStatus: 90 },
      { token: sales },
    );
    expect(again.result).toMatchObject({ reason: 'E_STATUS' });

    const other = await buildOrder(db);
    const foreign = await t.client.call(
      ops.updateOrder,
      { id: String(other.order.id), version: 0, shippingId: first.shipping!.id },
      { token: sales, lang: 'en' },
    );
    expect(foreign.result).toMatchObject({
      reason: 'E_SHIPPING_CLIENT',
      field: 'shippingId',
      error: 'The shipment belongs to another client',
    });
    const badContainer = await t.client.call(
      ops.updateOrder,
      { id: String(other.order.id), version: 0, shipping: newShipment({ containerNo: 'CSQU3054384' }) },
      { token: sales },
    );
    expect(badContainer.result).toMatchObject({ reason: 'E_FORMAT', field: 'shipping.containerNo' });
    const backwards = await t.client.call(
      ops.updateOrder,
      { id: String(other.order.id), version: 0, shipping: newShipment({ eta: '2020-01-01' }) },
      { token: sales },
    );
    expect(backwards.result).toMatchObject({ reason: 'E_DATE_RANGE', field: 'shipping.eta' });
    const before = await db.select().from(shippings);
    const noShipment = await t.client.call(
      ops.updateOrder,
      { id: String(other.order.id), version: 0, shippingStatus: 30 },
      { token: sales },
    );
    expect(noShipment.result).toMatchObject({ reason: 'E_STATUS' });
    expect(await db.select().from(shippings)).toHaveLength(before.length);
  });

  it('needs shipping.edit for the shipping fields', async () => {
    const db = t.database.db;
    // Every seeded role with order.edit holds shipping.edit too (DOMAIN.md §5.3); a role made
    // without it writes orders but not their shipments.
    await db.insert(roles).values({
      code: 'ORDER_CLERK',
      nameZh: '订单文员',
      nameEn: 'Order clerk',
      permissions: ['order.search', 'order.edit'],
      scope: 'all',
    });
    const clerk = await buildUser(db, { role: 'ORDER_CLERK' as RoleCode, department: 'SALES1' });
    const token = await signIn(t, clerk.username);
    const order = await buildOrder(db);
    const refused = await t.client.call(
      ops.updateOrder,
      { id: String(order.order.id), version: 0, shipping: newShipment() },
      { token },
    );
    expect(refused.result).toMatchObject({ reason: 'E_PERMISSION' });
    const plain = await t.client.ok(
      ops.updateOrder,
      { id: String(order.order.id), version: 0, clientPo: 'P-1' },
      { token },
    );
    expect(plain.shipping).toBeNull();
    const lab = await signInAs(t, 'LAB');
    const read = await t.client.call(areas.shipping.shippingList, {}, { token: lab });
    expect(read.result.success).toBe(true);
  });
});

import { areas } from '@qcdesk/contract';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unique } from '../../../test/support/factories';
import { signInAs } from '../../../test/support/identity';
import { startTestApp, type TestApp } from '../../../test/support/test-app';
import { productTracks } from '../../db/schema/config';
import { orderProducts, orders } from '../../db/schema/order';
import { changeLog } from '../../db/schema/platform';
import { businessDate } from '../../platform/business-time';
import { addDays } from './order.rules';

// order/sync through the envelope (issue 14): the upstream system (a service account holding
// order.sync) sends its orders as rows; upstream is authoritative, lines it leaves out go unless
// referenced (then kept and flagged), the same feed twice changes nothing, every call is recorded.

const ops = areas.order;
let t: TestApp;
let upstream: string;

beforeAll(async () => {
  t = await startTestApp();
  upstream = await signInAs(t, 'SALES_MGR');
});
afterAll(() => t.close());

const row = (orderNo: string, productNo: string, extra: Record<string, unknown> = {}) => ({
  orderNo,
  clientPo: `PO-${orderNo}`,
  client: 'PACTOYS',
  productNo,
  sku: `SKU-${productNo}`,
  itemNo: `IT-${productNo}`,
  name: '遥控赛车 RC car',
  factory: 'F-HX-DG',
  quantity: 500,
  deliveryDate: addDays(businessDate(), 40),
  ...extra,
});

const logCount = async () => (await t.database.db.select({ n: count() }).from(changeLog))[0]!.n;

describe('order/sync', () => {
  it('creates, then changes nothing on the same feed, then follows the upstream', async () => {
    const db = t.database.db;
    const a = unique('ERP-A');
    const b = unique('ERP-B');
    const feed = [row(a, `${a}-1`), row(a, `${a}-2`), row(a, `${a}-3`), row(b, `${b}-1`)];
    const first = await t.client.ok(ops.syncOrders, { ref: 'ERP-CALL-1', rows: feed }, { token: upstream });
    expect(first).toMatchObject({ created: 2, updated: 0, unchanged: 0, flagged: [] });
    const [order] = await db.select().from(orders).where(eq(orders.orderNo, a));
    expect(order).toMatchObject({ total: 1500, version: 0, sources: [{ source: 3, ref: 'ERP-CALL-1' }] });

    const logs = await logCount();
    const again = await t.client.ok(ops.syncOrders, { ref: 'ERP-CALL-2', rows: feed }, { token: upstream });
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
    expect(await logCount()).toBe(logs);
    const [same] = await db.select().from(orders).where(eq(orders.orderNo, a));
    expect(same).toMatchObject({ version: 0, sources: [{ ref: 'ERP-CALL-1' }] });

    // Line 2 referenced (kept, flagged), line 3 free (removed), line 1 changed.
    const products = await db.select().from(orderProducts).where(eq(orderProducts.orderId, order!.id));
    const byNo = new Map(products.map((p) => [p.productNo, p]));
    await db.insert(productTracks).values({ orderProductId: byNo.get(`${a}-2`)!.id, milestone: 'TESTED' });
    const changed = await t.client.ok(
      ops.syncOrders,
      { ref: 'ERP-CALL-3', rows: [row(a, `${a}-1`, { quantity: 800 }), row(b, `${b}-1`)] },
      { token: upstream },
    );
    expect(changed).toMatchObject({
      created: 0,
      updated: 1,
      unchanged: 1,
      flagged: [{ orderNo: a, productNo: `${a}-2` }],
    });
    const after = await db.select().from(orderProducts).where(eq(orderProducts.orderId, order!.id));
    const state = Object.fromEntries(
      after.map((p) => [p.productNo, [p.valid, p.quantity, p.removedUpstream]]),
    );
    expect(state).toEqual({
      [`${a}-1`]: [1, 800, false],
      [`${a}-2`]: [1, 500, true],
      [`${a}-3`]: [0, 500, false],
    });
    const [updated] = await db.select().from(orders).where(eq(orders.orderNo, a));
    expect(updated).toMatchObject({ version: 1, total: 1300 });
    expect(updated!.sources.map((s) => s.ref)).toEqual(['ERP-CALL-1', 'ERP-CALL-3']);
    const detail = await t.client.ok(ops.getOrder, { id: String(order!.id) }, { token: upstream });
    expect(detail.products.find((p) => p.productNo === `${a}-2`)?.removedUpstream).toBe(true);

    // The flag is cleared once the upstream names the product again.
    await t.client.ok(
      ops.syncOrders,
      { ref: 'ERP-CALL-4', rows: [row(a, `${a}-1`, { quantity: 800 }), row(a, `${a}-2`)] },
      { token: upstream },
    );
    const [kept] = await db
      .select()
      .from(orderProducts)
      .where(and(eq(orderProducts.orderId, order!.id), eq(orderProducts.productNo, `${a}-2`)));
    expect(kept!.removedUpstream).toBe(false);
  });

  it('refuses a feed with any bad row (every error listed, both languages) and writes nothing', async () => {
    const db = t.database.db;
    const c = unique('ERP-C');
    const before = (await db.select({ n: count() }).from(orders))[0]!.n;
    const { result } = await t.client.call(
      ops.syncOrders,
      {
        ref: 'ERP-BAD',
        rows: [
          row(c, `${c}-1`),
          row(c, `${c}-2`, { factory: 'NO-SUCH' }),
          row(unique('ERP-D'), `${c}-1`, { client: 'NOBODY' }),
          row(c, `${c}-3`, { clientPo: 'OTHER-PO' }),
        ],
      },
      { token: upstream, lang: 'en' },
    );
    expect(result).toMatchObject({
      success: false,
      reason: 'E_IMPORT_ROWS',
      error: '4 errors found; nothing was imported',
    });
    const errors = (result.data as unknown as { errors: Record<string, unknown>[] }).errors;
    expect(errors.map((e) => [e.row, e.column, e.reason])).toEqual([
      [2, 'factory', 'E_REF_NOT_FOUND'],
      [3, 'client', 'E_REF_NOT_FOUND'],
      [3, 'productNo', 'E_DUPLICATE'],
      [4, 'clientPo', 'E_FORMAT'],
    ]);
    expect(errors[0]).toMatchObject({ value: 'NO-SUCH', zh: '工厂不存在', en: 'Factory does not exist' });
    expect((await db.select({ n: count() }).from(orders))[0]!.n).toBe(before);
  });

  it('gives an order the shipment of the feed once, and sets its status on the upstream’s word', async () => {
    const db = t.database.db;
    const e = unique('ERP-E');
    const etd = addDays(businessDate(), 20);
    const shipped = { vehicle: 'TRUCK', etd, containerNo: 'CSQU3054383' };
    const first = [row(e, `${e}-1`, shipped), row(e, `${e}-2`, shipped)];
    await t.client.ok(ops.syncOrders, { ref: 'ERP-SHIP-1', rows: first }, { token: upstream });
    const [order] = await db.select().from(orders).where(eq(orders.orderNo, e));
    const detail = await t.client.ok(ops.getOrder, { id: String(order!.id) }, { token: upstream });
    expect(detail.shipping).toMatchObject({
      status: 10,
      containerNo: 'CSQU3054383',
      vehicle: { code: 'TRUCK' },
      etd,
    });
    const again = await t.client.ok(ops.syncOrders, { ref: 'ERP-SHIP-2', rows: first }, { token: upstream });
    expect(again).toMatchObject({ updated: 0, unchanged: 1 });
    const status = first.map((r) => ({ ...r, shippingStatus: 30 }));
    const done = await t.client.ok(ops.syncOrders, { ref: 'ERP-SHIP-3', rows: status }, { token: upstream });
    expect(done).toMatchObject({ updated: 1 });
    const after = await t.client.ok(ops.getOrder, { id: String(order!.id) }, { token: upstream });
    expect(after.shipping).toMatchObject({ id: detail.shipping!.id, status: 30 });

    const f = unique('ERP-F');
    const { result } = await t.client.call(
      ops.syncOrders,
      {
        ref: 'ERP-SHIP-BAD',
        rows: [
          row(f, `${f}-1`, { shippingStatus: 30 }),
          row(unique('ERP-G'), `${f}-9`, { vehicle: 'TRUCK' }),
        ],
      },
      { token: upstream },
    );
    const errors = (result.data as unknown as { errors: Record<string, unknown>[] }).errors;
    expect(errors.map((x) => [x.row, x.column, x.reason])).toEqual([
      [1, 'shippingStatus', 'E_STATUS'],
      [2, 'etd', 'E_REQUIRED'],
    ]);
  });

  it('needs order.sync', async () => {
    const sales = await signInAs(t, 'SALES');
    const { result } = await t.client.call(
      ops.syncOrders,
      { ref: 'X', rows: [row('X-1', 'X-1-1')] },
      { token: sales },
    );
    expect(result).toMatchObject({ success: false, reason: 'E_PERMISSION' });
  });
});

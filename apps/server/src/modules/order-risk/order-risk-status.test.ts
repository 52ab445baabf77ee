import { areas } from '@qcdesk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unique } from '../../../test/support/factories';
import { signInAs } from '../../../test/support/identity';
import { startTestApp, type TestApp } from '../../../test/support/test-app';
import { orderRisks } from '../../db/schema/order-risk';
import { productTestStatus } from '../../domain/product-test-status';
import { buildOrder } from '../order/order.factory';
import { buildOrderRisk } from './order-risk.factory';

// Issue 16 through the envelope: each order product's test status at a glance (order detail and
// order list), from its valid order risk as domain/product-test-status.ts derives it (with no
// published report; issue 25's reports are in test-report-product-status.test.ts); the order-risk
// list's sorts. (Its export is exported by list-export.test.ts with every other list.)

let t: TestApp;
let qc: string;

beforeAll(async () => {
  t = await startTestApp();
  qc = await signInAs(t, 'QC');
});
afterAll(() => t.close());

/** A risk of `status` and `result` on each product but the first (which keeps none). */
async function orderWithRisks(cases: readonly { status: number; result: number }[]) {
  const db = t.database.db;
  const { order, products } = await buildOrder(db, { lines: [{}, ...cases.map(() => ({}))] });
  const risks = [];
  for (const [i, c] of cases.entries()) {
    risks.push(await buildOrderRisk(db, { orderId: order.id, orderProductId: products[i + 1]!.id, ...c }));
  }
  return { order, products, risks };
}

describe('the product test status (issue 16)', () => {
  it('shows none, open, passed, failed and waived on the order’s detail and list, with the risk', async () => {
    const cases = [
      { status: 10, result: 0 }, // open
      { status: 20, result: 0 }, // open
      { status: 30, result: 1 }, // passed
      { status: 30, result: 3 }, // failed (fail)
      { status: 30, result: 2 }, // failed (improve)
      { status: 40, result: 4 }, // waived
    ];
    const { order, products, risks } = await orderWithRisks(cases);
    const expected = ['none', 'open', 'open', 'passed', 'failed', 'failed', 'waived'];
    const detail = await t.client.ok(areas.order.getOrder, { id: String(order.id) }, { token: qc });
    const byId = new Map(detail.products.map((p) => [p.id, p]));
    expect(products.map((p) => byId.get(String(p.id))?.testStatus)).toEqual(expected);
    expect(byId.get(String(products[0]!.id))?.risk).toBeNull();
    expect(byId.get(String(products[3]!.id))?.risk).toEqual({ id: String(risks[2]!.id) });

    const list = await t.client.ok(areas.order.searchOrders, { orderNo: order.orderNo }, { token: qc });
    const rows = new Map(list.list.map((p) => [p.id, p]));
    expect(products.map((p) => rows.get(String(p.id))?.testStatus)).toEqual(expected);
    expect(rows.get(String(products[6]!.id))?.risk).toEqual({ id: String(risks[5]!.id) });
  });

  it('reads the valid risk only: a deleted risk leaves the product with none', async () => {
    const { order, products, risks } = await orderWithRisks([{ status: 30, result: 1 }]);
    await t.database.db.update(orderRisks).set({ valid: 0 }).where(eq(orderRisks.id, risks[0]!.id));
    const detail = await t.client.ok(areas.order.getOrder, { id: String(order.id) }, { token: qc });
    const product = detail.products.find((p) => p.id === String(products[1]!.id));
    expect(product).toMatchObject({ testStatus: 'none', risk: null });
  });

  it('answers what productTestStatus derives, for every risk status and result', async () => {
    const cases = [10, 20, 30, 40].flatMap((status) =>
      [0, 1, 2, 3, 4, 5, 6].map((result) => ({ status, result })),
    );
    const { order, products } = await orderWithRisks(cases);
    const detail = await t.client.ok(areas.order.getOrder, { id: String(order.id) }, { token: qc });
    const byId = new Map(detail.products.map((p) => [p.id, p.testStatus]));
    for (const [i, c] of cases.entries()) {
      expect(byId.get(String(products[i + 1]!.id)), JSON.stringify(c)).toBe(productTestStatus(c));
    }
  });
});

describe('orderrisk/search sorts', () => {
  it('by the product’s order no and delivery date and by the risk’s status, both ways', async () => {
    const db = t.database.db;
    const token = unique('SRT');
    // Row i: order no rank i; delivery date ranks 2, 0, 1; status ranks 1, 2, 0.
    const rows = [
      { letter: 'A', date: '2031-03-03', status: 20 },
      { letter: 'B', date: '2031-03-01', status: 40 },
      { letter: 'C', date: '2031-03-02', status: 10 },
    ];
    const ids: string[] = [];
    for (const r of rows) {
      const { order, products } = await buildOrder(db, {
        orderNo: `${token}${r.letter}`,
        lines: [{ deliveryDate: r.date }],
      });
      const risk = await buildOrderRisk(db, {
        orderId: order.id,
        orderProductId: products[0]!.id,
        status: r.status,
      });
      ids.push(String(risk.id));
    }
    const [a, b, c] = ids as [string, string, string];
    const sorted = async (sort: 'orderNo' | 'deliveryDate' | 'status', order: 'asc' | 'desc') =>
      (
        await t.client.ok(areas.orderRisk.searchOrderRisks, { productNo: token, sort, order }, { token: qc })
      ).list.map((r) => r.id);
    expect(await sorted('orderNo', 'asc')).toEqual([a, b, c]);
    expect(await sorted('orderNo', 'desc')).toEqual([c, b, a]);
    expect(await sorted('deliveryDate', 'asc')).toEqual([b, c, a]);
    expect(await sorted('deliveryDate', 'desc')).toEqual([a, c, b]);
    expect(await sorted('status', 'asc')).toEqual([c, a, b]);
    expect(await sorted('status', 'desc')).toEqual([b, a, c]);
    const bad = await t.client.call(areas.orderRisk.searchOrderRisks, { sort: 'factory' } as never, {
      token: qc,
      lang: 'en',
    });
    expect(bad.result).toMatchObject({ reason: 'E_FORMAT' });
  });
});

import { areas } from '@qcdesk/contract';
import { TEST_REPORT_STATUS } from '@qcdesk/contract/test-report';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, signIn, signInAs } from '../../../test/support/identity';
import { startTestApp, type TestApp } from '../../../test/support/test-app';
import { users } from '../../db/schema/identity';
import { businessDate } from '../../platform/business-time';
import { buildTestReport } from '../test-report/test-report.factory';
import { orderExport } from './order.export';
import { buildOrder } from './order.factory';
import { addDays } from './order.rules';

// Issue 25: a product's compliance through the envelope (order/product/compliance) — the published
// reports that concern it, expired ones flagged and left out of the worst current result — in the
// order's record scope, and its column in the order export.

const ops = areas.order;
const { published, pending } = TEST_REPORT_STATUS;
let t: TestApp;
let sales: string;

beforeAll(async () => {
  t = await startTestApp();
  sales = await signInAs(t, 'SALES');
});
afterAll(() => t.close());

const db = () => t.database.db;
const today = businessDate();

/** An order of two products: the first with four reports (one not published), the second with none. */
async function orderWithReports() {
  const { order, products } = await buildOrder(db(), { lines: [{}, {}] });
  const productId = products[0]!.id;
  const tag = String(productId);
  const ours = await buildTestReport(db(), {
    orderProductId: productId,
    status: published,
    reportType: 1,
    reportNo: `OURS-${tag}`,
    reportDate: addDays(today, -10),
    results: [2],
    result: 2,
  });
  const factory = await buildTestReport(db(), {
    orderProductId: productId,
    status: published,
    reportNo: `FAC-${tag}`,
    reportDate: addDays(today, -200),
    validUntil: today, // the last valid day still counts
    results: [1],
    result: 1,
  });
  const expired = await buildTestReport(db(), {
    orderProductId: productId,
    status: published,
    reportType: 4,
    reportNo: `CLI-${tag}`,
    reportDate: addDays(today, -400),
    validUntil: addDays(today, -1),
    results: [3],
    result: 3,
  });
  await buildTestReport(db(), { orderProductId: productId, status: pending, results: [3], result: 3 });
  return { order, products, ours, factory, expired };
}

describe('order/product/compliance', () => {
  it('lists the published reports newest first, flags the expired one and leaves it out of the result', async () => {
    const { products, ours, factory, expired } = await orderWithReports();
    const compliance = await t.client.ok(
      ops.getProductCompliance,
      { orderProductId: String(products[0]!.id) },
      { token: sales },
    );
    expect(compliance).toMatchObject({ result: 2, expired: 1 });
    expect(compliance.reports).toEqual([
      expect.objectContaining({
        id: String(ours.id),
        reportNo: ours.reportNo,
        reportType: 1,
        lab: expect.objectContaining({ code: 'SGS-SZ' }),
        reportDate: addDays(today, -10),
        validUntil: null,
        result: 2,
        expired: false,
      }),
      expect.objectContaining({ id: String(factory.id), reportType: 3, validUntil: today, expired: false }),
      expect.objectContaining({ id: String(expired.id), reportType: 4, result: 3, expired: true }),
    ]);

    const none = await t.client.ok(
      ops.getProductCompliance,
      { orderProductId: String(products[1]!.id) },
      { token: sales },
    );
    expect(none).toEqual({ result: null, expired: 0, reports: [] });
  });

  it('is read in the order’s scope: another department and another client are refused', async () => {
    const { order, products } = await orderWithReports();
    const input = { orderProductId: String(products[0]!.id) };

    const elsewhere = await buildUser(db(), { role: 'SALES', department: 'SALES2' });
    const refused = await t.client.call(ops.getProductCompliance, input, {
      token: await signIn(t, elsewhere.username),
    });
    expect(refused.result).toMatchObject({ success: false, reason: 'E_SCOPE' });

    const own = await buildUser(db(), { role: 'CLIENT', department: 'EXT' });
    await db().update(users).set({ clientId: order.clientId }).where(eq(users.id, own.id));
    const seen = await t.client.ok(ops.getProductCompliance, input, { token: await signIn(t, own.username) });
    expect(seen).toMatchObject({ result: 2, expired: 1 });

    const { order: other } = await buildOrder(db());
    const stranger = await buildUser(db(), { role: 'CLIENT', department: 'EXT' });
    await db().update(users).set({ clientId: other.clientId }).where(eq(users.id, stranger.id));
    const hidden = await t.client.call(ops.getProductCompliance, input, {
      token: await signIn(t, stranger.username),
    });
    expect(hidden.result).toMatchObject({ success: false, reason: 'E_SCOPE' });
  });

  it('refuses an unknown product (E_NOT_FOUND) and a malformed id (E_FORMAT)', async () => {
    const unknown = await t.client.call(
      ops.getProductCompliance,
      { orderProductId: '999999999' },
      { token: sales },
    );
    expect(unknown.result).toMatchObject({ success: false, reason: 'E_NOT_FOUND' });
    const bad = await t.client.call(ops.getProductCompliance, { orderProductId: 'abc' }, { token: sales });
    expect(bad.result).toMatchObject({ success: false, reason: 'E_FORMAT', field: 'orderProductId' });
  });
});

describe('the order export', () => {
  it('has each product’s compliance in words, in the reader’s language', async () => {
    const { products } = await orderWithReports();
    const rows = await orderExport.rows(
      db(),
      products.map((p) => p.id),
    );
    const column = orderExport.columns.find((c) => c.key === 'compliance')!;
    const words = (lang: 'zh' | 'en') =>
      products.map((p) =>
        column.value(
          rows.find((r) => orderExport.keyOf(r) === p.id),
          lang,
        ),
      );
    expect(words('en')).toEqual(['Improve (1 expired)', '']);
    expect(words('zh')).toEqual(['需改进（1份已过期）', '']);
  });
});

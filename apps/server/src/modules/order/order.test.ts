import { areas } from '@qcdesk/contract';
import { homeSearch } from '@qcdesk/contract/home-search';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idOf, unique } from '../../../test/support/factories';
import { buildUser, signIn, signInAs } from '../../../test/support/identity';
import { startTestApp, type TestApp } from '../../../test/support/test-app';
import { departments } from '../../db/schema/identity';
import { orderProducts } from '../../db/schema/order';
import { businessDate } from '../../platform/business-time';
import { buildOrder } from './order.factory';
import { addDays } from './order.rules';

// The order list through the envelope (spec §3 Product filters, DOMAIN.md §2.4, §2.11, §5.4):
// each filter, the sorts, the capped total, the record scope, the auto-completes and home search.

const ops = areas.order;
let t: TestApp;
let admin: string;
let sales: string;

beforeAll(async () => {
  t = await startTestApp();
  [admin, sales] = await Promise.all([signInAs(t, 'ADMIN'), signInAs(t, 'SALES')]);
});
afterAll(() => t.close());

const ids = (page: { list: { id: string }[] }) => page.list.map((p) => p.id);
const search = (input: Record<string, unknown>, token = admin) =>
  t.client.ok(ops.searchOrders, { pageSize: 100, ...input }, { token });

describe('order/search', () => {
  it('finds products by each filter of spec §3', async () => {
    const db = t.database.db;
    const tag = unique('').toLowerCase();
    const { order, products } = await buildOrder(db, {
      orderNo: `ORD-${tag}-77`,
      clientPo: `PO-${tag}-88`,
      lines: [
        { sku: `SKU-${tag}-ab`, itemNo: `ITEM-${tag}-1`, factory: 'F-HM-SZ', due: 3, productType: 2 },
        { sku: `SKU-${tag}-cd`, itemNo: `ITEM-${tag}-2`, factory: 'F-PL-ST', due: 45, productType: 1 },
      ],
    });
    const [first, second] = products.map((p) => String(p.id));
    const both = [second, first];
    expect(ids(await search({ orderNo: `${tag}-77` }))).toEqual(both);
    expect(ids(await search({ po: `${tag.toUpperCase()}-88` }))).toEqual(both);
    expect(ids(await search({ productNo: products[0]!.productNo.slice(2) }))).toEqual([first]);
    expect(ids(await search({ sku: `${tag}-CD` }))).toEqual([second]);
    expect(ids(await search({ itemNo: `${tag}-1` }))).toEqual([first]);
    expect(ids(await search({ client: String(order.clientId) }))).toEqual(both);
    // Factory has: code, Chinese name (2 characters: the bigram path), English name.
    expect(ids(await search({ client: String(order.clientId), factory: 'hm-sz' }))).toEqual([first]);
    expect(ids(await search({ client: String(order.clientId), factory: '华美' }))).toEqual([first]);
    expect(ids(await search({ client: String(order.clientId), factory: 'Pengle' }))).toEqual([second]);
    const today = businessDate();
    const window = { startTime: addDays(today, 30), endTime: addDays(today, 60) };
    expect(ids(await search({ client: String(order.clientId), ...window }))).toEqual([second]);
    expect(ids(await search({ client: String(order.clientId), type: 2 }))).toEqual([first]);
    const department = await idOf(db, departments, 'SALES1');
    expect(ids(await search({ orderNo: `${tag}-77`, department: String(department) }))).toEqual(both);
    const row = (await search({ itemNo: `${tag}-1` })).list[0]!;
    expect(row).toMatchObject({
      order: { id: String(order.id), orderNo: `ORD-${tag}-77`, clientPo: `PO-${tag}-88` },
      factory: { code: 'F-HM-SZ' },
      department: { code: 'SALES1' },
      quantity: 1000,
      productType: 2,
      qc: null,
      originalSample: null,
    });
  });

  it('sorts by order no, PO, delivery date and created date, and pages without a total', async () => {
    const db = t.database.db;
    const tag = unique('S').toLowerCase();
    const lines = [{ due: 9 }, { due: 3 }];
    const a = await buildOrder(db, { orderNo: `${tag}-B`, clientPo: `${tag}-PO-A`, lines });
    const b = await buildOrder(db, { orderNo: `${tag}-A`, clientPo: `${tag}-PO-B`, lines: [{ due: 5 }] });
    const all = { orderNo: '', po: undefined };
    const byTag = { ...all, productNo: tag };
    const noOf = (page: { list: { productNo: string }[] }) => page.list.map((p) => p.productNo);
    const [a1, a2] = a.products.map((p) => p.productNo);
    const [b1] = b.products.map((p) => p.productNo);
    expect(noOf(await search({ ...byTag, sort: 'orderNo' }))).toEqual([b1, a1, a2]);
    expect(noOf(await search({ ...byTag, sort: 'orderNo', order: 'desc' }))).toEqual([a2, a1, b1]);
    expect(noOf(await search({ ...byTag, sort: 'po' }))).toEqual([a1, a2, b1]);
    expect(noOf(await search({ ...byTag, sort: 'deliveryDate' }))).toEqual([a2, b1, a1]);
    expect(noOf(await search({ ...byTag, sort: 'createdAt', order: 'desc' }))).toEqual([b1, a2, a1]);
    expect(noOf(await search({ ...byTag }))).toEqual([b1, a2, a1]);
    const later = await search({ ...byTag, page: 2, pageSize: 2, count: false });
    expect(later).toMatchObject({ total: null, totalCapped: false });
    expect(noOf(later)).toEqual([a1]);
    expect(await search({ ...byTag, pageSize: 2 })).toMatchObject({ total: 3, totalCapped: false });
  });

  it('lists the caller’s due-soon and overdue products with `work`', async () => {
    const db = t.database.db;
    const qc = await buildUser(db, { role: 'QC', department: 'QC', position: 2 });
    const { products } = await buildOrder(db, { lines: [{ due: -3 }, { due: 4 }, { due: 30 }] });
    await db
      .update(orderProducts)
      .set({ qcId: qc.id })
      .where(eq(orderProducts.orderId, products[0]!.orderId));
    const token = await signIn(t, qc.username);
    const work = await t.client.ok(ops.searchOrders, { work: true }, { token });
    expect(ids(work).sort()).toEqual(
      products
        .slice(0, 2)
        .map((p) => String(p.id))
        .sort(),
    );
  });

  it('refuses E_DATE_RANGE and a department outside the caller’s scope', async () => {
    const bad = await t.client.call(
      ops.searchOrders,
      { startTime: '2026-05-02', endTime: '2026-05-01' },
      { token: admin, lang: 'en' },
    );
    expect(bad.result).toMatchObject({ success: false, reason: 'E_DATE_RANGE', field: 'endTime' });
    const other = await idOf(t.database.db, departments, 'SALES2');
    const refused = await t.client.call(ops.searchOrders, { department: String(other) }, { token: sales });
    expect(refused.result).toMatchObject({ success: false, reason: 'E_SCOPE' });
  });
});

describe('record scope', () => {
  it('shows a SALES user its department’s orders only', async () => {
    const db = t.database.db;
    const elsewhere = await buildUser(db, { role: 'SALES', department: 'SALES2' });
    const mine = await buildOrder(db);
    const theirs = await buildOrder(db, { sales: elsewhere.username });
    const tag = { productNo: '' };
    const seen = ids(await search({ ...tag, client: String(mine.order.clientId) }, sales));
    expect(seen).toHaveLength(2);
    expect(ids(await search({ client: String(theirs.order.clientId) }, sales))).toEqual([]);
    const read = await t.client.call(ops.getOrder, { id: String(theirs.order.id) }, { token: sales });
    expect(read.result).toMatchObject({ success: false, reason: 'E_SCOPE' });
    const own = await t.client.call(ops.getOrder, { id: String(mine.order.id) }, { token: sales });
    expect(own.result).toMatchObject({ success: true, modify: true });
    const inspector = await t.client.call(ops.searchOrders, {}, { token: await signInAs(t, 'INSPECTOR') });
    expect(inspector.result).toMatchObject({ success: false, reason: 'E_PERMISSION' });
  });
});

describe('auto-completes and home search', () => {
  it('finds orders by order no or PO ending and products by product no containing', async () => {
    const db = t.database.db;
    const tag = unique('H').toLowerCase();
    const { order, products } = await buildOrder(db, { orderNo: `ORD${tag}X1`, clientPo: `CPO${tag}Y2` });
    const orders = await t.client.ok(ops.listOrders, { keyword: `${tag}y2` }, { token: sales });
    expect(orders.list).toMatchObject([{ id: String(order.id), orderNo: `ORD${tag}X1` }]);
    const lines = await t.client.ok(
      ops.listOrderProducts,
      { keyword: products[1]!.productNo.slice(3) },
      { token: sales },
    );
    expect(lines.list).toMatchObject([{ id: String(products[1]!.id), orderId: String(order.id) }]);

    const found = await t.client.ok(homeSearch, { term: `${tag}Y2` }, { token: sales });
    const group = (source: string) => found.groups.find((g) => g.source === source)?.hits ?? [];
    expect(group('order')).toMatchObject([{ id: String(order.id), title: `ORD${tag}X1` }]);
    const byProduct = await t.client.ok(
      homeSearch,
      { term: products[0]!.productNo.slice(1) },
      { token: sales },
    );
    expect(byProduct.groups.find((g) => g.source === 'orderProduct')?.hits).toMatchObject([
      { id: String(products[0]!.id), parentId: String(order.id) },
    ]);
    const other = await buildUser(db, { role: 'SALES', department: 'SALES2' });
    const outsider = await t.client.ok(
      homeSearch,
      { term: `${tag}Y2` },
      { token: await signIn(t, other.username) },
    );
    expect(outsider.groups.find((g) => g.source === 'order')?.hits).toEqual([]);
  });
});

import { changeLog } from '@qcdesk/contract/config';
import { createProductTrack, getProductTrack, updateProductTrack } from '@qcdesk/contract/product-track';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, demoUsername, signInAs } from '../../../test/support/identity';
import { startTestApp, type TestApp } from '../../../test/support/test-app';
import { users } from '../../db/schema/identity';
import { orderProducts } from '../../db/schema/order';
import { buildOrder } from '../order/order.factory';

// Product tracking (DOMAIN.md §2.9, §5.2): read with order.search, written with order.edit; the
// remark is internal and never reaches external CLIENT users; the record scope is the order
// product's (its order's department and client, DOMAIN.md §5.4).

let t: TestApp;
let admin: string;
let client: string;
let lab: string;
let inspector: string;
let sales: string;

/** A fresh order product (of a demo.sales client unless told). */
const productId = async (owner?: string) =>
  String((await buildOrder(t.database.db, owner ? { sales: owner } : {})).products[0]!.id);

beforeAll(async () => {
  t = await startTestApp();
  [admin, client, lab, inspector, sales] = await Promise.all([
    signInAs(t, 'ADMIN'),
    signInAs(t, 'CLIENT'),
    signInAs(t, 'LAB'),
    signInAs(t, 'INSPECTOR'),
    signInAs(t, 'SALES'),
  ]);
});
afterAll(() => t.close());

describe('producttrack', () => {
  it('shows the internal remark to staff and never to CLIENT users', async () => {
    const db = t.database.db;
    const orderProductId = await productId();
    await t.client.ok(
      createProductTrack,
      {
        orderProductId,
        milestone: 'SHIPPED',
        plannedDate: '2026-12-01',
        remark: 'factory late, do not tell',
      },
      { token: admin },
    );
    const staff = await t.client.ok(getProductTrack, { orderProductId }, { token: lab });
    expect(staff.list[0]).toMatchObject({ milestone: 'SHIPPED', remark: 'factory late, do not tell' });
    // A CLIENT user reads the products of its own client only, and never the remark.
    const outside = await t.client.call(getProductTrack, { orderProductId }, { token: client });
    expect(outside.result).toMatchObject({ success: false, reason: 'E_SCOPE' });
    const [product] = await db
      .select()
      .from(orderProducts)
      .where(eq(orderProducts.id, BigInt(orderProductId)));
    await db
      .update(users)
      .set({ clientId: product!.clientId })
      .where(eq(users.username, demoUsername('CLIENT')));
    const own = await signInAs(t, 'CLIENT');
    const external = await t.client.ok(getProductTrack, { orderProductId }, { token: own });
    expect(external.list[0]).toMatchObject({ milestone: 'SHIPPED', plannedDate: '2026-12-01', remark: null });
  });

  it('checks the permissions of DOMAIN.md §5.2: order.search reads, order.edit writes', async () => {
    const orderProductId = await productId();
    const created = await t.client.ok(
      createProductTrack,
      { orderProductId, milestone: 'LOADED' },
      { token: admin },
    );
    const read = await t.client.call(getProductTrack, { orderProductId }, { token: inspector });
    expect(read.result).toMatchObject({ success: false, reason: 'E_PERMISSION' });
    const write = await t.client.call(
      updateProductTrack,
      { id: created.id, version: created.version, remark: 'changed' },
      { token: lab },
    );
    expect(write.result).toMatchObject({ success: false, reason: 'E_PERMISSION' });
    const add = await t.client.call(
      createProductTrack,
      { orderProductId, milestone: 'SHIPPED' },
      { token: client },
    );
    expect(add.result).toMatchObject({ success: false, reason: 'E_PERMISSION' });
    const after = await t.client.ok(getProductTrack, { orderProductId }, { token: admin });
    expect(after.list).toHaveLength(1);
    expect(after.list[0]!.remark).toBeNull();
  });

  it('scopes tracks through the order product: a SALES user reads its department, writes its clients', async () => {
    const db = t.database.db;
    const colleague = await buildUser(db, { role: 'SALES', department: 'SALES1' });
    const stranger = await buildUser(db, { role: 'SALES', department: 'SALES2' });
    const own = await productId();
    const colleagues = await productId(colleague.username);
    const foreign = await productId(stranger.username);
    await t.client.ok(createProductTrack, { orderProductId: own, milestone: 'TESTED' }, { token: sales });
    const write = await t.client.call(
      createProductTrack,
      { orderProductId: colleagues, milestone: 'TESTED' },
      { token: sales },
    );
    expect(write.result).toMatchObject({ success: false, reason: 'E_SCOPE' });
    expect(
      (await t.client.ok(getProductTrack, { orderProductId: colleagues }, { token: sales })).list,
    ).toEqual([]);
    const read = await t.client.call(getProductTrack, { orderProductId: foreign }, { token: sales });
    expect(read.result).toMatchObject({ success: false, reason: 'E_SCOPE' });
    const missing = await t.client.call(
      createProductTrack,
      { orderProductId: '9100001', milestone: 'TESTED' },
      { token: admin },
    );
    expect(missing.result).toMatchObject({
      success: false,
      reason: 'E_REF_NOT_FOUND',
      field: 'orderProductId',
    });
  });

  it('creates, reads and updates an order product’s milestones', async () => {
    const orderProductId = await productId();
    const input = { orderProductId, milestone: 'INSPECTED', plannedDate: '2030-05-20' };
    expect(
      (await t.client.call(createProductTrack, { ...input, milestone: 'LUNCH' }, { token: sales })).result,
    ).toMatchObject({ reason: 'E_FORMAT', field: 'milestone' });
    const created = await t.client.ok(createProductTrack, input, { token: sales });
    await t.client.ok(createProductTrack, { orderProductId, milestone: 'SAMPLE_AUDITED' }, { token: sales });
    expect((await t.client.call(createProductTrack, input, { token: sales })).result).toMatchObject({
      reason: 'E_DUPLICATE',
      field: 'milestone',
    });
    const updated = await t.client.ok(
      updateProductTrack,
      { id: created.id, version: 0, actualDate: '2030-05-21' },
      { token: sales },
    );
    expect(updated).toMatchObject({ version: 1, actualDate: '2030-05-21' });
    const stale = await t.client.call(
      updateProductTrack,
      { id: created.id, version: 0, remark: 'late' },
      { token: sales },
    );
    expect(stale.result).toMatchObject({ reason: 'E_VERSION' });
    const track = await t.client.ok(getProductTrack, { orderProductId }, { token: admin });
    expect(track.list.map((m) => m.milestone)).toEqual(['SAMPLE_AUDITED', 'INSPECTED']);
    const log = await t.client.ok(changeLog, { entity: 'product_tracks', id: created.id }, { token: admin });
    expect(log.list.map((e) => e.action)).toEqual(['update', 'create']);
  });
});

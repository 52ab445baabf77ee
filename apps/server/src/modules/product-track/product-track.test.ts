import { createProductTrack, getProductTrack, updateProductTrack } from '@qcdesk/contract/product-track';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../../test/support/identity';
import { startTestApp, type TestApp } from '../../../test/support/test-app';

// Product tracking (DOMAIN.md §2.9, §5.2): read with order.search, written with order.edit; the
// remark is internal and never reaches external CLIENT users. The scope through the order product
// (department, client) and the reference check come with the order tables.

let t: TestApp;
let admin: string;
let client: string;
let lab: string;
let inspector: string;

beforeAll(async () => {
  t = await startTestApp();
  [admin, client, lab, inspector] = await Promise.all([
    signInAs(t, 'ADMIN'),
    signInAs(t, 'CLIENT'),
    signInAs(t, 'LAB'),
    signInAs(t, 'INSPECTOR'),
  ]);
});
afterAll(() => t.close());

describe('producttrack', () => {
  it('shows the internal remark to staff and never to CLIENT users', async () => {
    const orderProductId = '9100001';
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
    const external = await t.client.ok(getProductTrack, { orderProductId }, { token: client });
    expect(external.list[0]).toMatchObject({ milestone: 'SHIPPED', plannedDate: '2026-12-01', remark: null });
  });

  it('checks the permissions of DOMAIN.md §5.2: order.search reads, order.edit writes', async () => {
    const orderProductId = '9100002';
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
});

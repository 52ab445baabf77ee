import { areas } from '@qcdesk/contract';
import { addToCart, removeFromCart } from '@qcdesk/contract/original-sample';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { master, unique, userId } from '../../../test/support/factories';
import { buildUser, signInAs } from '../../../test/support/identity';
import { startTestApp, type TestApp } from '../../../test/support/test-app';
import { originalSamples } from '../../db/schema/original-sample';
import { changeLog } from '../../db/schema/platform';
import { buildClient } from '../client/client.factory';
import { buildMaterial } from '../material/material.factory';
import { buildOriginalSample } from './original-sample.factory';

// Original samples through the envelope (DOMAIN.md §2.3, §6.1): search by each filter, create with
// parts and materials, the part/material set, scope, and the server side of the cart.

const ops = areas.originalSample;
let t: TestApp;
let qc: string;
let sales: string;

beforeAll(async () => {
  t = await startTestApp();
  [qc, sales] = await Promise.all([signInAs(t, 'QC'), signInAs(t, 'SALES')]);
});
afterAll(() => t.close());

const ids = (page: { list: { id: string }[] }) => page.list.map((s) => s.id);

describe('originalsample/search', () => {
  it('finds by item no ending, name, completeness (complete by default) and client', async () => {
    const db = t.database.db;
    const material = await buildMaterial(db);
    const client = await buildClient(db);
    const itemNo = unique('XMAS-');
    const complete = await buildOriginalSample(db, {
      itemNo,
      name: unique('圣诞麋鹿 Christmas reindeer '),
      clientId: client.id,
      parts: { BODY: [material.id] },
    });
    const incomplete = await buildOriginalSample(db, {
      name: unique('圣诞麋鹿 spare '),
      parts: { BODY: [] },
    });
    expect(
      ids(
        await t.client.ok(ops.searchOriginalSamples, { itemNo: itemNo.slice('XMAS-'.length) }, { token: qc }),
      ),
    ).toEqual([String(complete.id)]);
    const byName = await t.client.ok(
      ops.searchOriginalSamples,
      { name: '麋鹿', pageSize: 100 },
      { token: qc },
    );
    expect(ids(byName)).toContain(String(complete.id));
    expect(ids(byName)).not.toContain(String(incomplete.id));
    const all = await t.client.ok(
      ops.searchOriginalSamples,
      { name: '麋鹿', complete: null, pageSize: 100 },
      { token: qc },
    );
    expect(ids(all)).toEqual(expect.arrayContaining([String(complete.id), String(incomplete.id)]));
    const open = await t.client.ok(
      ops.searchOriginalSamples,
      { name: '麋鹿', complete: false },
      { token: qc },
    );
    expect(ids(open)).toEqual([String(incomplete.id)]);
    const ofClient = await t.client.ok(
      ops.searchOriginalSamples,
      { client: String(client.id) },
      { token: qc },
    );
    expect(ofClient.list).toMatchObject([
      { id: String(complete.id), client: { code: client.code }, partCount: 1 },
    ]);
  });

  it('keeps sales to samples of clients in their department and shared samples', async () => {
    const db = t.database.db;
    const other = await buildUser(db, { role: 'SALES', department: 'SALES2' });
    const theirs = await buildOriginalSample(db, {
      clientId: (await buildClient(db, { sales: other.username })).id,
      parts: {},
    });
    const shared = await buildOriginalSample(db, { parts: {} });
    const seen = ids(
      await t.client.ok(ops.searchOriginalSamples, { complete: null, pageSize: 100 }, { token: sales }),
    );
    expect(seen).toContain(String(shared.id));
    expect(seen).not.toContain(String(theirs.id));
    const read = await t.client.call(ops.getOriginalSample, { id: String(theirs.id) }, { token: sales });
    expect(read.result.reason).toBe('E_SCOPE');
  });
});

describe('originalsample/create, details, update, material/update', () => {
  it('creates with parts and materials, completes, replaces the set and logs it on the sample', async () => {
    const db = t.database.db;
    const fabric = await buildMaterial(db, { materialType: 'TEXTILE' });
    const filling = await buildMaterial(db, { materialType: 'TEXTILE' });
    const body = String(await master.part(db, 'BODY'));
    const fabricPart = String(await master.part(db, 'FABRIC'));
    const created = await t.client.ok(
      ops.createOriginalSample,
      {
        itemNo: unique('PB-'),
        name: '毛绒兔子 / Plush bunny',
        parts: [
          {
            partId: fabricPart,
            materials: [{ materialId: String(fabric.id), percentage: 100, colour: '粉色 pink' }],
          },
          { partId: body, materials: [] },
        ],
      },
      { token: qc },
    );
    expect(created).toMatchObject({ complete: false, partCount: 2, client: null, version: 0 });
    expect(created.parts[0]).toMatchObject({
      part: { code: 'FABRIC' },
      materials: [{ material: { upc: fabric.upc }, percentage: 100, colour: '粉色 pink' }],
    });

    const filled = await t.client.ok(
      ops.updateOriginalSampleMaterials,
      {
        id: created.id,
        version: 0,
        parts: [
          {
            partId: fabricPart,
            materials: [{ materialId: String(fabric.id), percentage: 90, colour: '粉色 pink' }],
          },
          { partId: body, materials: [{ materialId: String(filling.id) }] },
        ],
      },
      { token: qc },
    );
    expect(filled).toMatchObject({ complete: true, version: 1 });
    const trimmed = await t.client.ok(
      ops.updateOriginalSampleMaterials,
      {
        id: created.id,
        version: 1,
        parts: [{ partId: body, materials: [{ materialId: String(filling.id) }] }],
      },
      { token: qc },
    );
    expect(trimmed).toMatchObject({ complete: true, partCount: 1, version: 2 });
    const [log, before] = await db
      .select()
      .from(changeLog)
      .where(and(eq(changeLog.entity, 'original_samples'), eq(changeLog.entityId, BigInt(created.id))))
      .orderBy(desc(changeLog.id));
    expect(before!.changes).toEqual(
      expect.arrayContaining([
        { field: `parts[FABRIC].materials[${fabric.upc}].percentage`, from: '100.00', to: '90.00' },
        {
          field: `parts[BODY].materials[${filling.upc}]`,
          from: null,
          to: { percentage: null, colour: null, sort: 0 },
        },
        { field: 'complete', from: false, to: true },
      ]),
    );
    expect(log!.changes).toEqual(
      expect.arrayContaining([{ field: 'parts[FABRIC]', from: { sort: 0 }, to: null }]),
    );
    const [create] = await db
      .select()
      .from(changeLog)
      .where(
        and(
          eq(changeLog.entity, 'original_samples'),
          eq(changeLog.entityId, BigInt(created.id)),
          eq(changeLog.action, 'create'),
        ),
      );
    expect(create!.changes.map((change) => change.field)).toEqual(
      expect.arrayContaining([
        'itemNo',
        'parts[FABRIC]',
        `parts[FABRIC].materials[${fabric.upc}]`,
        'parts[BODY]',
      ]),
    );
    const stale = await t.client.call(
      ops.updateOriginalSampleMaterials,
      { id: created.id, version: 1, parts: [] },
      { token: qc },
    );
    expect(stale.result.reason).toBe('E_VERSION');
  });

  it('keeps item numbers unique per client and validates with bilingual messages', async () => {
    const itemNo = unique('DUP-');
    await t.client.ok(ops.createOriginalSample, { itemNo, name: '样品 A' }, { token: qc });
    const twice = await t.client.call(
      ops.createOriginalSample,
      { itemNo: itemNo.toLowerCase(), name: '样品 B' },
      { token: qc, lang: 'en' },
    );
    expect(twice.result).toMatchObject({
      reason: 'E_DUPLICATE',
      field: 'itemNo',
      error: 'Item no already exists',
    });
    const client = await buildClient(t.database.db);
    const other = await t.client.ok(
      ops.createOriginalSample,
      { itemNo, name: '样品 C', clientId: String(client.id) },
      { token: qc },
    );
    expect(other.client?.id).toBe(String(client.id));
    const empty = await t.client.call(ops.createOriginalSample, { itemNo: ' ', name: 'x' }, { token: qc });
    expect(empty.result).toMatchObject({ reason: 'E_REQUIRED', error: '货号不能为空' });
    const percent = await t.client.call(
      ops.createOriginalSample,
      {
        itemNo: unique('P-'),
        name: 'x',
        parts: [{ partId: '1', materials: [{ materialId: '1', percentage: 101 }] }],
      },
      { token: qc, lang: 'en' },
    );
    expect(percent.result).toMatchObject({ reason: 'E_RANGE', error: 'Percentage is out of range' });
  });

  it('lets sales edit samples of their own clients only (E_SCOPE), and refuses the lab (E_PERMISSION)', async () => {
    const db = t.database.db;
    const colleague = await buildUser(db, { role: 'SALES', department: 'SALES1' });
    const sample = await buildOriginalSample(db, {
      clientId: (await buildClient(db, { sales: colleague.username })).id,
    });
    const detail = await t.client.call(ops.getOriginalSample, { id: String(sample.id) }, { token: sales });
    expect(detail.result).toMatchObject({ success: true, modify: false });
    const refused = await t.client.call(
      ops.updateOriginalSample,
      { id: String(sample.id), version: 0, name: 'x' },
      { token: sales },
    );
    expect(refused.result.reason).toBe('E_SCOPE');
    const lab = await signInAs(t, 'LAB');
    const denied = await t.client.call(
      ops.updateOriginalSample,
      { id: String(sample.id), version: 0, name: 'x' },
      { token: lab },
    );
    expect(denied.result.reason).toBe('E_PERMISSION');
    const renamed = await t.client.ok(
      ops.updateOriginalSample,
      { id: String(sample.id), version: 0, name: '改名 renamed' },
      { token: qc },
    );
    expect(renamed).toMatchObject({ name: '改名 renamed', version: 1 });
  });
});

describe('original-sample cart', () => {
  it('never adds an entry twice and removes by id (contract helpers)', () => {
    const entry = { id: '7', name: 'PB-1 | bear' };
    const once = addToCart(addToCart([], entry), { ...entry });
    expect(once).toEqual([entry]);
    expect(removeFromCart(once, '7')).toEqual([]);
  });

  it('re-validates a cart: in order, once each, without deleted or out-of-scope samples', async () => {
    const db = t.database.db;
    const a = await buildOriginalSample(db, { itemNo: unique('CA-'), name: '甲' });
    const b = await buildOriginalSample(db, { itemNo: unique('CB-'), name: '乙' });
    const other = await buildUser(db, { role: 'SALES', department: 'SALES2' });
    const hidden = await buildOriginalSample(db, {
      clientId: (await buildClient(db, { sales: other.username })).id,
    });
    const gone = await t.client.ok(
      ops.createOriginalSample,
      { itemNo: unique('CG-'), name: '丙' },
      { token: qc },
    );
    await t.client.ok(ops.updateOriginalSample, { id: gone.id, version: 0, valid: 0 }, { token: qc });
    const cart = await t.client.ok(
      ops.originalSampleCart,
      { ids: [String(b.id), String(a.id), String(b.id), String(hidden.id), gone.id, '999999999'] },
      { token: sales },
    );
    expect(cart.list).toEqual([
      { id: String(b.id), name: `${b.itemNo} | 乙` },
      { id: String(a.id), name: `${a.itemNo} | 甲` },
    ]);
    const listed = await t.client.ok(
      ops.listOriginalSamples,
      // The whole item no: `unique` ends in the time, which a and b share when made in one millisecond.
      { keyword: a.itemNo },
      { token: sales },
    );
    expect(listed.list).toEqual([{ id: String(a.id), itemNo: a.itemNo, name: `${a.itemNo} | 甲` }]);
  });
});

describe('demo original samples', () => {
  it('are registered by admin through originalsample/create, parts and materials logged with the create', async () => {
    const db = t.database.db;
    const admin = await userId(db, 'admin');
    const [bear] = await db.select().from(originalSamples).where(eq(originalSamples.itemNo, 'PB-2024-001'));
    expect(bear).toMatchObject({ createdBy: admin, complete: true, version: 0 });
    const [log] = await db
      .select()
      .from(changeLog)
      .where(and(eq(changeLog.entity, 'original_samples'), eq(changeLog.entityId, bear!.id)));
    expect(log).toMatchObject({ action: 'create', actorId: admin });
    expect(log!.changes.map((c) => c.field)).toEqual(
      expect.arrayContaining(['itemNo', 'parts[FABRIC]', 'parts[BODY]']),
    );
    const detail = await t.client.ok(ops.getOriginalSample, { id: String(bear!.id) }, { token: qc });
    expect(detail.client?.code).toBe('NORDHOME');
    expect(
      detail.parts.map((p) => [p.part.code, p.materials.map((m) => [m.material.upc, m.percentage])]),
    ).toEqual([
      ['FABRIC', [['6901234500042', 100]]],
      ['BODY', [['6901234500059', 100]]],
    ]);
    const [car] = await db.select().from(originalSamples).where(eq(originalSamples.itemNo, 'RC-2024-102'));
    expect(car!.complete).toBe(false);
    const [shared] = await db.select().from(originalSamples).where(eq(originalSamples.itemNo, 'BT-2024-008'));
    expect(shared!.clientId).toBeNull();
  });
});

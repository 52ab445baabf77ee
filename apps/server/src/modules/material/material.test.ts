import { areas } from '@qcdesk/contract';
import { changeLog as changeLogOp } from '@qcdesk/contract/config';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unique, userId } from '../../../test/support/factories';
import { signInAs } from '../../../test/support/identity';
import { seedContext, startTestApp, type TestApp } from '../../../test/support/test-app';
import { materials } from '../../db/schema/material';
import { materialTests } from '../../db/schema/material-test';
import { changeLog } from '../../db/schema/platform';
import { buildMaterial, materialInput } from './material.factory';
import { DEMO_MATERIALS, seedMaterials } from './material.seed';

// Materials through the envelope (DOMAIN.md §2.3): search by each filter, create, update with a
// stale version, permission and validation refusals.

const ops = areas.material;
let t: TestApp;
let qc: string;
let lab: string;

beforeAll(async () => {
  t = await startTestApp();
  [qc, lab] = await Promise.all([signInAs(t, 'QC'), signInAs(t, 'LAB')]);
});
afterAll(() => t.close());

const ids = (page: { list: { id: string }[] }) => page.list.map((m) => m.id);

describe('material/search', () => {
  it('finds by UPC ending, by any of the three names, by type and by q0', async () => {
    const db = t.database.db;
    const upc = unique('UPC-').replace(/\W/g, '');
    const fabric = await buildMaterial(db, {
      upc,
      name: unique('珊瑚绒面料 '),
      technicalName: 'Coral fleece',
      customName: '涤纶针织布',
      materialType: 'TEXTILE',
    });
    const metal = await buildMaterial(db, { materialType: 'METAL', technicalName: 'Stainless steel 304' });
    expect(
      ids(
        await t.client.ok(ops.searchMaterials, { upc: upc.slice('UPC'.length).toLowerCase() }, { token: qc }),
      ),
    ).toEqual([String(fabric.id)]);
    expect(ids(await t.client.ok(ops.searchMaterials, { name: '珊瑚' }, { token: qc }))).toContain(
      String(fabric.id),
    );
    expect(ids(await t.client.ok(ops.searchMaterials, { name: 'coral FLEECE' }, { token: qc }))).toEqual([
      String(fabric.id),
    ]);
    expect(ids(await t.client.ok(ops.searchMaterials, { name: '针织布' }, { token: qc }))).toContain(
      String(fabric.id),
    );
    const textiles = await t.client.ok(
      ops.searchMaterials,
      { type: String(fabric.materialTypeId), pageSize: 100 },
      { token: qc },
    );
    expect(textiles.list.every((m) => m.materialType.code === 'TEXTILE')).toBe(true);
    expect(ids(textiles)).not.toContain(String(metal.id));

    // q0: no valid test, i.e. needs testing; a completed test valid today takes it out.
    const needing = await t.client.ok(ops.searchMaterials, { q0: true, pageSize: 100 }, { token: qc });
    expect(ids(needing)).toContain(String(metal.id));
    await db.insert(materialTests).values({
      testNo: unique('MT'),
      materialId: metal.id,
      startDate: '2000-01-01',
      endDate: '2999-12-31',
      result: 1,
      status: 20,
    });
    const after = await t.client.ok(ops.searchMaterials, { q0: true, pageSize: 100 }, { token: qc });
    expect(ids(after)).not.toContain(String(metal.id));
    const tested = await t.client.ok(ops.searchMaterials, { q0: false, upc: metal.upc }, { token: qc });
    expect(tested.list).toMatchObject([{ id: String(metal.id), validTests: 1 }]);
  });

  it('refuses roles without material.search', async () => {
    const inspector = await signInAs(t, 'INSPECTOR');
    const { result } = await t.client.call(ops.searchMaterials, {}, { token: inspector });
    expect(result).toMatchObject({ success: false, reason: 'E_PERMISSION', error: '没有权限' });
  });
});

describe('material/create, material, material/update', () => {
  it('creates, reads with flags and updates with the version read', async () => {
    const input = await materialInput(t.database.db);
    const created = await t.client.ok(ops.createMaterial, input, { token: qc });
    expect(created).toMatchObject({
      upc: input.upc,
      riskLevel: { code: 'R3' },
      materialType: { code: 'PLASTIC' },
      supplier: { code: 'SUP-HM' },
      validTests: 0,
      tests: [],
      version: 0,
    });
    const read = await t.client.call(ops.getMaterial, { id: created.id }, { token: qc });
    expect(read.result).toMatchObject({ success: true, modify: true, author: true, checkOut: false });
    const salesRead = await t.client.call(
      ops.getMaterial,
      { id: created.id },
      { token: await signInAs(t, 'SALES') },
    );
    expect(salesRead.result).toMatchObject({ success: true, modify: false });

    const updated = await t.client.ok(
      ops.updateMaterial,
      { id: created.id, version: 0, customName: '', supplierId: null },
      { token: lab },
    );
    expect(updated).toMatchObject({ customName: null, supplier: null, version: 1 });
    const stale = await t.client.call(
      ops.updateMaterial,
      { id: created.id, version: 0, name: 'x' },
      { token: qc, lang: 'en' },
    );
    expect(stale.result).toMatchObject({
      success: false,
      reason: 'E_VERSION',
      error: 'The record was changed by someone else; refresh and try again',
    });
    const [log] = await t.database.db
      .select()
      .from(changeLog)
      .where(and(eq(changeLog.entity, 'materials'), eq(changeLog.entityId, BigInt(created.id))))
      .orderBy(desc(changeLog.id));
    expect(log!.changes).toEqual(
      expect.arrayContaining([{ field: 'customName', from: '塑料粒子', to: null }]),
    );

    // The changelog call names what a reference pointed at; the stored row keeps the id.
    const history = await t.client.ok(
      changeLogOp,
      { entity: 'materials', id: created.id, page: 1, pageSize: 10 },
      { token: qc },
    );
    const supplier = history.list[0]!.changes.find((c) => c.field === 'supplierId');
    expect(supplier).toMatchObject({ from: input.supplierId, to: null });
    expect(supplier?.fromNames?.zh).toBeTruthy();
    expect(supplier?.fromNames?.zh).not.toBe(input.supplierId);
    expect(supplier?.toNames).toBeUndefined();
  });

  it('validates the UPC and refuses a duplicate (case-insensitive)', async () => {
    const input = await materialInput(t.database.db, { upc: unique('abc-') });
    const bad = await t.client.call(
      ops.createMaterial,
      { ...input, upc: 'UPC 12' },
      { token: qc, lang: 'en' },
    );
    expect(bad.result).toMatchObject({
      reason: 'E_FORMAT',
      field: 'upc',
      error: 'UPC has an invalid format',
    });
    await t.client.ok(ops.createMaterial, input, { token: qc });
    const twice = await t.client.call(
      ops.createMaterial,
      { ...input, upc: input.upc.toUpperCase() },
      { token: qc },
    );
    expect(twice.result).toMatchObject({ reason: 'E_DUPLICATE', field: 'upc', error: 'UPC已存在' });
  });

  it('refuses a frozen reference and writes by roles without material.edit', async () => {
    const input = await materialInput(t.database.db);
    const sales = await signInAs(t, 'SALES');
    const denied = await t.client.call(ops.createMaterial, input, { token: sales });
    expect(denied.result.reason).toBe('E_PERMISSION');
    const missing = await t.client.call(
      ops.createMaterial,
      { ...input, riskLevelId: '999999' },
      { token: qc },
    );
    expect(missing.result).toMatchObject({ reason: 'E_REF_NOT_FOUND', field: 'riskLevelId' });
  });

  it('deletes an unused material and refuses deleting one a test uses (E_IN_USE)', async () => {
    const db = t.database.db;
    const free = await buildMaterial(db);
    expect(
      (await t.client.ok(ops.updateMaterial, { id: String(free.id), version: 0, valid: 0 }, { token: qc }))
        .valid,
    ).toBe(0);
    const used = await buildMaterial(db);
    await db
      .insert(materialTests)
      .values({ testNo: unique('MT'), materialId: used.id, startDate: '2024-01-01', endDate: '2025-01-01' });
    const refused = await t.client.call(
      ops.updateMaterial,
      { id: String(used.id), version: 0, valid: 0 },
      { token: qc },
    );
    expect(refused.result.reason).toBe('E_IN_USE');
  });
});

describe('demo materials', () => {
  it('are created by admin through material/create, once', async () => {
    const db = t.database.db;
    const demo = () =>
      db
        .select()
        .from(materials)
        .where(
          inArray(
            materials.upc,
            DEMO_MATERIALS.map((m) => m[0]),
          ),
        );
    const seeded = await demo();
    expect(seeded).toHaveLength(DEMO_MATERIALS.length);
    const admin = await userId(db, 'admin');
    expect(seeded.every((m) => m.createdBy === admin)).toBe(true);
    const created = await db
      .select({ entityId: changeLog.entityId, actorId: changeLog.actorId })
      .from(changeLog)
      .where(
        and(
          eq(changeLog.entity, 'materials'),
          eq(changeLog.action, 'create'),
          inArray(
            changeLog.entityId,
            seeded.map((m) => m.id),
          ),
        ),
      );
    expect(created.map((c) => c.entityId).sort()).toEqual(seeded.map((m) => m.id).sort());
    expect(created.every((c) => c.actorId === admin)).toBe(true);

    // The demo material tests leave some demo materials usable and others needing tests (q0).
    const [abs] = (await t.client.ok(ops.searchMaterials, { upc: '6901234500011' }, { token: qc })).list;
    const [pp] = (await t.client.ok(ops.searchMaterials, { upc: '6901234500028' }, { token: qc })).list;
    expect([abs?.validTests, pp?.validTests]).toEqual([1, 0]);

    await seedMaterials(seedContext(t));
    expect(await demo()).toHaveLength(DEMO_MATERIALS.length);
  });
});

import { areas } from '@qcdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientInput } from '../src/modules/client/client.factory';
import { buildMaterial } from '../src/modules/material/material.factory';
import { master, unique } from './support/factories';
import { signInAs } from './support/identity';
import { startTestApp, type TestApp } from './support/test-app';

// Issue 12: the web no longer clamps an out-of-range number to its bound, so the server is the
// last word. Each field the forms edit as a number is refused outside its range, in the request's
// language, naming the field, and nothing is changed.

let t: TestApp;
let admin: string;
let sales: string;
let qc: string;

beforeAll(async () => {
  t = await startTestApp();
  [admin, sales, qc] = await Promise.all([signInAs(t, 'ADMIN'), signInAs(t, 'SALES'), signInAs(t, 'QC')]);
});
afterAll(() => t.close());

describe('out-of-range numbers are refused, not clamped', () => {
  it('client advance days 31 (hint 0–30): refused in both languages, the client unchanged', async () => {
    const ops = areas.client;
    const input = await clientInput(t.database.db);
    const zh = await t.client.call(ops.createClient, { ...input, advanceDays: 31 }, { token: sales });
    expect(zh.result).toMatchObject({
      success: false,
      reason: 'E_RANGE',
      field: 'advanceDays',
      error: '提前天数超出范围',
    });
    const created = await t.client.ok(ops.createClient, input, { token: sales });
    for (const [days, lang, error] of [
      [31, 'en', 'Advance days is out of range'],
      [-1, 'zh', '提前天数超出范围'],
    ] as const) {
      const refused = await t.client.call(
        ops.updateClient,
        { id: created.id, version: 0, advanceDays: days },
        { token: sales, lang },
      );
      expect(refused.result).toMatchObject({
        success: false,
        reason: 'E_RANGE',
        field: 'advanceDays',
        error,
      });
    }
    const read = await t.client.ok(ops.getClient, { id: created.id }, { token: sales });
    expect(read).toMatchObject({ advanceDays: 2, version: 0 });
  });

  it('safety test sample quantity 0 or 100000 (1–99999): refused, the requirements unchanged', async () => {
    const ops = areas.client;
    const client = await t.client.ok(ops.createClient, await clientInput(t.database.db), { token: sales });
    const drop = String(await master.inspectionTest(t.database.db, 'IT-DROP'));
    for (const sampleQty of [0, 100_000]) {
      const refused = await t.client.call(
        ops.updateClientRequirements,
        { clientId: client.id, version: 0, safetyTests: [{ inspectionTestId: drop, sampleQty }] },
        { token: sales, lang: 'en' },
      );
      expect(refused.result).toMatchObject({ success: false, reason: 'E_RANGE' });
      expect(refused.result.error).toMatch(/out of range$/);
    }
    const read = await t.client.ok(ops.getClientRequirements, { clientId: client.id }, { token: sales });
    expect(read).toMatchObject({ version: 0, safetyTests: [] });
  });

  it('a part share of 150 % (0–100): refused in both languages, the sample unchanged', async () => {
    const ops = areas.originalSample;
    const db = t.database.db;
    const fabric = await buildMaterial(db, { materialType: 'TEXTILE' });
    const partId = String(await master.part(db, 'FABRIC'));
    const created = await t.client.ok(
      ops.createOriginalSample,
      {
        itemNo: unique('NR-'),
        name: '份额 / Share',
        parts: [{ partId, materials: [{ materialId: String(fabric.id), percentage: 60 }] }],
      },
      { token: qc },
    );
    for (const [lang, error] of [
      ['zh', '占比超出范围'],
      ['en', 'Percentage is out of range'],
    ] as const) {
      const refused = await t.client.call(
        ops.updateOriginalSampleMaterials,
        {
          id: created.id,
          version: 0,
          parts: [{ partId, materials: [{ materialId: String(fabric.id), percentage: 150 }] }],
        },
        { token: qc, lang },
      );
      expect(refused.result).toMatchObject({ success: false, reason: 'E_RANGE', error });
    }
    const read = await t.client.ok(ops.getOriginalSample, { id: created.id }, { token: qc });
    expect(read.version).toBe(0);
    expect(read.parts[0]?.materials[0]?.percentage).toBe(60);
  });

  it('a role sort beyond ±1,000,000: refused on create and update, the role unchanged', async () => {
    const ops = areas.identity;
    const base = { nameZh: '排序测试', nameEn: 'Sort test', permissions: [] };
    const tooBig = await t.client.call(
      ops.createRole,
      { ...base, code: unique('SORT_').toUpperCase(), sort: 1_000_001 },
      { token: admin, lang: 'en' },
    );
    expect(tooBig.result).toMatchObject({ success: false, reason: 'E_RANGE', field: 'sort' });
    const code = unique('SORT_').toUpperCase();
    const created = await t.client.ok(ops.createRole, { ...base, code, sort: 5 }, { token: admin });
    const refused = await t.client.call(
      ops.updateRole,
      { id: created.id, version: 0, sort: -2_000_000 },
      { token: admin },
    );
    expect(refused.result).toMatchObject({ success: false, reason: 'E_RANGE', field: 'sort' });
    expect(refused.result.error).toMatch(/超出范围$/);
    const roles = await t.client.ok(ops.listRoles, {}, { token: admin });
    expect(roles.find((r) => r.id === created.id)).toMatchObject({ sort: 5, version: 0 });
  });
});

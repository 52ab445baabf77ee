import { areas } from '@qcdesk/contract';
import { and, asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { master, unique, userId } from '../../../test/support/factories';
import { signInAs } from '../../../test/support/identity';
import { seedContext, startTestApp, type TestApp } from '../../../test/support/test-app';
import { standards } from '../../db/schema/config';
import { changeLog } from '../../db/schema/platform';
import { countryRequirements } from '../../db/schema/standard';
import { buildCommonStandard, buildCountryRequirement } from './standard.factory';
import { DEMO_COUNTRY_STANDARDS, seedStandards } from './standard.seed';

// Common and country standards through the envelope (DOMAIN.md §2.8): search, create, update with a
// stale version, the required test items, permission and validation refusals.

const ops = areas.standard;
let t: TestApp;
let lab: string;
let sales: string;

beforeAll(async () => {
  t = await startTestApp();
  [lab, sales] = await Promise.all([signInAs(t, 'LAB'), signInAs(t, 'SALES')]);
});
afterAll(() => t.close());

const normId = async (code: string) =>
  String((await t.database.db.select().from(standards).where(eq(standards.code, code)))[0]!.id);

describe('common standards', () => {
  it('searches by name, creates with norms, updates with the version read', async () => {
    const made = await buildCommonStandard(t.database.db, { name: unique('电动玩具标准 Battery toys ') });
    const found = await t.client.ok(ops.searchCommonStandards, { name: '电动' }, { token: sales });
    expect(found.list.map((s) => s.id)).toContain(String(made.id));
    expect(
      (await t.client.ok(ops.searchCommonStandards, { name: 'battery TOYS' }, { token: sales })).list,
    ).toHaveLength(1);

    const created = await t.client.ok(
      ops.createCommonStandard,
      {
        name: unique('木制玩具 Wooden toys '),
        productScope: '木制玩具',
        standardIds: [await normId('EN71-1')],
      },
      { token: lab },
    );
    expect(created).toMatchObject({ standards: [{ code: 'EN71-1' }], testCount: 0, version: 0 });
    const updated = await t.client.ok(
      ops.updateCommonStandard,
      { id: created.id, version: 0, standardIds: [await normId('EN71-2')], description: '含涂层 / painted' },
      { token: lab },
    );
    expect(updated).toMatchObject({
      standards: [{ code: 'EN71-2' }],
      description: '含涂层 / painted',
      version: 1,
    });
    const [log] = await t.database.db
      .select()
      .from(changeLog)
      .where(and(eq(changeLog.entity, 'common_standards'), eq(changeLog.entityId, BigInt(created.id))))
      .orderBy(desc(changeLog.id));
    expect(log!.changes).toEqual(
      expect.arrayContaining([{ field: 'standardIds', from: ['EN71-1'], to: ['EN71-2'] }]),
    );
    const stale = await t.client.call(
      ops.updateCommonStandard,
      { id: created.id, version: 0, name: 'x' },
      { token: lab },
    );
    expect(stale.result.reason).toBe('E_VERSION');
  });

  it('replaces the required test items and refuses writes without standard.edit', async () => {
    const db = t.database.db;
    const standard = await buildCommonStandard(db);
    const en71 = String(await master.testItem(db, 'T-EN71-1'));
    const azo = String(await master.testItem(db, 'T-AZO'));
    const first = await t.client.ok(
      ops.updateCommonStandardTests,
      {
        id: String(standard.id),
        version: 0,
        tests: [{ testItemId: en71 }, { testItemId: azo, mandatory: false }],
      },
      { token: lab },
    );
    expect(first).toMatchObject({
      version: 1,
      tests: [{ testItem: { code: 'T-EN71-1' }, mandatory: true }, { mandatory: false }],
    });
    const read = await t.client.call(
      ops.getCommonStandardTests,
      { id: String(standard.id) },
      { token: sales },
    );
    expect(read.result).toMatchObject({ success: true, modify: false, data: { version: 1 } });
    const denied = await t.client.call(
      ops.updateCommonStandardTests,
      { id: String(standard.id), version: 1, tests: [] },
      { token: sales },
    );
    expect(denied.result.reason).toBe('E_PERMISSION');
    const duplicate = await t.client.call(
      ops.updateCommonStandardTests,
      { id: String(standard.id), version: 1, tests: [{ testItemId: en71 }, { testItemId: en71 }] },
      { token: lab },
    );
    expect(duplicate.result).toMatchObject({ reason: 'E_DUPLICATE', field: 'tests' });
    const detail = await t.client.ok(ops.getCommonStandard, { id: String(standard.id) }, { token: sales });
    expect(detail.testCount).toBe(2);
  });

  it('refuses a duplicate name and an empty one, bilingually', async () => {
    const name = unique('重复 Duplicate ');
    await t.client.ok(ops.createCommonStandard, { name }, { token: lab });
    const twice = await t.client.call(
      ops.createCommonStandard,
      { name: name.toUpperCase() },
      { token: lab, lang: 'en' },
    );
    expect(twice.result).toMatchObject({ reason: 'E_DUPLICATE', error: 'Name already exists' });
    const empty = await t.client.call(ops.createCommonStandard, { name: '  ' }, { token: lab });
    expect(empty.result).toMatchObject({ reason: 'E_REQUIRED', error: '名称不能为空' });
  });
});

describe('country standards', () => {
  it('searches by name and country; names are unique per country', async () => {
    const db = t.database.db;
    const name = unique('玩具法规 Toy rules ');
    const german = await buildCountryRequirement(db, { name, country: 'DE' });
    const french = await t.client.ok(
      ops.createCountryRequirement,
      { countryId: String(await master.country(db, 'FR')), name },
      { token: lab },
    );
    expect(french.country).toMatchObject({ code: 'FR' });
    const both = await t.client.ok(ops.searchCountryRequirements, { name: '玩具法规' }, { token: sales });
    expect(both.list.map((s) => s.id)).toEqual(expect.arrayContaining([String(german.id), french.id]));
    const de = await t.client.ok(
      ops.searchCountryRequirements,
      { name, country: String(await master.country(db, 'DE')) },
      { token: sales },
    );
    expect(de.list).toMatchObject([{ id: String(german.id), country: { code: 'DE' } }]);
    const twice = await t.client.call(
      ops.createCountryRequirement,
      { countryId: String(await master.country(db, 'DE')), name },
      { token: lab },
    );
    expect(twice.result).toMatchObject({ reason: 'E_DUPLICATE', field: 'name' });
  });

  it('keeps the required test items of a country standard', async () => {
    const db = t.database.db;
    const requirement = await buildCountryRequirement(db);
    const tests = await t.client.ok(
      ops.updateCountryRequirementTests,
      {
        id: String(requirement.id),
        version: 0,
        tests: [{ testItemId: String(await master.testItem(db, 'T-HCHO')) }],
      },
      { token: lab },
    );
    expect(tests.tests).toMatchObject([{ testItem: { code: 'T-HCHO' }, mandatory: true }]);
    const detail = await t.client.call(
      ops.getCountryRequirement,
      { id: String(requirement.id) },
      { token: lab },
    );
    expect(detail.result).toMatchObject({ success: true, modify: true, data: { testCount: 1, version: 1 } });
  });
});

describe('demo standards', () => {
  it('are created by admin through the services, with their norms and test items, once', async () => {
    const db = t.database.db;
    const us = DEMO_COUNTRY_STANDARDS[0]!;
    const named = () => db.select().from(countryRequirements).where(eq(countryRequirements.name, us.name));
    const [row] = await named();
    const admin = await userId(db, 'admin');
    expect(row?.createdBy).toBe(admin);
    const detail = await t.client.ok(ops.getCountryRequirement, { id: String(row!.id) }, { token: lab });
    expect(detail.country?.code).toBe(us.country);
    expect(detail.standards.map((n) => n.code).sort()).toEqual([...us.norms].sort());
    const tests = await t.client.ok(ops.getCountryRequirementTests, { id: String(row!.id) }, { token: lab });
    expect(tests.tests.map((r) => [r.testItem.code, r.mandatory]).sort()).toEqual([...us.tests].sort());
    const log = await db
      .select({ action: changeLog.action, actorId: changeLog.actorId })
      .from(changeLog)
      .where(and(eq(changeLog.entity, 'country_requirements'), eq(changeLog.entityId, row!.id)))
      .orderBy(asc(changeLog.id));
    expect(log).toEqual([
      { action: 'create', actorId: admin },
      { action: 'update', actorId: admin },
    ]);

    await seedStandards(seedContext(t));
    expect(await named()).toHaveLength(1);
  });
});

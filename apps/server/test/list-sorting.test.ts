import { areas } from '@qcdesk/contract';
import { configListOperations } from '@qcdesk/contract/config';
import type { SortOrder } from '@qcdesk/contract/schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../src/db/schema/client';
import {
  factories,
  holidays,
  materialTypes,
  riskLevels,
  samplingLevels,
  suppliers,
  systemParams,
} from '../src/db/schema/config';
import { departments, groups, users } from '../src/db/schema/identity';
import { mailOutbox } from '../src/db/schema/mail';
import { materials } from '../src/db/schema/material';
import { materialTests } from '../src/db/schema/material-test';
import { originalSamples } from '../src/db/schema/original-sample';
import { productionSamples } from '../src/db/schema/production-sample';
import { commonStandards, countryRequirements } from '../src/db/schema/standard';
import type { Db } from '../src/platform/db';
import { idOf, master, unique } from './support/factories';
import { signInAs } from './support/identity';
import { startTestApp, type TestApp } from './support/test-app';

// Issue 12: `sort` and `order` of every list search through the envelope. Each list gets three
// rows of its own (a unique token in a filtered field keeps other rows out); every sort key ranks
// them in a different order, so a key sorting by the wrong column fails. Texts differ in case
// (`Alpha` < `bravo` < `Charlie` case-blind, not in byte order), dates and times by a day or hour.

let t: TestApp;
let db: Db;
let admin: string;

/** Six different orders of three rows: `RANKS[k][i]` is row i's place under the k-th sort key. */
const RANKS = [
  [0, 1, 2],
  [2, 0, 1],
  [1, 2, 0],
  [0, 2, 1],
  [2, 1, 0],
  [1, 0, 2],
] as const;
const WORDS = ['Alpha', 'bravo', 'Charlie'];
const word = (rank: number) => WORDS[rank]!;
const day = (rank: number) => `2031-0${rank + 1}-1${rank}`;
const hour = (rank: number) => new Date(Date.UTC(2030, 0, 1, rank));

/** For row i of three, the value of each key (the k-th key by `RANKS[k]`). */
function rowsOf<K extends string>(keys: readonly K[]) {
  return [0, 1, 2].map(
    (i) => Object.fromEntries(keys.map((k, n) => [k, RANKS[n]![i]!])) as Record<K, number>,
  );
}

type Search = (sort: string, order: SortOrder) => Promise<{ list: { id: string }[] }>;

/** For each key both ways: the three rows `ids` come in the order their ranks give. */
async function expectSorted(search: Search, ids: readonly bigint[], keys: readonly string[]) {
  const ours = ids.map(String);
  for (const [n, key] of keys.entries()) {
    const ascending = [0, 1, 2].sort((a, b) => RANKS[n]![a]! - RANKS[n]![b]!).map((i) => ours[i]!);
    for (const order of ['asc', 'desc'] as const) {
      const { list } = await search(key, order);
      const seen = list.map((r) => r.id).filter((id) => ours.includes(id));
      expect(seen, `${key} ${order}`).toEqual(order === 'asc' ? ascending : [...ascending].reverse());
    }
  }
}

beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
  admin = await signInAs(t, 'ADMIN');
});
afterAll(() => t.close());

describe('list searches sort by each key, both ways', () => {
  it('client/search, and a department scope still applies', async () => {
    const token = unique('sortcl');
    const keys = ['code', 'name', 'updatedAt'] as const;
    const [demo] = await db.select().from(users).where(eq(users.username, 'demo.sales'));
    const base = {
      countryId: await master.country(db),
      type: 2,
      salesId: demo!.id,
      departmentId: demo!.departmentId,
      samplingLevelId: await idOf(db, samplingLevels, 'II'),
    };
    const rows = await db
      .insert(clients)
      .values(
        rowsOf(keys).map((r) => ({
          ...base,
          code: `SRT${token}${'ABC'[r.code]}`.toUpperCase(),
          name: `${word(r.name)} ${token}`,
          updatedAt: hour(r.updatedAt),
        })),
      )
      .returning({ id: clients.id });
    const search = (token: string) => (sort: string, order: SortOrder) =>
      t.client.ok(areas.client.searchClients, { name: token, sort: sort as 'code', order }, { token: admin });
    await expectSorted(
      search(token),
      rows.map((r) => r.id),
      keys,
    );

    // Another department's client with the token: the admin sees it, a sales user (own
    // department, DOMAIN.md §5.4) sorts without it.
    const [other] = await db
      .select({ id: departments.id })
      .from(departments)
      .where(eq(departments.code, 'QC'));
    const [outside] = await db
      .insert(clients)
      .values({
        ...base,
        departmentId: other!.id,
        code: `SRT${token}Z`.toUpperCase(),
        name: `Delta ${token}`,
      })
      .returning({ id: clients.id });
    const sales = await signInAs(t, 'SALES');
    const bySales = await t.client.ok(
      areas.client.searchClients,
      { name: token, sort: 'code', order: 'desc' },
      { token: sales },
    );
    expect(bySales.list.map((c) => c.id)).not.toContain(String(outside!.id));
    expect(bySales.list.map((c) => c.code)).toEqual(
      [...rows.keys()].map((i) => `SRT${token}${'CBA'[i]}`.toUpperCase()),
    );
    const byAdmin = await search(token)('code', 'desc');
    expect(byAdmin.list[0]!.id).toBe(String(outside!.id));
  });

  it('material/search and materialtest/search', async () => {
    const token = unique('sortmat');
    const refs = {
      riskLevelId: await idOf(db, riskLevels, 'R2'),
      materialTypeId: await idOf(db, materialTypes, 'PLASTIC'),
    };
    const keys = ['upc', 'name', 'updatedAt'] as const;
    const rows = await db
      .insert(materials)
      .values(
        rowsOf(keys).map((r) => ({
          ...refs,
          upc: `${word(r.upc)}-${token}`,
          name: `${word(r.name)} ${token}`,
          updatedAt: hour(r.updatedAt),
        })),
      )
      .returning({ id: materials.id });
    await expectSorted(
      (sort, order) =>
        t.client.ok(
          areas.material.searchMaterials,
          { name: token, sort: sort as 'upc', order },
          { token: admin },
        ),
      rows.map((r) => r.id),
      keys,
    );

    const testKeys = ['testNo', 'startDate', 'endDate', 'pushedAt', 'updatedAt'] as const;
    const materialId = rows[0]!.id;
    const tests = await db
      .insert(materialTests)
      .values(
        rowsOf(testKeys).map((r) => ({
          materialId,
          testNo: `MT${token}${r.testNo}`,
          startDate: day(r.startDate),
          endDate: `2032-0${r.endDate + 1}-01`,
          pushedAt: hour(r.pushedAt),
          updatedAt: hour(r.updatedAt),
        })),
      )
      .returning({ id: materialTests.id });
    await expectSorted(
      (sort, order) =>
        t.client.ok(
          areas.materialTest.searchMaterialTests,
          { materialId: String(materialId), sort: sort as 'testNo', order },
          { token: admin },
        ),
      tests.map((r) => r.id),
      testKeys,
    );
  });

  it('originalsample/search, standard/search and countryrequire/search', async () => {
    const token = unique('sortos');
    const keys = ['itemNo', 'name', 'updatedAt'] as const;
    const samples = await db
      .insert(originalSamples)
      .values(
        rowsOf(keys).map((r) => ({
          itemNo: `${word(r.itemNo)}-${token}`,
          name: `${word(r.name)} ${token}`,
          complete: true,
          updatedAt: hour(r.updatedAt),
        })),
      )
      .returning({ id: originalSamples.id });
    await expectSorted(
      (sort, order) =>
        t.client.ok(
          areas.originalSample.searchOriginalSamples,
          { name: token, sort: sort as 'itemNo', order },
          { token: admin },
        ),
      samples.map((r) => r.id),
      keys,
    );

    const standardKeys = ['name', 'updatedAt'] as const;
    const values = rowsOf(standardKeys).map((r) => ({
      name: `${word(r.name)} ${token}`,
      updatedAt: hour(r.updatedAt),
    }));
    const common = await db.insert(commonStandards).values(values).returning({ id: commonStandards.id });
    const countryId = await master.country(db, 'DE');
    const country = await db
      .insert(countryRequirements)
      .values(values.map((v) => ({ ...v, countryId })))
      .returning({ id: countryRequirements.id });
    const { searchCommonStandards, searchCountryRequirements } = areas.standard;
    for (const [op, ids] of [
      [searchCommonStandards, common],
      [searchCountryRequirements, country],
    ] as const) {
      await expectSorted(
        (sort, order) => t.client.ok(op, { name: token, sort: sort as 'name', order }, { token: admin }),
        ids.map((r) => r.id),
        standardKeys,
      );
    }
  });

  it('productionsample/search', async () => {
    const token = unique('sortps');
    const keys = ['itemNo', 'receivedDate', 'auditTime'] as const;
    const [client] = await db.select().from(clients).where(eq(clients.valid, 1)).limit(1);
    const factoryId = await idOf(db, factories, 'F-HM-SZ');
    const samples = await db
      .insert(productionSamples)
      .values(
        rowsOf(keys).map((r) => ({
          itemNo: `${word(r.itemNo)}-${token}`,
          clientId: client!.id,
          departmentId: client!.departmentId,
          providerFactoryId: factoryId,
          receivedDate: day(r.receivedDate),
          quantity: 1,
          status: 20,
          auditResult: 1,
          auditTime: hour(r.auditTime),
        })),
      )
      .returning({ id: productionSamples.id });
    await expectSorted(
      (sort, order) =>
        t.client.ok(
          areas.productionSample.searchProductionSamples,
          { itemNo: token, sort: sort as 'itemNo', order },
          { token: admin },
        ),
      samples.map((r) => r.id),
      keys,
    );
  });

  it('user/search and group', async () => {
    const token = unique('sortus');
    const keys = ['username', 'name', 'englishName'] as const;
    const [demo] = await db.select().from(users).where(eq(users.username, 'demo.sales'));
    const rows = await db
      .insert(users)
      .values(
        rowsOf(keys).map((r, i) => ({
          username: `${word(r.username)}.${token}`,
          name: `${word(r.name)}${token}`,
          englishName: `${word(r.englishName)} ${token}`,
          email: `${token}.${i}@example.com`,
          departmentId: demo!.departmentId,
          position: 1,
          roleId: demo!.roleId,
        })),
      )
      .returning({ id: users.id });
    await expectSorted(
      (sort, order) =>
        t.client.ok(
          areas.identity.searchUsers,
          { name: token, sort: sort as 'name', order },
          { token: admin },
        ),
      rows.map((r) => r.id),
      keys,
    );

    const named = await db
      .insert(groups)
      .values(WORDS.map((w) => ({ name: `${w} ${token}` })))
      .returning({ id: groups.id });
    await expectSorted(
      async (sort, order) => ({
        list: await t.client.ok(areas.identity.groups, { sort: sort as 'name', order }, { token: admin }),
      }),
      named.map((r) => r.id),
      ['name'],
    );
  });

  it('config/{list}: code, names and dates (holiday), key (system)', async () => {
    const token = unique('SORTCF').toUpperCase();
    const keys = ['code', 'nameZh', 'nameEn', 'date'] as const;
    const rows = await db
      .insert(holidays)
      .values(
        rowsOf(keys).map((r) => ({
          code: `${token}-${'ABC'[r.code]}`,
          nameZh: `${word(r.nameZh)}假日`,
          nameEn: `${word(r.nameEn)} holiday`,
          date: `2088-0${r.date + 1}-0${r.date + 1}`,
          dayType: 1,
        })),
      )
      .returning({ id: holidays.id });
    await expectSorted(
      (sort, order) =>
        t.client.ok(configListOperations.holiday.search, { keyword: token, sort, order }, { token: admin }),
      rows.map((r) => r.id),
      keys,
    );
    const params = await db
      .insert(systemParams)
      .values(
        [0, 1, 2].map((i) => ({
          // Keys sort as written, like codes (system_params_key_uq); these differ in their letters.
          key: `sort${token}.${word(i).toLowerCase()}`,
          nameZh: '排序',
          nameEn: 'Sort',
          valueType: 'string',
        })),
      )
      .returning({ id: systemParams.id });
    await expectSorted(
      (sort, order) =>
        t.client.ok(configListOperations.system.search, { keyword: token, sort, order }, { token: admin }),
      params.map((r) => r.id),
      ['key'],
    );
    // suppliers are a list of its own kind (no dates): code and both names.
    const supplierRows = await db
      .insert(suppliers)
      .values(
        rowsOf(['code', 'nameZh', 'nameEn']).map((r) => ({
          code: `${token}-${'ABC'[r.code]}`,
          nameZh: `${word(r.nameZh)}供应商`,
          nameEn: `${word(r.nameEn)} supplier`,
        })),
      )
      .returning({ id: suppliers.id });
    await expectSorted(
      (sort, order) =>
        t.client.ok(configListOperations.supplier.search, { keyword: token, sort, order }, { token: admin }),
      supplierRows.map((r) => r.id),
      ['code', 'nameZh', 'nameEn'],
    );
  });

  it('mail/search and the mail-error list', async () => {
    const token = unique('sortml');
    const keys = ['to', 'createdAt', 'sentAt'] as const;
    const mail = { subject: 's', text: 't', html: '<p>h</p>', lang: 'en', template: 'test' };
    const sent = await db
      .insert(mailOutbox)
      .values(
        rowsOf(keys).map((r) => ({
          ...mail,
          to: `${word(r.to)}.${token}@example.com`,
          status: 'sent' as const,
          createdAt: hour(r.createdAt),
          sentAt: hour(r.sentAt),
        })),
      )
      .returning({ id: mailOutbox.id });
    await expectSorted(
      (sort, order) =>
        t.client.ok(areas.mail.searchMail, { to: token, sort: sort as 'to', order }, { token: admin }),
      sent.map((r) => r.id),
      keys,
    );
    const errorKeys = ['to', 'createdAt'] as const;
    const failed = await db
      .insert(mailOutbox)
      .values(
        rowsOf(errorKeys).map((r) => ({
          ...mail,
          to: `${word(r.to)}.${token}@example.com`,
          status: 'failed' as const,
          createdAt: hour(r.createdAt),
        })),
      )
      .returning({ id: mailOutbox.id });
    await expectSorted(
      (sort, order) =>
        t.client.ok(
          areas.mailService.mailErrorList,
          { to: token, sort: sort as 'to', order },
          { token: admin },
        ),
      failed.map((r) => r.id),
      errorKeys,
    );
  });
});

describe('equal sort values', () => {
  it('are ordered by id the same way, so pages neither repeat nor skip a row', async () => {
    const token = unique('sorttie');
    const same = new Date(Date.UTC(2030, 5, 1));
    const refs = {
      riskLevelId: await idOf(db, riskLevels, 'R2'),
      materialTypeId: await idOf(db, materialTypes, 'PLASTIC'),
    };
    const rows = await db
      .insert(materials)
      .values(
        [1, 2, 3, 4].map((n) => ({
          ...refs,
          upc: `TIE${n}-${token}`,
          name: `Tie ${token}`,
          updatedAt: same,
        })),
      )
      .returning({ id: materials.id });
    const ids = rows.map((r) => String(r.id)).sort((a, b) => Number(a) - Number(b));
    for (const order of ['asc', 'desc'] as const) {
      const pages = [];
      for (const page of [1, 2, 3, 4]) {
        const body = { name: token, sort: 'updatedAt' as const, order, page, pageSize: 1, count: false };
        pages.push(...(await t.client.ok(areas.material.searchMaterials, body, { token: admin })).list);
      }
      expect(pages.map((m) => m.id)).toEqual(order === 'asc' ? ids : [...ids].reverse());
    }
  });
});

describe('a sort the list does not have', () => {
  it('is refused as E_FORMAT naming the field, in both languages', async () => {
    const cases = [
      [areas.client.searchClients, { sort: 'valid' }, 'sort'],
      [areas.client.searchClients, { sort: 'name', order: 'up' }, 'order'],
      [areas.material.searchMaterials, { sort: 'id' }, 'sort'],
      [areas.identity.groups, { sort: 'state' }, 'sort'],
      [configListOperations.supplier.search, { sort: 'date' }, 'sort'],
      [areas.mailService.mailErrorList, { sort: 'sentAt' }, 'sort'],
    ] as const;
    for (const [op, body, field] of cases) {
      const zh = await t.client.call(op, body, { token: admin, lang: 'zh' });
      const en = await t.client.call(op, body, { token: admin, lang: 'en' });
      expect(zh.result, op.path).toMatchObject({ success: false, reason: 'E_FORMAT', field });
      expect(en.result).toMatchObject({ success: false, reason: 'E_FORMAT', field });
      expect(zh.result.error).toContain('格式不正确');
      expect(en.result.error).toContain('invalid format');
    }
  });
});

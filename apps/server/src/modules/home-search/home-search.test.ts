import { areas } from '@qcdesk/contract';
import { HOME_SEARCH_LIMIT } from '@qcdesk/contract/home-search';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unique } from '../../../test/support/factories';
import { signInAs } from '../../../test/support/identity';
import { startTestApp, type TestApp } from '../../../test/support/test-app';
import { buildClient } from '../client/client.factory';
import { buildMaterial } from '../material/material.factory';
import { buildOriginalSample } from '../original-sample/original-sample.factory';
import { buildCountryRequirement } from '../standard/standard.factory';

// Home search through the envelope (DOMAIN.md §6.11): every registered source, in the contract's
// order, in scope, hidden without the read permission, at most 10 hits each.

const op = areas.homeSearch.homeSearch;
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await signInAs(t, 'ADMIN');
});
afterAll(() => t.close());

const group = (
  answer: { groups: { source: string; hits: { id: string; title: string }[]; more: boolean }[] },
  source: string,
) => answer.groups.find((g) => g.source === source);

describe('search', () => {
  it('answers the sources of this release in the contract order', async () => {
    const db = t.database.db;
    const term = unique('星河');
    const client = await buildClient(db, { name: `${term}贸易` });
    const standard = await buildCountryRequirement(db, { name: `${term}安全要求` });
    const material = await buildMaterial(db, { name: `${term}面料` });
    const sample = await buildOriginalSample(db, { itemNo: unique('SX-'), name: `${term}玩偶` });
    const found = await t.client.ok(op, { term }, { token: admin });
    expect(found.term).toBe(term);
    expect(found.groups.map((g) => g.source)).toEqual([
      'order',
      'productionSample',
      'orderProduct',
      'client',
      'countryStandard',
      'testItem',
      'material',
      'originalSample',
    ]);
    expect(group(found, 'client')!.hits).toMatchObject([{ id: String(client.id), subtitle: client.code }]);
    expect(group(found, 'countryStandard')!.hits).toMatchObject([
      { id: String(standard.id), subtitle: 'DE 德国 / Germany' },
    ]);
    expect(group(found, 'material')!.hits).toMatchObject([
      { id: String(material.id), subtitle: material.upc },
    ]);
    expect(group(found, 'originalSample')!.hits).toMatchObject([
      { id: String(sample.id), title: `${sample.itemNo} | ${term}玩偶` },
    ]);
    expect(group(found, 'testItem')!.hits).toEqual([]);
  });

  it('finds test items by Chinese or English name, materials by UPC ending, samples by item no ending', async () => {
    const db = t.database.db;
    const byZh = await t.client.ok(op, { term: '甲醛' }, { token: admin });
    expect(group(byZh, 'testItem')!.hits.map((h) => h.title)).toContain('T-HCHO 甲醛含量');
    const byEn = await t.client.ok(op, { term: 'formaldehyde' }, { token: admin });
    expect(group(byEn, 'testItem')!.hits).toMatchObject([{ subtitle: 'Formaldehyde content' }]);
    const twoLetters = await buildMaterial(db, { name: 'QJ防滑垫 anti-slip mat', technicalName: 'TPR' });
    const byPair = await t.client.ok(op, { term: 'qj' }, { token: admin });
    expect(group(byPair, 'material')!.hits.map((h) => h.id)).toContain(String(twoLetters.id));
    const material = await buildMaterial(db, { upc: unique('8801') });
    const upc = await t.client.ok(op, { term: material.upc.slice(-8) }, { token: admin });
    expect(group(upc, 'material')!.hits.map((h) => h.id)).toEqual([String(material.id)]);
    const sample = await buildOriginalSample(db, { itemNo: unique('ENDS-') });
    const item = await t.client.ok(op, { term: sample.itemNo.slice(-8) }, { token: admin });
    expect(group(item, 'originalSample')!.hits.map((h) => h.id)).toEqual([String(sample.id)]);
  });

  it('caps each group at 10 hits and says there are more', async () => {
    const term = unique('Acme');
    for (let i = 0; i < HOME_SEARCH_LIMIT + 2; i++)
      await buildClient(t.database.db, { name: `${term} ${i}` });
    const found = await t.client.ok(op, { term }, { token: admin });
    expect(group(found, 'client')).toMatchObject({ more: true });
    expect(group(found, 'client')!.hits).toHaveLength(HOME_SEARCH_LIMIT);
  });

  it('shows each role only the groups it may read', async () => {
    const client = await signInAs(t, 'CLIENT');
    const asClient = await t.client.ok(op, { term: 'EN 71' }, { token: client });
    // CLIENT users read orders and production samples (their own client's, DOMAIN.md §5.3), not
    // clients or original samples.
    expect(asClient.groups.map((g) => g.source)).toEqual([
      'order',
      'productionSample',
      'orderProduct',
      'testItem',
    ]);
    const sales = await signInAs(t, 'SALES');
    const asSales = await t.client.ok(op, { term: 'EN 71' }, { token: sales });
    expect(asSales.groups.map((g) => g.source)).toEqual([
      'order',
      'productionSample',
      'orderProduct',
      'client',
      'countryStandard',
      'testItem',
      'material',
      'originalSample',
    ]);
  });
});

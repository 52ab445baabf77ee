import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../src/db/schema/client';
import { materials } from '../src/db/schema/material';
import { originalSamples } from '../src/db/schema/original-sample';
import { countryRequirements } from '../src/db/schema/standard';
import { clientHits, clientPageQuery, clientSearchWhere } from '../src/modules/client/client.queries';
import {
  materialHits,
  materialPageQuery,
  materialSearchWhere,
} from '../src/modules/material/material.queries';
import { originalSampleHits } from '../src/modules/original-sample/original-sample.queries';
import { countryStandardHits } from '../src/modules/standard/standard.queries';
import type { Principal } from '../src/platform/auth';
import { type Db, rows } from '../src/platform/db';
import { scopeOf } from '../src/platform/scope';
import type { Sorting } from '../src/platform/sorting';
import { planOf } from './support/factories';
import { startTestApp, type TestApp } from './support/test-app';

// ARCHITECTURE.md "Data": the main searches are served by their indexes. A few thousand rows and
// ANALYZE give the planner real statistics; EXPLAIN of the very queries the services run must name
// the trigram (3+ characters), bigram (2-character Chinese) and reversed B-tree (ends with) indexes
// for selective terms (for a term most rows match, walking the sort order and stopping at the page
// is the better plan, and the planner rightly takes it).

/** md5('1'): a term exactly one generated row of each table holds. */
const md5Of1 = 'c4ca4238a0b923820d';

let t: TestApp;
let db: Db;
const admin: Principal = {
  userId: 1n,
  username: 'admin',
  displayName: 'admin',
  permissions: new Set(),
  roleCode: 'ADMIN',
};

/** Rows with names from a bilingual vocabulary, enough for the planner to prefer an index. */
async function fill(rows: number) {
  await db.execute(sql`
    insert into ${clients} (code, name, country_id, type, sales_id, department_id, sampling_level_id)
    select 'PLAN' || g,
           (array['深圳','东莞','宁波','义乌','汕头'])[1 + g % 5] || (array['华美','宏达','永昌','佳乐','鹏程'])[1 + (g / 5) % 5]
             || (array['玩具','礼品','家居','电子'])[1 + (g / 25) % 4] || '有限公司 ' || g || ' '
             || case when g % 500 = 0 then '珍稀藏品 ' else '' end
             || (array['Trading','Toys','Home','Gifts'])[1 + g % 4] || ' Co ' || md5(g::text),
           (select id from countries where code = 'US'), 1 + g % 5,
           (select id from users where username = 'demo.sales'),
           (select department_id from users where username = 'demo.sales'),
           (select id from sampling_levels where code = 'II')
    from generate_series(1, ${rows}) g`);
  await db.execute(sql`
    insert into ${materials} (upc, name, technical_name, custom_name, risk_level_id, material_type_id)
    select '69' || lpad(g::text, 11, '0'),
           (array['ABS','PP','PVC','涤纶','纯棉','松木'])[1 + g % 6] || (array['塑料','面料','板材','粒子'])[1 + (g / 6) % 4] || ' '
             || case when g % 500 = 0 then '罕见 ' else '' end || md5(g::text),
           'technical ' || md5((g * 7)::text), '报关品名' || g,
           (select id from risk_levels where code = 'R2'), (select id from material_types where code = 'PLASTIC')
    from generate_series(1, ${rows}) g`);
  await db.execute(sql`
    insert into ${originalSamples} (item_no, name)
    select 'IT-' || lpad(g::text, 7, '0'), (array['毛绒小熊','遥控赛车','木制积木','沐浴玩具'])[1 + g % 4] || ' ' || md5(g::text)
    from generate_series(1, ${rows}) g`);
  await db.execute(sql`
    insert into ${countryRequirements} (country_id, name)
    select (select id from countries where code = 'DE'), (array['玩具','食品接触','纺织品'])[1 + g % 3] || '要求 ' || md5(g::text)
    from generate_series(1, ${rows}) g`);
  for (const table of ['clients', 'materials', 'original_samples', 'country_requirements']) {
    // VACUUM also moves the rows out of the GIN pending lists, whose scan the planner charges.
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  }
}

beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
  await fill(2000);
});
afterAll(() => t.close());

/** The Filter lines of a plan. */
const filtersOf = (plan: string) =>
  plan
    .split('\n')
    .filter((line) => line.trim().startsWith('Filter:'))
    .join('\n');

describe('search plans', () => {
  it('client/search: trigram for 3+ characters, bigram for 2-character Chinese', async () => {
    const scope = await scopeOf(db, admin);
    const page = (name: string, sorting: Sorting<'name' | 'code'> = {}) => {
      const input = { name, deleted: false, page: 1, pageSize: 10, count: true, order: 'asc' as const };
      return clientPageQuery(db, { ...input, ...sorting }, clientSearchWhere(input, scope, admin));
    };
    expect(await planOf(db, page('md5abc'))).toContain('clients_name_trgm_idx');
    expect(await planOf(db, page('珍稀藏品'))).toContain('clients_name_trgm_idx');
    expect(await planOf(db, page('珍稀'))).toContain('clients_name_bigram_idx');
    // The gram index finds the candidates, and no row's grams are computed again (ADR 0022: the
    // rows of name-or-code were rechecked with qc_bigrams, ~45 µs each).
    expect(filtersOf(await planOf(db, page('珍稀')))).not.toContain('qc_bigrams');
    // Sorted by name the other way (issue 12), the matches still come from the gram indexes.
    expect(await planOf(db, page('珍稀', { sort: 'name', order: 'desc' }))).toContain(
      'clients_name_bigram_idx',
    );
    expect(await planOf(db, page('md5abc', { sort: 'name', order: 'desc' }))).toContain(
      'clients_name_trgm_idx',
    );
  });

  it('material/search: reversed B-tree for UPC ending, trigram and bigram for names', async () => {
    const page = (filters: { upc?: string; name?: string }) =>
      materialPageQuery(
        db,
        materialSearchWhere({ ...filters, deleted: false, page: 1, pageSize: 10, count: true }, admin),
        1,
        10,
      );
    expect(await planOf(db, page({ upc: '00001234' }))).toContain('materials_upc_rev_idx');
    expect(await planOf(db, page({ name: 'technical 1f0e' }))).toContain('materials_name_trgm_idx');
    expect(await planOf(db, page({ name: '罕见' }))).toContain('materials_name_bigram_idx');
    // A rare 2-letter term too: without its gram it would read every row.
    expect(await planOf(db, page({ name: 'zq' }))).toContain('materials_name_bigram_idx');
    // Sorted by name (issue 12): the name sort index is not walked in search of the matches.
    const byName = (name: string, order: 'asc' | 'desc') =>
      materialPageQuery(db, materialSearchWhere({ name, deleted: false }, admin), 1, 10, {
        name,
        sort: 'name',
        order,
      });
    expect(await planOf(db, byName('罕见', 'asc'))).toContain('materials_name_bigram_idx');
    expect(await planOf(db, byName('technical 1f0e', 'desc'))).toContain('materials_name_trgm_idx');
  });

  // ADR 0009: two parallel workers per page query cost more than the query (8–10 ms vs 2 ms).
  it('starts no parallel workers for a page query on PostgreSQL', async () => {
    if (t.database.kind !== 'postgres') return;
    const [setting] = await rows<{ max_parallel_workers_per_gather: string }>(
      db,
      sql`show max_parallel_workers_per_gather`,
    );
    expect(setting?.max_parallel_workers_per_gather).toBe('0');
    const page = materialPageQuery(db, materialSearchWhere({ name: 'PP', deleted: false }, admin), 50, 10);
    expect(await planOf(db, page)).not.toContain('Gather');
  });

  it('home search sources use their indexes', async () => {
    const scope = await scopeOf(db, admin);
    expect(await planOf(db, clientHits(db, '宏达', { scope, limit: 11 }))).toContain(
      'clients_name_bigram_idx',
    );
    expect(await planOf(db, materialHits(db, '00004321', { limit: 11 }))).toContain('materials_upc_rev_idx');
    expect(await planOf(db, originalSampleHits(db, '0003999', { scope, limit: 11 }))).toContain(
      'original_samples_item_rev_idx',
    );
    expect(await planOf(db, countryStandardHits(db, md5Of1, { limit: 11 }))).toContain(
      'country_requirements_name_trgm_idx',
    );
  });
});

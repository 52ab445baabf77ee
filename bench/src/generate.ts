import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { loadConfig } from '@qcdesk/server/src/platform/config.ts';
import { type Database, openDatabase, rows } from '@qcdesk/server/src/platform/db.ts';
import { runSeeds } from '@qcdesk/server/src/seed.ts';
import { sql } from 'drizzle-orm';
import { generateFactories, generateOrders } from './generate-orders.ts';
import { generateReports, REPORT_YEAR, reportSizes } from './generate-reports.ts';

// Data generator for the search benchmarks (issue 6): realistic bilingual clients, materials,
// original samples and country standards, and (issue 14, generate-orders.ts) factories, orders and
// order products, generated inside the database with
// `INSERT … SELECT generate_series` (no rows travel over the wire), on PostgreSQL
// (BENCH_DATABASE_URL) or PGlite (DATA_DIR). Secondary indexes are dropped during the load and
// rebuilt after it, then VACUUM ANALYZE leaves statistics and empty GIN pending lists.
//
//   BENCH_DATABASE_URL=postgres://root@127.0.0.1:5432/qcdesk_bench npx tsx bench/src/generate.ts
//   DATA_DIR=tmp/bench-pglite npx tsx bench/src/generate.ts --clients 20000 --materials 100000
//
// Re-running tops the tables up to the sizes asked (generated rows carry a `B` code prefix).
// With orders, `--reports` (100k by default on the command line) adds a year of approved inspection
// reports with their applications, plans and tasks, loading reports (`--supervise`, a tenth) and
// the inspectors' daily work reports (`--inspectors`, one per 500 reports): generate-reports.ts.

export const BENCH_PASSWORD = 'Bench1234';

export interface Sizes {
  clients: number;
  materials: number;
  samples: number;
  standards: number;
  tests: number;
  /** Orders of two products each (issue 14); absent: none. */
  orders?: number;
  /** Approved inspection reports of a year (issue 30, generate-reports.ts); absent: none. */
  reports?: number;
  /** Loading reports of that year; absent: a tenth of the reports. */
  supervise?: number;
  /** Bench inspectors sharing them; absent: one per 500 reports (at least 10). */
  inspectors?: number;
}

/** The command line's year of reports (not in DEFAULT_SIZES: the search benches need none). */
export const DEFAULT_REPORTS = 100_000;

export const DEFAULT_SIZES: Sizes = {
  clients: 100_000,
  materials: 1_000_000,
  samples: 100_000,
  standards: 2_000,
  tests: 100_000,
  orders: 1_000_000,
};

/** Bench factories the orders are made in. */
const BENCH_FACTORIES = 2_000;

const BATCH = 100_000;

/** The `index`-th word (0-based, wrapping) of a vocabulary, as an SQL expression. */
const pick = (words: readonly string[], index: string) => {
  const literal = words.map((w) => `'${w.replace(/'/g, "''")}'`).join(',');
  return sql.raw(`(array[${literal}]::text[])[1 + ((${index}) % ${words.length})]`);
};

// -- Vocabularies -----------------------------------------------------------------------------

const ZH_CITIES = [
  '深圳',
  '广州',
  '东莞',
  '宁波',
  '义乌',
  '汕头',
  '厦门',
  '苏州',
  '上海',
  '青岛',
  '香港',
  '台州',
  '温州',
  '中山',
  '佛山',
  '杭州',
  '泉州',
  '无锡',
  '南通',
  '金华',
];
const ZH_BRANDS = [
  '华美',
  '宏达',
  '永昌',
  '佳乐',
  '鹏程',
  '鑫达',
  '天翔',
  '金星',
  '远洋',
  '恒通',
  '瑞丰',
  '嘉禾',
  '万利',
  '新世纪',
  '东方',
  '宝利',
  '盛世',
  '联合',
  '欧亚',
  '富华',
  '百盛',
  '星河',
  '明辉',
  '海天',
  '安达',
  '兴业',
  '利达',
  '国泰',
  '长城',
  '信诚',
];
const ZH_TRADES = [
  '玩具',
  '礼品',
  '家居',
  '电子',
  '工艺品',
  '纺织',
  '服饰',
  '塑胶',
  '五金',
  '灯饰',
  '文具',
  '体育用品',
  '宠物用品',
  '厨具',
  '箱包',
];
const ZH_SUFFIXES = [
  '有限公司',
  '贸易有限公司',
  '进出口有限公司',
  '实业有限公司',
  '（香港）有限公司',
  '国际贸易有限公司',
];
const EN_PREFIXES = [
  'Nordic',
  'Pacific',
  'Golden',
  'Royal',
  'Global',
  'Sunrise',
  'Silver',
  'Blue Ocean',
  'Evergreen',
  'Northern',
  'Atlantic',
  'Summit',
  'Maple',
  'Harbor',
  'Crown',
  'Liberty',
  'Orion',
  'Aurora',
  'Pioneer',
  'Heritage',
  'Meridian',
  'Coastal',
  'Alpine',
  'Prime',
  'Union',
  'Eagle',
  'Star',
  'Rainbow',
  'Lotus',
  'Vista',
];
const EN_TRADES = [
  'Home',
  'Toys',
  'Living',
  'Kids',
  'Gifts',
  'Trading',
  'Imports',
  'Brands',
  'Retail',
  'Outdoor',
  'Kitchen',
  'Style',
  'Play',
  'Craft',
  'Decor',
];
const EN_QUALIFIERS = [
  'International',
  'Direct',
  'Worldwide',
  'Supply',
  'Holdings',
  'Partners',
  'Sourcing',
  'Distribution',
  'Europe',
  'America',
  'Asia',
  'Nordic',
  'Group',
  'Collective',
  'Company',
  'Works',
  'Store',
  'Market',
  'House',
  'Studio',
];
const EN_SUFFIXES = ['Inc.', 'Ltd.', 'GmbH', 'AB', 'LLC', 'S.A.', 'B.V.', 'Pty Ltd', 'Co., Ltd.', 'S.r.l.'];
const COUNTRIES = [
  'US',
  'GB',
  'DE',
  'FR',
  'SE',
  'NL',
  'IT',
  'ES',
  'CA',
  'AU',
  'JP',
  'KR',
  'AE',
  'SA',
  'BR',
  'MX',
  'HK',
  'SG',
  'PL',
  'DK',
];

const MAT_MODIFIERS = [
  '高密度',
  '低密度',
  '环保',
  '再生',
  '阻燃',
  '食品级',
  '耐高温',
  '抗UV',
  '透明',
  '彩色',
  '哑光',
  '加厚',
  '超细',
  '防水',
  '无毒',
];
const MAT_BASES = [
  'ABS',
  'PP',
  'PE',
  'PVC',
  'PET',
  'EVA',
  'TPR',
  '硅胶',
  '尼龙',
  '涤纶',
  '纯棉',
  '棉麻',
  '松木',
  '竹',
  '铁',
  '不锈钢',
  '锌合金',
  '铝',
  '玻璃',
  '陶瓷',
  '纸板',
  '皮革',
];
const MAT_BASES_EN = [
  'ABS',
  'polypropylene',
  'polyethylene',
  'PVC',
  'PET',
  'EVA',
  'TPR',
  'silicone',
  'nylon',
  'polyester',
  'cotton',
  'cotton linen',
  'pine',
  'bamboo',
  'iron',
  'stainless steel',
  'zinc alloy',
  'aluminium',
  'glass',
  'ceramic',
  'cardboard',
  'leather',
];
const MAT_FORMS = [
  '塑料粒子',
  '面料',
  '板材',
  '线材',
  '薄膜',
  '涂料',
  '油墨',
  '配件',
  '纽扣',
  '拉链',
  '织带',
  '泡沫',
  '填充物',
  '胶水',
  '弹簧',
  '螺丝',
];
const MAT_FORMS_EN = [
  'pellets',
  'fabric',
  'board',
  'wire',
  'film',
  'coating',
  'ink',
  'fitting',
  'button',
  'zipper',
  'webbing',
  'foam',
  'filling',
  'adhesive',
  'spring',
  'screw',
];
const MAT_COLOURS = ['红色', '蓝色', '白色', '黑色', '黄色', '绿色', '粉色', '灰色', '透明', '本色'];
const MATERIAL_TYPES = [
  'PLASTIC',
  'TEXTILE',
  'WOOD',
  'METAL',
  'GLASS',
  'PAPER',
  'LEATHER',
  'COATING',
  'RUBBER',
  'CERAMIC',
  'ELECTRONIC',
];
const RISK_LEVELS = ['R1', 'R2', 'R3', 'R4', 'R5'];

const PRODUCTS = [
  '毛绒小熊 / Plush bear',
  '遥控赛车 / RC racing car',
  '木制积木 / Wooden blocks',
  '沐浴玩具 / Bath toy',
  '拼图 / Jigsaw puzzle',
  '玩偶 / Doll',
  '陶瓷马克杯 / Ceramic mug',
  '保温杯 / Vacuum flask',
  '收纳箱 / Storage box',
  '台灯 / Desk lamp',
  '抱枕 / Cushion',
  '餐具套装 / Cutlery set',
  '书包 / School bag',
  '雨伞 / Umbrella',
  '蓝牙音箱 / Bluetooth speaker',
  '宠物玩具 / Pet toy',
];
const PRODUCT_PREFIXES = [
  'PB',
  'RC',
  'WT',
  'BT',
  'JP',
  'DL',
  'MG',
  'VF',
  'SB',
  'DL',
  'CU',
  'CS',
  'BG',
  'UM',
  'SP',
  'PT',
];
const SIZES = [
  '20cm',
  '30cm',
  '45cm',
  '迷你 mini',
  '豪华 deluxe',
  '经典 classic',
  '圣诞 Xmas',
  '限量 limited',
];
const TOPICS = [
  '玩具安全要求 / Toy safety',
  '食品接触材料要求 / Food contact materials',
  '纺织品标签要求 / Textile labelling',
  '电气安全要求 / Electrical safety',
  '化学品限制要求 / Restricted chemicals',
  '儿童护理用品要求 / Child care articles',
  '包装回收要求 / Packaging recovery',
  '家具稳定性要求 / Furniture stability',
];

// -- Steps ------------------------------------------------------------------------------------

const GENERATED_TABLES = [
  'clients',
  'materials',
  'material_tests',
  'original_samples',
  'country_requirements',
  'factories',
  'orders',
  'order_products',
];

async function count(
  db: Database['db'],
  table: string,
  prefixColumn: string,
  prefix: string,
): Promise<number> {
  const [row] = await rows<{ n: string | number }>(
    db,
    sql.raw(`select count(*) as n from ${table} where ${prefixColumn} like '${prefix}%'`),
  );
  return Number(row?.n ?? 0);
}

/** Inserts rows `from`+1 … `to` of a generator in batches, reporting progress. */
async function inBatches(
  label: string,
  from: number,
  to: number,
  insert: (lo: number, hi: number) => Promise<void>,
) {
  for (let lo = from + 1; lo <= to; lo += BATCH) {
    const hi = Math.min(to, lo + BATCH - 1);
    const started = Date.now();
    await insert(lo, hi);
    process.stdout.write(
      `  ${label} ${hi.toLocaleString('en-US')} / ${to.toLocaleString('en-US')} (${Date.now() - started} ms)\n`,
    );
  }
}

/** Bench sales users in both sales teams (they own most generated clients; none can sign in). */
async function salesUsers(db: Database['db']): Promise<void> {
  await db.execute(sql`
    insert into users (name, english_name, username, email, department_id, position, role_id, verified, must_change_password)
    select '业务员' || g, 'Sales ' || g, 'bench.sales' || g, 'bench.sales' || g || '@bench.local',
           (select id from departments where code = case when g % 2 = 0 then 'SALES1' else 'SALES2' end),
           1, (select id from roles where code = 'SALES'), true, false
    from generate_series(1, 40) g
    where not exists (select 1 from users where username = 'bench.sales' || g)`);
}

async function generateClients(db: Database['db'], wanted: number) {
  const have = await count(db, 'clients', 'code', 'B');
  const zhCombos = ZH_CITIES.length * ZH_BRANDS.length * ZH_TRADES.length * ZH_SUFFIXES.length;
  const enCombos = EN_PREFIXES.length * EN_TRADES.length * EN_QUALIFIERS.length * EN_SUFFIXES.length;
  await inBatches('clients', have, wanted, async (lo, hi) => {
    // Even rows Chinese, odd rows English; the index within each family runs through every
    // combination of the vocabularies before a number is appended, so names stay unique.
    await db.execute(sql`
      with owners as (
        select array_agg(u.id order by u.id) as ids, array_agg(u.department_id order by u.id) as departments
        from users u join roles r on r.id = u.role_id
        where r.code in ('SALES', 'SALES_MGR') and u.valid = 1
      ), countries_ as (
        select array_agg(id order by code) as ids from countries where code in (${sql.join(
          COUNTRIES.map((c) => sql`${c}`),
          sql`, `,
        )})
      ), numbered as (
        select g, g / 2 as k from generate_series(${lo}::int, ${hi}::int) g
      )
      insert into clients (code, name, country_id, type, sales_id, department_id, sampling_level_id, major_aql, minor_aql,
                           advance_days, destination_countries, report_emails, inspection_requirement)
      select 'B' || lpad(n.g::text, 7, '0'),
             case when n.g % 2 = 0 then
               ${pick(ZH_CITIES, 'n.k')} || ${pick(ZH_BRANDS, `n.k / ${ZH_CITIES.length}`)}
                 || ${pick(ZH_TRADES, `n.k / ${ZH_CITIES.length * ZH_BRANDS.length}`)}
                 || ${pick(ZH_SUFFIXES, `n.k / ${ZH_CITIES.length * ZH_BRANDS.length * ZH_TRADES.length}`)}
                 || case when n.k >= ${zhCombos} then ' ' || (n.k / ${zhCombos} + 1)::text else '' end
             else
               ${pick(EN_PREFIXES, 'n.k')} || ' ' || ${pick(EN_TRADES, `n.k / ${EN_PREFIXES.length}`)}
                 || ' ' || ${pick(EN_QUALIFIERS, `n.k / ${EN_PREFIXES.length * EN_TRADES.length}`)}
                 || ' ' || ${pick(EN_SUFFIXES, `n.k / ${EN_PREFIXES.length * EN_TRADES.length * EN_QUALIFIERS.length}`)}
                 || case when n.k >= ${enCombos} then ' ' || (n.k / ${enCombos} + 1)::text else '' end
             end,
             c.ids[1 + n.g % array_length(c.ids, 1)],
             (array[1, 2, 3, 4, 5, 6, 9])[1 + n.g % 7],
             o.ids[1 + (n.g * 7) % array_length(o.ids, 1)],
             o.departments[1 + (n.g * 7) % array_length(o.ids, 1)],
             (select id from sampling_levels where code = 'II'),
             (array[1.0, 1.5, 2.5, 2.5, 2.5])[1 + n.g % 5], (array[2.5, 4.0, 4.0, 4.0, 6.5])[1 + n.g % 5],
             n.g % 8, array['US', 'EU'], array['qa' || n.g || '@buyer.example.com'],
             '按AQL II级抽样 / AQL level II'
      from numbered n, owners o, countries_ c`);
  });
}

async function generateMaterials(db: Database['db'], wanted: number) {
  const have = await count(db, 'materials', 'upc', 'B');
  await inBatches('materials', have, wanted, async (lo, hi) => {
    await db.execute(sql`
      with refs as (
        select (select array_agg(id order by code) from material_types where code in (${sql.join(
          MATERIAL_TYPES.map((c) => sql`${c}`),
          sql`, `,
        )})) as types,
               (select array_agg(id order by code) from risk_levels where code in (${sql.join(
                 RISK_LEVELS.map((c) => sql`${c}`),
                 sql`, `,
               )})) as risks,
               (select array_agg(id order by code) from suppliers where valid = 1) as suppliers
      )
      insert into materials (upc, name, technical_name, custom_name, risk_level_id, material_type_id, supplier_id)
      select 'B69' || lpad(g::text, 10, '0'),
             ${pick(MAT_MODIFIERS, 'g / 7')} || ${pick(MAT_BASES, 'g')} || ${pick(MAT_FORMS, 'g / 3')} || ' ' || ${pick(MAT_COLOURS, 'g / 11')},
             ${pick(MAT_BASES_EN, 'g')} || ' ' || ${pick(MAT_FORMS_EN, 'g / 3')} || ' grade ' || (g % 997),
             ${pick(MAT_BASES, 'g')} || '制' || ${pick(MAT_FORMS, 'g / 3')},
             r.risks[1 + g % array_length(r.risks, 1)],
             r.types[1 + g % array_length(r.types, 1)],
             case when g % 4 = 0 then null else r.suppliers[1 + g % array_length(r.suppliers, 1)] end
      from generate_series(${lo}::int, ${hi}::int) g, refs r`);
  });
}

async function generateTests(db: Database['db'], wanted: number) {
  const have = await count(db, 'material_tests', 'test_no', 'B');
  await inBatches('material tests', have, wanted, async (lo, hi) => {
    // One test for every tenth material; about half of them valid today.
    await db.execute(sql`
      insert into material_tests (test_no, material_id, lab_id, start_date, end_date, result, status)
      select 'BMT' || lpad(g::text, 9, '0'), m.id, (select id from labs order by id limit 1),
             current_date - (g % 700), current_date - (g % 700) + 365, 1 + g % 3, (array[10, 20, 30])[1 + g % 3]
      from generate_series(${lo}::int, ${hi}::int) g
      join materials m on m.upc = 'B69' || lpad((g * 10)::text, 10, '0')`);
  });
}

async function generateSamples(db: Database['db'], wanted: number) {
  const have = await count(db, 'original_samples', 'item_no', 'B');
  await inBatches('original samples', have, wanted, async (lo, hi) => {
    await db.execute(sql`
      with buyers as (select array_agg(id order by id) as ids from clients where code like 'B%' and valid = 1)
      insert into original_samples (item_no, name, client_id, complete)
      select 'B' || ${pick(PRODUCT_PREFIXES, 'g')} || '-' || lpad(g::text, 7, '0'),
             ${pick(PRODUCTS, 'g')} || ' ' || ${pick(SIZES, 'g / 16')},
             case when g % 10 = 0 or b.ids is null then null else b.ids[1 + (g * 13) % array_length(b.ids, 1)] end,
             g % 3 <> 0
      from generate_series(${lo}::int, ${hi}::int) g, buyers b`);
  });
}

async function generateStandards(db: Database['db'], wanted: number) {
  const have = await count(db, 'country_requirements', 'name', 'B');
  await inBatches('country standards', have, wanted, async (lo, hi) => {
    await db.execute(sql`
      with countries_ as (
        select array_agg(id order by code) as ids from countries where code in (${sql.join(
          COUNTRIES.map((c) => sql`${c}`),
          sql`, `,
        )})
      )
      insert into country_requirements (country_id, name, product_scope)
      select c.ids[1 + g % array_length(c.ids, 1)],
             'B ' || ${pick(TOPICS, 'g / 20')} || ' ' || (2000 + g / 160)::text || '版 edition',
             '出口产品 / Export products'
      from generate_series(${lo}::int, ${hi}::int) g, countries_ c`);
  });
}

interface IndexDef {
  name: string;
  definition: string;
}

/** Drops the secondary indexes of the generated tables; answers their definitions. */
async function dropIndexes(db: Database['db']): Promise<IndexDef[]> {
  const defs = await rows<{ indexname: string; indexdef: string }>(
    db,
    sql`select indexname, indexdef from pg_indexes
        where schemaname = 'public' and tablename in (${sql.join(
          GENERATED_TABLES.map((t) => sql`${t}`),
          sql`, `,
        )})
          and indexname not like '%_pkey'`,
  );
  for (const d of defs) await db.execute(sql.raw(`drop index if exists "${d.indexname}"`));
  return defs.map((d) => ({ name: d.indexname, definition: d.indexdef }));
}

export interface GenerateOptions {
  url?: string | undefined;
  dataDir?: string | undefined;
  sizes: Sizes;
}

/** Generates (or tops up) the bench data; answers the open database. */
export async function generate(options: GenerateOptions): Promise<Database> {
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    ...(options.url ? { DATABASE_URL: options.url } : {}),
    DATA_DIR: options.dataDir ?? 'tmp/bench-pglite',
    QCDESK_ADMIN_PASSWORD: BENCH_PASSWORD,
    QCDESK_DEMO_USERS: '1',
    QCDESK_DEMO_PASSWORD: BENCH_PASSWORD,
  });
  if (!options.url) mkdirSync(config.dataDir, { recursive: true });
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
  await database.migrate();
  await runSeeds(database, config, { warn() {} });
  const { db } = database;
  const started = Date.now();
  await salesUsers(db);
  const missing =
    (await count(db, 'clients', 'code', 'B')) < options.sizes.clients ||
    (await count(db, 'materials', 'upc', 'B')) < options.sizes.materials ||
    (await count(db, 'material_tests', 'test_no', 'B')) <
      Math.min(options.sizes.tests, options.sizes.materials / 10) ||
    (await count(db, 'original_samples', 'item_no', 'B')) < options.sizes.samples ||
    (await count(db, 'country_requirements', 'name', 'B')) < options.sizes.standards ||
    (await count(db, 'orders', 'order_no', 'BOD')) < (options.sizes.orders ?? 0);
  if (missing) await load(db, options.sizes);
  if (options.sizes.reports && options.sizes.orders) {
    const t0 = Date.now();
    const { reports, supervise, inspectors } = options.sizes;
    const added = await generateReports(db, reportSizes(reports, supervise, inspectors));
    if (added)
      process.stdout.write(
        `  a year (${REPORT_YEAR}) of reports in ${((Date.now() - t0) / 1000).toFixed(1)} s\n`,
      );
    else if (!missing) process.stdout.write('  the data is already there\n');
  } else if (!missing) process.stdout.write('  the data is already there\n');
  if (missing) process.stdout.write(`  done in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  return database;
}

/** Loads the search and order data (secondary indexes dropped meanwhile, rebuilt after). */
async function load(db: Database['db'], sizes: Sizes): Promise<void> {
  const indexes = await dropIndexes(db);
  try {
    await generateClients(db, sizes.clients);
    await generateMaterials(db, sizes.materials);
    await generateTests(db, sizes.tests);
    await generateSamples(db, sizes.samples);
    await generateStandards(db, sizes.standards);
    if (sizes.orders) {
      await generateFactories(db, BENCH_FACTORIES);
      await generateOrders(db, sizes.orders);
    }
  } finally {
    process.stdout.write(`  rebuilding ${indexes.length} indexes…\n`);
    for (const index of indexes) {
      const t0 = Date.now();
      await db.execute(sql.raw(index.definition));
      if (Date.now() - t0 > 1000) process.stdout.write(`    ${index.name} (${Date.now() - t0} ms)\n`);
    }
  }
  for (const table of GENERATED_TABLES) await db.execute(sql.raw(`vacuum analyze ${table}`));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: {
      clients: { type: 'string' },
      materials: { type: 'string' },
      samples: { type: 'string' },
      standards: { type: 'string' },
      tests: { type: 'string' },
      orders: { type: 'string' },
      reports: { type: 'string' },
      supervise: { type: 'string' },
      inspectors: { type: 'string' },
    },
  });
  const optional = (key: 'supervise' | 'inspectors') => (values[key] ? Number(values[key]) : undefined);
  const size = (key: keyof Sizes) => (values[key] ? Number(values[key]) : (DEFAULT_SIZES[key] ?? 0));
  const url = process.env.BENCH_DATABASE_URL;
  const dataDir = url ? undefined : resolve(process.env.DATA_DIR ?? 'tmp/bench-pglite');
  process.stdout.write(`Generating into ${url ?? dataDir}\n`);
  const database = await generate({
    url,
    dataDir,
    sizes: {
      clients: size('clients'),
      materials: size('materials'),
      samples: size('samples'),
      standards: size('standards'),
      tests: size('tests'),
      orders: size('orders'),
      reports: values.reports ? Number(values.reports) : DEFAULT_REPORTS,
      supervise: optional('supervise'),
      inspectors: optional('inspectors'),
    },
  });
  await database.close();
  process.exit(0);
}

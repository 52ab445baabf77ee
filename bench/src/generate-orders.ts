import type { Database } from '@qcdesk/server/src/platform/db.ts';
import { rows } from '@qcdesk/server/src/platform/db.ts';
import { type SQL, sql } from 'drizzle-orm';

// Orders for the order-list benchmark (issue 14): bilingual factories, then orders with realistic
// PO numbers over three years and two products each (1M orders, 2M order products by default),
// generated inside the database like the other bench data. Each product carries its order's
// columns (ADR 0011), and each order its total and earliest delivery date, as the services write
// them. Rows carry a `B` prefix (`BF…` factories, `BOD…` orders); re-running tops them up.

type Db = Database['db'];

/** Days the generated orders and delivery dates spread over (three years). */
const SPAN_DAYS = 1095;
const BATCH = 100_000;

/** A vocabulary as an SQL array literal (the words hold no quotes). */
const arr = (words: readonly string[]) => `(array[${words.map((w) => `'${w}'`).join(',')}]::text[])`;
const list = (words: readonly string[]) => sql.raw(arr(words));

const FACTORY_CITIES = ['深圳', '东莞', '汕头澄海', '义乌', '宁波', '中山', '佛山', '泉州', '温州', '苏州'];
const FACTORY_CITIES_EN = [
  'Shenzhen',
  'Dongguan',
  'Shantou',
  'Yiwu',
  'Ningbo',
  'Zhongshan',
  'Foshan',
  'Quanzhou',
  'Wenzhou',
  'Suzhou',
];
const FACTORY_BRANDS = [
  '华美',
  '宏兴',
  '鹏乐',
  '佳乐',
  '永昌',
  '鑫达',
  '天翔',
  '恒通',
  '瑞丰',
  '嘉禾',
  '万利',
  '盛世',
  '富华',
  '明辉',
  '海天',
  '安达',
  '兴业',
  '利达',
  '国泰',
  '信诚',
];
const FACTORY_BRANDS_EN = [
  'Huamei',
  'Hongxing',
  'Pengle',
  'Jiale',
  'Yongchang',
  'Xinda',
  'Tianxiang',
  'Hengtong',
  'Ruifeng',
  'Jiahe',
  'Wanli',
  'Shengshi',
  'Fuhua',
  'Minghui',
  'Haitian',
  'Anda',
  'Xingye',
  'Lida',
  'Guotai',
  'Xincheng',
];
const FACTORY_TRADES = [
  '玩具厂',
  '塑胶制品厂',
  '电子厂',
  '工艺品厂',
  '五金制品厂',
  '纺织品厂',
  '木制品厂',
  '礼品厂',
  '印刷厂',
  '家居用品厂',
];
const FACTORY_TRADES_EN = [
  'Toy Factory',
  'Plastic Products Factory',
  'Electronics Factory',
  'Crafts Factory',
  'Hardware Factory',
  'Textile Factory',
  'Wooden Products Factory',
  'Gifts Factory',
  'Printing Factory',
  'Homeware Factory',
];
const PRODUCT_NAMES = [
  '毛绒小熊 Plush bear',
  '遥控赛车 RC car',
  '木制积木 Wooden blocks',
  '沐浴小鸭 Bath duck',
  '拼图 Jigsaw puzzle',
  '玩偶 Doll',
  '陶瓷马克杯 Ceramic mug',
  '保温杯 Vacuum flask',
  '收纳箱 Storage box',
  '台灯 Desk lamp',
  '抱枕 Cushion',
  '餐具套装 Cutlery set',
];
const SKU_PREFIXES = ['PB', 'RC', 'WB', 'BD', 'JP', 'DL', 'MG', 'VF', 'SB', 'LP', 'CU', 'CS'];

/** The `index`-th word of a vocabulary, wrapping. */
const at = (words: readonly string[], index: string) =>
  sql.raw(`${arr(words)}[1 + ((${index}) % ${words.length})::int]`);

async function count(db: Db, table: string, column: string, prefix: string): Promise<number> {
  const [row] = await rows<{ n: string | number }>(
    db,
    sql.raw(`select count(*) as n from ${table} where ${column} like '${prefix}%'`),
  );
  return Number(row?.n ?? 0);
}

/** 2,000 factories by default: city + brand + trade, each in Chinese and English. */
export async function generateFactories(db: Db, wanted: number): Promise<void> {
  const have = await count(db, 'factories', 'code', 'BF');
  if (have >= wanted) return;
  await db.execute(sql`
    with refs as (
      select (select id from locations where valid = 1 order by id limit 1) as location,
             (select id from factory_type_fees where valid = 1 order by id limit 1) as kind
    )
    insert into factories (code, name_zh, name_en, address_zh, location_id, factory_type_id, contacts)
    select 'BF' || lpad(g::text, 5, '0'),
           ${list(FACTORY_CITIES)}[1 + g % ${FACTORY_CITIES.length}] || ${list(FACTORY_BRANDS)}[1 + (g / ${FACTORY_CITIES.length}) % ${FACTORY_BRANDS.length}]
             || ${list(FACTORY_TRADES)}[1 + (g / ${FACTORY_CITIES.length * FACTORY_BRANDS.length}) % ${FACTORY_TRADES.length}]
             || case when g >= ${FACTORY_CITIES.length * FACTORY_BRANDS.length * FACTORY_TRADES.length} then ' ' || g else '' end,
           ${list(FACTORY_CITIES_EN)}[1 + g % ${FACTORY_CITIES.length}] || ' ' || ${list(FACTORY_BRANDS_EN)}[1 + (g / ${FACTORY_CITIES.length}) % ${FACTORY_BRANDS.length}]
             || ' ' || ${list(FACTORY_TRADES_EN)}[1 + (g / ${FACTORY_CITIES.length * FACTORY_BRANDS.length}) % ${FACTORY_TRADES.length}],
           ${list(FACTORY_CITIES)}[1 + g % ${FACTORY_CITIES.length}] || '工业区' || (g % 50 + 1) || '号',
           r.location, r.kind, '[{"name":"厂长","isDefault":true}]'::jsonb
    from generate_series(${have + 1}::int, ${wanted}::int) g, refs r`);
}

/** A business date `offset` days after the start of the three years, as SQL. */
const day = (offset: SQL | string) =>
  sql`(date '2023-01-02' + (${typeof offset === 'string' ? sql.raw(offset) : offset})::int)`;

/**
 * Orders `BOD00000001`… with two products each: clients and factories drawn from the bench rows,
 * PO numbers in the three usual shapes (SAP `4500…`, `PO-yyyy-…`, free text), created over three
 * years and delivered 30–120 days later, quantities 100–9,999 per line.
 */
export async function generateOrders(db: Db, wanted: number): Promise<void> {
  const have = await count(db, 'orders', 'order_no', 'BOD');
  for (let lo = have + 1; lo <= wanted; lo += BATCH) {
    const hi = Math.min(wanted, lo + BATCH - 1);
    const started = Date.now();
    // The order's number `v` decides its dates and quantities, so products compute their order's.
    const created = (v: string) => `(${v}::bigint * ${SPAN_DAYS} / ${wanted})`;
    const due = (v: string, line: number) => `(${created(v)} + 30 + (${v} * ${7 + line}) % 90)`;
    const qty = (v: string, line: number) => `(100 + (${v} * ${37 + line * 64}) % 9900)`;
    const n = 'n.g';
    const o = 'substr(o.order_no, 4)::int';
    await db.execute(sql`
      with buyers as (
        select array_agg(id order by id) as ids, array_agg(department_id order by id) as departments,
               array_agg(sales_id order by id) as sales
        from clients where code like 'B%' and valid = 1
      ), made as (
        select array_agg(id order by id) as ids from factories where code like 'BF%' and valid = 1
      ), numbered as (
        select g, (1 + (g::bigint * 7919) % array_length(b.ids, 1))::int as c from generate_series(${lo}::int, ${hi}::int) g, buyers b
      ), inserted as (
        insert into orders (order_no, client_po, client_id, department_id, sales_id, description, total, delivery_date,
                            sources, created_at, updated_at)
        select 'BOD' || lpad(n.g::text, 8, '0'),
               case n.g % 3 when 0 then '4500' || lpad(((n.g::bigint * 104729) % 1000000)::text, 6, '0')
                            when 1 then 'PO-' || (2023 + n.g * 3 / ${wanted + 1}) || '-' || lpad((n.g % 100000)::text, 5, '0')
                            else 'P' || upper(substr(md5(n.g::text), 1, 8)) end,
               b.ids[n.c], b.departments[n.c], b.sales[n.c], null,
               ${sql.raw(qty(n, 1))} + ${sql.raw(qty(n, 2))},
               least(${day(due(n, 1))}, ${day(due(n, 2))}),
               '[{"source":3,"ref":"bench","at":"2023-01-01T00:00:00.000Z"}]'::jsonb,
               ${day(created(n))}::timestamptz, ${day(created(n))}::timestamptz
        from numbered n, buyers b
        returning id, order_no, client_po, client_id, department_id, sales_id, created_at
      )
      insert into order_products (order_id, product_no, line, sku, item_no, name, factory_id, quantity, delivery_date,
                                  product_type, order_no, client_po, client_id, department_id, sales_id, created_at, updated_at)
      select o.id, o.order_no || '-0' || l, l,
             ${at(SKU_PREFIXES, 'o.id + l')} || '-' || lpad(((o.id * 31 + l) % 100000)::text, 5, '0'),
             'IT' || lpad(((o.id * 2 + l) % 10000000)::text, 7, '0'),
             ${at(PRODUCT_NAMES, 'o.id * 3 + l')},
             m.ids[1 + ((o.id * 13 + l * 7) % array_length(m.ids, 1))],
             case l when 1 then ${sql.raw(qty(o, 1))} else ${sql.raw(qty(o, 2))} end,
             case l when 1 then ${day(due(o, 1))} else ${day(due(o, 2))} end,
             1 + (o.id % 3)::int, o.order_no, o.client_po, o.client_id, o.department_id, o.sales_id, o.created_at, o.created_at
      from inserted o, made m, generate_series(1, 2) l`);
    process.stdout.write(
      `  orders ${hi.toLocaleString('en-US')} / ${wanted.toLocaleString('en-US')} (${Date.now() - started} ms)\n`,
    );
  }
}

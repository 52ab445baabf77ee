import { inArray, sql } from 'drizzle-orm';
import { labs, materialTypes, riskLevels, suppliers, testItems } from '../../db/schema/config';
import { materials } from '../../db/schema/material';
import { materialTestItems, materialTests } from '../../db/schema/material-test';
import { addMonths, businessDate } from '../../platform/business-time';
import type { Db } from '../../platform/db';
import type { SeedContext } from '../../platform/module';
import { nextNumber } from '../../platform/numbering';
import { idsByCode } from '../../platform/references';

// Demo materials for the demo database (QCDESK_DEMO_USERS=1), with a completed material test for
// some of them (so `q0` shows both kinds). Idempotent by UPC.

const SEED_LOCK = 7041007;

/** [upc, name, technical name, customs name, risk level, material type, supplier, tested with] */
export const DEMO_MATERIALS: [string, string, string, string, string, string, string | null, string[]][] = [
  [
    '6901234500011',
    'ABS塑料粒子',
    'Acrylonitrile butadiene styrene (ABS)',
    '初级形状的ABS树脂',
    'R3',
    'PLASTIC',
    'SUP-HM',
    ['T-EN71-3', 'T-PHTH'],
  ],
  [
    '6901234500028',
    'PP聚丙烯',
    'Polypropylene (PP) homopolymer',
    '初级形状的聚丙烯',
    'R2',
    'PLASTIC',
    'SUP-HM',
    [],
  ],
  [
    '6901234500035',
    'PVC软胶',
    'Plasticised PVC compound',
    '聚氯乙烯软质粒料',
    'R4',
    'PLASTIC',
    'SUP-XD',
    ['T-PHTH'],
  ],
  [
    '6901234500042',
    '涤纶短毛绒',
    'Polyester short plush fabric',
    '涤纶针织毛绒布',
    'R3',
    'TEXTILE',
    'SUP-YC',
    ['T-AZO', 'T-HCHO'],
  ],
  ['6901234500059', 'PP棉填充物', 'Polyester fibre filling', '涤纶短纤填充棉', 'R2', 'TEXTILE', 'SUP-YC', []],
  [
    '6901234500066',
    '水性油漆',
    'Water-based acrylic paint',
    '水性丙烯酸涂料',
    'R5',
    'COATING',
    'SUP-XD',
    ['T-EN71-3', 'T-CPSIA-PB'],
  ],
  ['6901234500073', '镀锌铁螺丝', 'Zinc-plated steel screw M3', '钢铁制螺钉', 'R2', 'METAL', null, []],
  ['6901234500080', '松木板', 'Pine wood board', '松木制板材', 'R2', 'WOOD', 'SUP-YC', []],
  ['6901234500097', 'AA碱性电池', 'Alkaline battery LR6', '碱性锌锰电池', 'R4', 'ELECTRONIC', null, []],
  ['6901234500103', '瓦楞纸箱', 'Corrugated carton, 5-ply', '瓦楞纸制箱', 'R1', 'PAPER', 'SUP-HM', []],
];

export async function seedMaterials(ctx: SeedContext): Promise<void> {
  if (ctx.config.QCDESK_DEMO_USERS !== '1') return;
  await ctx.database.db.transaction(async (transaction) => {
    const db = transaction as unknown as Db;
    await db.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const present = new Set(
      (
        await db
          .select({ upc: materials.upc })
          .from(materials)
          .where(
            inArray(
              materials.upc,
              DEMO_MATERIALS.map((m) => m[0]),
            ),
          )
      ).map((r) => r.upc),
    );
    const wanted = DEMO_MATERIALS.filter((m) => !present.has(m[0]));
    if (wanted.length === 0) return;
    const risk = await idsByCode(
      db,
      riskLevels,
      wanted.map((m) => m[4]),
    );
    const kind = await idsByCode(
      db,
      materialTypes,
      wanted.map((m) => m[5]),
    );
    const supplier = await idsByCode(
      db,
      suppliers,
      wanted.flatMap((m) => (m[6] ? [m[6]] : [])),
    );
    const items = await idsByCode(
      db,
      testItems,
      wanted.flatMap((m) => m[7]),
    );
    const [lab] = (await idsByCode(db, labs, ['SGS-SZ'])).values();
    const today = businessDate();
    for (const [upc, name, technicalName, customName, level, type, from, tested] of wanted) {
      if (!risk.has(level) || !kind.has(type)) continue;
      const [row] = await db
        .insert(materials)
        .values({
          upc,
          name,
          technicalName,
          customName,
          riskLevelId: risk.get(level)!,
          materialTypeId: kind.get(type)!,
          supplierId: from ? (supplier.get(from) ?? null) : null,
        })
        .returning({ id: materials.id });
      if (tested.length === 0) continue;
      // A pass recorded three months ago, valid for a year (DOMAIN.md §2.3: status 20).
      const startDate = addMonths(today, -3);
      const [test] = await db
        .insert(materialTests)
        .values({
          testNo: await nextNumber(db, 'MT'),
          materialId: row!.id,
          labId: lab ?? null,
          startDate,
          endDate: addMonths(startDate, 12),
          result: 1,
          status: 20,
        })
        .returning({ id: materialTests.id });
      const ids = tested.flatMap((code) => items.get(code) ?? []);
      if (ids.length > 0) {
        await db
          .insert(materialTestItems)
          .values(ids.map((testItemId) => ({ materialTestId: test!.id, testItemId })));
      }
    }
  });
}

import { inArray } from 'drizzle-orm';
import { materialTypes, riskLevels, suppliers } from '../../db/schema/config';
import { materials } from '../../db/schema/material';
import type { SeedContext } from '../../platform/module';
import { idsByCode } from '../../platform/references';
import { adminPrincipal } from '../../platform/seed-principal';
import { createMaterial } from './material.service';

// Demo materials for the demo database (QCDESK_DEMO_USERS=1), created by admin through
// material/create's service. Idempotent by UPC. The material-test seed gives some of them a
// completed test (so `q0` shows both kinds).

/** [upc, name, technical name, customs name, risk level, material type, supplier] */
export const DEMO_MATERIALS: [string, string, string, string, string, string, string | null][] = [
  [
    '6901234500011',
    'ABS塑料粒子',
    'Acrylonitrile butadiene styrene (ABS)',
    '初级形状的ABS树脂',
    'R3',
    'PLASTIC',
    'SUP-HM',
  ],
  [
    '6901234500028',
    'PP聚丙烯',
    'Polypropylene (PP) homopolymer',
    '初级形状的聚丙烯',
    'R2',
    'PLASTIC',
    'SUP-HM',
  ],
  ['6901234500035', 'PVC软胶', 'Plasticised PVC compound', '聚氯乙烯软质粒料', 'R4', 'PLASTIC', 'SUP-XD'],
  [
    '6901234500042',
    '涤纶短毛绒',
    'Polyester short plush fabric',
    '涤纶针织毛绒布',
    'R3',
    'TEXTILE',
    'SUP-YC',
  ],
  ['6901234500059', 'PP棉填充物', 'Polyester fibre filling', '涤纶短纤填充棉', 'R2', 'TEXTILE', 'SUP-YC'],
  ['6901234500066', '水性油漆', 'Water-based acrylic paint', '水性丙烯酸涂料', 'R5', 'COATING', 'SUP-XD'],
  ['6901234500073', '镀锌铁螺丝', 'Zinc-plated steel screw M3', '钢铁制螺钉', 'R2', 'METAL', null],
  ['6901234500080', '松木板', 'Pine wood board', '松木制板材', 'R2', 'WOOD', 'SUP-YC'],
  ['6901234500097', 'AA碱性电池', 'Alkaline battery LR6', '碱性锌锰电池', 'R4', 'ELECTRONIC', null],
  ['6901234500103', '瓦楞纸箱', 'Corrugated carton, 5-ply', '瓦楞纸制箱', 'R1', 'PAPER', 'SUP-HM'],
];

export async function seedMaterials(ctx: SeedContext): Promise<void> {
  if (ctx.config.QCDESK_DEMO_USERS !== '1') return;
  await ctx.database.db.transaction(async (db) => {
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
    const admin = await adminPrincipal(db);
    if (wanted.length === 0 || !admin) return;
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
    for (const [upc, name, technicalName, customName, level, type, from] of wanted) {
      const riskLevelId = risk.get(level);
      const materialTypeId = kind.get(type);
      if (riskLevelId === undefined || materialTypeId === undefined) continue;
      const supplierId = from ? supplier.get(from) : undefined;
      await createMaterial(
        db,
        { upc, name, technicalName, customName, riskLevelId, materialTypeId, supplierId },
        admin,
      );
    }
  });
}

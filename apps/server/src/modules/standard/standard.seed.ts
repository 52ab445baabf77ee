import { eq } from 'drizzle-orm';
import { countries, standards, testItems } from '../../db/schema/config';
import { commonStandards, countryRequirements } from '../../db/schema/standard';
import type { Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import type { SeedContext } from '../../platform/module';
import { idsByCode } from '../../platform/references';
import { adminPrincipal } from '../../platform/seed-principal';
import type { KindName } from './standard.queries';
import { createStandard, updateStandardTests } from './standard.service';

// Demo common and country standards for the demo database (QCDESK_DEMO_USERS=1): the test items
// of the seeded test-item list grouped the way a toy importer's QA manual groups them, created by
// admin through the services of standard/create and standard/test/update. Idempotent by name.

type Demo = { name: string; scope: string; norms: string[]; tests: [string, boolean][] };

export const DEMO_COMMON_STANDARDS: Demo[] = [
  {
    name: '毛绒玩具通用标准 / Plush toys',
    scope: '填充类毛绒玩具 / Stuffed plush toys',
    norms: ['EN71-1', 'EN71-2'],
    tests: [
      ['T-EN71-1', true],
      ['T-EN71-2', true],
      ['T-AZO', true],
      ['T-HCHO', false],
    ],
  },
  {
    name: '塑胶玩具通用标准 / Plastic toys',
    scope: '塑胶及电动玩具 / Plastic and battery toys',
    norms: ['EN71-1'],
    tests: [
      ['T-EN71-1', true],
      ['T-EN71-3', true],
      ['T-PHTH', true],
    ],
  },
];

export const DEMO_COUNTRY_STANDARDS: (Demo & { country: string })[] = [
  {
    country: 'US',
    name: '美国玩具安全要求 / US toy safety',
    scope: '儿童玩具 / Toys',
    norms: ['CPSIA', 'CA-P65'],
    tests: [
      ['T-F963', true],
      ['T-CPSIA-PB', true],
      ['T-P65', false],
    ],
  },
  {
    country: 'DE',
    name: '德国玩具与食品接触要求 / German toys and food contact',
    scope: '玩具、餐具 / Toys, tableware',
    norms: ['LFGB'],
    tests: [
      ['T-EN71-3', true],
      ['T-AZO', true],
    ],
  },
  {
    country: 'GB',
    name: '英国玩具安全法规 / UK toy safety regulations',
    scope: '儿童玩具 / Toys',
    norms: [],
    tests: [
      ['T-EN71-1', true],
      ['T-EN71-2', true],
      ['T-EN71-3', true],
    ],
  },
];

/** Creates one demo standard with its norms, then its required test items (codes not seeded are left out). */
async function seedOne(db: Db, admin: Principal, kind: KindName, demo: Demo & { country?: string }) {
  const items = await idsByCode(
    db,
    testItems,
    demo.tests.map((t) => t[0]),
  );
  const norms = await idsByCode(db, standards, demo.norms);
  const [countryId] = kind === 'country' ? (await idsByCode(db, countries, [demo.country!])).values() : [];
  if (kind === 'country' && !countryId) return;
  const created = await createStandard(
    db,
    kind,
    {
      name: demo.name,
      productScope: demo.scope,
      description: undefined,
      standardIds: [...norms.values()],
      ...(countryId ? { countryId } : {}),
    },
    admin,
  );
  const tests = demo.tests.flatMap(([code, mandatory]) => {
    const testItemId = items.get(code);
    return testItemId ? [{ testItemId, mandatory }] : [];
  });
  if (tests.length > 0) {
    await updateStandardTests(db, kind, { id: created.id, version: created.version, tests }, admin);
  }
}

export async function seedStandards(ctx: SeedContext): Promise<void> {
  if (ctx.config.QCDESK_DEMO_USERS !== '1') return;
  await ctx.database.db.transaction(async (db) => {
    const admin = await adminPrincipal(db);
    if (!admin) return;
    for (const demo of DEMO_COMMON_STANDARDS) {
      const [hit] = await db
        .select({ id: commonStandards.id })
        .from(commonStandards)
        .where(eq(commonStandards.name, demo.name));
      if (!hit) await seedOne(db, admin, 'common', demo);
    }
    for (const demo of DEMO_COUNTRY_STANDARDS) {
      const [hit] = await db
        .select({ id: countryRequirements.id })
        .from(countryRequirements)
        .where(eq(countryRequirements.name, demo.name));
      if (!hit) await seedOne(db, admin, 'country', demo);
    }
  });
}

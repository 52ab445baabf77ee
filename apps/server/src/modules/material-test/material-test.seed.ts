import { MATERIAL_TEST_STATUS } from '@qcdesk/contract/material-test';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { labs, testItems } from '../../db/schema/config';
import { materials } from '../../db/schema/material';
import { materialTests } from '../../db/schema/material-test';
import { addMonths, businessDate } from '../../platform/business-time';
import type { SeedContext } from '../../platform/module';
import { lockRow } from '../../platform/records';
import { idsByCode } from '../../platform/references';
import { adminPrincipal } from '../../platform/seed-principal';
import { transition } from '../../platform/transition';
import { materialTestMachine } from './material-test.rules';
import { recordMaterialTest } from './material-test.service';

// Demo material tests for the demo database (QCDESK_DEMO_USERS=1): a completed test for some of the
// demo materials (material.seed.ts), so `q0` shows both kinds. Recorded by admin through
// materialtest/create's service. Idempotent: a material that has any test gets none.

/** [material UPC, tested with] */
export const DEMO_MATERIAL_TESTS: [string, string[]][] = [
  ['6901234500011', ['T-EN71-3', 'T-PHTH']],
  ['6901234500035', ['T-PHTH']],
  ['6901234500042', ['T-AZO', 'T-HCHO']],
  ['6901234500066', ['T-EN71-3', 'T-CPSIA-PB']],
];

export async function seedMaterialTests(ctx: SeedContext): Promise<void> {
  if (ctx.config.QCDESK_DEMO_USERS !== '1') return;
  await ctx.database.db.transaction(async (db) => {
    const untested = await db
      .select({ id: materials.id, upc: materials.upc })
      .from(materials)
      .where(
        and(
          inArray(
            materials.upc,
            DEMO_MATERIAL_TESTS.map((t) => t[0]),
          ),
          eq(materials.valid, 1),
          sql`not exists (select 1 from ${materialTests} where ${materialTests.materialId} = ${materials.id})`,
        ),
      );
    const admin = await adminPrincipal(db);
    if (untested.length === 0 || !admin) return;
    const material = new Map(untested.map((m) => [m.upc, m.id]));
    const wanted = DEMO_MATERIAL_TESTS.filter(([upc]) => material.has(upc));
    const items = await idsByCode(
      db,
      testItems,
      wanted.flatMap((t) => t[1]),
    );
    const [lab] = (await idsByCode(db, labs, ['SGS-SZ'])).values();
    // A pass recorded three months ago, valid for a year.
    const startDate = addMonths(businessDate(), -3);
    for (const [upc, tested] of wanted) {
      const id = await recordMaterialTest(
        db,
        {
          materialId: material.get(upc)!,
          labId: lab,
          testItemIds: tested.flatMap((code) => items.get(code) ?? []),
          startDate,
          endDate: addMonths(startDate, 12),
          result: 1,
          reportFileIds: [],
          remark: undefined,
        },
        admin,
      );
      // The demo has no report files: completed (DOMAIN.md §2.3: status 20) by the state table alone.
      const { version, status } = await lockRow(db, materialTests, id);
      if (status !== MATERIAL_TEST_STATUS.draft) continue;
      await transition(db, {
        machine: materialTestMachine,
        table: materialTests,
        id,
        version,
        action: 'complete',
        user: admin,
      });
    }
  });
}

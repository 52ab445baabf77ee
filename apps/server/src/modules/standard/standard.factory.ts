import { idOf, unique } from '../../../test/support/factories';
import { countries } from '../../db/schema/config';
import { commonStandards, countryRequirements } from '../../db/schema/standard';
import type { Db } from '../../platform/db';

// Test-data factories of common and country standards (STYLE.md rule 9); the shared helpers live
// in test/support/factories.ts.

export async function buildCommonStandard(db: Db, overrides: { name?: string } = {}) {
  const [row] = await db
    .insert(commonStandards)
    .values({
      name: overrides.name ?? unique('毛绒玩具通用标准 Plush toys '),
      productScope: '毛绒玩具 / Plush toys',
    })
    .returning();
  return row!;
}

export async function buildCountryRequirement(db: Db, overrides: { name?: string; country?: string } = {}) {
  const [row] = await db
    .insert(countryRequirements)
    .values({
      countryId: await idOf(db, countries, overrides.country ?? 'DE'),
      name: overrides.name ?? unique('德国玩具法规 German toy rules '),
    })
    .returning();
  return row!;
}

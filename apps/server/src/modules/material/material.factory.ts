import { idOf, unique } from '../../../test/support/factories';
import { materialTypes, riskLevels, suppliers } from '../../db/schema/config';
import { materials } from '../../db/schema/material';
import type { Db } from '../../platform/db';

// Test-data factories of materials (STYLE.md rule 9); the shared helpers live in
// test/support/factories.ts.

export interface MaterialOverrides {
  upc?: string;
  name?: string;
  technicalName?: string;
  customName?: string;
  riskLevel?: string;
  materialType?: string;
  supplier?: string | null;
}

export async function materialInput(db: Db, overrides: MaterialOverrides = {}) {
  return {
    upc: overrides.upc ?? unique('UPC-'),
    name: overrides.name ?? unique('ABS塑料 '),
    technicalName: overrides.technicalName ?? 'Acrylonitrile butadiene styrene',
    customName: overrides.customName ?? '塑料粒子',
    riskLevelId: String(await idOf(db, riskLevels, overrides.riskLevel ?? 'R3')),
    materialTypeId: String(await idOf(db, materialTypes, overrides.materialType ?? 'PLASTIC')),
    ...(overrides.supplier === null
      ? {}
      : { supplierId: String(await idOf(db, suppliers, overrides.supplier ?? 'SUP-HM')) }),
  };
}

export async function buildMaterial(db: Db, overrides: MaterialOverrides = {}) {
  const input = await materialInput(db, overrides);
  const [row] = await db
    .insert(materials)
    .values({
      upc: input.upc,
      name: input.name,
      technicalName: input.technicalName,
      customName: input.customName,
      riskLevelId: BigInt(input.riskLevelId),
      materialTypeId: BigInt(input.materialTypeId),
      supplierId: input.supplierId ? BigInt(input.supplierId) : null,
    })
    .returning();
  return row!;
}

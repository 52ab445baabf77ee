import { byDepartment, type ChangeLogScopeCases } from '../../../test/support/change-log-scope';
import { idOf, unique } from '../../../test/support/factories';
import { parts } from '../../db/schema/config';
import {
  originalSampleMaterials,
  originalSampleParts,
  originalSamples,
} from '../../db/schema/original-sample';
import type { Db } from '../../platform/db';
import { buildClient } from '../client/client.factory';

// Test data of original samples (STYLE.md rule 9): `buildOriginalSample` inserts a valid sample
// with its parts and their materials.

export interface OriginalSampleOverrides {
  itemNo?: string;
  name?: string;
  clientId?: bigint | null;
  /** Part code → the material ids of that part; default no parts. */
  parts?: Record<string, bigint[]>;
}

export async function buildOriginalSample(db: Db, overrides: OriginalSampleOverrides = {}) {
  const wanted = overrides.parts ?? {};
  const complete =
    Object.keys(wanted).length > 0 && Object.values(wanted).every((materialIds) => materialIds.length > 0);
  const [sample] = await db
    .insert(originalSamples)
    .values({
      itemNo: overrides.itemNo ?? unique('IT-'),
      name: overrides.name ?? unique('毛绒小熊 Plush bear '),
      clientId: overrides.clientId ?? null,
      complete,
    })
    .returning();
  for (const [code, materialIds] of Object.entries(wanted)) {
    const [part] = await db
      .insert(originalSampleParts)
      .values({ originalSampleId: sample!.id, partId: await idOf(db, parts, code) })
      .returning();
    for (const materialId of materialIds) {
      await db
        .insert(originalSampleMaterials)
        .values({ originalSamplePartId: part!.id, originalSampleId: sample!.id, materialId });
    }
  }
  return sample!;
}

/** test/change-log-scope.test.ts: scoped through their client. */
export const changeLogScope: ChangeLogScopeCases = {
  original_samples: byDepartment(
    async (db, owner) => (await buildOriginalSample(db, { clientId: (await buildClient(db, owner)).id })).id,
  ),
};

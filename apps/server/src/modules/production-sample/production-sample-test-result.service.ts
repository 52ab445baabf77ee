import { eq } from 'drizzle-orm';
import { productionSamples } from '../../db/schema/production-sample';
import type { Actor } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { updateRecord } from '../../platform/records';
import { PRODUCTION_SAMPLE_ENTITY } from './production-sample.rules';

// What published test reports (a later area) write to production samples: the sample's testResult,
// the worst of the published reports of its linked products (DOMAIN.md §2.3, §6.4), computed there.

/** Sets each sample's test result (logged when it changes). */
export async function setSampleTestResults(db: Db, results: ReadonlyMap<bigint, number>, actor: Actor) {
  for (const [id, result] of results) {
    const [sample] = await db.select().from(productionSamples).where(eq(productionSamples.id, id));
    if (!sample || sample.testResult === result) continue;
    await updateRecord(db, {
      table: productionSamples,
      id,
      version: sample.version,
      values: { testResult: result },
      actor,
      action: 'testResult',
      entity: PRODUCTION_SAMPLE_ENTITY,
    });
  }
}

import { areas } from '@qcdesk/contract';
import { AUDIT_RESULT } from '@qcdesk/contract/production-sample';
import { inArray } from 'drizzle-orm';
import { clients } from '../../db/schema/client';
import { factories } from '../../db/schema/config';
import { originalSamples } from '../../db/schema/original-sample';
import { productionSamples } from '../../db/schema/production-sample';
import type { SeedContext } from '../../platform/module';
import { idsByCode } from '../../platform/references';
import { seedPrincipal } from '../../platform/seed-principal';
import { createProductionSample } from './production-sample.service';
import { auditProductionSample } from './production-sample-audit.service';

// Demo production samples for the demo database (QCDESK_DEMO_USERS=1): registered by the demo QC
// through productionsample/create, two of them audited by the demo auditor, so the change log and
// the audit results list hold them as they hold the samples people register. Idempotent by item no.

/** [item no, client code, provider factory code, original sample item no, audit result, remark] */
export const DEMO_PRODUCTION_SAMPLES: [string, string, string, string | null, number, string | null][] = [
  ['PB-2024-001-P1', 'NORDHOME', 'F-JL-YW', 'PB-2024-001', 1, null],
  [
    'WT-2024-017-P1',
    'KINDERWELT',
    'F-HM-SZ',
    'WT-2024-017',
    3,
    '车轮毛刺需打磨 / Burrs on the wheels to be sanded',
  ],
  ['RC-2024-102-P1', 'PACTOYS', 'F-HM-SZ', null, 0, null],
];

export async function seedProductionSamples(ctx: SeedContext): Promise<void> {
  if (ctx.config.QCDESK_DEMO_USERS !== '1') return;
  await ctx.database.db.transaction(async (db) => {
    const present = new Set(
      (
        await db
          .select({ itemNo: productionSamples.itemNo })
          .from(productionSamples)
          .where(
            inArray(
              productionSamples.itemNo,
              DEMO_PRODUCTION_SAMPLES.map((s) => s[0]),
            ),
          )
      ).map((r) => r.itemNo),
    );
    const wanted = DEMO_PRODUCTION_SAMPLES.filter((s) => !present.has(s[0]));
    if (wanted.length === 0) return;
    const [qc, auditor] = [await seedPrincipal(db, 'demo.qc'), await seedPrincipal(db, 'demo.auditor')];
    if (!qc || !auditor) return;
    const client = await idsByCode(
      db,
      clients,
      wanted.map((s) => s[1]),
    );
    const factory = await idsByCode(
      db,
      factories,
      wanted.map((s) => s[2]),
    );
    const originals = new Map(
      (
        await db
          .select({ id: originalSamples.id, itemNo: originalSamples.itemNo })
          .from(originalSamples)
          .where(
            inArray(
              originalSamples.itemNo,
              wanted.flatMap((s) => (s[3] ? [s[3]] : [])),
            ),
          )
      ).map((r) => [r.itemNo, r.id]),
    );
    for (const [itemNo, clientCode, factoryCode, originalItemNo, result, remark] of wanted) {
      const clientId = client.get(clientCode);
      const factoryId = factory.get(factoryCode);
      if (clientId === undefined || factoryId === undefined) continue;
      const originalId = originalItemNo ? originals.get(originalItemNo) : undefined;
      const sample = await createProductionSample(
        db,
        areas.productionSample.createProductionSample.input.parse({
          itemNo,
          clientId: String(clientId),
          providerFactoryId: String(factoryId),
          ...(originalId === undefined ? {} : { originalSampleId: String(originalId) }),
          quantity: 6,
        }),
        qc,
      );
      if (result === AUDIT_RESULT.unaudited) continue;
      await auditProductionSample(
        db,
        areas.productionSample.auditProductionSample.input.parse({
          id: sample.id.toString(),
          version: sample.version,
          auditResult: result,
          ...(remark ? { auditRemark: remark } : {}),
        }),
        auditor,
        'audit',
      );
    }
  });
}

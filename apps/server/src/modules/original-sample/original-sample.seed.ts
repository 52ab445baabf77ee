import { areas } from '@qcdesk/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { clients } from '../../db/schema/client';
import { parts } from '../../db/schema/config';
import { materials } from '../../db/schema/material';
import { originalSamples } from '../../db/schema/original-sample';
import type { SeedContext } from '../../platform/module';
import { idsByCode } from '../../platform/references';
import { seedPrincipal } from '../../platform/seed-principal';
import { createOriginalSample } from './original-sample.service';

// Demo original samples for the demo database (QCDESK_DEMO_USERS=1), with parts and materials
// from the demo materials. Idempotent by item no. Created by `admin` through originalsample/create,
// so the change log holds them as it holds the samples people register.

/** [item no, name, client code, { part: material UPCs }] */
export const DEMO_SAMPLES: [string, string, string | null, Record<string, string[]>][] = [
  [
    'PB-2024-001',
    '毛绒小熊 30cm / Plush bear 30 cm',
    'NORDHOME',
    { FABRIC: ['6901234500042'], BODY: ['6901234500059'] },
  ],
  [
    'WT-2024-017',
    '木制积木车 / Wooden block truck',
    'KINDERWELT',
    { BODY: ['6901234500080'], WHEEL: ['6901234500011'], ACCESSORY: ['6901234500066'] },
  ],
  [
    'RC-2024-102',
    '遥控赛车 / RC racing car',
    'PACTOYS',
    { BODY: ['6901234500011'], BATTERY: ['6901234500097'], PACKAGING: [] },
  ],
  ['BT-2024-008', '沐浴玩具套装 / Bath toy set', null, { BODY: ['6901234500035'] }],
];

/** Who registers the demo samples: the administrator (shared samples and every client's). */
const SEED_USER = 'admin';

export async function seedOriginalSamples(ctx: SeedContext): Promise<void> {
  if (ctx.config.QCDESK_DEMO_USERS !== '1') return;
  await ctx.database.db.transaction(async (db) => {
    const present = new Set(
      (
        await db
          .select({ itemNo: originalSamples.itemNo })
          .from(originalSamples)
          .where(
            inArray(
              originalSamples.itemNo,
              DEMO_SAMPLES.map((s) => s[0]),
            ),
          )
      ).map((r) => r.itemNo),
    );
    const wanted = DEMO_SAMPLES.filter((s) => !present.has(s[0]));
    if (wanted.length === 0) return;
    const user = await seedPrincipal(db, SEED_USER);
    if (!user) return;
    const client = await idsByCode(
      db,
      clients,
      wanted.flatMap((s) => (s[2] ? [s[2]] : [])),
    );
    const part = await idsByCode(
      db,
      parts,
      wanted.flatMap((s) => Object.keys(s[3])),
    );
    const upcs = wanted.flatMap((s) => Object.values(s[3]).flat());
    const material = new Map(
      (
        await db
          .select({ id: materials.id, upc: materials.upc })
          .from(materials)
          .where(and(inArray(materials.upc, upcs), eq(materials.valid, 1)))
      ).map((m) => [m.upc, m.id]),
    );
    for (const [itemNo, name, clientCode, partMaterials] of wanted) {
      const clientId = clientCode ? client.get(clientCode) : undefined;
      const sampleParts = Object.entries(partMaterials).flatMap(([code, list]) => {
        const partId = part.get(code);
        if (partId === undefined) return [];
        const materialIds = list.flatMap((upc) => material.get(upc) ?? []);
        return [
          {
            partId: String(partId),
            // A part of one material is all of it.
            materials: materialIds.map((id) => ({
              materialId: String(id),
              percentage: list.length === 1 ? 100 : null,
            })),
          },
        ];
      });
      await createOriginalSample(
        db,
        areas.originalSample.createOriginalSample.input.parse({
          itemNo,
          name,
          ...(clientId === undefined ? {} : { clientId: String(clientId) }),
          parts: sampleParts,
        }),
        user,
      );
    }
  });
}

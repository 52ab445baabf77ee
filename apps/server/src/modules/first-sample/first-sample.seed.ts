import { areas } from '@qcdesk/contract';
import { and, eq } from 'drizzle-orm';
import { firstSamples } from '../../db/schema/first-sample';
import { orderProducts } from '../../db/schema/order';
import type { SeedContext } from '../../platform/module';
import { seedPrincipal } from '../../platform/seed-principal';
import { createFirstSample, type FirstSampleDeps } from './first-sample.service';
import { auditFirstSample, completeCheck, updateCheckItems } from './first-sample-check.service';

// Demo first samples for the demo database (QCDESK_DEMO_USERS=1), written through the services: the
// demo QC registers and checks the first sample of an order product (one item NG), the demo auditor
// sends it back for rework with a corrective action, and the QC registers the second round. The
// seed adds no photos (no files to show). Idempotent by order product.

const ops = areas.firstSample;
/** [order no, product item no] of the demo first sample. */
export const DEMO_FIRST_SAMPLE = ['NH24-0315', 'WB-2024-01'] as const;

/** The seed's samples have no photos, so the services never ask for the files runtime. */
const noFiles: FirstSampleDeps = {
  files: () => Promise.reject(new Error('the first-sample seed has no photos')),
};

export async function seedFirstSamples(ctx: SeedContext): Promise<void> {
  if (ctx.config.QCDESK_DEMO_USERS !== '1') return;
  await ctx.database.db.transaction(async (db) => {
    const [product] = await db
      .select({ id: orderProducts.id })
      .from(orderProducts)
      .where(
        and(eq(orderProducts.orderNo, DEMO_FIRST_SAMPLE[0]), eq(orderProducts.itemNo, DEMO_FIRST_SAMPLE[1])),
      );
    if (!product) return;
    const [present] = await db
      .select({ id: firstSamples.id })
      .from(firstSamples)
      .where(eq(firstSamples.orderProductId, product.id))
      .limit(1);
    if (present) return;
    const [qc, auditor] = [await seedPrincipal(db, 'demo.qc'), await seedPrincipal(db, 'demo.auditor')];
    if (!qc || !auditor) return;
    const first = await createFirstSample(
      db,
      noFiles,
      ops.createFirstSample.input.parse({ orderProductId: String(product.id) }),
      qc,
    );
    const items = first.checkItems.map((c, i) => ({
      checkItemId: c.checkItem.id.toString(),
      checkResult: i === 1 ? 2 : 1,
      ...(i === 1 ? { remark: '颜色偏浅 / The colour is too light' } : {}),
    }));
    const checked = await updateCheckItems(
      db,
      noFiles,
      ops.updateFirstSampleCheckItems.input.parse({ id: first.id.toString(), version: first.version, items }),
      qc,
    );
    const done = await completeCheck(db, noFiles, { id: first.id, version: checked.version }, qc);
    await auditFirstSample(
      db,
      noFiles,
      ops.auditFirstSample.input.parse({
        id: first.id.toString(),
        version: done.version,
        result: 3,
        corrective: '按确认色卡重新调色 / Match the colour to the approved card',
      }),
      auditor,
    );
    await createFirstSample(
      db,
      noFiles,
      ops.createFirstSample.input.parse({ previousId: first.id.toString() }),
      qc,
    );
  });
}

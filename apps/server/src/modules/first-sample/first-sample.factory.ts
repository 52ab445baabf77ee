import { FIRST_SAMPLE_STATUS, FS_CHECK_RESULT } from '@qcdesk/contract/first-sample';
import { eq } from 'drizzle-orm';
import { byDepartment, type ChangeLogScopeCases } from '../../../test/support/change-log-scope';
import { unique } from '../../../test/support/factories';
import { sampleCheckItems } from '../../db/schema/config';
import { firstSampleChecks, firstSamples } from '../../db/schema/first-sample';
import { orderProducts } from '../../db/schema/order';
import { businessDate } from '../../platform/business-time';
import type { Db } from '../../platform/db';
import { buildOrder } from '../order/order.factory';

// Test data of first samples (STYLE.md rule 9): `buildFirstSample` inserts a sample of an order
// product with check items (codes of the `samplecheckitem` list) in the status and results asked.

export interface FirstSampleOverrides {
  orderProductId: bigint;
  /** Check-item codes (default SC-APPEARANCE and SC-FUNCTION). */
  items?: string[];
  /** One result per item (default all 0). */
  results?: number[];
  status?: number;
  result?: number;
  round?: number;
  previousId?: bigint;
  checkedBy?: bigint;
}

export async function buildFirstSample(db: Db, o: FirstSampleOverrides) {
  const [product] = await db.select().from(orderProducts).where(eq(orderProducts.id, o.orderProductId));
  const [sample] = await db
    .insert(firstSamples)
    .values({
      sampleNo: unique('FT'),
      itemNo: product!.itemNo,
      orderProductId: product!.id,
      clientId: product!.clientId,
      departmentId: product!.departmentId,
      round: o.round ?? 1,
      previousId: o.previousId ?? null,
      receivedDate: businessDate(),
      status: o.status ?? 10,
      result: o.result ?? 0,
      checkResult:
        o.status !== undefined && o.status >= FIRST_SAMPLE_STATUS.checked
          ? FS_CHECK_RESULT.ok
          : FS_CHECK_RESULT.unchecked,
      checkedBy: o.checkedBy ?? null,
    })
    .returning();
  const codes = o.items ?? ['SC-APPEARANCE', 'SC-FUNCTION'];
  for (const [i, code] of codes.entries()) {
    const [item] = await db.select().from(sampleCheckItems).where(eq(sampleCheckItems.code, code));
    await db.insert(firstSampleChecks).values({
      firstSampleId: sample!.id,
      sampleCheckItemId: item!.id,
      checkResult: o.results?.[i] ?? 0,
      sort: i,
    });
  }
  return sample!;
}

/** test/change-log-scope.test.ts: scoped through their order product's client and department. */
export const changeLogScope: ChangeLogScopeCases = {
  first_samples: byDepartment(
    async (db, owner) =>
      (await buildFirstSample(db, { orderProductId: (await buildOrder(db, owner)).products[0]!.id })).id,
  ),
};

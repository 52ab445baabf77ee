import { ORDER_RISK_STATUS } from '@qcdesk/contract/order-risk';
import { and, eq, inArray } from 'drizzle-orm';
import { orderRiskItems, orderRisks } from '../../db/schema/order-risk';
import { worstResult } from '../../domain/test-results';
import type { Actor } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { updateRecord } from '../../platform/records';
import { ORDER_RISK_ENTITY } from './order-risk.rules';

// What a published test report (a later area) writes to order risk (DOMAIN.md §4.11): the results
// of the risk items it tested, and the system transition 20 → 30 once every item of a risk in 20
// has a result (result = worst, §6.4).

export interface TestedItem {
  /** The risk item the test order line tested; null: matched by product and test item. */
  orderRiskItemId: bigint | null;
  orderProductId: bigint;
  testItemId: bigint;
  result: number;
}

/** The risk items of the report's items: linked ones, else the same test item of the product's live risk. */
async function targetsOf(db: Db, items: readonly TestedItem[]) {
  const productIds = [...new Set(items.map((i) => i.orderProductId))];
  if (productIds.length === 0) return [];
  const rows = await db
    .select({
      id: orderRiskItems.id,
      riskId: orderRisks.id,
      productId: orderRisks.orderProductId,
      testItemId: orderRiskItems.testItemId,
    })
    .from(orderRiskItems)
    .innerJoin(orderRisks, eq(orderRisks.id, orderRiskItems.orderRiskId))
    .where(
      and(
        inArray(orderRisks.orderProductId, productIds),
        eq(orderRisks.valid, 1),
        inArray(orderRisks.status, [ORDER_RISK_STATUS.pending, ORDER_RISK_STATUS.testing]),
        eq(orderRiskItems.valid, 1),
      ),
    );
  return items.flatMap((item) => {
    const hit =
      rows.find((r) => item.orderRiskItemId !== null && r.id === item.orderRiskItemId) ??
      rows.find((r) => r.productId === item.orderProductId && r.testItemId === item.testItemId);
    return hit ? [{ ...hit, result: item.result }] : [];
  });
}

/** Writes the results and moves every risk in 20 whose items all have a result to 30. Answers the risks moved. */
export async function recordRiskResults(
  db: Db,
  reportId: bigint,
  items: readonly TestedItem[],
  actor: Actor,
) {
  const targets = await targetsOf(db, items);
  for (const t of targets)
    await db
      .update(orderRiskItems)
      .set({ result: t.result, testReportId: reportId, updatedAt: new Date(), updatedBy: actor.userId })
      .where(eq(orderRiskItems.id, t.id));
  const riskIds = [...new Set(targets.map((t) => t.riskId))];
  let done = 0;
  for (const riskId of riskIds) {
    const [risk] = await db.select().from(orderRisks).where(eq(orderRisks.id, riskId));
    if (!risk || risk.status !== ORDER_RISK_STATUS.testing) continue;
    const results = (
      await db
        .select({ result: orderRiskItems.result })
        .from(orderRiskItems)
        .where(and(eq(orderRiskItems.orderRiskId, riskId), eq(orderRiskItems.valid, 1)))
    ).map((r) => r.result);
    if (results.some((r) => r === 0)) continue;
    await updateRecord(db, {
      table: orderRisks,
      id: riskId,
      version: risk.version,
      values: { status: ORDER_RISK_STATUS.done, result: worstResult(results) },
      actor,
      action: 'done',
      entity: ORDER_RISK_ENTITY,
    });
    done++;
  }
  return done;
}

import { APPLY_TYPE } from '@qcdesk/contract/inspection-apply';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { inspectionTypes } from '../../db/schema/config';
import { inspectionApplyItems } from '../../db/schema/inspection-apply';
import { orderProducts } from '../../db/schema/order';
import { addDays } from '../../domain/calendar';
import { businessDate } from '../../platform/business-time';
import type { SeedContext } from '../../platform/module';
import { seedPrincipal } from '../../platform/seed-principal';
import { orderIdsOfNos } from '../order/order-hooks.service';
import { createInspectionApply } from './inspection-apply-create.service';

// Demo applications (QCDESK_DEMO_USERS=1), through the services as the demo sales: a draft PSI of
// every product of PT24-0788 (one per factory), and an urgent PSI of NH24-0315's second product
// submitted for QC to plan. Idempotent: a product already applied for is left alone.

/** [order no, products (first n, or `last` for the last one), submit] */
export const DEMO_APPLICATIONS: [string, 'all' | 'last', boolean][] = [
  ['PT24-0788', 'all', false],
  ['NH24-0315', 'last', true],
];

export async function seedInspectionApplies(ctx: SeedContext): Promise<void> {
  if (ctx.config.QCDESK_DEMO_USERS !== '1') return;
  await ctx.database.db.transaction(async (db) => {
    const sales = await seedPrincipal(db, 'demo.sales');
    const [psi] = await db
      .select({ id: inspectionTypes.id })
      .from(inspectionTypes)
      .where(and(eq(inspectionTypes.code, 'PSI'), eq(inspectionTypes.valid, 1)));
    if (!sales || !psi) return;
    for (const [orderNo, which, submit] of DEMO_APPLICATIONS) {
      const [orderId] = await orderIdsOfNos(db, [orderNo]);
      if (orderId === undefined) continue;
      const products = await db
        .select({ id: orderProducts.id, quantity: orderProducts.quantity })
        .from(orderProducts)
        .where(and(eq(orderProducts.orderId, orderId), eq(orderProducts.valid, 1)))
        .orderBy(asc(orderProducts.id));
      const chosen = which === 'all' ? products : products.slice(-1);
      if (chosen.length === 0) continue;
      const [done] = await db
        .select({ id: inspectionApplyItems.id })
        .from(inspectionApplyItems)
        .where(
          inArray(
            inspectionApplyItems.orderProductId,
            chosen.map((p) => p.id),
          ),
        )
        .limit(1);
      if (done) continue;
      await createInspectionApply(
        db,
        {
          items: chosen.map((p) => ({ orderProductId: p.id, applyQuantity: p.quantity })),
          inspectionTypeId: psi.id,
          applyType: submit ? APPLY_TYPE.urgent : APPLY_TYPE.normal,
          expectedDate: addDays(businessDate(), submit ? 7 : 14),
          remark: undefined,
          submit,
          // The demo takes the warnings a person would confirm (a weekend date, after delivery).
          confirm: true,
        },
        sales,
      );
    }
  });
}

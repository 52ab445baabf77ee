import { actorOf } from '../../platform/auth';
import type { SeedContext } from '../../platform/module';
import { seedPrincipal } from '../../platform/seed-principal';
import { orderIdsOfNos } from '../order/order-hooks.service';
import { syncRisks } from './order-risk-sync.service';

// Demo order risks for the demo database (QCDESK_DEMO_USERS=1): the demo QC runs orderrisk/sync on
// the demo orders (order.seed.ts), whose clients have mandatory test requirements, so the risks and
// their change log are what a sync writes. Idempotent: a second sync of risks in 10 changes nothing.

/** The order nos of the order area's demo orders. */
export const DEMO_RISK_ORDERS = ['NH24-0315', 'PT24-0788', 'HM24-1102'];

export async function seedOrderRisks(ctx: SeedContext): Promise<void> {
  if (ctx.config.QCDESK_DEMO_USERS !== '1') return;
  await ctx.database.db.transaction(async (db) => {
    const qc = await seedPrincipal(db, 'demo.qc');
    if (!qc) return;
    const orderIds = await orderIdsOfNos(db, DEMO_RISK_ORDERS);
    await syncRisks(db, orderIds, actorOf(qc));
  });
}

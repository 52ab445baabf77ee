import { INSPECTION_APPLY_STATUS } from '@qcdesk/contract/inspection-apply';
import { and, eq, inArray } from 'drizzle-orm';
import { users } from '../../db/schema/identity';
import { inspectionApplies } from '../../db/schema/inspection-apply';
import { addDays } from '../../domain/calendar';
import { businessDate } from '../../platform/business-time';
import type { SeedContext } from '../../platform/module';
import { seedPrincipal } from '../../platform/seed-principal';
import { nextWorkingDay } from '../config/holiday.service';
import { orderIdsOfNos } from '../order/order-hooks.service';
import { createInspectionPlan } from './inspection-plan.service';

// The demo plan (QCDESK_DEMO_USERS=1), through the services as the demo QC manager: the application
// the demo sales submitted for NH24-0315 (inspection-apply.seed.ts), planned for the demo inspector
// on the next working day a week ahead and dispatched, so the inspector has a task. Idempotent: an
// application already planned is left alone.

export const DEMO_PLAN_ORDER = 'NH24-0315';

export async function seedInspectionPlans(ctx: SeedContext): Promise<void> {
  if (ctx.config.QCDESK_DEMO_USERS !== '1') return;
  await ctx.database.db.transaction(async (db) => {
    const planner = await seedPrincipal(db, 'demo.qcmgr');
    const [inspector] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, 'demo.inspector'));
    const orderIds = await orderIdsOfNos(db, [DEMO_PLAN_ORDER]);
    if (!planner || !inspector || orderIds.length === 0) return;
    const submitted = await db
      .select({ id: inspectionApplies.id })
      .from(inspectionApplies)
      .where(
        and(
          inArray(inspectionApplies.orderId, orderIds),
          eq(inspectionApplies.status, INSPECTION_APPLY_STATUS.submitted),
          eq(inspectionApplies.valid, 1),
        ),
      );
    if (submitted.length === 0) return;
    await createInspectionPlan(
      db,
      {
        applyIds: submitted.map((a) => a.id),
        planDate: await nextWorkingDay(db, addDays(businessDate(), 7)),
        endDate: undefined,
        leadInspectorId: inspector.id,
        assistantIds: [],
        manDays: 1,
        remark: undefined,
        dispatch: true,
        // The demo takes the warnings a planner would confirm (a date after delivery).
        confirm: true,
      },
      planner,
    );
  });
}

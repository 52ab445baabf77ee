import { areas } from '@qcdesk/contract';
import { asc, eq } from 'drizzle-orm';
import { vehicles } from '../../db/schema/config';
import { users } from '../../db/schema/identity';
import { orders } from '../../db/schema/order';
import { superviseReports } from '../../db/schema/supervise-report';
import { addDays } from '../../domain/calendar';
import { businessDate } from '../../platform/business-time';
import type { SeedContext } from '../../platform/module';
import { seedPrincipal } from '../../platform/seed-principal';
import { nextWorkingDay } from '../config/holiday.service';
import { updateOrder } from '../order/order.service';
import { orderIdsOfNos } from '../order/order-hooks.service';
import { createSuperviseReport } from './supervise-report-write.service';

// The demo loading report (QCDESK_DEMO_USERS=1), through the services: the demo sales manager
// ships HM24-1102 (a shipment with its container), and the demo QC manager makes its supervise report
// for the demo inspector ten days ahead — a pre-supervise report with its CLC plan and task.
// Idempotent: an order already shipped keeps its shipment, a shipment with a report is left alone.

export const DEMO_SUPERVISE_ORDER = 'HM24-1102';

export async function seedSuperviseReports(ctx: SeedContext): Promise<void> {
  if (ctx.config.QCDESK_DEMO_USERS !== '1') return;
  await ctx.database.db.transaction(async (db) => {
    const [sales, qcMgr] = [await seedPrincipal(db, 'demo.salesmgr'), await seedPrincipal(db, 'demo.qcmgr')];
    const [inspector] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, 'demo.inspector'));
    const [orderId] = await orderIdsOfNos(db, [DEMO_SUPERVISE_ORDER]);
    if (!sales || !qcMgr || !inspector || orderId === undefined) return;
    let [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    if (!order) return;
    const loadingDate = await nextWorkingDay(db, addDays(businessDate(), 10));
    if (order.shippingId === null) {
      const [vehicle] = await db
        .select({ id: vehicles.id })
        .from(vehicles)
        .orderBy(asc(vehicles.id))
        .limit(1);
      if (!vehicle) return;
      await updateOrder(
        db,
        areas.order.updateOrder.input.parse({
          id: String(order.id),
          version: order.version,
          shipping: {
            vehicleId: String(vehicle.id),
            etd: addDays(loadingDate, 3),
            loadingPort: '深圳盐田 Yantian',
            containerType: '40HQ',
            containerNo: 'MSKU9070323',
          },
        }),
        sales,
      );
      [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    }
    if (!order?.shippingId) return;
    const [made] = await db
      .select({ id: superviseReports.id })
      .from(superviseReports)
      .where(eq(superviseReports.shippingId, order.shippingId));
    if (made) return;
    await createSuperviseReport(
      db,
      areas.superviseReport.createSuperviseReport.input.parse({
        shippingId: String(order.shippingId),
        loadingDate,
        inspectorId: String(inspector.id),
        containerType: '40HQ',
        containerNo: 'MSKU9070323',
        remark: '演示监装 Demo loading check',
      }),
      qcMgr,
    );
  });
}

import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { SUPERVISE_REPORT_STATUS } from '@qcdesk/contract/supervise-report';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { clients } from '../../db/schema/client';
import { factories } from '../../db/schema/config';
import { users } from '../../db/schema/identity';
import { inspectionBookingProducts, inspectionBookings } from '../../db/schema/inspection-booking';
import { inspectionPlanAssistants } from '../../db/schema/inspection-plan';
import { orderProducts, orders } from '../../db/schema/order';
import { shippings } from '../../db/schema/shipping';
import {
  superviseReportCheckpoints,
  superviseReportProducts,
  superviseReports,
} from '../../db/schema/supervise-report';
import { actorOf, type Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { nextNumber } from '../../platform/numbering';
import { createRecord } from '../../platform/records';
import { masterCheckpoints } from './supervise-report.queries';
import { SUPERVISE_REPORT_ENTITY, storedContainerNo } from './supervise-report.rules';
import { superviseDetail } from './supervise-report.service';
import { createShippingReportPlan } from './supervise-report-task.service';

// The creation of supervise reports (DOMAIN.md §4.5 row 1): from a shipping (its orders' products
// made at the factory) by supervise.edit, or by the system on a CLC booking's assignment (the
// booking's order products, its inspector and date). Both preload the master checkpoints.

type Ops = typeof areas.superviseReport;

interface NewReport {
  shippingId: bigint | null;
  bookingId: bigint | null;
  planId: bigint | null;
  clientId: bigint;
  factoryId: bigint;
  loadingDate: string;
  inspectorId: bigint;
  assistantIds: bigint[];
  containerType: string | null;
  containerNo: string | null;
  remark: string | null;
  orderProductIds: readonly bigint[];
}

/** §4.5 invariant: one report in status ≠ 90 per (shipping, containerNo). */
export async function assertNoLiveTwin(
  db: Db,
  shippingId: bigint | null,
  containerNo: string | null,
  except?: bigint,
): Promise<void> {
  if (shippingId === null || containerNo === null) return;
  const [twin] = await db
    .select({ reportNo: superviseReports.reportNo })
    .from(superviseReports)
    .where(
      and(
        eq(superviseReports.shippingId, shippingId),
        eq(superviseReports.containerNo, containerNo),
        eq(superviseReports.valid, 1),
        ne(superviseReports.status, SUPERVISE_REPORT_STATUS.cancelled),
        except === undefined ? undefined : ne(superviseReports.id, except),
      ),
    );
  if (twin)
    throw new AppError(
      'E_SR_LIVE',
      { value: containerNo, reportNo: twin.reportNo },
      { field: 'containerNo' },
    );
}

async function assertInspectors(db: Db, ids: readonly bigint[]) {
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...ids]), eq(users.valid, 1)));
  if (found.length < new Set(ids).size) throw new AppError('E_NOT_FOUND', {}, { field: 'inspectorId' });
}

/** Writes the report in 10 with its product lines and the master checkpoints. */
async function writeReport(db: Db, r: NewReport, user: Principal) {
  if (r.orderProductIds.length === 0) throw new AppError('E_SR_NO_PRODUCTS', {}, { field: 'products' });
  await assertInspectors(db, [r.inspectorId, ...r.assistantIds]);
  await assertNoLiveTwin(db, r.shippingId, r.containerNo);
  const [client] = await db
    .select({ departmentId: clients.departmentId })
    .from(clients)
    .where(eq(clients.id, r.clientId));
  if (!client) throw new AppError('E_NOT_FOUND', {}, { field: 'clientId' });
  const actor = actorOf(user);
  const checkpoints = await masterCheckpoints(db);
  const report = await createRecord(db, {
    table: superviseReports,
    entity: SUPERVISE_REPORT_ENTITY,
    actor,
    values: {
      reportNo: await nextNumber(db, 'CLC'),
      shippingId: r.shippingId,
      bookingId: r.bookingId,
      planId: r.planId,
      clientId: r.clientId,
      departmentId: client.departmentId,
      factoryId: r.factoryId,
      loadingDate: r.loadingDate,
      inspectorId: r.inspectorId,
      assistantIds: r.assistantIds,
      containerType: r.containerType,
      containerNo: r.containerNo,
      remark: r.remark,
    },
    children: async (created) => {
      await db.insert(superviseReportProducts).values(
        r.orderProductIds.map((orderProductId, sort) => ({
          reportId: created.id,
          orderProductId,
          sort,
          createdBy: actor.userId,
          updatedBy: actor.userId,
        })),
      );
      if (checkpoints.length > 0)
        await db.insert(superviseReportCheckpoints).values(
          checkpoints.map((c, sort) => ({
            reportId: created.id,
            superviseCheckpointId: c.id,
            sort,
            createdBy: actor.userId,
            updatedBy: actor.userId,
          })),
        );
      return [
        { field: 'products', from: null, to: r.orderProductIds.length },
        { field: 'checkpoints', from: null, to: checkpoints.length },
      ];
    },
  });
  return report;
}

/**
 * supervisereport/create: a pre-supervise report (10) from a shipping, with its dispatched CLC plan
 * and task for the inspector on the loading date (§4.2, issue 29: fees, load and warnings see it).
 */
export async function createSuperviseReport(
  db: Db,
  input: ParsedInputOf<Ops['createSuperviseReport']>,
  user: Principal,
) {
  const [shipping] = await db
    .select()
    .from(shippings)
    .where(and(eq(shippings.id, input.shippingId), eq(shippings.valid, 1)));
  if (!shipping) throw new AppError('E_NOT_FOUND', {}, { field: 'shippingId' });
  const products = await db
    .select({ id: orderProducts.id, factoryId: orderProducts.factoryId })
    .from(orderProducts)
    .innerJoin(orders, eq(orders.id, orderProducts.orderId))
    .where(and(eq(orders.shippingId, shipping.id), eq(orders.valid, 1), eq(orderProducts.valid, 1)))
    .orderBy(orderProducts.orderId, orderProducts.sort, orderProducts.id);
  const factoryId = input.factoryId ?? products[0]?.factoryId;
  if (factoryId === undefined) throw new AppError('E_SR_NO_PRODUCTS', {}, { field: 'shippingId' });
  const [factory] = await db
    .select({ id: factories.id })
    .from(factories)
    .where(and(eq(factories.id, factoryId), eq(factories.valid, 1)));
  if (!factory) throw new AppError('E_NOT_FOUND', {}, { field: 'factoryId' });
  const assistantIds = input.assistantIds.filter((a) => a !== input.inspectorId);
  await assertInspectors(db, [input.inspectorId, ...assistantIds]);
  const planId = await createShippingReportPlan(
    db,
    { factoryId, loadingDate: input.loadingDate, inspectorId: input.inspectorId, assistantIds },
    user,
  );
  const report = await writeReport(
    db,
    {
      shippingId: shipping.id,
      bookingId: null,
      planId,
      clientId: shipping.clientId,
      factoryId,
      loadingDate: input.loadingDate,
      inspectorId: input.inspectorId,
      assistantIds,
      containerType: input.containerType ?? null,
      containerNo: storedContainerNo(input.containerNo) ?? null,
      remark: input.remark ?? null,
      orderProductIds: products.filter((p) => p.factoryId === factoryId).map((p) => p.id),
    },
    user,
  );
  return superviseDetail(db, report.id, user);
}

/**
 * §4.5 row 1, *system* on a CLC booking's assignment (§4.6): a report in 10 for the booking's order
 * products, its assigned inspector, the plan's assistants and the assigned date, in the
 * assignment's transaction.
 */
export async function createSuperviseReportForBooking(
  db: Db,
  assignment: { bookingId: bigint; planId: bigint },
  user: Principal,
): Promise<bigint> {
  const [booking] = await db
    .select()
    .from(inspectionBookings)
    .where(eq(inspectionBookings.id, assignment.bookingId));
  if (!booking?.assignedInspectorId || !booking.assignedDate) throw new AppError('E_STATUS');
  const lines = await db
    .select({ orderProductId: inspectionBookingProducts.orderProductId })
    .from(inspectionBookingProducts)
    .where(and(eq(inspectionBookingProducts.bookingId, booking.id), eq(inspectionBookingProducts.valid, 1)))
    .orderBy(inspectionBookingProducts.sort, inspectionBookingProducts.id);
  const assistants = await db
    .select({ userId: inspectionPlanAssistants.userId })
    .from(inspectionPlanAssistants)
    .where(
      and(eq(inspectionPlanAssistants.planId, assignment.planId), eq(inspectionPlanAssistants.valid, 1)),
    );
  const extra = booking.extra as Record<string, unknown>;
  const containerType = typeof extra.containerType === 'string' ? extra.containerType.slice(0, 10) : null;
  const report = await writeReport(
    db,
    {
      shippingId: null,
      bookingId: booking.id,
      planId: assignment.planId,
      clientId: booking.clientId,
      factoryId: booking.factoryId,
      loadingDate: booking.assignedDate,
      inspectorId: booking.assignedInspectorId,
      assistantIds: assistants.map((a) => a.userId).filter((a) => a !== booking.assignedInspectorId),
      containerType,
      containerNo: null,
      remark: null,
      orderProductIds: [
        ...new Set(lines.flatMap((l) => (l.orderProductId === null ? [] : [l.orderProductId]))),
      ],
    },
    user,
  );
  return report.id;
}

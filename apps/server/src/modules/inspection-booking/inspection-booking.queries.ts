import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { INSPECTION_BOOKING_STATUS } from '@qcdesk/contract/inspection-booking';
import { INSPECTION_PLAN_STATUS } from '@qcdesk/contract/inspection-plan';
import { INSPECTION_REPORT_STATUS } from '@qcdesk/contract/inspection-report';
import { SUPERVISE_REPORT_STATUS } from '@qcdesk/contract/supervise-report';
import { and, asc, desc, eq, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { qualified } from '../../db/columns';
import { clients } from '../../db/schema/client';
import { bookingTypes, factories, inspectionTypes, outsourceFactories } from '../../db/schema/config';
import { users } from '../../db/schema/identity';
import { inspectionBookingProducts, inspectionBookings } from '../../db/schema/inspection-booking';
import { inspectionPlanAssistants, inspectionPlans } from '../../db/schema/inspection-plan';
import { inspectionReports } from '../../db/schema/inspection-report';
import { inspectionTaskAssistants, inspectionTasks } from '../../db/schema/inspection-task';
import { orderProducts } from '../../db/schema/order';
import { reversed, searchText } from '../../db/schema/search-columns';
import { superviseReports } from '../../db/schema/supervise-report';
import type { Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { label } from '../../platform/labels';
import { onePage } from '../../platform/paging';
import { type Scope, scopeWhere } from '../../platform/scope';
import { contains, endsWith, factoriesMatching } from '../../platform/search';
import { type Sorting, sortOrder } from '../../platform/sorting';

// The SQL of inspection bookings: the scope (the client's department; CLIENT users their own client
// in every status; inspectors the bookings of their dispatched tasks), the search with `work`
// (§6.8), the rows with their labels, the product lines, and the reports of the booking's tasks.

type Ops = typeof areas.inspectionBooking;
export type BookingSearch = ParsedInputOf<Ops['searchInspectionBookings']>;

const { draft, submitted, scheduled, returned } = INSPECTION_BOOKING_STATUS;

/** The booking has a task of the inspector (lead or assistant) in a plan in 20–40. */
const ofInspector = (userId: bigint) =>
  sql`exists (select 1 from ${inspectionTasks} join ${inspectionPlans} on ${inspectionPlans.id} = ${inspectionTasks.planId} where ${inspectionTasks.bookingId} = ${qualified(inspectionBookings.id)} and ${inspectionTasks.valid} = 1 and ${inspectionPlans.status} between ${INSPECTION_PLAN_STATUS.dispatched} and ${INSPECTION_PLAN_STATUS.completed} and (${inspectionTasks.inspectorId} = ${userId} or exists (select 1 from ${inspectionTaskAssistants} where ${inspectionTaskAssistants.taskId} = ${inspectionTasks.id} and ${inspectionTaskAssistants.userId} = ${userId} and ${inspectionTaskAssistants.valid} = 1)))`;

/** DOMAIN.md §5.4. */
export function bookingScope(scope: Scope): SQL | undefined {
  return scopeWhere(scope, {
    department: inspectionBookings.departmentId,
    client: inspectionBookings.clientId,
    inspector: ofInspector,
  });
}

/** §6.8 `work`: 20 for booking admins, own 10/80, assigned 30 for inspectors. */
function workWhere(user: Principal): SQL {
  return or(
    user.permissions.has('booking.admin') ? eq(inspectionBookings.status, submitted) : undefined,
    and(eq(inspectionBookings.createdBy, user.userId), inArray(inspectionBookings.status, [draft, returned])),
    and(eq(inspectionBookings.status, scheduled), ofInspector(user.userId)),
  )!;
}

const productsWhere = (condition: SQL) =>
  sql`exists (select 1 from ${inspectionBookingProducts} left join ${orderProducts} on ${orderProducts.id} = ${inspectionBookingProducts.orderProductId} where ${inspectionBookingProducts.bookingId} = ${qualified(inspectionBookings.id)} and ${inspectionBookingProducts.valid} = 1 and ${condition})`;

export function bookingSearchWhere(
  db: Db,
  input: Partial<BookingSearch>,
  scope: Scope,
  user: Principal,
): SQL | undefined {
  return and(
    eq(inspectionBookings.valid, 1),
    bookingScope(scope),
    input.orderNo ? productsWhere(endsWith(reversed(orderProducts.orderNo), input.orderNo)) : undefined,
    input.productNo
      ? productsWhere(
          sql`(${contains(searchText(orderProducts.productNo), input.productNo)} or lower(coalesce(${inspectionBookingProducts.productNo}, '')) like ${`%${input.productNo.toLowerCase()}%`})`,
        )
      : undefined,
    input.factory ? inArray(inspectionBookings.factoryId, factoriesMatching(db, input.factory)) : undefined,
    input.startTime ? gte(inspectionBookings.inspectionDate, input.startTime) : undefined,
    input.endTime ? lte(inspectionBookings.inspectionDate, input.endTime) : undefined,
    input.type === undefined ? undefined : eq(inspectionBookings.bookingTypeId, input.type),
    input.status === undefined ? undefined : eq(inspectionBookings.status, input.status),
    input.work ? workWhere(user) : undefined,
  );
}

const creators = alias(users, 'booking_creator');
const productCount =
  sql<number>`(select count(*) from ${inspectionBookingProducts} where ${inspectionBookingProducts.bookingId} = ${qualified(inspectionBookings.id)} and ${inspectionBookingProducts.valid} = 1)`.mapWith(
    Number,
  );

function selectBookings(db: Db) {
  return db
    .select({
      b: inspectionBookings,
      type: { code: bookingTypes.code, nameZh: bookingTypes.nameZh, nameEn: bookingTypes.nameEn },
      inspectionType: {
        code: inspectionTypes.code,
        nameZh: inspectionTypes.nameZh,
        nameEn: inspectionTypes.nameEn,
        serviceCode: inspectionTypes.serviceCode,
      },
      client: { code: clients.code, name: clients.name, salesId: clients.salesId },
      factory: { code: factories.code, nameZh: factories.nameZh, nameEn: factories.nameEn },
      inspector: { name: users.name, englishName: users.englishName },
      creator: { name: creators.name, englishName: creators.englishName },
      productCount,
    })
    .from(inspectionBookings)
    .innerJoin(bookingTypes, eq(bookingTypes.id, inspectionBookings.bookingTypeId))
    .innerJoin(inspectionTypes, eq(inspectionTypes.id, inspectionBookings.inspectionTypeId))
    .innerJoin(clients, eq(clients.id, inspectionBookings.clientId))
    .innerJoin(factories, eq(factories.id, inspectionBookings.factoryId))
    .leftJoin(users, eq(users.id, inspectionBookings.assignedInspectorId))
    .leftJoin(creators, eq(creators.id, inspectionBookings.createdBy));
}

export type SelectedBooking = Awaited<ReturnType<ReturnType<typeof selectBookings>['execute']>>[number];

export function toBookingRow(r: SelectedBooking) {
  const b = r.b;
  return {
    id: b.id,
    bookingNo: b.bookingNo,
    bookingType: label(b.bookingTypeId, r.type.code, r.type.nameZh, r.type.nameEn),
    inspectionType: label(
      b.inspectionTypeId,
      r.inspectionType.code,
      r.inspectionType.nameZh,
      r.inspectionType.nameEn,
    ),
    client: { id: b.clientId, code: r.client.code, name: r.client.name },
    factory: label(b.factoryId, r.factory.code, r.factory.nameZh, r.factory.nameEn),
    inspectionDate: b.inspectionDate,
    urgent: b.urgent,
    urgentRequested: b.urgentRequested,
    assignedInspector:
      b.assignedInspectorId && r.inspector?.name
        ? { id: b.assignedInspectorId, name: r.inspector.name, englishName: r.inspector.englishName }
        : null,
    assignedDate: b.assignedDate,
    lateCancel: b.lateCancel,
    productCount: r.productCount,
    status: b.status,
    createdBy:
      b.createdBy && r.creator?.name
        ? { id: b.createdBy, name: r.creator.name, englishName: r.creator.englishName }
        : null,
    valid: b.valid,
    version: b.version,
    updatedAt: b.updatedAt,
  };
}

export type BookingPageInput = Pick<BookingSearch, 'page' | 'pageSize'> &
  Sorting<NonNullable<BookingSearch['sort']>>;

/** The query of one page: newest first unless another sort is asked. */
export function bookingPageQuery(db: Db, input: BookingPageInput, where: SQL | undefined) {
  const keys = { bookingNo: inspectionBookings.bookingNo, inspectionDate: inspectionBookings.inspectionDate };
  return onePage(
    selectBookings(db)
      .where(where)
      .orderBy(...sortOrder(keys, input, inspectionBookings.id, [desc(inspectionBookings.id)])),
    input,
  );
}

export async function bookingPage(db: Db, input: BookingPageInput, where: SQL | undefined) {
  return (await bookingPageQuery(db, input, where)).map(toBookingRow);
}

/** Rows of `where` in inspection-date order (the admin's assignment view). */
export async function bookingRows(db: Db, where: SQL | undefined, limit: number) {
  return (
    await selectBookings(db)
      .where(where)
      .orderBy(asc(inspectionBookings.inspectionDate), asc(inspectionBookings.id))
      .limit(limit)
  ).map(toBookingRow);
}

export async function bookingWithLabels(db: Db, id: bigint) {
  const [r] = await selectBookings(db).where(eq(inspectionBookings.id, id));
  return r;
}

/** Whether the booking is in the caller's read scope. */
export async function bookingInScope(db: Db, id: bigint, scope: Scope) {
  const [row] = await db
    .select({ id: inspectionBookings.id })
    .from(inspectionBookings)
    .where(and(eq(inspectionBookings.id, id), bookingScope(scope)));
  return row !== undefined;
}

/** The valid product lines of a booking, in their order. */
export async function bookingProducts(db: Db, bookingId: bigint) {
  const rows = await db
    .select({ line: inspectionBookingProducts, product: orderProducts })
    .from(inspectionBookingProducts)
    .leftJoin(orderProducts, eq(orderProducts.id, inspectionBookingProducts.orderProductId))
    .where(and(eq(inspectionBookingProducts.bookingId, bookingId), eq(inspectionBookingProducts.valid, 1)))
    .orderBy(asc(inspectionBookingProducts.sort), asc(inspectionBookingProducts.id));
  return rows.map(({ line, product }) => ({
    id: line.id,
    orderProductId: line.orderProductId,
    orderNo: product?.orderNo ?? null,
    productNo: product?.productNo ?? line.productNo,
    itemNo: product?.itemNo ?? line.itemNo,
    name: product?.name ?? line.name,
    quantity: line.quantity,
  }));
}

/** The labels of the outsource factory, the plan and its assistants of a booking. */
export async function assignmentOf(db: Db, b: { outsourceFactoryId: bigint | null; planId: bigint | null }) {
  const [outsource] = b.outsourceFactoryId
    ? await db.select().from(outsourceFactories).where(eq(outsourceFactories.id, b.outsourceFactoryId))
    : [];
  const [plan] = b.planId
    ? await db.select().from(inspectionPlans).where(eq(inspectionPlans.id, b.planId))
    : [];
  const assistants = plan
    ? await db
        .select({ id: users.id, name: users.name, englishName: users.englishName })
        .from(inspectionPlanAssistants)
        .innerJoin(users, eq(users.id, inspectionPlanAssistants.userId))
        .where(and(eq(inspectionPlanAssistants.planId, plan.id), eq(inspectionPlanAssistants.valid, 1)))
        .orderBy(asc(inspectionPlanAssistants.sort))
    : [];
  return {
    outsourceFactory: outsource
      ? label(outsource.id, outsource.code, outsource.nameZh, outsource.nameEn)
      : null,
    plan: plan ? { id: plan.id, planNo: plan.planNo, status: plan.status, version: plan.version } : null,
    assistants,
  };
}

/**
 * Report retrieval (§4.6): the final reports of the booking's tasks, approved or later (30–50;
 * CLIENT users only sent ones, 40–50), and a CLC booking's loading reports, approved or sent (40–50;
 * CLIENT users only sent ones, 50); by date, inspection reports first on a day.
 */
export async function bookingReports(db: Db, bookingId: bigint, clientUser: boolean) {
  const { approved, sent, confirmed } = INSPECTION_REPORT_STATUS;
  const inspection = await db
    .select({
      id: inspectionReports.id,
      reportNo: inspectionReports.reportNo,
      inspectionDate: inspectionReports.inspectionDate,
      result: inspectionReports.result,
      status: inspectionReports.status,
    })
    .from(inspectionReports)
    .innerJoin(inspectionTasks, eq(inspectionTasks.id, inspectionReports.taskId))
    .where(
      and(
        eq(inspectionTasks.bookingId, bookingId),
        eq(inspectionReports.valid, 1),
        eq(inspectionReports.interim, false),
        inArray(inspectionReports.status, clientUser ? [sent, confirmed] : [approved, sent, confirmed]),
      ),
    )
    .orderBy(asc(inspectionReports.inspectionDate), asc(inspectionReports.id));
  const loading = SUPERVISE_REPORT_STATUS;
  const supervise = await db
    .select({
      id: superviseReports.id,
      reportNo: superviseReports.reportNo,
      inspectionDate: superviseReports.loadingDate,
      result: superviseReports.result,
      status: superviseReports.status,
    })
    .from(superviseReports)
    .where(
      and(
        eq(superviseReports.bookingId, bookingId),
        eq(superviseReports.valid, 1),
        inArray(superviseReports.status, clientUser ? [loading.sent] : [loading.approved, loading.sent]),
      ),
    )
    .orderBy(asc(superviseReports.loadingDate), asc(superviseReports.id));
  return [
    ...inspection.map((r) => ({ kind: 'inspection' as const, ...r })),
    ...supervise.map((r) => ({ kind: 'supervise' as const, ...r })),
  ].sort((a, b) => a.inspectionDate.localeCompare(b.inspectionDate));
}

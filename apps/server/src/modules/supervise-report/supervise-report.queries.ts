import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { SUPERVISE_REPORT_STATUS } from '@qcdesk/contract/supervise-report';
import { and, asc, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { qualified } from '../../db/columns';
import { clients } from '../../db/schema/client';
import { factories, superviseCheckpoints } from '../../db/schema/config';
import { users } from '../../db/schema/identity';
import { inspectionBookings } from '../../db/schema/inspection-booking';
import { orderProducts, orders } from '../../db/schema/order';
import { reversed, searchText } from '../../db/schema/search-columns';
import { shippings } from '../../db/schema/shipping';
import {
  superviseReportCheckpoints,
  superviseReportProducts,
  superviseReports,
} from '../../db/schema/supervise-report';
import type { Db } from '../../platform/db';
import { label } from '../../platform/labels';
import { onePage } from '../../platform/paging';
import { type Scope, scopeWithStatuses } from '../../platform/scope';
import { contains, endsWith, factoriesMatching } from '../../platform/search';
import { type Sorting, sortOrder } from '../../platform/sorting';

// The SQL of supervise reports: the scope (the client's department; inspectors their own reports;
// CLIENT users only sent ones, §5.4), the search of spec §3, the rows with their labels, the product
// lines and the checkpoints.

type Ops = typeof areas.superviseReport;
export type SuperviseSearch = ParsedInputOf<Ops['searchSuperviseReports']>;

const t = superviseReports;

/** DOMAIN.md §5.4. */
export function superviseScope(scope: Scope): SQL | undefined {
  return scopeWithStatuses(
    scope,
    {
      department: t.departmentId,
      client: t.clientId,
      status: t.status,
      inspector: (userId) =>
        sql`(${qualified(t.inspectorId)} = ${userId} or ${userId} = any(${qualified(t.assistantIds)}))`,
    },
    scope.kind === 'client' ? [SUPERVISE_REPORT_STATUS.sent] : undefined,
  );
}

const productsWhere = (condition: SQL) =>
  sql`exists (select 1 from ${superviseReportProducts} join ${orderProducts} on ${orderProducts.id} = ${superviseReportProducts.orderProductId} join ${orders} on ${orders.id} = ${orderProducts.orderId} where ${superviseReportProducts.reportId} = ${qualified(t.id)} and ${superviseReportProducts.valid} = 1 and ${condition})`;

export function superviseSearchWhere(db: Db, input: Partial<SuperviseSearch>, scope: Scope): SQL | undefined {
  return and(
    eq(t.valid, 1),
    superviseScope(scope),
    input.orderNo ? productsWhere(endsWith(reversed(orderProducts.orderNo), input.orderNo)) : undefined,
    input.productNo
      ? productsWhere(contains(searchText(orderProducts.productNo), input.productNo))
      : undefined,
    input.po ? productsWhere(endsWith(reversed(orders.clientPo), input.po)) : undefined,
    input.factory ? inArray(t.factoryId, factoriesMatching(db, input.factory)) : undefined,
    input.startTime ? gte(t.loadingDate, input.startTime) : undefined,
    input.endTime ? lte(t.loadingDate, input.endTime) : undefined,
    input.pre ? eq(t.status, SUPERVISE_REPORT_STATUS.preSupervise) : undefined,
    input.status === undefined ? undefined : eq(t.status, input.status),
  );
}

const orderNos = sql<
  string[]
>`coalesce((select array_agg(distinct ${orderProducts.orderNo}) from ${superviseReportProducts} join ${orderProducts} on ${orderProducts.id} = ${superviseReportProducts.orderProductId} where ${superviseReportProducts.reportId} = ${qualified(t.id)} and ${superviseReportProducts.valid} = 1), '{}')`;

function selectReports(db: Db) {
  return db
    .select({
      r: t,
      client: { code: clients.code, name: clients.name, salesId: clients.salesId },
      factory: { code: factories.code, nameZh: factories.nameZh, nameEn: factories.nameEn },
      inspector: { name: users.name, englishName: users.englishName },
      shippingNo: shippings.shippingNo,
      bookingNo: inspectionBookings.bookingNo,
      orderNos,
    })
    .from(t)
    .innerJoin(clients, eq(clients.id, t.clientId))
    .innerJoin(factories, eq(factories.id, t.factoryId))
    .innerJoin(users, eq(users.id, t.inspectorId))
    .leftJoin(shippings, eq(shippings.id, t.shippingId))
    .leftJoin(inspectionBookings, eq(inspectionBookings.id, t.bookingId));
}

export type SelectedReport = Awaited<ReturnType<ReturnType<typeof selectReports>['execute']>>[number];

export function toSuperviseRow(x: SelectedReport) {
  const r = x.r;
  return {
    id: r.id,
    reportNo: r.reportNo,
    shipping: r.shippingId && x.shippingNo ? { id: r.shippingId, shippingNo: x.shippingNo } : null,
    booking: r.bookingId && x.bookingNo ? { id: r.bookingId, bookingNo: x.bookingNo } : null,
    client: { id: r.clientId, code: x.client.code, name: x.client.name },
    factory: label(r.factoryId, x.factory.code, x.factory.nameZh, x.factory.nameEn),
    loadingDate: r.loadingDate,
    inspector: { id: r.inspectorId, name: x.inspector.name, englishName: x.inspector.englishName },
    containerType: r.containerType,
    containerNo: r.containerNo,
    sealNo: r.sealNo,
    orderNos: [...(x.orderNos ?? [])].sort(),
    result: r.result,
    status: r.status,
    valid: r.valid,
    version: r.version,
    updatedAt: r.updatedAt,
  };
}

export type SupervisePageInput = Pick<SuperviseSearch, 'page' | 'pageSize'> &
  Sorting<NonNullable<SuperviseSearch['sort']>>;

export function supervisePageQuery(db: Db, input: SupervisePageInput, where: SQL | undefined) {
  const keys = { reportNo: t.reportNo, loadingDate: t.loadingDate };
  return onePage(
    selectReports(db)
      .where(where)
      .orderBy(...sortOrder(keys, input, t.id, [desc(t.id)])),
    input,
  );
}

export async function supervisePage(db: Db, input: SupervisePageInput, where: SQL | undefined) {
  return (await supervisePageQuery(db, input, where)).map(toSuperviseRow);
}

export async function superviseWithLabels(db: Db, id: bigint) {
  const [r] = await selectReports(db).where(eq(t.id, id));
  return r;
}

/** Whether the report is in the caller's read scope. */
export async function superviseInScope(db: Db, id: bigint, scope: Scope) {
  const [row] = await db
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.id, id), superviseScope(scope)));
  return row !== undefined;
}

/** The valid product lines of a report, in their order. */
export async function superviseProducts(db: Db, reportId: bigint) {
  const rows = await db
    .select({ line: superviseReportProducts, product: orderProducts, clientPo: orders.clientPo })
    .from(superviseReportProducts)
    .innerJoin(orderProducts, eq(orderProducts.id, superviseReportProducts.orderProductId))
    .innerJoin(orders, eq(orders.id, orderProducts.orderId))
    .where(and(eq(superviseReportProducts.reportId, reportId), eq(superviseReportProducts.valid, 1)))
    .orderBy(asc(superviseReportProducts.sort), asc(superviseReportProducts.id));
  return rows.map(({ line, product, clientPo }) => ({
    id: line.id,
    orderProductId: line.orderProductId,
    orderNo: product.orderNo,
    clientPo,
    productNo: product.productNo,
    itemNo: product.itemNo,
    name: product.name,
    quantity: product.quantity,
    plannedCartons: line.plannedCartons,
    loadedCartons: line.loadedCartons,
    loadedQuantity: line.loadedQuantity,
  }));
}

/** The valid checkpoints of a report with their master row, in their order. */
export async function superviseCheckpointRows(db: Db, reportId: bigint) {
  const rows = await db
    .select({ line: superviseReportCheckpoints, master: superviseCheckpoints })
    .from(superviseReportCheckpoints)
    .innerJoin(
      superviseCheckpoints,
      eq(superviseCheckpoints.id, superviseReportCheckpoints.superviseCheckpointId),
    )
    .where(and(eq(superviseReportCheckpoints.reportId, reportId), eq(superviseReportCheckpoints.valid, 1)))
    .orderBy(asc(superviseReportCheckpoints.sort), asc(superviseReportCheckpoints.id));
  return rows.map(({ line, master }) => ({
    id: line.id,
    checkpoint: label(master.id, master.code, master.nameZh, master.nameEn),
    mandatory: master.mandatory,
    photoRequired: master.photoRequired,
    result: line.result,
    remark: line.remark,
    photoIds: line.photoIds,
  }));
}

/** The active checkpoints of the master list, in their order (preloaded into a new report). */
export async function masterCheckpoints(db: Db) {
  return db
    .select({ id: superviseCheckpoints.id })
    .from(superviseCheckpoints)
    .where(and(eq(superviseCheckpoints.valid, 1), eq(superviseCheckpoints.active, 1)))
    .orderBy(asc(superviseCheckpoints.sort), asc(superviseCheckpoints.id));
}

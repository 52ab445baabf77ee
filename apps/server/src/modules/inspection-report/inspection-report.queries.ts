import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { INSPECTION_REPORT_STATUS } from '@qcdesk/contract/inspection-report';
import { and, asc, desc, eq, gte, inArray, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { qualified } from '../../db/columns';
import { clients } from '../../db/schema/client';
import { factories, inspectionTypes } from '../../db/schema/config';
import { users } from '../../db/schema/identity';
import { inspectionReportProducts, inspectionReports } from '../../db/schema/inspection-report';
import { inspectionTasks } from '../../db/schema/inspection-task';
import { orderProducts, orders } from '../../db/schema/order';
import { reversed, searchText } from '../../db/schema/search-columns';
import type { Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { label } from '../../platform/labels';
import { onePage } from '../../platform/paging';
import { type Scope, scopeWhere } from '../../platform/scope';
import { contains, endsWith } from '../../platform/search';
import { type Sorting, sortOrder } from '../../platform/sorting';
import { liveHolder } from './inspection-report.rules';

// The SQL of inspection reports: the scope (department and client from the report's order; an
// inspector's own reports as lead or assistant; CLIENT users only sent ones), the search with the
// to-do of DOMAIN.md §6.8 (`work`), the page query, and the rows with their labels.

type Ops = typeof areas.inspectionReport;
export type ReportSearch = ParsedInputOf<Ops['searchInspectionReports']>;

const { draft, submitted, levelTwo, approved, sent, confirmed, rejected } = INSPECTION_REPORT_STATUS;

/** The user is the report's lead or one of its assistants. */
const ownReport = (userId: bigint): SQL =>
  sql`(${inspectionReports.inspectorId} = ${userId} or ${userId}::bigint = any(${inspectionReports.assistantIds}))`;

/** DOMAIN.md §5.4: department, own reports (inspectors), own client's sent reports (CLIENT users). */
export function reportScope(scope: Scope): SQL | undefined {
  const where = scopeWhere(scope, {
    department: inspectionReports.departmentId,
    client: inspectionReports.clientId,
    inspector: ownReport,
  });
  if (scope.kind !== 'client') return where;
  return and(where, inArray(inspectionReports.status, [sent, confirmed]));
}

/** §6.8 `work`: the union of the caller's to-do sets among reports. */
export function reportWork(user: Principal): SQL {
  const has = (p: string) => user.permissions.has(p);
  const sets: SQL[] = [];
  const own = ownReport(user.userId);
  if (has('insp.report.edit')) sets.push(and(own, inArray(inspectionReports.status, [draft, rejected]))!);
  if (has('insp.report.audit')) sets.push(and(eq(inspectionReports.status, submitted), sql`not ${own}`)!);
  if (has('insp.report.admin')) sets.push(eq(inspectionReports.status, levelTwo));
  if (has('insp.report.send')) sets.push(eq(inspectionReports.status, approved));
  if (has('insp.instruction.create')) sets.push(eq(inspectionReports.status, sent));
  return sets.length === 0 ? sql`false` : or(...sets)!;
}

const factoryText = searchText(factories.code, factories.nameZh, factories.nameEn);

/** The WHERE of inspection/report/search (spec §3). */
export function reportSearchWhere(db: Db, input: Partial<ReportSearch>, scope: Scope, user: Principal) {
  return and(
    eq(inspectionReports.valid, 1),
    reportScope(scope),
    eq(inspectionReports.interim, input.interim ?? false),
    input.work === false ? undefined : reportWork(user),
    input.orderNo
      ? sql`${inspectionReports.orderId} = any(array(${db
          .select({ id: orders.id })
          .from(orders)
          .where(endsWith(reversed(orders.orderNo), input.orderNo))}))`
      : undefined,
    input.factory
      ? sql`${inspectionReports.factoryId} = any(array(${db
          .select({ id: factories.id })
          .from(factories)
          .where(contains(factoryText, input.factory))}))`
      : undefined,
    input.productNo
      ? sql`exists (select 1 from ${inspectionReportProducts} join ${orderProducts} on ${orderProducts.id} = ${inspectionReportProducts.orderProductId} where ${inspectionReportProducts.reportId} = ${qualified(inspectionReports.id)} and ${inspectionReportProducts.valid} = 1 and ${contains(searchText(orderProducts.productNo), input.productNo)})`
      : undefined,
    input.startTime ? gte(inspectionReports.inspectionDate, input.startTime) : undefined,
    input.endTime ? lte(inspectionReports.inspectionDate, input.endTime) : undefined,
    input.result === undefined ? undefined : eq(inspectionReports.result, input.result),
    input.status === undefined ? undefined : eq(inspectionReports.status, input.status),
  );
}

const lead = alias(users, 'lead');
const holder = alias(users, 'holder');

function selectReports(db: Db) {
  return db
    .select({
      report: inspectionReports,
      taskNo: inspectionTasks.taskNo,
      orderNo: orders.orderNo,
      client: { id: clients.id, code: clients.code, name: clients.name },
      factory: { id: factories.id, code: factories.code, nameZh: factories.nameZh, nameEn: factories.nameEn },
      inspectionType: {
        code: inspectionTypes.code,
        nameZh: inspectionTypes.nameZh,
        nameEn: inspectionTypes.nameEn,
        serviceCode: inspectionTypes.serviceCode,
      },
      inspector: { id: lead.id, name: lead.name, englishName: lead.englishName },
      holder: { id: holder.id, name: holder.name, englishName: holder.englishName },
    })
    .from(inspectionReports)
    .innerJoin(inspectionTasks, eq(inspectionTasks.id, inspectionReports.taskId))
    .innerJoin(orders, eq(orders.id, inspectionReports.orderId))
    .innerJoin(clients, eq(clients.id, inspectionReports.clientId))
    .innerJoin(factories, eq(factories.id, inspectionReports.factoryId))
    .innerJoin(inspectionTypes, eq(inspectionTypes.id, inspectionReports.inspectionTypeId))
    .innerJoin(lead, eq(lead.id, inspectionReports.inspectorId))
    .leftJoin(holder, eq(holder.id, inspectionReports.checkedOutBy));
}

type Selected = Awaited<ReturnType<ReturnType<typeof selectReports>['execute']>>[number];
export type UserLabel = { id: bigint; name: string; englishName: string | null };

/** Users by id, for assistants and auditors. */
export async function userLabels(db: Db, ids: readonly bigint[]): Promise<Map<bigint, UserLabel>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.name, englishName: users.englishName })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((u) => [u.id, u]));
}

export async function toReportRows(db: Db, rows: Selected[], now = new Date()) {
  const people = await userLabels(
    db,
    rows.flatMap((r) => r.report.assistantIds),
  );
  return rows.map((r) => {
    const t = r.report;
    const live = liveHolder(t, now) !== null && r.holder !== null;
    return {
      id: t.id,
      reportNo: t.reportNo,
      interim: t.interim,
      task: { id: t.taskId, taskNo: r.taskNo },
      applyId: t.applyId,
      order: { id: t.orderId, orderNo: r.orderNo },
      client: r.client,
      factory: label(r.factory.id, r.factory.code, r.factory.nameZh, r.factory.nameEn),
      inspectionType: {
        ...label(t.inspectionTypeId, r.inspectionType.code, r.inspectionType.nameZh, r.inspectionType.nameEn),
        serviceCode: r.inspectionType.serviceCode,
      },
      productType: t.productType,
      inspector: r.inspector,
      assistants: t.assistantIds.flatMap((id) => people.get(id) ?? []),
      inspectionDate: t.inspectionDate,
      quantity: t.quantity,
      sampleSize: t.sampleSize,
      critical: t.critical,
      major: t.major,
      minor: t.minor,
      preResult: t.preResult,
      result: t.result,
      score: t.score,
      assistScore: t.assistScore,
      revision: t.revision,
      checkout: live && r.holder ? { by: r.holder, expiresAt: t.checkoutExpiresAt! } : null,
      status: t.status,
      version: t.version,
      updatedAt: t.updatedAt,
    };
  });
}

export type ReportPageInput = Pick<ReportSearch, 'page' | 'pageSize'> &
  Sorting<NonNullable<ReportSearch['sort']>>;

/** The query of one page (EXPLAIN-tested): the latest inspection date first unless sorted. */
export function reportPageQuery(db: Db, input: ReportPageInput, where: SQL | undefined) {
  const keys = { reportNo: inspectionReports.reportNo, inspectionDate: inspectionReports.inspectionDate };
  const fallback = [desc(inspectionReports.inspectionDate), desc(inspectionReports.id)];
  return onePage(
    selectReports(db)
      .where(where)
      .orderBy(...sortOrder(keys, input, inspectionReports.id, fallback)),
    input,
  );
}

export async function reportPage(db: Db, input: ReportPageInput, where: SQL | undefined) {
  return toReportRows(db, await reportPageQuery(db, input, where));
}

/** One report's row (labels), or undefined. */
export async function reportRow(db: Db, id: bigint) {
  const [r] = await selectReports(db).where(
    and(eq(inspectionReports.id, id), eq(inspectionReports.valid, 1)),
  );
  if (!r) return undefined;
  return (await toReportRows(db, [r]))[0];
}

/** inspection/report/list: of a task or a product, or by report no; in scope, newest first. */
export function reportListWhere(
  db: Db,
  input: { keyword?: string | undefined; taskId?: bigint | undefined; orderProductId?: bigint | undefined },
  scope: Scope,
) {
  return and(
    eq(inspectionReports.valid, 1),
    ne(inspectionReports.status, INSPECTION_REPORT_STATUS.cancelled),
    reportScope(scope),
    input.taskId === undefined ? undefined : eq(inspectionReports.taskId, input.taskId),
    input.keyword ? contains(searchText(inspectionReports.reportNo), input.keyword) : undefined,
    input.orderProductId === undefined
      ? undefined
      : inArray(
          inspectionReports.id,
          db
            .select({ id: inspectionReportProducts.reportId })
            .from(inspectionReportProducts)
            .where(
              and(
                eq(inspectionReportProducts.orderProductId, input.orderProductId),
                eq(inspectionReportProducts.valid, 1),
              ),
            ),
        ),
  );
}

export const reportListOrder = [desc(inspectionReports.inspectionDate), asc(inspectionReports.id)];

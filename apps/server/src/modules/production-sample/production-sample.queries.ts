import type { areas, ParsedInputOf } from '@qcdesk/contract';
import type { FiltersOf } from '@qcdesk/contract/list-export';
import { PRODUCTION_SAMPLE_STATUS } from '@qcdesk/contract/production-sample';
import { and, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { qualified } from '../../db/columns';
import { clients } from '../../db/schema/client';
import { factories } from '../../db/schema/config';
import { departments, users } from '../../db/schema/identity';
import { orderProducts } from '../../db/schema/order';
import { originalSamples } from '../../db/schema/original-sample';
import { productionSamples } from '../../db/schema/production-sample';
import { reversed } from '../../db/schema/search-columns';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { label, ownerColumns, ownerLabels, personLabel, userLabel } from '../../platform/labels';
import { onePage } from '../../platform/paging';
import { rankedHits } from '../../platform/ranked-hits';
import { type Scope, scopeWithStatuses } from '../../platform/scope';
import { endsWith } from '../../platform/search';
import { lowered, type PageOf, sortOrder } from '../../platform/sorting';
import { productTestStatuses } from '../order/order-test-status.service';
import { clientVisibleStatuses } from './production-sample.rules';

// The SQL of production samples: the scope condition, the row select with its labels, the search
// and its page query (EXPLAIN-tested), the auto-complete, the detail, the links from order products,
// the audit mail's recipients and home-search hits.

type Ops = typeof areas.productionSample;
export type SampleSearch = ParsedInputOf<Ops['searchProductionSamples']>;
export type SampleFilters = FiltersOf<Ops['searchProductionSamples']>;
export type SampleList = ParsedInputOf<Ops['listProductionSamples']>;

/** Samples in scope (DOMAIN.md §5.4): department, or the CLIENT user's own audited samples. */
export const sampleScope = (scope: Scope): SQL | undefined =>
  scopeWithStatuses(
    scope,
    {
      department: productionSamples.departmentId,
      client: productionSamples.clientId,
      status: productionSamples.status,
    },
    clientVisibleStatuses(scope),
  );

/** DOMAIN.md §2.3 orderPlaced: a valid order product of a valid order links the sample. */
const placedCondition = sql`exists (select 1 from ${orderProducts} where ${orderProducts.productionSampleId} = ${qualified(productionSamples.id)} and ${orderProducts.valid} = 1 and ${orderProducts.orderValid} = 1)`;
const orderPlaced = sql<number>`case when ${placedCondition} then 1 else 0 end`.mapWith(Number);

const provider = alias(factories, 'provider');
const auditor = alias(users, 'auditor');
const original = alias(originalSamples, 'original');

function selectSamples(db: Db) {
  return db
    .select({
      sample: productionSamples,
      ...ownerColumns,
      provider: { code: provider.code, nameZh: provider.nameZh, nameEn: provider.nameEn },
      original: { itemNo: original.itemNo, name: original.name },
      auditor: { name: auditor.name, englishName: auditor.englishName },
      orderPlaced,
    })
    .from(productionSamples)
    .innerJoin(clients, eq(clients.id, productionSamples.clientId))
    .innerJoin(departments, eq(departments.id, productionSamples.departmentId))
    .innerJoin(provider, eq(provider.id, productionSamples.providerFactoryId))
    .leftJoin(original, eq(original.id, productionSamples.originalSampleId))
    .leftJoin(auditor, eq(auditor.id, productionSamples.auditorId));
}

type Selected = Awaited<ReturnType<ReturnType<typeof selectSamples>['execute']>>[number];

function toRow(r: Selected) {
  const s = r.sample;
  return {
    id: s.id,
    itemNo: s.itemNo,
    ...ownerLabels(s, r),
    provider: label(s.providerFactoryId, r.provider.code, r.provider.nameZh, r.provider.nameEn),
    originalSample:
      s.originalSampleId === null
        ? null
        : { id: s.originalSampleId, itemNo: r.original?.itemNo ?? '', name: r.original?.name ?? '' },
    receivedDate: s.receivedDate,
    quantity: s.quantity,
    status: s.status,
    auditResult: s.auditResult,
    testResult: s.testResult,
    auditTime: s.auditTime,
    auditor: personLabel(s.auditorId, r.auditor),
    auditRemark: s.auditRemark,
    orderPlaced: r.orderPlaced,
    valid: s.valid,
    version: s.version,
    updatedAt: s.updatedAt,
  };
}

// -- Search and list --------------------------------------------------------------------------

/** The WHERE of productionsample/search (DOMAIN.md §2.11: the dates are receivedDate). */
export function sampleSearchWhere(input: Partial<SampleFilters>, scope: Scope): SQL | undefined {
  return and(
    eq(productionSamples.valid, 1),
    sampleScope(scope),
    input.itemNo ? endsWith(reversed(productionSamples.itemNo), input.itemNo) : undefined,
    input.client === undefined ? undefined : eq(productionSamples.clientId, input.client),
    input.department === undefined ? undefined : eq(productionSamples.departmentId, input.department),
    input.startTime ? gte(productionSamples.receivedDate, input.startTime) : undefined,
    input.endTime ? lte(productionSamples.receivedDate, input.endTime) : undefined,
    input.result === undefined ? undefined : eq(productionSamples.auditResult, input.result),
    input.status === undefined ? undefined : eq(productionSamples.status, input.status),
    input.orderPlaced === undefined
      ? undefined
      : input.orderPlaced === 1
        ? placedCondition
        : sql`not ${placedCondition}`,
  );
}

export type SamplePageInput = PageOf<SampleSearch>;

/** The ORDER BY of a page: newest first unless another sort is asked. */
function sampleOrder(input: SamplePageInput): SQL[] {
  const keys = {
    itemNo: lowered(productionSamples.itemNo),
    receivedDate: productionSamples.receivedDate,
    auditTime: productionSamples.auditTime,
  };
  return sortOrder(keys, input, productionSamples.id, [desc(productionSamples.id)]);
}

/** The query of one page of samples (tests EXPLAIN it). */
export function samplePageQuery(db: Db, input: SamplePageInput, where: SQL | undefined) {
  return onePage(
    selectSamples(db)
      .where(where)
      .orderBy(...sampleOrder(input)),
    input,
  );
}

export async function samplePage(db: Db, input: SamplePageInput, where: SQL | undefined) {
  return (await samplePageQuery(db, input, where)).map(toRow);
}

/** The list rows of the samples `ids`, in no particular order (a batch of an export). */
export async function sampleRows(db: Db, ids: readonly bigint[]) {
  if (ids.length === 0) return [];
  return (await selectSamples(db).where(inArray(productionSamples.id, [...ids]))).map(toRow);
}

/** productionsample/list: not cancelled, in scope, item no ends with the keyword; newest first. */
export async function sampleChoices(db: Db, input: SampleList, scope: Scope) {
  const rows = await selectSamples(db)
    .where(
      and(
        eq(productionSamples.valid, 1),
        inArray(productionSamples.status, [
          PRODUCTION_SAMPLE_STATUS.registered,
          PRODUCTION_SAMPLE_STATUS.audited,
        ]),
        sampleScope(scope),
        input.keyword ? endsWith(reversed(productionSamples.itemNo), input.keyword) : undefined,
        input.client === undefined ? undefined : eq(productionSamples.clientId, input.client),
        input.orderPlaced === undefined
          ? undefined
          : input.orderPlaced === 1
            ? placedCondition
            : sql`not ${placedCondition}`,
      ),
    )
    .orderBy(desc(productionSamples.id))
    .limit(input.limit);
  return rows.map(toRow);
}

// -- Details ----------------------------------------------------------------------------------

/** The detail of productionsample/details and of every write. */
export async function sampleDetail(db: Db, id: bigint) {
  const [r] = await selectSamples(db).where(eq(productionSamples.id, id));
  if (!r) throw new AppError('E_NOT_FOUND');
  const products = await db
    .select({
      id: orderProducts.id,
      productNo: orderProducts.productNo,
      itemNo: orderProducts.itemNo,
      name: orderProducts.name,
      orderId: orderProducts.orderId,
      orderNo: orderProducts.orderNo,
    })
    .from(orderProducts)
    .where(
      and(
        eq(orderProducts.productionSampleId, id),
        eq(orderProducts.valid, 1),
        eq(orderProducts.orderValid, 1),
      ),
    )
    .orderBy(orderProducts.id);
  const statuses = await productTestStatuses(
    db,
    products.map((p) => p.id),
  );
  return {
    ...toRow(r),
    products: products.map((p) => ({ ...p, testStatus: statuses.get(p.id) ?? 'none' })),
    createdBy: await userLabel(db, r.sample.createdBy),
    createdAt: r.sample.createdAt,
  };
}

// -- Audit mail -------------------------------------------------------------------------------

/** The provider factory's contacts and names and the client's name, for the audit mail. */
export async function auditMailSources(db: Db, sample: { clientId: bigint; providerFactoryId: bigint }) {
  const [factory] = await db
    .select({ contacts: factories.contacts, nameZh: factories.nameZh, nameEn: factories.nameEn })
    .from(factories)
    .where(eq(factories.id, sample.providerFactoryId));
  const [client] = await db
    .select({ name: clients.name })
    .from(clients)
    .where(eq(clients.id, sample.clientId));
  return { factory, clientName: client?.name ?? '' };
}

// -- Home search ------------------------------------------------------------------------------

/** Home search (DOMAIN.md §6.11): production samples whose item no ends with the term. */
export function productionSampleHits(db: Db, term: string, context: { scope: Scope; limit: number }) {
  return rankedHits(db, {
    table: productionSamples,
    id: productionSamples.id,
    title: productionSamples.itemNo,
    subtitle: sql`(select ${clients.name} from ${clients} where ${clients.id} = ${qualified(productionSamples.clientId)})`,
    where: and(
      eq(productionSamples.valid, 1),
      sampleScope(context.scope),
      endsWith(reversed(productionSamples.itemNo), term),
    ),
    limit: context.limit,
  });
}

import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { FIRST_SAMPLE_STATUS, FS_SEARCH_CHECKED } from '@qcdesk/contract/first-sample';
import type { FiltersOf } from '@qcdesk/contract/list-export';
import { and, asc, desc, eq, gte, inArray, lte, ne, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { clients } from '../../db/schema/client';
import { factories, sampleCheckItems } from '../../db/schema/config';
import { files } from '../../db/schema/files';
import { firstSampleCheckPhotos, firstSampleChecks, firstSamples } from '../../db/schema/first-sample';
import { departments, users } from '../../db/schema/identity';
import { orderProducts } from '../../db/schema/order';
import { reversed, searchText } from '../../db/schema/search-columns';
import type { Db } from '../../platform/db';
import { label, ownerColumns, ownerLabels, personLabel } from '../../platform/labels';
import { onePage } from '../../platform/paging';
import { type Scope, scopeWithStatuses } from '../../platform/scope';
import { contains, endsWith, factoriesMatching } from '../../platform/search';
import { lowered, type PageOf, sortOrder } from '../../platform/sorting';
import { clientVisibleStatuses } from './first-sample.rules';

// The SQL of first samples: the scope condition, the row select with its labels, the search and its
// page query (EXPLAIN-tested), the auto-complete, the check items with their photos, the rounds of
// a chain and the result mail's recipients.

type Ops = typeof areas.firstSample;
export type FirstSampleSearch = ParsedInputOf<Ops['searchFirstSamples']>;
export type FirstSampleFilters = FiltersOf<Ops['searchFirstSamples']>;
export type FirstSampleList = ParsedInputOf<Ops['listFirstSamples']>;

/** Samples in scope (DOMAIN.md §5.4): department, or the CLIENT user's own judged samples. */
export const firstSampleScope = (scope: Scope): SQL | undefined =>
  scopeWithStatuses(
    scope,
    { department: firstSamples.departmentId, client: firstSamples.clientId, status: firstSamples.status },
    clientVisibleStatuses(scope),
  );

const factory = alias(factories, 'factory');
const checker = alias(users, 'checker');
const auditor = alias(users, 'auditor');

function selectSamples(db: Db) {
  return db
    .select({
      sample: firstSamples,
      product: {
        productNo: orderProducts.productNo,
        name: orderProducts.name,
        orderId: orderProducts.orderId,
        orderNo: orderProducts.orderNo,
        factoryId: orderProducts.factoryId,
      },
      factory: { code: factory.code, nameZh: factory.nameZh, nameEn: factory.nameEn },
      ...ownerColumns,
      checker: { name: checker.name, englishName: checker.englishName },
      auditor: { name: auditor.name, englishName: auditor.englishName },
    })
    .from(firstSamples)
    .innerJoin(orderProducts, eq(orderProducts.id, firstSamples.orderProductId))
    .innerJoin(factory, eq(factory.id, orderProducts.factoryId))
    .innerJoin(clients, eq(clients.id, firstSamples.clientId))
    .innerJoin(departments, eq(departments.id, firstSamples.departmentId))
    .leftJoin(checker, eq(checker.id, firstSamples.checkedBy))
    .leftJoin(auditor, eq(auditor.id, firstSamples.auditedBy));
}

type Selected = Awaited<ReturnType<ReturnType<typeof selectSamples>['execute']>>[number];

export function toRow(r: Selected) {
  const s = r.sample;
  return {
    id: s.id,
    sampleNo: s.sampleNo,
    itemNo: s.itemNo,
    round: s.round,
    previousId: s.previousId,
    product: {
      id: s.orderProductId,
      productNo: r.product.productNo,
      name: r.product.name,
      orderId: r.product.orderId,
      orderNo: r.product.orderNo,
    },
    factory: label(r.product.factoryId, r.factory.code, r.factory.nameZh, r.factory.nameEn),
    ...ownerLabels(s, r),
    receivedDate: s.receivedDate,
    status: s.status,
    checkResult: s.checkResult,
    checkedBy: personLabel(s.checkedBy, r.checker),
    checkedAt: s.checkedAt,
    result: s.result,
    auditedBy: personLabel(s.auditedBy, r.auditor),
    auditedAt: s.auditedAt,
    corrective: s.corrective,
    valid: s.valid,
    version: s.version,
    updatedAt: s.updatedAt,
  };
}

// -- Search and list --------------------------------------------------------------------------

/** The order products a filter of the product's own columns keeps (their indexes), as a subquery. */
const productsWhere = (db: Db, where: SQL) =>
  inArray(firstSamples.orderProductId, db.select({ id: orderProducts.id }).from(orderProducts).where(where));

/** FsSearchResult (DOMAIN.md §3.2): 0–3 the result of a live round, 10 checked and not judged. */
function resultWhere(result: number): SQL | undefined {
  if (result === FS_SEARCH_CHECKED) return eq(firstSamples.status, FIRST_SAMPLE_STATUS.checked);
  return and(eq(firstSamples.result, result), ne(firstSamples.status, FIRST_SAMPLE_STATUS.cancelled));
}

/** The WHERE of firstsample/search (DOMAIN.md §2.11: the dates are receivedDate). */
export function firstSampleSearchWhere(db: Db, input: FirstSampleFilters, scope: Scope): SQL | undefined {
  return and(
    eq(firstSamples.valid, 1),
    firstSampleScope(scope),
    input.orderNo ? productsWhere(db, endsWith(reversed(orderProducts.orderNo), input.orderNo)) : undefined,
    input.productNo
      ? productsWhere(db, contains(searchText(orderProducts.productNo), input.productNo))
      : undefined,
    input.factory
      ? productsWhere(db, inArray(orderProducts.factoryId, factoriesMatching(db, input.factory)))
      : undefined,
    input.itemNo ? endsWith(reversed(firstSamples.itemNo), input.itemNo) : undefined,
    input.client === undefined ? undefined : eq(firstSamples.clientId, input.client),
    input.department === undefined ? undefined : eq(firstSamples.departmentId, input.department),
    input.startTime ? gte(firstSamples.receivedDate, input.startTime) : undefined,
    input.endTime ? lte(firstSamples.receivedDate, input.endTime) : undefined,
    input.result === undefined ? undefined : resultWhere(input.result),
    input.status === undefined ? undefined : eq(firstSamples.status, input.status),
  );
}

export type FirstSamplePageInput = PageOf<FirstSampleSearch>;

function sampleOrder(input: FirstSamplePageInput): SQL[] {
  const keys = {
    sampleNo: firstSamples.sampleNo,
    itemNo: lowered(firstSamples.itemNo),
    receivedDate: firstSamples.receivedDate,
    auditedAt: firstSamples.auditedAt,
  };
  return sortOrder(keys, input, firstSamples.id, [desc(firstSamples.id)]);
}

/** The query of one page of first samples (tests EXPLAIN it). */
export function firstSamplePageQuery(db: Db, input: FirstSamplePageInput, where: SQL | undefined) {
  return onePage(
    selectSamples(db)
      .where(where)
      .orderBy(...sampleOrder(input)),
    input,
  );
}

export async function firstSamplePage(db: Db, input: FirstSamplePageInput, where: SQL | undefined) {
  return (await firstSamplePageQuery(db, input, where)).map(toRow);
}

/** The list rows of the samples `ids`, in no particular order (a batch of an export). */
export async function firstSampleRows(db: Db, ids: readonly bigint[]) {
  if (ids.length === 0) return [];
  return (await selectSamples(db).where(inArray(firstSamples.id, [...ids]))).map(toRow);
}

/** firstsample/list: not cancelled, in scope, sample no or item no ends with the keyword. */
export async function firstSampleChoices(db: Db, input: FirstSampleList, scope: Scope) {
  const rows = await selectSamples(db)
    .where(
      and(
        eq(firstSamples.valid, 1),
        ne(firstSamples.status, FIRST_SAMPLE_STATUS.cancelled),
        firstSampleScope(scope),
        input.keyword
          ? or(
              endsWith(reversed(firstSamples.itemNo), input.keyword),
              endsWith(reversed(firstSamples.sampleNo), input.keyword),
            )
          : undefined,
        input.orderProductId === undefined
          ? undefined
          : eq(firstSamples.orderProductId, input.orderProductId),
      ),
    )
    .orderBy(desc(firstSamples.id))
    .limit(input.limit);
  return rows.map(toRow);
}

// -- Details ----------------------------------------------------------------------------------

export async function sampleSelected(db: Db, id: bigint) {
  const [r] = await selectSamples(db).where(eq(firstSamples.id, id));
  return r;
}

/** The check items of a sample, in their order, with the check-item row and the photo files. */
export async function checkRows(db: Db, sampleId: bigint) {
  const checks = await db
    .select({
      check: firstSampleChecks,
      item: {
        code: sampleCheckItems.code,
        nameZh: sampleCheckItems.nameZh,
        nameEn: sampleCheckItems.nameEn,
        method: sampleCheckItems.method,
        criterion: sampleCheckItems.criterion,
        methodEn: sampleCheckItems.methodEn,
        criterionEn: sampleCheckItems.criterionEn,
      },
    })
    .from(firstSampleChecks)
    .innerJoin(sampleCheckItems, eq(sampleCheckItems.id, firstSampleChecks.sampleCheckItemId))
    .where(eq(firstSampleChecks.firstSampleId, sampleId))
    .orderBy(asc(firstSampleChecks.sort), asc(firstSampleChecks.id));
  const photos =
    checks.length === 0
      ? []
      : await db
          .select({ checkId: firstSampleCheckPhotos.checkId, file: files })
          .from(firstSampleCheckPhotos)
          .innerJoin(files, eq(files.id, firstSampleCheckPhotos.fileId))
          .where(
            inArray(
              firstSampleCheckPhotos.checkId,
              checks.map((c) => c.check.id),
            ),
          )
          .orderBy(asc(firstSampleCheckPhotos.sort));
  return checks.map((c) => ({
    ...c,
    photos: photos.filter((p) => p.checkId === c.check.id).map((p) => p.file),
  }));
}

/** Whether a live (valid, not cancelled) round follows the sample. */
export async function isFollowed(db: Db, id: bigint): Promise<boolean> {
  const [next] = await db
    .select({ id: firstSamples.id })
    .from(firstSamples)
    .where(
      and(
        eq(firstSamples.previousId, id),
        eq(firstSamples.valid, 1),
        ne(firstSamples.status, FIRST_SAMPLE_STATUS.cancelled),
      ),
    )
    .limit(1);
  return next !== undefined;
}

/**
 * The ids of every round of the chain a sample belongs to, oldest first: back along `previousId`
 * to the first round, then forward along the rounds that follow (cancelled ones included).
 */
export async function chainIds(db: Db, id: bigint, scope: Scope): Promise<bigint[]> {
  let first = id;
  for (let guard = 0; guard < 100; guard++) {
    const [row] = await db
      .select({ previousId: firstSamples.previousId })
      .from(firstSamples)
      .where(eq(firstSamples.id, first));
    if (!row?.previousId) break;
    first = row.previousId;
  }
  const ids = [first];
  for (let guard = 0; guard < 100; guard++) {
    const next = await db
      .select({ id: firstSamples.id })
      .from(firstSamples)
      .where(
        and(
          eq(firstSamples.previousId, ids[ids.length - 1]!),
          eq(firstSamples.valid, 1),
          firstSampleScope(scope),
        ),
      )
      .orderBy(asc(firstSamples.id));
    if (next.length === 0) break;
    // A cancelled round and the round that replaced it both follow the same one: keep both,
    // go on from the newer.
    ids.push(...next.map((n) => n.id));
  }
  return ids;
}

/** The order product a sample is made for (valid, of a valid order). */
export async function productOf(db: Db, id: bigint) {
  const [product] = await db
    .select({
      id: orderProducts.id,
      itemNo: orderProducts.itemNo,
      clientId: orderProducts.clientId,
      departmentId: orderProducts.departmentId,
      factoryId: orderProducts.factoryId,
      valid: orderProducts.valid,
      orderValid: orderProducts.orderValid,
    })
    .from(orderProducts)
    .where(eq(orderProducts.id, id));
  return product?.valid === 1 && product.orderValid === 1 ? product : undefined;
}

/** The files of `ids` (photo candidates): owner, valid and stored content type. */
export async function filesOf(db: Db, ids: readonly bigint[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: files.id, ownerId: files.ownerId, valid: files.valid, contentType: files.contentType })
    .from(files)
    .where(inArray(files.id, [...ids]));
}

// -- Result mail ------------------------------------------------------------------------------

/** The product's factory (contacts and names) and its order and product no, for the result mail. */
export async function resultFactory(db: Db, orderProductId: bigint) {
  const [factory] = await db
    .select({
      contacts: factories.contacts,
      nameZh: factories.nameZh,
      nameEn: factories.nameEn,
      productNo: orderProducts.productNo,
      orderNo: orderProducts.orderNo,
    })
    .from(orderProducts)
    .innerJoin(factories, eq(factories.id, orderProducts.factoryId))
    .where(eq(orderProducts.id, orderProductId));
  return factory;
}

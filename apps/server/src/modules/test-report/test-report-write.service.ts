import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { eq } from 'drizzle-orm';
import { labs, testItems, testTypes } from '../../db/schema/config';
import type { FieldChange } from '../../db/schema/platform';
import { testReportItems, testReportProducts, testReports } from '../../db/schema/test-report';
import { worstResult } from '../../domain/test-results';
import { type Actor, actorOf, type Principal } from '../../platform/auth';
import { businessDate } from '../../platform/business-time';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { changedFields, createRecord, updateRecord } from '../../platform/records';
import { assertReference, assertReferences } from '../../platform/references';
import { scopeOf } from '../../platform/scope';
import { itemRows, productsByIds } from './test-report.queries';
import { assertPending, TEST_REPORT_ENTITY, type TestReportRecord } from './test-report.rules';
import { mayWriteReport, reportDetail, type TestReportDeps, writableReport } from './test-report.service';

// The writes of a pending test report (DOMAIN.md §4.10 "create", "update / item/update"): a report
// with its products and items (the system's on a test-order submit, or a factory- or
// client-provided one), its fields and delete, and its item results.

type Ops = typeof areas.testReport;
type NewReport = ParsedInputOf<Ops['createTestReport']>;
type ReportUpdate = ParsedInputOf<Ops['updateTestReport']>;
type ItemsUpdate = ParsedInputOf<Ops['updateTestReportItems']>;

export interface NewItem {
  orderProductId: bigint;
  testItemId: bigint;
  orderRiskItemId?: bigint | null;
}

/** The report's products (N:M) and items, written with its create. */
export async function insertReportLines(db: Db, reportId: bigint, items: readonly NewItem[]) {
  const productIds = [...new Set(items.map((i) => i.orderProductId))];
  if (productIds.length > 0)
    await db
      .insert(testReportProducts)
      .values(productIds.map((orderProductId) => ({ testReportId: reportId, orderProductId })));
  if (items.length > 0)
    await db.insert(testReportItems).values(
      items.map((i, sort) => ({
        testReportId: reportId,
        orderProductId: i.orderProductId,
        testItemId: i.testItemId,
        orderRiskItemId: i.orderRiskItemId ?? null,
        sort,
      })),
    );
  // Logged as the products and, per product (by its number), its test items: both named in the log.
  const productNos = new Map((await productsByIds(db, productIds)).map((p) => [p.id, p.productNo]));
  return [
    { field: 'orderProductIds', from: null, to: productIds.map(String) },
    ...productIds.map((id) => ({
      field: `items[${productNos.get(id) ?? String(id)}]`,
      from: null,
      to: items.filter((i) => i.orderProductId === id).map((i) => String(i.testItemId)),
    })),
  ] satisfies FieldChange[];
}

/** A pending report (10), written by the system or a user. */
export async function insertReport(
  db: Db,
  values: Omit<typeof testReports.$inferInsert, 'listDate'>,
  items: readonly NewItem[],
  actor: Actor,
) {
  return createRecord(db, {
    table: testReports,
    entity: TEST_REPORT_ENTITY,
    actor,
    values: { ...values, listDate: businessDate() },
    children: (created) => insertReportLines(db, created.id, items),
  });
}

/** testreport/create: a factory- or client-provided report of products of one client and department. */
export async function createTestReport(db: Db, deps: TestReportDeps, input: NewReport, user: Principal) {
  const scope = await scopeOf(db, user);
  await assertReference(db, { table: labs, active: labs.active }, input.labId, 'labId');
  await assertReference(db, { table: testTypes, active: testTypes.active }, input.testTypeId, 'testTypeId');
  await assertReferences(
    db,
    { table: testItems, active: testItems.active },
    input.items.map((i) => i.testItemId),
    'items',
  );
  const keys = new Set(input.items.map((i) => `${i.orderProductId}:${i.testItemId}`));
  if (keys.size !== input.items.length)
    throw new AppError('E_DUPLICATE', { field: 'items' }, { field: 'items' });
  const ids = [...new Set(input.items.map((i) => i.orderProductId))];
  const products = await productsByIds(db, ids);
  if (products.length !== ids.length)
    throw new AppError('E_REF_NOT_FOUND', { field: 'orderProductId' }, { field: 'items' });
  const first = products[0]!;
  if (products.some((p) => p.clientId !== first.clientId || p.departmentId !== first.departmentId))
    throw new AppError('E_CART_CLIENT_DEPT', {}, { field: 'items' });
  if (!(await mayWriteReport(db, scope, first))) throw new AppError('E_SCOPE', {}, { field: 'items' });
  const row = await insertReport(
    db,
    {
      reportType: input.reportType,
      labId: input.labId,
      testTypeId: input.testTypeId,
      clientId: first.clientId,
      departmentId: first.departmentId,
      description: input.description ?? null,
    },
    input.items,
    actorOf(user),
  );
  return reportDetail(db, deps, row.id, user);
}

/** testreport/update: fields of a pending report; `valid` 0/1 deletes or restores it (in 10). */
export async function updateTestReport(db: Db, deps: TestReportDeps, input: ReportUpdate, user: Principal) {
  const { id, version, valid, ...fields } = input;
  const current = await writableReport(db, id, version, user);
  assertPending(current.status);
  if (current.valid === 0 && valid !== 1) throw new AppError('E_STATUS');
  if (fields.labId !== undefined)
    await assertReference(db, { table: labs, active: labs.active }, fields.labId, 'labId');
  if (fields.testTypeId !== undefined)
    await assertReference(
      db,
      { table: testTypes, active: testTypes.active },
      fields.testTypeId,
      'testTypeId',
    );
  const wanted: Partial<TestReportRecord> = changedFields(current, { ...fields, valid });
  if (Object.keys(wanted).length === 0) return reportDetail(db, deps, id, user);
  await updateRecord(db, {
    table: testReports,
    id,
    version,
    values: wanted,
    actor: actorOf(user),
    entity: TEST_REPORT_ENTITY,
    action: valid === 0 ? 'delete' : valid === 1 && current.valid === 0 ? 'undelete' : 'update',
  });
  return reportDetail(db, deps, id, user);
}

/** Writes the listed items' results (a pending report) and answers their changes and the new worst. */
export async function writeItems(db: Db, reportId: bigint, items: ItemsUpdate['items']) {
  const rows = new Map((await itemRows(db, reportId)).map((r) => [r.item.id, r]));
  const changes: FieldChange[] = [];
  for (const item of items) {
    const row = rows.get(item.itemId);
    if (!row) throw new AppError('E_REF_NOT_FOUND', { field: 'itemId' }, { field: 'items' });
    const next = {
      result: item.result,
      value: item.value ?? null,
      limit: item.limit ?? null,
      remark: item.remark ?? null,
    };
    const key = `items[${row.productNo}/${row.testItem.code}]`;
    for (const f of ['result', 'value', 'limit', 'remark'] as const)
      if (row.item[f] !== next[f]) changes.push({ field: `${key}.${f}`, from: row.item[f], to: next[f] });
    await db.update(testReportItems).set(next).where(eq(testReportItems.id, item.itemId));
    rows.set(item.itemId, { ...row, item: { ...row.item, ...next } });
  }
  const results = [...rows.values()].map((r) => r.item.result);
  return { changes, results, worst: worstResult(results) };
}

/** testreport/item/update: the listed items of a pending report; the report result follows. */
export async function updateTestReportItems(
  db: Db,
  deps: TestReportDeps,
  input: ItemsUpdate,
  user: Principal,
) {
  const current = await writableReport(db, input.id, input.version, user);
  assertPending(current.status);
  if (current.valid !== 1) throw new AppError('E_STATUS');
  const { changes, worst } = await writeItems(db, input.id, input.items);
  if (changes.length > 0 || worst !== current.result)
    await updateRecord(db, {
      table: testReports,
      id: input.id,
      version: input.version,
      values: { result: worst },
      actor: actorOf(user),
      entity: TEST_REPORT_ENTITY,
      action: 'item',
      childChanges: changes,
    });
  return reportDetail(db, deps, input.id, user);
}

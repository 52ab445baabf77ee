import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { eq } from 'drizzle-orm';
import { labs, testItems, testTypes } from '../../db/schema/config';
import type { FieldChange } from '../../db/schema/platform';
import { testReportItems, testReportProducts, testReports } from '../../db/schema/test-report';
import { type Actor, actorOf, type Principal } from '../../platform/auth';
import { businessDate } from '../../platform/business-time';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { recordFlags } from '../../platform/flags';
import { searchTotal } from '../../platform/paging';
import { changedFields, createRecord, lockRow, updateRecord } from '../../platform/records';
import { assertReference, assertReferences } from '../../platform/references';
import { assertDepartmentFilter, mayWrite, type Scope, scopeOf } from '../../platform/scope';
import type { FilesRuntime } from '../../platform/storage/files-context';
import { fileOutput } from '../files/files.service';
import {
  clientOf,
  itemRows,
  previousIds,
  productsByIds,
  reportFiles,
  reportInScope,
  retestOrderOf,
  type TestReportList,
  type TestReportSearch,
  testReportChoices,
  testReportPage,
  testReportRowOf,
  testReportSearchWhere,
  userLabel,
} from './test-report.queries';
import {
  assertPending,
  EDIT_PERMISSION,
  reportActions,
  TEST_REPORT_ENTITY,
  type TestReportRecord,
  worstResult,
} from './test-report.rules';

// Test reports (DOMAIN.md §2.5, §4.10): search, list, details with the previous reports, create (a
// factory- or client-provided report), update (incl. delete) and the items of a pending report. The
// result, verify, publish, retest and invalidate are in test-report-status.service.ts; what test
// orders start and stop in test-report-hooks.service.ts.

type Ops = typeof areas.testReport;
type NewReport = ParsedInputOf<Ops['createTestReport']>;
type ReportUpdate = ParsedInputOf<Ops['updateTestReport']>;
type ItemsUpdate = ParsedInputOf<Ops['updateTestReportItems']>;

export interface TestReportDeps {
  files: () => Promise<FilesRuntime>;
}

export { TEST_REPORT_ENTITY } from './test-report.rules';

// -- Reads ------------------------------------------------------------------------------------

export async function searchTestReports(db: Db, input: TestReportSearch, user: Principal) {
  const scope = await scopeOf(db, user);
  assertDepartmentFilter(scope, input.department);
  const where = testReportSearchWhere(db, input, scope);
  return {
    list: await testReportPage(db, input, where),
    page: input.page,
    pageSize: input.pageSize,
    ...(await searchTotal(db, testReports, where, input.count)),
  };
}

export async function listTestReports(db: Db, input: TestReportList, user: Principal) {
  return { list: await testReportChoices(db, input, await scopeOf(db, user)) };
}

/** E_SCOPE out of scope, E_NOT_FOUND when absent. */
export async function readableReport(db: Db, id: bigint, scope: Scope): Promise<TestReportRecord> {
  const { row, exists } = await reportInScope(db, id, scope);
  if (!row) throw new AppError(exists ? 'E_SCOPE' : 'E_NOT_FOUND');
  return row;
}

async function mayWriteReport(db: Db, scope: Scope, report: { clientId: bigint }) {
  const client = await clientOf(db, report.clientId);
  return (
    client !== undefined &&
    mayWrite(scope, { departmentId: client.departmentId, clientId: client.id, salesId: client.salesId })
  );
}

/** A report as the chain shows it: the row, items, files and the last reason. */
async function roundOf(db: Db, deps: TestReportDeps, id: bigint) {
  const row = await testReportRowOf(db, id);
  if (!row) throw new AppError('E_NOT_FOUND');
  const [record] = await db.select().from(testReports).where(eq(testReports.id, id));
  const items = await itemRows(db, id);
  const stored = await reportFiles(db, id);
  const runtime = stored.length > 0 ? await deps.files() : null;
  return {
    ...row,
    reason: record!.reason,
    items: items.map((i) => ({
      id: i.item.id,
      product: { id: i.item.orderProductId, productNo: i.productNo },
      testItem: {
        id: i.item.testItemId,
        code: i.testItem.code,
        nameZh: i.testItem.nameZh,
        nameEn: i.testItem.nameEn,
      },
      result: i.item.result,
      value: i.item.value,
      limit: i.item.limit,
      remark: i.item.remark,
    })),
    files: runtime ? stored.map((f) => fileOutput(runtime, f)) : [],
  };
}

/** The detail every write answers: the report and the actions the caller may take now. */
export async function reportDetail(db: Db, deps: TestReportDeps, id: bigint, user: Principal) {
  const round = await roundOf(db, deps, id);
  const [record] = await db.select().from(testReports).where(eq(testReports.id, id));
  const writable = await mayWriteReport(db, await scopeOf(db, user), record!);
  return {
    ...round,
    actions: writable ? reportActions(record!, user) : [],
    retestOrder: record!.status === 80 ? await retestOrderOf(db, id) : null,
    createdBy: await userLabel(db, record!.createdBy),
  };
}

/** testreport/details: the report, its flags and its previous reports (newest first). */
export async function getTestReport(db: Db, deps: TestReportDeps, id: bigint, user: Principal) {
  const scope = await scopeOf(db, user);
  const row = await readableReport(db, id, scope);
  if (row.valid !== 1 && !user.permissions.has(EDIT_PERMISSION)) throw new AppError('E_NOT_FOUND');
  const flags = recordFlags({
    user,
    record: row,
    editPermission: row.status === 10 ? EDIT_PERMISSION : null,
    inScope: await mayWriteReport(db, scope, row),
  });
  const previousReports = [];
  for (const prev of await previousIds(db, id, scope)) previousReports.push(await roundOf(db, deps, prev));
  return { detail: { ...(await reportDetail(db, deps, id, user)), previousReports }, flags };
}

// -- Writes -----------------------------------------------------------------------------------

/** The report locked at the version read, in the caller's write scope. */
export async function writableReport(db: Db, id: bigint, version: number, user: Principal) {
  const scope = await scopeOf(db, user);
  await readableReport(db, id, scope);
  const current = await lockRow(db, testReports, id);
  if (current.version !== version) throw new AppError('E_VERSION');
  if (!(await mayWriteReport(db, scope, current))) throw new AppError('E_SCOPE');
  return current;
}

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
  return [
    { field: 'orderProductIds', from: null, to: productIds.map(String) },
    { field: 'items', from: null, to: items.map((i) => `${i.orderProductId}:${i.testItemId}`) },
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
  await assertReferences(db, { table: testItems, active: testItems.active }, input.items.map((i) => i.testItemId), 'items');
  const keys = new Set(input.items.map((i) => `${i.orderProductId}:${i.testItemId}`));
  if (keys.size !== input.items.length) throw new AppError('E_DUPLICATE', { field: 'items' }, { field: 'items' });
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
    await assertReference(db, { table: testTypes, active: testTypes.active }, fields.testTypeId, 'testTypeId');
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
export async function updateTestReportItems(db: Db, deps: TestReportDeps, input: ItemsUpdate, user: Principal) {
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

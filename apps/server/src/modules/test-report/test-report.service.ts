import { TEST_REPORT_STATUS } from '@qcdesk/contract/test-report';
import { eq } from 'drizzle-orm';
import { testReports } from '../../db/schema/test-report';
import type { Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { recordFlags } from '../../platform/flags';
import { userLabel } from '../../platform/labels';
import { cappedTotal, searchPage } from '../../platform/paging';
import { lockVersion, readableRecord } from '../../platform/records';
import { assertDepartmentFilter, mayWriteClientRecords, type Scope, scopeOf } from '../../platform/scope';
import type { FilesRuntime } from '../../platform/storage/files-context';
import { fileOutput } from '../files/files.service';
import {
  itemRows,
  previousIds,
  reportFiles,
  retestOrderOf,
  type TestReportList,
  type TestReportSearch,
  testReportChoices,
  testReportPage,
  testReportRowOf,
  testReportScope,
  testReportSearchWhere,
} from './test-report.queries';
import { EDIT_PERMISSION, reportActions, type TestReportRecord } from './test-report.rules';

// Test reports (DOMAIN.md §2.5, §4.10): search, list, details with the previous reports, the scope
// of reads and writes. Create, update and items are in test-report-write.service.ts; the
// result, verify, publish, retest and invalidate are in test-report-status.service.ts; what test
// orders start and stop in test-report-hooks.service.ts.

export interface TestReportDeps {
  files: () => Promise<FilesRuntime>;
}

export { TEST_REPORT_ENTITY } from './test-report.rules';

// -- Reads ------------------------------------------------------------------------------------

export async function searchTestReports(db: Db, input: TestReportSearch, user: Principal) {
  const scope = await scopeOf(db, user);
  assertDepartmentFilter(scope, input.department);
  const where = testReportSearchWhere(db, input, scope);
  return searchPage(db, { table: testReports, where, input, list: () => testReportPage(db, input, where) });
}

/** The dashboard's count (issue 30): this list's search WHERE in the caller's scope, capped like its total. */
export async function countTestReports(db: Db, filters: Partial<TestReportSearch>, user: Principal) {
  return cappedTotal(db, testReports, testReportSearchWhere(db, filters, await scopeOf(db, user)));
}

export async function listTestReports(db: Db, input: TestReportList, user: Principal) {
  return { list: await testReportChoices(db, input, await scopeOf(db, user)) };
}

/** E_SCOPE out of scope, E_NOT_FOUND when absent. */
export async function readableReport(db: Db, id: bigint, scope: Scope): Promise<TestReportRecord> {
  return readableRecord(db, { table: testReports, id, where: testReportScope(scope), deleted: true });
}

export const mayWriteReport = (db: Db, scope: Scope, report: { clientId: bigint }) =>
  mayWriteClientRecords(db, scope, report.clientId);

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
    retestOrder: record!.status === TEST_REPORT_STATUS.retested ? await retestOrderOf(db, id) : null,
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
    editPermission: row.status === TEST_REPORT_STATUS.pending ? EDIT_PERMISSION : null,
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
  const current = await lockVersion(db, testReports, id, version);
  if (!(await mayWriteReport(db, scope, current))) throw new AppError('E_SCOPE');
  return current;
}

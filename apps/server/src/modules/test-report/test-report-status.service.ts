import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { eq } from 'drizzle-orm';
import { testReportFiles, testReports } from '../../db/schema/test-report';
import { type Actor, actorOf, type Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { transition } from '../../platform/transition';
import {
  createRetestOrder,
  receiveForResults,
  settleTestOrder,
} from '../test-order/test-order-reports.service';
import {
  filesOf,
  itemRows,
  reportFiles,
  reportNoTaken,
  reportsOfTestOrder,
  testOrderOf,
} from './test-report.queries';
import { resultOf, settledResult, testReportMachine } from './test-report.rules';
import { reportDetail, type TestReportDeps, writableReport } from './test-report.service';
import { publishEffects } from './test-report-publish.service';
import { writeItems } from './test-report-write.service';

// The status actions of a test report (DOMAIN.md §4.10): enter the result (10 → 20), verify
// (20 → 30, not by who entered it), reject (20 → 10), publish (30 → 40 with its side effects),
// retest (30/40 → 80, a draft retest test order) and invalidate (30/40 → 90). A test order whose
// reports are all in 30, 40 or 80 is settled (→ 40 with their worst result, DOMAIN.md §4.9).

type Ops = typeof areas.testReport;
type ResultInput = ParsedInputOf<Ops['enterTestReportResult']>;
type TransitionInput = ParsedInputOf<Ops['verifyTestReport']>;
type ReasonInput = ParsedInputOf<Ops['retestTestReport']>;

/** Files are the caller's own uploads or the report's own files, and valid. */
async function assertFiles(db: Db, ids: readonly bigint[], kept: ReadonlySet<bigint>, user: Principal) {
  const found = new Map((await filesOf(db, ids)).map((f) => [f.id, f]));
  for (const id of ids) {
    const file = found.get(id);
    if (file?.valid !== 1 || !(kept.has(id) || file.ownerId === user.userId))
      throw new AppError('E_REF_NOT_FOUND', { field: 'fileIds' }, { field: 'fileIds' });
  }
}

async function replaceFiles(db: Db, reportId: bigint, ids: readonly bigint[], user: Principal) {
  const had = (await reportFiles(db, reportId)).map((f) => f.id);
  const wanted = [...new Set(ids)];
  await assertFiles(db, wanted, new Set(had), user);
  if (had.join() === wanted.join()) return;
  await db.delete(testReportFiles).where(eq(testReportFiles.testReportId, reportId));
  if (wanted.length > 0)
    await db
      .insert(testReportFiles)
      .values(wanted.map((fileId, sort) => ({ testReportId: reportId, fileId, sort })));
}

/**
 * testreport/result/update: report no, date, files, every item resulted; 10 → 20. Results are
 * entered on a received test order: a submitted one is received by the entry (issue 25).
 */
export async function enterResult(db: Db, deps: TestReportDeps, input: ResultInput, user: Principal) {
  const current = await writableReport(db, input.id, input.version, user);
  if (current.status !== 10 || current.valid !== 1) throw new AppError('E_STATUS');
  if (current.testOrderId !== null)
    await receiveForResults(
      db,
      current.testOrderId,
      { receiveTime: input.receiveTime, reportDate: input.reportDate },
      user,
    );
  if (await reportNoTaken(db, current.labId, input.reportNo, current.id))
    throw new AppError('E_DUPLICATE', { field: 'reportNo' }, { field: 'reportNo' });
  if (input.validUntil && input.validUntil < input.reportDate)
    throw new AppError('E_DATE_RANGE', {}, { field: 'validUntil' });
  const { results } = await writeItems(db, input.id, input.items);
  await replaceFiles(db, input.id, input.fileIds, user);
  // Refusals below roll the item and file writes back with the transaction.
  const result = resultOf(results, input.fileIds.length, input.result);
  await transition(db, {
    machine: testReportMachine,
    table: testReports,
    id: input.id,
    version: input.version,
    action: 'result',
    user,
    set: {
      reportNo: input.reportNo,
      reportDate: input.reportDate,
      listDate: input.reportDate,
      validUntil: input.validUntil ?? current.validUntil,
      result,
      resultBy: user.userId,
      resultAt: new Date(),
    },
  });
  return reportDetail(db, deps, input.id, user);
}

/** DOMAIN.md §4.9: a received or reported test order whose live reports are all 30/40/80 → 40. */
export async function settleOrderOf(db: Db, testOrderId: bigint | null, actor: Actor) {
  if (testOrderId === null) return;
  const order = await testOrderOf(db, testOrderId);
  if (!order || (order.status !== 30 && order.status !== 40)) return;
  const result = settledResult(await reportsOfTestOrder(db, testOrderId));
  if (result !== null) await settleTestOrder(db, testOrderId, result, actor);
}

async function move(db: Db, input: ReasonInput | TransitionInput, user: Principal, action: string, set = {}) {
  await writableReport(db, input.id, input.version, user);
  return transition(db, {
    machine: testReportMachine,
    table: testReports,
    id: input.id,
    version: input.version,
    action,
    user,
    reason: 'reason' in input ? input.reason : undefined,
    set: { ...set, ...('reason' in input && input.reason ? { reason: input.reason } : {}) },
  });
}

/** testreport/verify: 20 → 30, not by who entered the results. */
export async function verifyReport(db: Db, deps: TestReportDeps, input: TransitionInput, user: Principal) {
  const updated = await move(db, input, user, 'verify', { verifiedBy: user.userId });
  await settleOrderOf(db, updated.testOrderId, actorOf(user));
  return reportDetail(db, deps, input.id, user);
}

/** testreport/reject: 20 → 10 with a reason; the item results stay. */
export async function rejectReport(db: Db, deps: TestReportDeps, input: ReasonInput, user: Principal) {
  await move(db, input, user, 'reject', { resultBy: null, resultAt: null });
  return reportDetail(db, deps, input.id, user);
}

/** testreport/publish: 30 → 40 (a file is needed); order risk, samples, tracking, mails. */
export async function publishReport(db: Db, deps: TestReportDeps, input: TransitionInput, user: Principal) {
  await writableReport(db, input.id, input.version, user);
  if ((await reportFiles(db, input.id)).length === 0)
    throw new AppError('E_TR_FILE_REQUIRED', {}, { field: 'fileIds' });
  const updated = await move(db, input, user, 'publish', { publishedAt: new Date() });
  await publishEffects(db, updated, user);
  await settleOrderOf(db, updated.testOrderId, actorOf(user));
  return reportDetail(db, deps, input.id, user);
}

/**
 * testreport/retest: 30/40 → 80 for result 2/3 (reason); a draft retest order of the 2/3 items, to
 * the report's own lab when it came without a test order (issue 24).
 */
export async function retestReport(db: Db, deps: TestReportDeps, input: ReasonInput, user: Principal) {
  const current = await writableReport(db, input.id, input.version, user);
  const updated = await move(db, input, user, 'retest', { retestFromStatus: current.status });
  const items = (await itemRows(db, input.id))
    .filter((i) => i.item.result === 2 || i.item.result === 3)
    .map((i) => ({ orderProductId: i.item.orderProductId, testItemId: i.item.testItemId }));
  await createRetestOrder(
    db,
    { previousReportId: updated.id, testOrderId: updated.testOrderId, report: updated, items },
    actorOf(user),
  );
  await settleOrderOf(db, updated.testOrderId, actorOf(user));
  return reportDetail(db, deps, input.id, user);
}

/** testreport/invalidate: 30/40 → 90 with a reason. */
export async function invalidateReport(db: Db, deps: TestReportDeps, input: ReasonInput, user: Principal) {
  const updated = await move(db, input, user, 'invalidate');
  await settleOrderOf(db, updated.testOrderId, actorOf(user));
  return reportDetail(db, deps, input.id, user);
}

import { TEST_REPORT_STATUS, TR_RETEST_RESULTS } from '@qcdesk/contract/test-report';
import type { testReports } from '../../db/schema/test-report';
import { worstResult } from '../../domain/test-results';
import type { Principal } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import type { Scope } from '../../platform/scope';
import { availableActions, defineStateMachine } from '../../platform/transition';

// The rules of test reports that need no database (DOMAIN.md §4.10, §6.4, §7.3): the transition
// table, the result's completeness and consistency, when a retest may start, what CLIENT users see,
// and when a test order is settled.

export const TEST_REPORT_ENTITY = 'test_reports';
export const EDIT_PERMISSION = 'testreport.edit';

export type TestReportRecord = typeof testReports.$inferSelect;
export type Status = (typeof TEST_REPORT_STATUS)[keyof typeof TEST_REPORT_STATUS];

const { pending, issued, verified, published, retested, invalid } = TEST_REPORT_STATUS;

/** DOMAIN.md §4.10 as data: the only way a report's status changes by a user. */
export const testReportMachine = defineStateMachine<Status>(TEST_REPORT_ENTITY, [
  { from: [pending], action: 'result', to: issued, permission: 'testreport.result' },
  {
    from: [issued],
    action: 'verify',
    to: verified,
    permission: 'testreport.verify',
    // "≠ user who entered results".
    guard: (record, { user }) => (record.resultBy === user.userId ? 'E_TR_SELF_VERIFY' : null),
  },
  { from: [issued], action: 'reject', to: pending, permission: 'testreport.verify', reasonRequired: true },
  { from: [verified], action: 'publish', to: published, permission: 'testreport.verify' },
  {
    from: [verified, published],
    action: 'retest',
    to: retested,
    permission: 'testreport.retest',
    reasonRequired: true,
    guard: (record) => (mayRetest(record.result as number) ? null : 'E_TR_RETEST'),
  },
  {
    from: [verified, published],
    action: 'invalidate',
    to: invalid,
    permission: 'testreport.verify',
    reasonRequired: true,
  },
]);

export const mayRetest = (result: number): boolean =>
  (TR_RETEST_RESULTS as readonly number[]).includes(result);

/** Pending reports (10) are edited: fields, items, delete. */
export function assertPending(status: number): void {
  if (status !== pending) throw new AppError('E_STATUS');
}

/**
 * DOMAIN.md §7.3 "test report result": every item has a result (E_TR_NOT_OUT with the count), at
 * least one file (E_TR_FILE_REQUIRED); a hand-set overall result better than the worst item is
 * refused (§6.4, E_RESULT_INCONSISTENT). Answers the report's result.
 */
export function resultOf(itemResults: readonly number[], fileCount: number, handSet?: number): number {
  const notOut = itemResults.filter((r) => r === 0).length;
  if (itemResults.length === 0 || notOut > 0)
    throw new AppError('E_TR_NOT_OUT', { n: Math.max(notOut, 1) }, { field: 'items' });
  if (fileCount === 0) throw new AppError('E_TR_FILE_REQUIRED', {}, { field: 'fileIds' });
  const worst = worstResult(itemResults);
  if (handSet !== undefined && handSet !== worst && worstResult([handSet, worst]) !== handSet)
    throw new AppError('E_RESULT_INCONSISTENT', {}, { field: 'result' });
  return handSet ?? worst;
}

/** A test order is settled (→ 40) when every live report of it is in 30, 40 or 80. */
export function settledResult(reports: readonly { status: number; result: number }[]): number | null {
  const live = reports.filter((r) => r.status !== invalid);
  if (live.length === 0) return null;
  if (!live.every((r) => r.status === verified || r.status === published || r.status === retested))
    return null;
  return worstResult(live.map((r) => r.result));
}

/** CLIENT users see published reports only (DOMAIN.md §5.4 "test reports 40"). */
export const clientVisibleStatuses = (scope: Scope): readonly number[] | undefined =>
  scope.kind === 'client' ? [published] : undefined;

/** The actions of the detail's buttons: the machine's, `edit` in 10, without verify for the enterer. */
export function reportActions(
  report: Pick<TestReportRecord, 'status' | 'result' | 'resultBy' | 'valid'>,
  user: Principal,
): string[] {
  if (report.valid !== 1) return user.permissions.has(EDIT_PERMISSION) ? ['restore'] : [];
  const actions = availableActions(testReportMachine, report.status as Status, user).filter(
    (a) =>
      (a !== 'verify' || report.resultBy !== user.userId) && (a !== 'retest' || mayRetest(report.result)),
  );
  if (report.status === pending && user.permissions.has(EDIT_PERMISSION)) actions.push('edit');
  return actions;
}

/** The statuses a pending report is cancelled from when its test order is cancelled. */
export const CANCELLABLE: readonly number[] = [pending, issued];
export { invalid as INVALID, pending as PENDING, published as PUBLISHED, retested as RETESTED };

import {
  FIRST_SAMPLE_STATUS,
  FS_CHECK_RESULT,
  FS_RESULTS_WITH_CORRECTIVE,
} from '@qcdesk/contract/first-sample';
import type { firstSamples } from '../../db/schema/first-sample';
import type { Principal } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import type { Scope } from '../../platform/scope';
import { availableActions, defineStateMachine } from '../../platform/transition';

// The rules of first samples (DOMAIN.md §2.3, §4.8, §7.3) that need no database: the transition
// table, the check's and the audit's completeness, when a next round may start, who writes a
// sample, what CLIENT users see, which files may be photos and who is mailed about a result.

export const FIRST_SAMPLE_ENTITY = 'first_samples';

export type FirstSampleRow = typeof firstSamples.$inferSelect;
export type Status = (typeof FIRST_SAMPLE_STATUS)[keyof typeof FIRST_SAMPLE_STATUS];

const { registered, checked, audited, cancelled } = FIRST_SAMPLE_STATUS;

/** DOMAIN.md §4.8 as data: the only way a first sample's status changes. */
export const firstSampleMachine = defineStateMachine<Status>(FIRST_SAMPLE_ENTITY, [
  { from: [registered], action: 'check', to: checked, permission: 'firstsample.check' },
  {
    from: [checked],
    action: 'audit',
    to: audited,
    permission: 'firstsample.audit',
    // §4.8 "≠ checker": the person who checked the items does not judge them.
    guard: (record, { user }) => (record.checkedBy === user.userId ? 'E_SELF_AUDIT' : null),
  },
  {
    from: [checked],
    action: 'reject',
    to: registered,
    permission: 'firstsample.audit',
    reasonRequired: true,
  },
  { from: [registered, checked], action: 'cancel', to: cancelled, permission: 'firstsample.edit' },
]);

/** The statuses the registration fields are edited in (10, 20); the check-item list only in 10. */
export const EDITABLE_STATUSES: readonly number[] = [registered, checked];
export const EDIT_PERMISSION = 'firstsample.edit';

export function assertEditable(status: number): void {
  if (!EDITABLE_STATUSES.includes(status)) throw new AppError('E_STATUS');
}

/** Check items are recorded and the item list changed only while the sample is registered (10). */
export function assertItemsEditable(status: number): void {
  if (status !== registered) throw new AppError('E_STATUS');
}

/**
 * DOMAIN.md §4.8 "complete check": every item has a result (E_FS_UNCHECKED with the count of
 * unchecked ones); the sample's check result is NG when any item is NG, else OK.
 */
export function checkResultOf(results: readonly number[]): number {
  const unchecked = results.filter((r) => r === FS_CHECK_RESULT.unchecked).length;
  if (results.length === 0 || unchecked > 0) {
    throw new AppError('E_FS_UNCHECKED', { n: Math.max(unchecked, 1) }, { field: 'items' });
  }
  return results.includes(FS_CHECK_RESULT.ng) ? FS_CHECK_RESULT.ng : FS_CHECK_RESULT.ok;
}

/** DOMAIN.md §7.3: results 2–3 need a corrective action. */
export function assertAuditComplete(result: number, corrective: string | undefined): void {
  if ((FS_RESULTS_WITH_CORRECTIVE as readonly number[]).includes(result) && !corrective?.trim()) {
    throw new AppError('E_CORRECTIVE_REQUIRED', {}, { field: 'corrective' });
  }
}

/**
 * DOMAIN.md §4.8 "next round": only from a judged round (30) whose result is 2 or 3, and only from
 * the latest round (a round already followed by a live one is not followed twice).
 */
export function mayStartNextRound(
  previous: Pick<FirstSampleRow, 'status' | 'result' | 'valid'>,
  followed: boolean,
) {
  return (
    previous.valid === 1 &&
    previous.status === audited &&
    (FS_RESULTS_WITH_CORRECTIVE as readonly number[]).includes(previous.result) &&
    !followed
  );
}

export function assertNextRound(
  previous: Pick<FirstSampleRow, 'status' | 'result' | 'valid'>,
  followed: boolean,
) {
  if (!mayStartNextRound(previous, followed)) throw new AppError('E_FS_ROUND', {}, { field: 'previousId' });
}

/** Photos are stored image files (the stored content type, checked from the file's first bytes). */
export const isImage = (contentType: string): boolean => contentType.toLowerCase().startsWith('image/');

/** CLIENT users see judged samples only (DOMAIN.md §5.4 "first samples 30"). */
export const clientVisibleStatuses = (scope: Scope): readonly number[] | undefined =>
  scope.kind === 'client' ? [audited] : undefined;

/** The actions the user may take on a sample now (the detail's buttons), `nextRound` included. */
export function sampleActions(
  sample: Pick<FirstSampleRow, 'status' | 'result' | 'valid' | 'checkedBy'>,
  user: Principal,
  followed: boolean,
): string[] {
  const actions = availableActions(firstSampleMachine, sample.status as Status, user).filter(
    (a) => a !== 'audit' || sample.checkedBy !== user.userId,
  );
  if (user.permissions.has(EDIT_PERMISSION) && mayStartNextRound(sample, followed)) actions.push('nextRound');
  return actions;
}

import { isContainerNo, normalizeContainerNo } from '@qcdesk/contract/iso6346';
import { CHECKPOINT_RESULT, SUPERVISE_REPORT_STATUS } from '@qcdesk/contract/supervise-report';
import type { superviseReports } from '../../db/schema/supervise-report';
import type { Principal } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { defineStateMachine } from '../../platform/transition';

// The pure rules of supervise (loading) reports (DOMAIN.md §2.7, §4.5, §6.10, §7.3): the transition
// table, the team and the checkout, the actions shown, and what a submit needs (ISO 6346 container
// no, seal no, loaded cartons, mandatory checkpoints, required photos). No database here.

export const SUPERVISE_REPORT_ENTITY = 'supervise_reports';
export type SuperviseReportRecord = typeof superviseReports.$inferSelect;

type Status = (typeof SUPERVISE_REPORT_STATUS)[keyof typeof SUPERVISE_REPORT_STATUS];
const s = SUPERVISE_REPORT_STATUS;
export const EDIT = 'supervise.edit';
export const AUDIT = 'supervise.audit';
export const ADMIN = 'insp.report.admin';
export const SEND = 'insp.report.send';

/** §4.5 as data; checkout 20/80 → 20 and update are the holder's, written with updateRecord. */
export const superviseReportMachine = defineStateMachine<Status>(SUPERVISE_REPORT_ENTITY, [
  { from: [s.preSupervise, s.rejected], action: 'checkout', to: s.loading, permission: EDIT },
  { from: [s.loading], action: 'submit', to: s.submitted, permission: EDIT },
  { from: [s.submitted], action: 'approve', to: s.approved, permission: AUDIT },
  { from: [s.submitted], action: 'reject', to: s.rejected, permission: AUDIT, reasonRequired: true },
  {
    from: [s.preSupervise, s.loading, s.rejected],
    action: 'cancel',
    to: s.cancelled,
    permission: AUDIT,
    reasonRequired: true,
  },
  // §4.5 "40 send → 50"; a resend in 50 is the sender's updateRecord.
  { from: [s.approved], action: 'send', to: s.sent, permission: SEND },
]);

type Team = Pick<SuperviseReportRecord, 'inspectorId' | 'assistantIds'>;
type Checkout = Pick<SuperviseReportRecord, 'checkedOutBy' | 'checkoutExpiresAt'>;

/** The report's inspector or one of its assistants. */
export const isTeam = (r: Team, userId: bigint): boolean =>
  r.inspectorId === userId || r.assistantIds.includes(userId);

/** The holder of a live checkout (§6.10: an expired lock is free), or null. */
export const liveHolder = (r: Checkout, now: Date): bigint | null =>
  r.checkedOutBy !== null && r.checkoutExpiresAt !== null && r.checkoutExpiresAt > now
    ? r.checkedOutBy
    : null;

/** Statuses in which the report is checked out and edited. */
export const isOpen = (status: number): boolean =>
  status === s.preSupervise || status === s.loading || status === s.rejected;

/** §4 rule c: a save needs the caller's live checkout in 20 (E_NOT_CHECKED_OUT, E_STATUS). */
export function assertHolder(r: SuperviseReportRecord, user: Principal, now: Date): void {
  if (r.status !== s.loading) throw new AppError('E_STATUS');
  if (liveHolder(r, now) !== user.userId) throw new AppError('E_NOT_CHECKED_OUT');
}

/** The actions the caller may take now, for the detail's buttons. */
export function superviseActions(r: SuperviseReportRecord, user: Principal, now: Date): string[] {
  const out: string[] = [];
  const holder = liveHolder(r, now);
  const edit = user.permissions.has(EDIT) && isTeam(r, user.userId);
  if (edit && isOpen(r.status) && holder === null) out.push('checkout');
  if (holder === user.userId && r.status === s.loading) out.push('update', 'release', 'submit');
  if (holder !== null && holder !== user.userId && user.permissions.has(ADMIN)) out.push('forceRelease');
  if (user.permissions.has(AUDIT) && r.status === s.submitted && !isTeam(r, user.userId))
    out.push('approve', 'reject');
  if (user.permissions.has(AUDIT) && isOpen(r.status)) out.push('cancel');
  if (user.permissions.has(SEND) && (r.status === s.approved || r.status === s.sent)) out.push('send');
  return out;
}

export interface SubmitFacts {
  containerNo: string | null;
  sealNo: string | null;
  products: readonly { productNo: string; loadedCartons: number | null }[];
  checkpoints: readonly {
    name: string;
    mandatory: boolean;
    photoRequired: boolean;
    result: number;
    photoIds: readonly string[];
  }[];
}

/**
 * §4.5 submit, §7.3 "Supervise submit": the container no per ISO 6346 with its check digit
 * (E_CONTAINER_NO), the seal no and every product's loaded cartons (E_REQUIRED), every mandatory
 * checkpoint checked (E_SR_CHECKPOINT) and a photo on each checked checkpoint that needs one
 * (E_SR_PHOTO). Throws the first refusal.
 */
export function assertSubmittable(f: SubmitFacts): void {
  if (!f.containerNo) throw new AppError('E_REQUIRED', { field: 'containerNo' }, { field: 'containerNo' });
  if (!isContainerNo(f.containerNo))
    throw new AppError('E_CONTAINER_NO', { value: f.containerNo }, { field: 'containerNo' });
  if (!f.sealNo?.trim()) throw new AppError('E_REQUIRED', { field: 'sealNo' }, { field: 'sealNo' });
  for (const p of f.products)
    if (p.loadedCartons === null)
      throw new AppError(
        'E_REQUIRED',
        { field: 'loadedCartons' },
        { field: `products[${p.productNo}].loadedCartons` },
      );
  for (const c of f.checkpoints) {
    if (c.mandatory && c.result === CHECKPOINT_RESULT.none)
      throw new AppError('E_SR_CHECKPOINT', { name: c.name }, { field: 'checkpoints' });
    if (c.photoRequired && c.result !== CHECKPOINT_RESULT.none && c.photoIds.length === 0)
      throw new AppError('E_SR_PHOTO', { name: c.name }, { field: 'checkpoints' });
  }
}

/** A container no as stored: normalized, or null when blank. */
export const storedContainerNo = (value: string | null | undefined): string | null | undefined =>
  value === undefined
    ? undefined
    : value === null || value.trim() === ''
      ? null
      : normalizeContainerNo(value);

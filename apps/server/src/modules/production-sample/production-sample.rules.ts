import { AUDIT_RESULTS_WITH_REMARK, PRODUCTION_SAMPLE_STATUS } from '@qcdesk/contract/production-sample';
import type { productionSamples } from '../../db/schema/production-sample';
import type { Principal } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import type { Scope } from '../../platform/scope';
import { availableActions, defineStateMachine } from '../../platform/transition';

// The rules of production samples (DOMAIN.md §2.3, §4.7, §7.3) that need no database: the
// transition table, the audit's completeness, who writes a sample, what CLIENT users see and who
// is mailed about an audit.

export const PRODUCTION_SAMPLE_ENTITY = 'production_samples';
/** The in-use check a cancel asks (DOMAIN.md §4.7); the inspection areas fill it (platform/in-use.ts). */
export const SAMPLE_CANCEL_CHECK = 'productionSample.cancel';

export type SampleRow = typeof productionSamples.$inferSelect;
export type Status = (typeof PRODUCTION_SAMPLE_STATUS)[keyof typeof PRODUCTION_SAMPLE_STATUS];

const { registered, audited, cancelled } = PRODUCTION_SAMPLE_STATUS;

/** DOMAIN.md §4.7 as data: the only way a production sample's status changes. */
export const productionSampleMachine = defineStateMachine<Status>(PRODUCTION_SAMPLE_ENTITY, [
  { from: [registered], action: 'audit', to: audited, permission: 'productionsample.audit' },
  { from: [audited], action: 'reaudit', to: audited, permission: 'productionsample.audit' },
  { from: [registered, audited], action: 'cancel', to: cancelled, permission: 'productionsample.cancel' },
]);

/** The statuses a sample is edited in (DOMAIN.md §4.7 "update": 10, 20). */
export const EDITABLE_STATUSES: readonly number[] = [registered, audited];
export const EDIT_PERMISSION = 'productionsample.edit';

/** DOMAIN.md §7.3: results 3–4 need a remark (E_REQUIRED on auditRemark). */
export function assertAuditComplete(auditResult: number, auditRemark: string | undefined): void {
  if ((AUDIT_RESULTS_WITH_REMARK as readonly number[]).includes(auditResult) && !auditRemark?.trim()) {
    throw new AppError('E_REQUIRED', { field: 'auditRemark' }, { field: 'auditRemark' });
  }
}

/** Results 3–4 mail the client's sales and the factory contacts (DOMAIN.md §4.7). */
export const auditMails = (auditResult: number): boolean =>
  (AUDIT_RESULTS_WITH_REMARK as readonly number[]).includes(auditResult);

/** The update of a sample: only in 10 and 20 (a cancelled sample is E_STATUS). */
export function assertEditable(status: number): void {
  if (!EDITABLE_STATUSES.includes(status)) throw new AppError('E_STATUS');
}

/** CLIENT users see audited samples only (DOMAIN.md §5.4 "production samples 20"). */
export const clientVisibleStatuses = (scope: Scope): readonly number[] | undefined =>
  scope.kind === 'client' ? [audited] : undefined;

/**
 * A sample as the caller sees it: CLIENT users get neither the audit remark (an internal remark,
 * DOMAIN.md §5.4) nor who audited, in the list and the detail as in their export (issue 23).
 */
export function asSeenBy<T extends { auditor: unknown; auditRemark: string | null }>(
  scope: Scope,
  sample: T,
): T {
  return scope.kind === 'client' ? { ...sample, auditor: null, auditRemark: null } : sample;
}

/** The actions (audit, reaudit, cancel) the user may take on a sample now, for the detail's buttons. */
export const sampleActions = (sample: Pick<SampleRow, 'status'>, user: Principal): string[] =>
  availableActions(productionSampleMachine, sample.status as Status, user);

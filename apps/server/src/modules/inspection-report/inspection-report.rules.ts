import { INSPECTION_RESULT } from '@qcdesk/contract/inspection-apply';
import { INSPECTION_REPORT_STATUS, INSPECTION_TEST_RESULT } from '@qcdesk/contract/inspection-report';
import type { inspectionReports } from '../../db/schema/inspection-report';
import { needsRemark } from '../../domain/inspection-verdict';
import type { Principal } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { availableActions, defineStateMachine } from '../../platform/transition';

// The pure rules of inspection reports (DOMAIN.md §4.4, §6.10, §7.3): the transition table, the
// checkout, who may do what now, and the completeness check of a submit. No database here; the
// verdict, the scores and the sampling plans are in domain/.

export const INSPECTION_REPORT_ENTITY = 'inspection_reports';
export type InspectionReportRecord = typeof inspectionReports.$inferSelect;
type Status = (typeof INSPECTION_REPORT_STATUS)[keyof typeof INSPECTION_REPORT_STATUS];

const { draft, submitted, levelTwo, approved, sent, confirmed, rejected, cancelled } =
  INSPECTION_REPORT_STATUS;
const EDIT = 'insp.report.edit';
const AUDIT = 'insp.report.audit';
const ADMIN = 'insp.report.admin';
const SEND = 'insp.report.send';
const INSTRUCT = 'insp.instruction.create';

/** §4.4 as data. Approve has a row per level: `approve` (20 → 30), `escalate` (20 → 25), `approveL2`. */
export const inspectionReportMachine = defineStateMachine<Status>(INSPECTION_REPORT_ENTITY, [
  { from: [draft, rejected], action: 'submit', to: submitted, permission: EDIT },
  { from: [draft], action: 'interim', to: submitted, permission: EDIT },
  { from: [submitted], action: 'approve', to: approved, permission: AUDIT },
  { from: [submitted], action: 'escalate', to: levelTwo, permission: AUDIT },
  { from: [levelTwo], action: 'approveL2', to: approved, permission: ADMIN },
  { from: [submitted], action: 'reject', to: rejected, permission: AUDIT, reasonRequired: true },
  { from: [levelTwo], action: 'rejectL2', to: rejected, permission: ADMIN, reasonRequired: true },
  { from: [approved], action: 'send', to: sent, permission: SEND },
  { from: [sent], action: 'confirm', to: confirmed, permission: INSTRUCT },
  {
    from: [approved, sent, confirmed],
    action: 'reopen',
    to: rejected,
    permission: ADMIN,
    reasonRequired: true,
  },
  { from: [draft, rejected], action: 'cancel', to: cancelled, permission: ADMIN, reasonRequired: true },
]);

/** Fields change only in 10 and 80 (§4.4: immutable from 30 on except through reopen). */
export const isEditable = (status: number): boolean => status === draft || status === rejected;

/** A report that counts as the task's final one (§4.3 invariant: at most one live per task). */
export const isLiveFinal = (r: Pick<InspectionReportRecord, 'interim' | 'status' | 'valid'>) =>
  !r.interim && r.status !== cancelled && r.valid === 1;

export const isTeam = (r: Pick<InspectionReportRecord, 'inspectorId' | 'assistantIds'>, userId: bigint) =>
  r.inspectorId === userId || r.assistantIds.includes(userId);

type Checkout = Pick<InspectionReportRecord, 'checkedOutBy' | 'checkoutExpiresAt'>;

/** The holder of a live checkout (§6.10: an expired lock is free), or null. */
export const liveHolder = (r: Checkout, now: Date): bigint | null =>
  r.checkedOutBy !== null && r.checkoutExpiresAt !== null && r.checkoutExpiresAt > now
    ? r.checkedOutBy
    : null;

/** A save needs the caller's own live checkout (E_NOT_CHECKED_OUT), on an editable report (E_STATUS). */
export function assertHolder(r: InspectionReportRecord, user: Principal, now: Date): void {
  if (!isEditable(r.status)) throw new AppError('E_STATUS');
  if (liveHolder(r, now) !== user.userId) throw new AppError('E_NOT_CHECKED_OUT');
}

/** §4.4: create, interim and submit are the lead's (E_NOT_LEAD). */
export function assertLead(r: Pick<InspectionReportRecord, 'inspectorId'>, user: Principal): void {
  if (r.inspectorId !== user.userId) throw new AppError('E_NOT_LEAD');
}

/** §4.4: the approver and the rejecter are never the report's inspector or assistants (E_SELF_AUDIT). */
export function assertNotTeam(r: InspectionReportRecord, user: Principal): void {
  if (isTeam(r, user.userId)) throw new AppError('E_SELF_AUDIT');
}

/** The actions the caller may take now, for the detail's buttons. */
export function reportActions(r: InspectionReportRecord, user: Principal, now: Date): string[] {
  const has = (p: string) => user.permissions.has(p);
  const team = isTeam(r, user.userId);
  const holder = liveHolder(r, now);
  const actions: string[] = [];
  if (isEditable(r.status) && has(EDIT) && team) {
    if (holder === null) actions.push('checkout');
    if (holder === user.userId) actions.push('update', 'release');
    if (holder === user.userId && r.inspectorId === user.userId) {
      actions.push('submit');
      if (r.status === draft) actions.push('interim');
    }
  }
  if (isEditable(r.status) && holder !== null && holder !== user.userId && has(ADMIN))
    actions.push('forceRelease');
  const audit = availableActions(inspectionReportMachine, r.status as Status, user).filter((a) =>
    ['approve', 'approveL2', 'reject', 'rejectL2', 'reopen', 'cancel'].includes(a),
  );
  if ((r.status === approved || r.status === sent || r.status === confirmed) && has(SEND))
    actions.push('send');
  if (r.status === sent && has(INSTRUCT)) actions.push('instruct');
  if (r.status !== cancelled) actions.push('preview');
  for (const a of audit) {
    const name = a === 'approveL2' ? 'approve' : a === 'rejectL2' ? 'reject' : a;
    const selfAudit = (name === 'approve' || name === 'reject') && team;
    if (!selfAudit && !actions.includes(name)) actions.push(name);
  }
  return actions;
}

/** What §7.3 needs of a report before submit or interim. */
export interface CompletenessFacts {
  inspectionDate: string | null;
  quantity: number;
  products: readonly { presentedQuantity: number }[];
  usesAql: boolean;
  hasPlan: boolean;
  /** PSI: carton data and weights are required. */
  serviceCode: string;
  hasCartonData: boolean;
  hasWeights: boolean;
  requiredSafetyTestIds: readonly bigint[];
  safetyTests: readonly { inspectionTestId: bigint; result: number }[];
  preResult: number | null;
  resultRemark: string | null;
  defects: readonly { photoIds: readonly string[] }[];
}

/** §7.3: the field of the first missing part (E_INCOMPLETE {field}), or null when complete. */
export function missingPart(f: CompletenessFacts): string | null {
  if (!f.inspectionDate) return 'inspectionDate';
  if (f.quantity <= 0 || f.products.length === 0) return 'presentedQuantity';
  if (f.usesAql && !f.hasPlan) return 'sampleSize';
  const results = new Map(f.safetyTests.map((t) => [t.inspectionTestId, t.result]));
  if (f.requiredSafetyTestIds.some((id) => (results.get(id) ?? 0) === INSPECTION_TEST_RESULT.notDone))
    return 'safetyTests';
  if (f.serviceCode === 'PSI' && !f.hasCartonData) return 'cartonData';
  if (f.serviceCode === 'PSI' && !f.hasWeights) return 'weights';
  if (f.preResult === null || f.preResult === INSPECTION_RESULT.empty) return 'preResult';
  if (f.preResult !== INSPECTION_RESULT.pass && !f.resultRemark?.trim()) return 'resultRemark';
  if (f.defects.some((d) => d.photoIds.length === 0)) return 'defectPhotos';
  return null;
}

export function assertComplete(f: CompletenessFacts): void {
  const field = missingPart(f);
  if (field) throw new AppError('E_INCOMPLETE', { field }, { field });
}

/** §6.3: results 2–6 need a remark (E_REQUIRED on resultRemark). */
export function assertRemark(result: number, remark: string | null | undefined): void {
  if (needsRemark(result) && !remark?.trim())
    throw new AppError('E_REQUIRED', { field: 'resultRemark' }, { field: 'resultRemark' });
}

/** §6.9: the interim number `{base}-I{n}`. */
export const interimNumber = (base: string, n: number): string => `${base}-I${n}`;

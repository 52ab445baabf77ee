import { DAILY_REPORT_STATUS, WORK_TYPE } from '@qcdesk/contract/daily-work-report';
import { enumLabel } from '@qcdesk/contract/enumerations';
import type { StoredWork } from '../../db/schema/daily-work-report';
import { DAY_TENTHS, dayTenths, tenthsText } from '../../domain/daily-score';
import type { Principal } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { availableActions, defineStateMachine } from '../../platform/transition';

// The rules of daily work reports that need no database (DOMAIN.md §2.8, §4.12, §7.3): the state
// table, whose report it is, the day's hours, the completeness of a submit.

export const DAILY_REPORT_ENTITY = 'daily_work_reports';

type Status = (typeof DAILY_REPORT_STATUS)[keyof typeof DAILY_REPORT_STATUS];
const { draft, submitted, checked, sent, returned } = DAILY_REPORT_STATUS;

export const EDIT_PERMISSION = 'dailyreport.edit';

/** DOMAIN.md §4.12 as data: the only way a daily report's status changes. */
export const dailyReportMachine = defineStateMachine<Status>(DAILY_REPORT_ENTITY, [
  { from: [draft, returned], action: 'submit', to: submitted, permission: EDIT_PERMISSION },
  { from: [submitted], action: 'check', to: checked, permission: 'dailyreport.check' },
  {
    from: [submitted],
    action: 'reject',
    to: returned,
    permission: 'dailyreport.check',
    reasonRequired: true,
  },
  { from: [checked], action: 'send', to: sent, permission: 'dailyreport.send' },
]);

/** The owner edits in 10 and 80 (§4.12). */
export const isEditable = (status: number): boolean => status === draft || status === returned;

/** Scores are frozen from the check on (§6.6); before it the report shows the live Σ. */
export const isFrozen = (status: number): boolean => status === checked || status === sent;

/** A daily report is written by its inspector only (§4.12 "own"). */
export function assertOwn(inspectorId: bigint, user: Principal): void {
  if (inspectorId !== user.userId) throw new AppError('E_DAILY_NOT_OWN', {}, { field: 'inspectorId' });
}

/** workDate ≤ today (§2.8). */
export function assertNotFuture(workDate: string, today: string): void {
  if (workDate > today) throw new AppError('E_DAILY_FUTURE', {}, { field: 'workDate' });
}

/** Σ hours of the day ≤ 24 (§2.8). */
export function assertDayHours(works: readonly StoredWork[]): void {
  const total = dayTenths(works);
  if (total > DAY_TENTHS)
    throw new AppError('E_DAILY_HOURS', { hours: tenthsText(total) }, { field: 'works' });
}

const FIELD_WORK: readonly number[] = [
  WORK_TYPE.inspection,
  WORK_TYPE.loading,
  WORK_TYPE.sampling,
  WORK_TYPE.factoryAudit,
];

/** §7.3: works of type 1–4 are linked to a task or a report (n counts from 1). */
export function assertWorksLinked(works: readonly StoredWork[]): void {
  const i = works.findIndex(
    (w) => FIELD_WORK.includes(w.workType) && w.taskId === null && w.reportId === null,
  );
  if (i >= 0) throw new AppError('E_DAILY_WORK_LINK', { n: i + 1 }, { field: 'works' });
}

/** The checker is never the report's inspector (§4.12). */
export function assertNotOwner(inspectorId: bigint, user: Principal): void {
  if (inspectorId === user.userId) throw new AppError('E_DAILY_SELF_CHECK');
}

/** The detail's `actions`: `update` and `submit` for the owner, the checker's and sender's moves. */
export function userActions(report: { status: number; inspectorId: bigint }, user: Principal): string[] {
  const own = report.inspectorId === user.userId;
  const moves = availableActions(dailyReportMachine, report.status as Status, user).filter((a) =>
    a === 'submit' ? own : a === 'check' || a === 'reject' ? !own : true,
  );
  const update = own && isEditable(report.status) && user.permissions.has(EDIT_PERMISSION) ? ['update'] : [];
  return [...update, ...moves];
}

/**
 * The works as the change log keeps them, one line a work in both languages ("Office 办公室 7.5 h,
 * task 12, 42.5 km"): the list is one field of the record, not child rows with keys.
 */
export function worksText(works: readonly StoredWork[]): string {
  return works
    .map((w) =>
      [
        `${enumLabel('WorkType', w.workType, 'en')} ${enumLabel('WorkType', w.workType, 'zh')} ${tenthsText(w.hoursTenths)} h`,
        w.taskId ? `task ${w.taskId}` : null,
        w.reportId ? `report ${w.reportId}` : null,
        w.mileageTenths !== null ? `${tenthsText(w.mileageTenths)} km` : null,
        w.remark,
      ]
        .filter(Boolean)
        .join(', '),
    )
    .join('; ');
}

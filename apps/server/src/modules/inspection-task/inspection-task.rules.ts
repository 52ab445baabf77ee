import { INSPECTION_TASK_STATUS } from '@qcdesk/contract/inspection-task';
import { defineStateMachine } from '../../platform/transition';

// The pure rules of inspection tasks (DOMAIN.md §2.6, §4.3). No database here.

export const INSPECTION_TASK_ENTITY = 'inspection_tasks';

type TaskStatus = (typeof INSPECTION_TASK_STATUS)[keyof typeof INSPECTION_TASK_STATUS];
const task = INSPECTION_TASK_STATUS;

/**
 * §4.3 as data: the rows a plan causes (its cancel cancels its open tasks, in its transaction) and
 * the rows its final report causes (`moveTaskForReport`), each with the permission of the report
 * action that causes it.
 */
export const inspectionTaskMachine = defineStateMachine<TaskStatus>(INSPECTION_TASK_ENTITY, [
  {
    from: [task.assigned, task.inProgress],
    action: 'cancel',
    to: task.cancelled,
    permission: 'inspplan.create',
  },
  { from: [task.assigned], action: 'start', to: task.inProgress, permission: 'insp.report.edit' },
  { from: [task.inProgress], action: 'report', to: task.reported, permission: 'insp.report.edit' },
  { from: [task.reported], action: 'resume', to: task.inProgress, permission: 'insp.report.audit' },
  { from: [task.reported], action: 'close', to: task.closed, permission: 'insp.report.audit' },
  { from: [task.reported], action: 'abort', to: task.aborted, permission: 'insp.report.audit' },
]);

/** The moves a task's final report causes (§4.3): created, submitted, rejected, approved 1–4 / 5–6. */
export type TaskReportMove = 'start' | 'report' | 'resume' | 'close' | 'abort';

/**
 * A system row of §4.3 ("its application waived or cancelled → 90") is taken for the user whose write
 * caused it, whatever that write's own permission (§4 rule e): the row's permission is lent.
 */
export const actingForSystem = <U extends { permissions: ReadonlySet<string> }>(
  user: U,
  permission: string,
): U => ({
  ...user,
  permissions: new Set([...user.permissions, permission]),
});

/** A task still follows its plan's date and inspectors while nobody has started it (10). */
export const followsPlan = (status: number): boolean => status === task.assigned;

/** §4.3: the task's open statuses (a plan's cancel cancels these). */
export const OPEN_TASK_STATUSES: readonly number[] = [task.assigned, task.inProgress];

/** The statuses a task ends in other than cancelled (§4.3: reported, closed, aborted). */
export const CLOSED_TASK_STATUSES: readonly number[] = [task.reported, task.closed, task.aborted];

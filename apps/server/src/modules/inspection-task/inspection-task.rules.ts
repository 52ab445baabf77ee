import { INSPECTION_TASK_STATUS } from '@qcdesk/contract/inspection-task';
import { defineStateMachine } from '../../platform/transition';

// The pure rules of inspection tasks (DOMAIN.md §2.6, §4.3). No database here. The rows caused by
// reports (first report → 20, submitted → 30, approved → 40/50) come with the report area.

export const INSPECTION_TASK_ENTITY = 'inspection_tasks';

type TaskStatus = (typeof INSPECTION_TASK_STATUS)[keyof typeof INSPECTION_TASK_STATUS];
const task = INSPECTION_TASK_STATUS;

/** §4.3 as data: the rows a plan causes (its cancel cancels its open tasks, in its transaction). */
export const inspectionTaskMachine = defineStateMachine<TaskStatus>(INSPECTION_TASK_ENTITY, [
  {
    from: [task.assigned, task.inProgress],
    action: 'cancel',
    to: task.cancelled,
    permission: 'inspplan.create',
  },
]);

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

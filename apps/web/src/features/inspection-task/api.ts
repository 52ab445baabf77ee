import {
  getInspectionTask,
  INSPECTION_TASK_SORTS,
  searchInspectionTasks,
} from '@qcdesk/contract/inspection-task';
import type { OutputOf } from '@qcdesk/contract/operation';
import { areaApi } from '../../components/area-api';

export type InspectionTaskRow = OutputOf<typeof searchInspectionTasks>['list'][number];
export type InspectionTaskDetail = OutputOf<typeof getInspectionTask>;

/** The change log names a task by its table (apps/server INSPECTION_TASK_ENTITY). */
export const INSPECTION_TASK_ENTITY = 'inspection_tasks';

const area = areaApi({
  search: searchInspectionTasks,
  get: getInspectionTask,
  sorts: INSPECTION_TASK_SORTS,
  entity: INSPECTION_TASK_ENTITY,
});

export const inspectionTasksSearchKey = area.searchKey;
/** The list's page request (spec §3: orderNo, productNo, factory, startTime, endTime); inspectors get their own. */
export const requestInspectionTasks = area.request();
export const useInspectionTask = area.useRecord;

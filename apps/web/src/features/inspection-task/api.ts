import { createInspectionReport, listInspectionReports } from '@qcdesk/contract/inspection-report';
import {
  getInspectionTask,
  INSPECTION_TASK_SORTS,
  searchInspectionTasks,
} from '@qcdesk/contract/inspection-task';
import type { OutputOf } from '@qcdesk/contract/operation';
import { useQueryClient } from '@tanstack/react-query';
import { operationKey, useOperation, useOperationMutation } from '../../api/use-operation';
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

/** The reports of a task (its screen lists them), and the lead's "create report" (issue 27). */
export const useTaskReports = (taskId: string, enabled: boolean) =>
  useOperation(listInspectionReports, { taskId, limit: 50 }, { enabled, silent: true });
export const useCreateTaskReport = () => {
  const client = useQueryClient();
  return useOperationMutation(createInspectionReport, {
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: operationKey(listInspectionReports) });
      void client.invalidateQueries({ queryKey: inspectionTasksSearchKey });
    },
  });
};

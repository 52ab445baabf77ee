import { areas } from '@qcdesk/contract';
import { inspectionTasks } from '../../db/schema/inspection-task';
import { recordFlags } from '../../platform/flags';
import { defineModule, type ModuleDeps, namedBy } from '../../platform/module';
import { type OperationRegistry, serve, serveDetail } from '../../platform/registry';
import { readableIn } from '../../platform/scope';
import { inspectionTaskScope } from './inspection-task.queries';
import { getInspectionTask, INSPECTION_TASK_ENTITY, searchInspectionTasks } from './inspection-task.service';

// Inspection tasks (DOMAIN.md §2.6, §4.3): the inspector's reads. Tasks are written by their plan
// (inspection-plan area) and later by reports; their change log is read like their plan's.

const ops = areas.inspectionTask;

function registerInspectionTaskOperations(registry: OperationRegistry, _deps: ModuleDeps): void {
  const read = { transaction: false };
  serve(registry, ops.searchInspectionTasks, searchInspectionTasks, read);
  serveDetail(
    registry,
    ops.getInspectionTask,
    async (db, id, user) => ({
      detail: await getInspectionTask(db, id, user),
      flags: recordFlags({ user, record: {}, editPermission: null, inScope: true }),
    }),
    read,
  );
}

export const inspectionTaskModule = defineModule({
  name: 'inspectionTask',
  register: registerInspectionTaskOperations,
  changeLog: [
    {
      entity: INSPECTION_TASK_ENTITY,
      // Read like its plan (inspplan.search), in the scope of its application.
      permission: areas.inspectionPlan.getInspectionPlan.permission,
      readable: readableIn(inspectionTasks, inspectionTaskScope),
      fields: {
        factoryId: 'factory',
        inspectorId: 'user',
        inspectionTypeId: 'inspectiontype',
        status: { enum: 'InspectionTaskStatus' },
      },
      actions: {
        cancel: { zh: '取消', en: 'Cancelled' },
        start: { zh: '开始验货', en: 'Inspection started' },
        report: { zh: '报告已提交', en: 'Report submitted' },
        resume: { zh: '报告被退回', en: 'Report sent back' },
        close: { zh: '完成', en: 'Closed' },
        abort: { zh: '未完成', en: 'Aborted' },
      },
    },
  ],
  names: {
    inspectionTask: namedBy(inspectionTasks, 'taskNo'),
  },
});

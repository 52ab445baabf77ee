import { areas } from '@qcdesk/contract';
import { defineModule, type ModuleDeps } from '../../platform/module';
import { type OperationRegistry, serve } from '../../platform/registry';
import {
  createFactorySchedule,
  FACTORY_SCHEDULE_ENTITY,
  factoryScheduleMonth,
  searchFactorySchedules,
  updateFactorySchedule,
} from './factory-schedule.service';

const ops = areas.factorySchedule;

function registerFactoryScheduleOperations(registry: OperationRegistry, _deps: ModuleDeps): void {
  const read = { transaction: false };
  serve(registry, ops.searchFactorySchedules, searchFactorySchedules, read);
  serve(registry, ops.factoryScheduleMonth, factoryScheduleMonth, read);
  serve(registry, ops.createFactorySchedule, createFactorySchedule);
  serve(registry, ops.updateFactorySchedule, updateFactorySchedule);
}

export const factoryScheduleModule = defineModule({
  name: 'factorySchedule',
  register: registerFactoryScheduleOperations,
  changeLog: [
    {
      entity: FACTORY_SCHEDULE_ENTITY,
      permission: ops.searchFactorySchedules.permission,
      readable: 'unscoped',
      unscopedBecause:
        'factory schedules have no record scope: schedule.search reads every factory’s calendar',
      fields: {
        factoryId: 'factory',
        orderProductId: 'orderProduct',
        type: { enum: 'ScheduleType' },
      },
    },
  ],
});

import { areas } from '@qcdesk/contract';
import { defineModule, type ModuleDeps } from '../../platform/module';
import { type OperationRegistry, registerPublicOperation } from '../../platform/registry';
import { systemInfo } from './system.service';

const ops = areas.system;

function registerSystemOperations(registry: OperationRegistry, { database }: ModuleDeps): void {
  registerPublicOperation(registry, ops.systemInfo, async () => systemInfo(database));
}

export const systemModule = defineModule({ name: 'system', register: registerSystemOperations });

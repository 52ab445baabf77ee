import { areas } from '@qcdesk/contract';
import { defineModule, type ModuleDeps } from '../../platform/module';
import { productOpenApi } from '../../platform/openapi';
import { type OperationRegistry, registerOperation, registerPublicOperation } from '../../platform/registry';
import { PRODUCT_VERSION, systemInfo } from './system.service';

const ops = areas.system;

function registerSystemOperations(registry: OperationRegistry, { database }: ModuleDeps): void {
  registerPublicOperation(registry, ops.systemInfo, async () => systemInfo(database));
  // What this server binds, so the document never lists an operation it would not answer.
  registerOperation(registry, ops.systemOpenApi, async () => productOpenApi(registry, PRODUCT_VERSION));
}

export const systemModule = defineModule({ name: 'system', register: registerSystemOperations });

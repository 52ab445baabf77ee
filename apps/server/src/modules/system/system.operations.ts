import { areas } from '@qcdesk/contract';
import type { ModuleDeps } from '../../app';
import { type OperationRegistry, registerOperation } from '../../platform/registry';
import { systemInfo } from './system.service';

const ops = areas.system;

export function registerSystemOperations(registry: OperationRegistry, { database }: ModuleDeps): void {
  registerOperation(registry, ops.systemInfo, async () => systemInfo(database));
}

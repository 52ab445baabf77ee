import { areas } from '@qcdesk/contract';
import { contracts } from '../../db/schema/contract';
import { defineModule, type ModuleDeps } from '../../platform/module';
import { type OperationRegistry, serve, serveDetailWith, serveWith } from '../../platform/registry';
import { readableIn } from '../../platform/scope';
import { contractScope } from './contract.queries';
import {
  attachContractFiles,
  CONTRACT_ENTITY,
  type ContractDeps,
  deleteContractFiles,
  getContract,
  searchContracts,
} from './contract.service';

const ops = areas.contract;

function registerContractOperations(registry: OperationRegistry, deps: ModuleDeps): void {
  const files = deps.files;
  const service: ContractDeps = { files: () => files.ready() };
  serve(registry, ops.searchContracts, searchContracts, { transaction: false });
  serveDetailWith(registry, service, ops.getContract, getContract);
  serveWith(registry, service, ops.attachContractFiles, attachContractFiles);
  serveWith(registry, service, ops.deleteContractFiles, deleteContractFiles);
}

export const contractModule = defineModule({
  name: 'contract',
  register: registerContractOperations,
  // Scoped through the contract's order (DOMAIN.md §5.4).
  changeLog: [
    {
      entity: CONTRACT_ENTITY,
      permission: ops.searchContracts.permission,
      readable: readableIn(contracts, contractScope),
    },
  ],
});

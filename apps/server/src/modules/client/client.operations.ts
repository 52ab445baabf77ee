import { areas } from '@qcdesk/contract';
import type { ModuleDeps } from '../../app';
import { type OperationRegistry, registerOperation } from '../../platform/registry';
import { allowChangeLogReads } from '../config/changelog.service';
import { filesContext } from '../files/files.context';
import { registerHomeSearchSource } from '../home-search/home-search.service';
import {
  CLIENT_ENTITY,
  clientHits,
  createClient,
  getClient,
  searchClients,
  updateClient,
} from './client.service';
import { getClientRequirements, writeClientRequirements } from './client-requirements.service';
import { downloadClientRequirements } from './client-xlsx.service';

const ops = areas.client;

export function registerClientOperations(registry: OperationRegistry, deps: ModuleDeps): void {
  const files = filesContext(deps);
  allowChangeLogReads(CLIENT_ENTITY, ops.getClient.permission, {
    countryId: 'country',
    salesId: 'user',
    departmentId: 'department',
    samplingLevelId: 'samplinglevel',
    tensionLevelId: 'tensionlevel',
    destinationCountries: { source: 'country', by: 'code' },
    type: { enum: 'ClientType' },
  });
  registerHomeSearchSource({
    source: 'client',
    permission: ops.searchClients.permission,
    search: clientHits,
  });

  registerOperation(registry, ops.getClient, async (input, ctx) => {
    const { detail, flags } = await getClient(ctx.db, input.id, ctx.user!);
    ctx.setFlags(flags);
    return detail;
  });
  registerOperation(registry, ops.searchClients, (input, ctx) => searchClients(ctx.db, input, ctx.user!), {
    transaction: false,
  });
  registerOperation(registry, ops.createClient, (input, ctx) => createClient(ctx.db, input, ctx.user!));
  registerOperation(registry, ops.updateClient, (input, ctx) => updateClient(ctx.db, input, ctx.user!));

  registerOperation(registry, ops.getClientRequirements, async (input, ctx) => {
    const { detail, flags } = await getClientRequirements(ctx.db, input.clientId, ctx.user!);
    ctx.setFlags(flags);
    return detail;
  });
  registerOperation(registry, ops.createClientRequirements, (input, ctx) =>
    writeClientRequirements(ctx.db, input, ctx.user!, 'add'),
  );
  registerOperation(registry, ops.updateClientRequirements, (input, ctx) =>
    writeClientRequirements(ctx.db, input, ctx.user!, 'replace'),
  );
  registerOperation(registry, ops.downloadClientRequirements, async (input, ctx) =>
    downloadClientRequirements(ctx.db, await files.ready(), input.id, ctx.user!, ctx.lang),
  );
}

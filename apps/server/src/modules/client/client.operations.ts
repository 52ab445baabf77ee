import { areas } from '@qcdesk/contract';
import { clients } from '../../db/schema/client';
import { defineModule, type ModuleDeps, namedBy } from '../../platform/module';
import { type OperationRegistry, registerOperation, serve, serveDetail } from '../../platform/registry';
import { clientScope, readableIn } from '../../platform/scope';
import { clientExport } from './client.export';
import { clientHits } from './client.queries';
import { seedClients } from './client.seed';
import { CLIENT_ENTITY, createClient, getClient, searchClients, updateClient } from './client.service';
import { getClientRequirements, writeClientRequirements } from './client-requirements.service';
import { downloadClientRequirements } from './client-xlsx.service';

const ops = areas.client;

function registerClientOperations(registry: OperationRegistry, deps: ModuleDeps): void {
  const files = deps.files;
  serveDetail(registry, ops.getClient, getClient);
  serve(registry, ops.searchClients, searchClients, { transaction: false });
  serve(registry, ops.createClient, createClient);
  serve(registry, ops.updateClient, updateClient);

  registerOperation(registry, ops.getClientRequirements, async (input, ctx) => {
    const { detail, flags } = await getClientRequirements(ctx.db, input.clientId, ctx.user);
    ctx.setFlags(flags);
    return detail;
  });
  registerOperation(registry, ops.createClientRequirements, (input, ctx) =>
    writeClientRequirements(ctx.db, input, ctx.user, 'add'),
  );
  registerOperation(registry, ops.updateClientRequirements, (input, ctx) =>
    writeClientRequirements(ctx.db, input, ctx.user, 'replace'),
  );
  registerOperation(registry, ops.downloadClientRequirements, async (input, ctx) =>
    downloadClientRequirements(ctx.db, await files.ready(), input.id, ctx.user, ctx.lang),
  );
}

export const clientModule = defineModule({
  name: 'client',
  register: registerClientOperations,
  seed: seedClients,
  changeLog: [
    {
      entity: CLIENT_ENTITY,
      permission: ops.getClient.permission,
      readable: readableIn(clients, clientScope),
      fields: {
        countryId: 'country',
        salesId: 'user',
        departmentId: 'department',
        samplingLevelId: 'samplinglevel',
        tensionLevelId: 'tensionlevel',
        destinationCountries: { source: 'country', by: 'code' },
        type: { enum: 'ClientType' },
        majorAql: { decimal: true },
        minorAql: { decimal: true },
        // On-site safety tests are logged by inspection test code (client-requirements.service).
        'safetyTests[]': { source: 'inspectiontest', by: 'code' },
        'tests[].productTypes': { enum: 'ProductType' },
      },
    },
  ],
  names: {
    client: namedBy(clients, 'name'),
  },
  homeSearch: [{ source: 'client', permission: ops.searchClients.permission, search: clientHits }],
  exports: [clientExport],
});

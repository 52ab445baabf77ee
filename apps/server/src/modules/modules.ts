import type { FastifyBaseLogger } from 'fastify';
import type { ModuleDeps } from '../app';
import type { Config } from '../platform/config';
import type { Database } from '../platform/db';
import type { OperationRegistry } from '../platform/registry';
import { registerClientOperations } from './client/client.operations';
import { seedClients } from './client/client.seed';
import { registerConfigOperations } from './config/config.operations';
import { seedConfig } from './config/config.seed';
import { registerEnumerationOperations } from './enumerations/enumerations.operations';
import { registerFilesOperations } from './files/files.operations';
import { registerHomeSearchOperations } from './home-search/home-search.operations';
import { registerIdentityOperations } from './identity/identity.operations';
import { seedIdentity } from './identity/identity.seed';
import { registerMailOperations } from './mail/mail.operations';
import { registerMailServiceOperations } from './mail-service/mail-service.operations';
import { registerMaterialOperations } from './material/material.operations';
import { seedMaterials } from './material/material.seed';
import { registerMaterialTestOperations } from './material-test/material-test.operations';
import { registerOriginalSampleOperations } from './original-sample/original-sample.operations';
import { seedOriginalSamples } from './original-sample/original-sample.seed';
import { registerProductTrackOperations } from './product-track/product-track.operations';
import { registerStandardOperations } from './standard/standard.operations';
import { seedStandards } from './standard/standard.seed';
import { registerSystemOperations } from './system/system.operations';

/** Every business area's bindings: adding an area adds one line. */
export const modules: Array<(registry: OperationRegistry, deps: ModuleDeps) => void> = [
  registerSystemOperations,
  registerIdentityOperations,
  registerMailOperations,
  registerConfigOperations,
  registerEnumerationOperations,
  registerProductTrackOperations,
  registerMailServiceOperations,
  registerFilesOperations,
  registerClientOperations,
  registerMaterialOperations,
  registerMaterialTestOperations,
  registerOriginalSampleOperations,
  registerStandardOperations,
  registerHomeSearchOperations,
];

export interface SeedContext {
  database: Database;
  config: Config;
  log: FastifyBaseLogger | Console;
}

/**
 * Idempotent seeds, in dependency order (identity before the areas that reference users). The
 * business areas seed demo records only for a demo database (QCDESK_DEMO_USERS=1).
 */
export const seeds: Array<(ctx: SeedContext) => Promise<void>> = [
  seedIdentity,
  seedConfig,
  seedClients,
  seedMaterials,
  seedOriginalSamples,
  seedStandards,
];

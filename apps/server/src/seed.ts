import { modules } from './modules/modules';
import type { Config } from './platform/config';
import type { Database } from './platform/db';
import { Capabilities, type SeedLog } from './platform/module';

/** Runs every module's seed, in the modules' order; each is idempotent, so this runs on every start. */
export async function runSeeds(database: Database, config: Config, log: SeedLog): Promise<void> {
  const hooks = new Capabilities(modules);
  for (const module of modules) await module.seed?.({ database, config, log, hooks });
}

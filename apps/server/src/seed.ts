import type { FastifyBaseLogger } from 'fastify';
import { modules } from './modules/modules';
import type { Config } from './platform/config';
import type { Database } from './platform/db';

/** Runs every module's seed, in the modules' order; each is idempotent, so this runs on every start. */
export async function runSeeds(
  database: Database,
  config: Config,
  log: FastifyBaseLogger | Console,
): Promise<void> {
  for (const module of modules) await module.seed?.({ database, config, log });
}

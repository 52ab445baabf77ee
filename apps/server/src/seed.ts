import type { FastifyBaseLogger } from 'fastify';
import { seeds } from './modules/modules';
import type { Config } from './platform/config';
import type { Database } from './platform/db';

/** Runs every module's seed; each is idempotent, so this runs on every start. */
export async function runSeeds(
  database: Database,
  config: Config,
  log: FastifyBaseLogger | Console,
): Promise<void> {
  for (const seed of seeds) await seed({ database, config, log });
}

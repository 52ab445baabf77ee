import { type App, buildApp } from './app';
import { type Config, sandboxConfigOf } from './platform/config';
import { type Database, openDatabase } from './platform/db';
import { runSeeds } from './seed';

/** One running copy of the product: its configuration, its own database and its app. */
export interface Instance {
  config: Config;
  database: Database;
  app: App;
}

/** The product and, unless there is none, the sandbox it serves under /dev (ADR 0008). */
export interface Instances {
  product: Instance;
  sandbox: Instance | undefined;
  /** Stops both apps (their job workers too), then closes their databases. */
  close(): Promise<void>;
}

export interface InstanceOptions {
  logger?: boolean;
}

/** Opens and migrates the instance's database, builds its app and runs the (idempotent) seeds. */
async function openInstance(
  config: Config,
  options: InstanceOptions & { sandbox?: App | undefined },
): Promise<Instance> {
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    // Processes starting together on an empty database would both insert the seed rows.
    const app = await database.whileStarting(async () => {
      await database.migrate();
      const app = await buildApp({
        config,
        database,
        sandbox: options.sandbox,
        ...(options.logger === false ? { logger: false } : {}),
      });
      try {
        await runSeeds(database, config, app.server.log);
      } catch (error) {
        await app.close();
        throw error;
      }
      return app;
    });
    try {
      await app.server.ready();
    } catch (error) {
      await app.close();
      throw error;
    }
    return { config, database, app };
  } catch (error) {
    await database.close();
    throw error;
  }
}

async function closeInstance(instance: Instance): Promise<void> {
  // An open PGlite keeps Node alive: close the app first, then the database.
  await instance.app.close();
  await instance.database.close();
}

/**
 * Opens the product and its sandbox (when `sandboxConfigOf` gives one): each migrated, seeded and
 * ready, the product's HTTP server handing /dev to the sandbox. Nothing listens and no job worker
 * runs yet: main.ts starts them, tests drain the queues themselves.
 */
export async function openInstances(config: Config, options: InstanceOptions = {}): Promise<Instances> {
  const sandboxConfig = sandboxConfigOf(config);
  // The sandbox first: the product's server is made with the sandbox to hand /dev to.
  const sandbox = sandboxConfig ? await openInstance(sandboxConfig, options) : undefined;
  let product: Instance;
  try {
    product = await openInstance(config, { ...options, sandbox: sandbox?.app });
  } catch (error) {
    if (sandbox) await closeInstance(sandbox);
    throw error;
  }
  return {
    product,
    sandbox,
    close: async () => {
      // The product owns the HTTP server: once it is closed no request reaches the sandbox.
      await closeInstance(product);
      if (sandbox) await closeInstance(sandbox);
    },
  };
}

/** Where an instance keeps its data, for the start-up lines. */
export function describeDatabase(instance: Instance): string {
  return instance.database.kind === 'pglite' ? `embedded PGlite in ${instance.config.dataDir}` : 'PostgreSQL';
}

import { type App, buildApp, type SandboxGate } from './app';
import { type Config, sandboxConfigOf } from './platform/config';
import { type Database, openDatabase } from './platform/db';
import { runSeeds } from './seed';

/** One running copy of the product: its configuration, its own database and its app. */
export interface Instance {
  config: Config;
  database: Database;
  app: App;
}

/**
 * The sandbox beside the product: opened (migrated, seeded, its app built) by the first request
 * under /dev, or by `open()` (issue 33: the product listens without waiting for it, and a server
 * whose sandbox is never used never holds its database).
 */
export interface SandboxSlot {
  readonly config: Config;
  /** The open sandbox, or undefined until something opened it. */
  readonly instance: Instance | undefined;
  open(): Promise<Instance>;
}

/** The product and, unless there is none, the sandbox it serves under /dev (ADR 0008). */
export interface Instances {
  product: Instance;
  sandbox: SandboxSlot | undefined;
  /** Stops both apps (their job workers too), then closes their databases. */
  close(): Promise<void>;
}

export interface InstanceOptions {
  logger?: boolean;
  /** Called once the sandbox has opened (main.ts starts its job worker here). */
  onSandboxOpen?: (sandbox: Instance, ms: number) => void;
}

/** Opens and migrates the instance's database, builds its app and runs the (idempotent) seeds. */
async function openInstance(
  config: Config,
  options: InstanceOptions & { sandbox?: SandboxGate | undefined },
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
 * Opens the product, migrated, seeded and ready, its HTTP server handing /dev to the sandbox (when
 * `sandboxConfigOf` gives one), which opens on its first request. Nothing listens and no job worker
 * of the product runs yet: main.ts starts them, tests drain the queues themselves.
 */
export async function openInstances(config: Config, options: InstanceOptions = {}): Promise<Instances> {
  const sandboxConfig = sandboxConfigOf(config);
  const slot = sandboxConfig ? sandboxSlot(sandboxConfig, options) : undefined;
  const product = await openInstance(config, { ...options, sandbox: slot?.gate });
  return {
    product,
    sandbox: slot,
    close: async () => {
      // The product owns the HTTP server: once it is closed no request reaches the sandbox.
      await closeInstance(product);
      await slot?.close();
    },
  };
}

function sandboxSlot(
  config: Config,
  options: InstanceOptions,
): SandboxSlot & { gate: SandboxGate; close(): Promise<void> } {
  let instance: Instance | undefined;
  let opening: Promise<Instance> | undefined;
  let failed = false;
  const open = (): Promise<Instance> => {
    if (instance) return Promise.resolve(instance);
    if (!opening) {
      const started = performance.now();
      opening = openInstance(config, options).then(
        (opened) => {
          instance = opened;
          failed = false;
          options.onSandboxOpen?.(opened, performance.now() - started);
          return opened;
        },
        (error: unknown) => {
          opening = undefined;
          failed = true;
          process.stderr.write(
            `The sandbox failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
          );
          throw error;
        },
      );
    }
    return opening;
  };
  const gate: SandboxGate = {
    get app() {
      return instance?.app;
    },
    get state() {
      return instance ? 'ready' : opening ? 'starting' : failed ? 'failed' : 'not started';
    },
    open: async () => (await open()).app,
  };
  return {
    config,
    get instance() {
      return instance;
    },
    open,
    gate,
    close: async () => {
      const opened = instance ?? (await opening?.catch(() => undefined));
      if (opened) await closeInstance(opened);
    },
  };
}

/** Where an instance keeps its data, for the start-up lines. */
export function describeDatabase(instance: Pick<Instance, 'config'>): string {
  return instance.config.DATABASE_URL ? 'PostgreSQL' : `embedded PGlite in ${instance.config.dataDir}`;
}

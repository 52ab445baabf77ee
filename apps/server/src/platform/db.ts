import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from '../db/schema/index';
import { REPO_ROOT } from './config';

/**
 * The database or a transaction: drizzle's `PgTransaction` extends `PgDatabase`, so services take
 * either as `db`, and `db.transaction(...)` on a transaction opens a savepoint.
 */
export type Db = PgDatabase<RowsResultHKT, typeof schema>;

/** What both drivers answer a raw query with (PGlite's `Results`, node-postgres's `QueryResult`). */
export interface RowsResultHKT extends PgQueryResultHKT {
  readonly type: RowsOf<this['row']>;
}
interface RowsOf<Row> {
  rows: Row[];
}

/** Held while a process migrates and seeds (`whileStarting`); the migrator takes 7041001 inside it. */
const STARTUP_LOCK = 7041000;

/** Session settings of every pooled PostgreSQL connection. */
export const PG_SESSION_OPTIONS = '-c max_parallel_workers_per_gather=0';

export const MIGRATIONS_FOLDER = resolve(REPO_ROOT, 'apps/server/drizzle');

/**
 * PGlite's start parameters: its own, with 16 MB of shared buffers instead of initdb's 128 MB, which
 * each embedded database held in the process at rest (issue 33: 395 → 268 MB RSS for one database
 * alone). PGlite reads its files through the operating system, whose page cache keeps what the
 * buffers no longer hold.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

export interface Database {
  readonly db: Db;
  readonly kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /**
   * Runs `work` (migrate, then seed) while no other process starting on the same database does:
   * on PostgreSQL under a session advisory lock held by a connection of its own, outside the pool,
   * so `work` may use every pooled connection. PGlite has one process per data folder.
   */
  whileStarting<T>(work: () => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL: the pool's connections, for the metrics. */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /** PGlite: its data dir as a tarball, to start other databases from (test templates). */
  dumpDataDir?: () => Promise<Blob>;
  /**
   * PostgreSQL: LISTEN on `channel` on a connection of its own (outside the pool), handing each
   * notification's payload to `onMessage`; reconnects after a lost connection and then calls
   * `onReconnect` (what was sent meanwhile is lost). PGlite has one process: no need.
   */
  listen?: (
    channel: string,
    handlers: { onMessage: (payload: string) => void; onReconnect: () => void },
  ) => Promise<() => Promise<void>>;
}

export interface DatabaseOptions {
  /** PostgreSQL URL; when absent the embedded PGlite database is used. */
  url?: string | undefined;
  /** PGlite data folder; `undefined` keeps the database in memory. */
  dataDir?: string | undefined;
  /** A PGlite data-dir tarball to start from (tests copy one migrated template). */
  loadDataDir?: Blob | undefined;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url, options.poolSize ?? 10);
  return openPglite(options.dataDir, options.loadDataDir);
}

async function openPglite(dataDir: string | undefined, loadDataDir: Blob | undefined): Promise<Database> {
  // PGlite does not create missing parent folders of its data dir.
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // A new data dir starts from a migrated copy instead of initdb (seconds of WASM on every first start).
  const fresh = dataDir && !loadDataDir && !existsSync(join(dataDir, 'PG_VERSION'));
  const start = loadDataDir ?? (fresh ? await migratedPgliteTemplate() : undefined);
  const create = (from: Blob | undefined) =>
    PGlite.create({
      ...(dataDir ? { dataDir } : {}),
      ...(from ? { loadDataDir: from } : {}),
      extensions: { pg_trgm },
      startParams: PGLITE_START_PARAMS,
    });
  let client = await create(start);
  if (fresh && dataDir) {
    // Unpacking the template grew the WASM memory by ~100 MB, which WebAssembly never gives back:
    // reopened, the new data dir costs what a restart does (issue 33: 400 → ~290 MB RSS at rest).
    await client.close();
    client = await create(undefined);
  }
  const db: Db = drizzlePglite({ client, schema });
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePgliteClient(client),
    ping: async () => {
      await client.query('select 1');
    },
    whileStarting: (work) => work(),
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}

// drizzle-kit's own runner opens PGlite without extensions; migrating here keeps pg_trgm.
const migratePgliteClient = (client: PGlite) =>
  migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER });

/**
 * A PGlite data dir with every migration applied, as a tarball: made once per set of migrations (and
 * PGlite version) and kept in node_modules/.cache/qcdesk, so the first start of the product and of
 * its sandbox (and every e2e run) load it instead of running initdb and the migrations each time.
 */
let template: Promise<string | Blob> | undefined;
export async function migratedPgliteTemplate(): Promise<Blob> {
  const made = await preparePgliteTemplate();
  return typeof made === 'string' ? new Blob([readFileSync(made)]) : made;
}

/** Makes the migrated template unless it is there (`npm install` runs this): its path. */
export function preparePgliteTemplate(): Promise<string | Blob> {
  template ??= migratedTemplate();
  return template;
}

async function migratedTemplate(): Promise<string | Blob> {
  const hash = createHash('sha256').update(pgliteVersion());
  for (const file of readdirSync(MIGRATIONS_FOLDER, { recursive: true }).map(String).sort()) {
    if (file.endsWith('.sql') || file.endsWith('.json')) {
      hash.update(file).update(readFileSync(join(MIGRATIONS_FOLDER, file)));
    }
  }
  const dir = resolve(REPO_ROOT, 'node_modules/.cache/qcdesk');
  const file = join(dir, `pglite-${hash.digest('hex').slice(0, 16)}.tar`);
  if (existsSync(file)) return file;
  const client = await PGlite.create({ extensions: { pg_trgm } });
  try {
    await migratePgliteClient(client);
    const dump = await client.dumpDataDir('none');
    try {
      mkdirSync(dir, { recursive: true });
      const partial = `${file}.${process.pid}`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file);
      return file;
    } catch {
      // A read-only install: the copy serves this process only.
      return dump;
    }
  } finally {
    await client.close();
  }
}

function pgliteVersion(): string {
  try {
    const manifest = resolve(REPO_ROOT, 'node_modules/@electric-sql/pglite/package.json');
    return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

async function openPostgres(url: string, max: number): Promise<Database> {
  // No parallel workers (ADR 0009): the server runs many small indexed queries side by side, and
  // starting two workers for a page query cost more than the query itself (8–10 ms vs 2 ms).
  const pool = new pg.Pool({ connectionString: url, max, options: PG_SESSION_OPTIONS });
  // An idle client's error (server restart) must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const db: Db = drizzlePg({ client: pool, schema });
  return {
    db,
    kind: 'postgres',
    migrate: async () => {
      // Several processes may start at once: one migrates, the others wait on the lock.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock(7041001)');
        await migratePg(drizzlePg({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await client.query('select pg_advisory_unlock(7041001)').catch(() => {});
        client.release();
      }
    },
    whileStarting: async (work) => {
      const holder = new pg.Client({ connectionString: url });
      await holder.connect();
      try {
        await holder.query(`select pg_advisory_lock(${STARTUP_LOCK})`);
        return await work();
      } finally {
        // Ending the session releases its lock.
        await holder.end().catch(() => {});
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
    listen: (channel, handlers) => listenOn(url, channel, handlers),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/** `Database.listen` on PostgreSQL: one client of its own, connected again a second after it is lost. */
async function listenOn(
  url: string,
  channel: string,
  handlers: { onMessage: (payload: string) => void; onReconnect: () => void },
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (again: boolean): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (n) => {
      if (n.channel === channel && n.payload !== undefined) handlers.onMessage(n.payload);
    });
    const lost = () => {
      if (closed || client !== next) return;
      client = undefined;
      retry = setTimeout(() => void connect(true).catch(lost), 1_000);
      retry.unref();
    };
    next.on('error', lost);
    next.on('end', lost);
    client = next;
    await next.connect();
    await next.query(`listen ${pg.escapeIdentifier(channel)}`);
    if (again) handlers.onReconnect();
  };
  await connect(false);
  return async () => {
    closed = true;
    clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}

/** Rows of a raw query, the same on PGlite and node-postgres. */
export async function rows<T extends Record<string, unknown>>(
  db: Db,
  query: ReturnType<typeof sql>,
): Promise<T[]> {
  const result = await db.execute<T>(query);
  return result.rows;
}

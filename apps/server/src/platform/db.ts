import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
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

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Held while a process migrates and seeds (`whileStarting`); the migrator takes 7041001 inside it. */
const STARTUP_LOCK = 7041000;

/** Session settings of every pooled PostgreSQL connection. */
export const PG_SESSION_OPTIONS = '-c max_parallel_workers_per_gather=0';

export const MIGRATIONS_FOLDER = resolve(REPO_ROOT, 'apps/server/drizzle');

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
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    extensions: { pg_trgm },
  });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    // drizzle-kit's own runner opens PGlite without extensions; migrating here keeps pg_trgm.
    migrate: () => migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER }),
    ping: async () => {
      await client.query('select 1');
    },
    whileStarting: (work) => work(),
    close: () => client.close(),
  };
}

async function openPostgres(url: string, max: number): Promise<Database> {
  // No parallel workers (ADR 0009): the server runs many small indexed queries side by side, and
  // starting two workers for a page query cost more than the query itself (8–10 ms vs 2 ms).
  const pool = new pg.Pool({ connectionString: url, max, options: PG_SESSION_OPTIONS });
  // An idle client's error (server restart) must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
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
  };
}

/** Rows of a raw query, the same on PGlite and node-postgres. */
export async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

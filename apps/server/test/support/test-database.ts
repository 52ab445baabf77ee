import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../../src/platform/db';
import { withDatabase } from '../global-setup';
import { resetDatabase } from './pglite-reset';

/** The URL of each PostgreSQL test database, for `openSameDatabase`. */
const urls = new WeakMap<Database, string>();

/**
 * Another connection to a test database, as a second server process has: its own pool on
 * PostgreSQL; on PGlite (one connection) the same database, left open by `close`.
 */
export async function openSameDatabase(database: Database): Promise<Database> {
  const url = urls.get(database);
  if (!url) return { ...database, close: async () => {} };
  return openDatabase({ url, poolSize: 4 });
}

/** The PostgreSQL URL of a test database (for a process of its own); undefined on PGlite. */
export function urlOf(database: Database): string | undefined {
  return urls.get(database);
}

/**
 * PGlite test databases of this worker that their files have closed, put back to the template's
 * state (pglite-reset.ts). The server project shares one module graph per worker (`isolate:
 * false`), so a later file of the worker takes one instead of starting PGlite again.
 */
const idle: Database[] = [];

/** A private, migrated database for one test file: a copy of the run's template. */
export async function openTestDatabase(): Promise<Database> {
  const template = inject('dbTemplate');
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = idle.pop() ?? (await openDatabase({ loadDataDir: new Blob([readFileSync(template)]) }));
    let closed = false;
    return {
      ...database,
      close: async () => {
        if (closed) return;
        closed = true;
        if (await resetDatabase(database)) idle.push(database);
        else await database.close();
      },
    };
  }
  const name = `qcdesk_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${template}`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ url: withDatabase(url, name), poolSize: 4 });
  const opened: Database = {
    ...database,
    close: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
  urls.set(opened, withDatabase(url, name));
  return opened;
}

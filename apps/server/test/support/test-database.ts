import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../../src/platform/db';
import { withDatabase } from '../global-setup';

/** A private, migrated database for one test file: a copy of the run's template. */
export async function openTestDatabase(): Promise<Database> {
  const template = inject('dbTemplate');
  const url = process.env.DATABASE_URL;
  if (!url) {
    return openDatabase({ loadDataDir: new Blob([readFileSync(template)]) });
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
  return {
    ...database,
    close: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

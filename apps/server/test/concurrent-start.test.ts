import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/identity';
import { type Instances, openInstances } from '../src/instances';
import { CONFIG_SEED } from '../src/modules/config/config-seed-data';
import { CONFIG_TABLES } from '../src/modules/config/config-tables';
import { loadConfig } from '../src/platform/config';
import { withDatabase } from './global-setup';
import { SEED_ENV } from './support/seed-env';

// Several processes may start at once on an empty PostgreSQL database (a rolling deploy, two
// replicas): each migrates and seeds, one after the other, and the seed lands once.

const url = process.env.DATABASE_URL;

describe.skipIf(!url)('two processes starting together on an empty PostgreSQL database', () => {
  const name = `qcdesk_t_start_${randomBytes(6).toString('hex')}`;
  const dirs: string[] = [];
  let started: PromiseSettledResult<Instances>[] = [];

  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    await admin(`create database ${name}`);
    const start = () => {
      const dir = mkdtempSync(join(tmpdir(), 'qcdesk-start-'));
      dirs.push(dir);
      const config = loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATABASE_URL: withDatabase(url!, name),
        SANDBOX: 'off',
        DATA_DIR: dir,
        WEB_DIST: '/nonexistent',
        QCDESK_ADMIN_PASSWORD: SEED_ENV.QCDESK_ADMIN_PASSWORD,
      });
      return openInstances(config, { logger: false });
    };
    started = await Promise.allSettled([start(), start()]);
  }, 120_000);

  afterAll(async () => {
    for (const s of started) if (s.status === 'fulfilled') await s.value.close();
    await admin(`drop database if exists ${name} with (force)`);
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('starts both', () => {
    const failures = started.flatMap((s) => (s.status === 'rejected' ? [String(s.reason)] : []));
    expect(failures).toEqual([]);
  });

  it('seeds once', async () => {
    const first = started.find((s) => s.status === 'fulfilled');
    const db = first!.value.product.database.db;
    expect(await db.select({ n: count() }).from(users).where(eq(users.username, 'admin'))).toEqual([
      { n: 1 },
    ]);
    const wrong: string[] = [];
    for (const [list, rows] of CONFIG_SEED) {
      const [stored] = await db.select({ n: count() }).from(CONFIG_TABLES[list] as PgTable);
      if (stored?.n !== rows.length) wrong.push(`${list}: ${stored?.n} rows, seeded ${rows.length}`);
    }
    expect(wrong).toEqual([]);
  });
});

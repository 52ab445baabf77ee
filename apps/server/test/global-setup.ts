import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { loadConfig, REPO_ROOT } from '../src/platform/config';
import { type Database, migratedPgliteTemplate, openDatabase } from '../src/platform/db';
import { runSeeds } from '../src/seed';
import { installReset } from './support/pglite-reset';
import { SEED_ENV } from './support/seed-env';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PostgreSQL: name of a migrated template database; PGlite: path of a migrated data-dir dump. */
    dbTemplate: string;
  }
}

/** The seed every test database starts from: roles, departments, `admin` and one demo user per role. */
async function seed(database: Database): Promise<void> {
  await runSeeds(database, loadConfig({ NODE_ENV: 'test', ...SEED_ENV }), { warn() {} });
}

/**
 * Migrates and seeds one template per test run, so each test file starts from a copy instead of
 * migrating (PGlite cold create ~3.5 s; CREATE DATABASE … TEMPLATE ~0.2 s on PostgreSQL).
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `qcdesk_tpl_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const database = await openDatabase({ url: withDatabase(url, name), poolSize: 1 });
    await database.migrate();
    await seed(database);
    await database.close();
    project.provide('dbTemplate', name);
    return async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  const dir = join(REPO_ROOT, 'tmp', 'test-templates');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `pglite-${process.pid}-${Date.now()}.tar`);
  // From the migrated template new data dirs start from (made once per migration set), not initdb.
  const database = await openDatabase({ loadDataDir: await migratedPgliteTemplate() });
  await database.migrate();
  await seed(database);
  await installReset(database);
  const dump = await database.dumpDataDir!();
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('dbTemplate', file);
  return () => rmSync(file, { force: true });
}

export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

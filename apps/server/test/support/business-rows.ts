import { sql } from 'drizzle-orm';
import type { Database } from '../../src/platform/db';
import { rows } from '../../src/platform/db';

// "Not one business row changed": a checksum of every business table, to compare before and after a
// refused call (contract-fuzz.test.ts, anonymous-limits.test.ts).

/** Tables a refused call may write: replay nonces, rate-limit counters, sessions, logs, keys, schedules. */
export const NOT_BUSINESS: ReadonlySet<string> = new Set([
  'envelope_nonces',
  'login_throttle',
  'share_throttle',
  'sessions',
  'refresh_tokens',
  'change_log',
  'envelope_keys',
  'periodic_tasks',
  '__drizzle_migrations',
]);

const tablesOf = new WeakMap<Database, Promise<string[]>>();

function businessTables(database: Database): Promise<string[]> {
  let tables = tablesOf.get(database);
  if (!tables) {
    tables = rows<{ name: string }>(
      database.db,
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    ).then((found) => found.map((r) => r.name).filter((name) => !NOT_BUSINESS.has(name)));
    tablesOf.set(database, tables);
  }
  return tables;
}

/** Per business table, its row count and the sum of its rows' hashes, as one string. */
export async function businessChecksum(database: Database): Promise<string> {
  const parts = (await businessTables(database)).map(
    (name) =>
      `select '${name}' as t, count(*)::text as n, coalesce(sum(hashtext(x::text)::bigint), 0)::text as h from "${name}" x`,
  );
  const result = await rows<{ t: string; n: string; h: string }>(
    database.db,
    sql.raw(parts.join(' union all ')),
  );
  return result.map((r) => `${r.t}:${r.n}:${r.h}`).join(' ');
}

/**
 * Counts the statements that write business tables, committed or not: a statement trigger on every
 * business table bumps the `business_writes` sequence (sequences ignore rollbacks). The count not
 * moving across a call means no business row was written, on either database: the tables a refused
 * call may write (nonces, rate-limit counts…) have no trigger. Installed in the test's own database.
 */
export async function watchBusinessWrites(database: Database): Promise<void> {
  const statements = [
    'create sequence if not exists business_writes',
    `create or replace function count_business_write() returns trigger language plpgsql as $$
       begin perform nextval('business_writes'); return null; end $$`,
    ...(await businessTables(database)).map(
      (name) =>
        `create trigger "bw_${name}" after insert or update or delete or truncate on "${name}" for each statement execute function count_business_write()`,
    ),
  ];
  for (const statement of statements) await database.db.execute(sql.raw(statement));
}

/** The count of business-table writes so far (`watchBusinessWrites`). */
export async function businessWrites(database: Database): Promise<string> {
  const [row] = await rows<{ n: string }>(
    database.db,
    sql`select last_value::text || is_called::text as n from business_writes`,
  );
  return row!.n;
}

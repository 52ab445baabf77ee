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

/** The next transaction id: it moves on every transaction that writes a row, of any table. */
export async function nextTransactionId(database: Database): Promise<string> {
  const [row] = await rows<{ x: string }>(
    database.db,
    sql`select pg_snapshot_xmax(pg_current_snapshot())::text as x`,
  );
  return row!.x;
}

import { sql } from 'drizzle-orm';
import type { Database } from '../../src/platform/db';

/**
 * A PGlite test database put back to the run's template instead of started again (ADR 0012,
 * session 19): starting PGlite costs ~1.2 CPU-s per test file, almost all of it PGlite's own start.
 *
 * The template (test/global-setup.ts) keeps, in the schema `qcdesk_test`: a copy of every table the
 * seed filled, a statement-level trigger on every table of `public` that notes the table in
 * `qcdesk_test.dirty` when a statement writes it (enabled ALWAYS, so it also fires under
 * `session_replication_role = replica`), and `qcdesk_test.reset()`, which empties each noted table,
 * copies its seeded rows back and sets every sequence to where the seed left it. Emptying every
 * table instead (TRUNCATE of 113 tables and their indexes) cost as much as a new PGlite.
 *
 * A file that changed the schema (created a table, altered a column) has its database closed: the
 * next file starts a new one.
 */
const SNAPSHOT = 'qcdesk_test';

/** More rows than this in a written table: the file filled it (a plan test), and its database is closed. */
const FILLED = 1000;

/** Copies the seeded rows aside, puts the triggers on and writes the reset function: once a run. */
export async function installReset(database: Database): Promise<void> {
  const { db } = database;
  const tables = (
    await db.execute<{ name: string }>(
      sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by 1`,
    )
  ).rows.map((row) => row.name);
  await db.execute(sql.raw(`create schema ${SNAPSHOT}`));
  await db.execute(sql.raw(`create table ${SNAPSHOT}.dirty (name text primary key)`));
  await db.execute(sql.raw(`create table ${SNAPSHOT}.seeded (name text primary key, restore text not null)`));
  await db.execute(
    sql.raw(`create function ${SNAPSHOT}.touch() returns trigger language plpgsql as $touch$ begin
  insert into ${SNAPSHOT}.dirty values (tg_table_name) on conflict do nothing;
  return null;
end $touch$`),
  );
  for (const table of tables) {
    const name = quote(table);
    await db.execute(
      sql.raw(`create trigger qcdesk_test_touch after insert or update or delete or truncate on public.${name}
        for each statement execute function ${SNAPSHOT}.touch()`),
    );
    await db.execute(sql.raw(`alter table public.${name} enable always trigger qcdesk_test_touch`));
    const { rows } = await db.execute<{ n: number }>(
      sql.raw(`select count(*)::int as n from public.${name}`),
    );
    if (rows[0]?.n === 0) continue;
    const columns = (
      await db.execute<{ name: string }>(
        sql`select a.attname as name from pg_attribute a
            where a.attrelid = ${`public.${name}`}::regclass and a.attnum > 0 and not a.attisdropped
              and a.attgenerated = '' order by a.attnum`,
      )
    ).rows
      .map((row) => quote(row.name))
      .join(', ');
    await db.execute(sql.raw(`create table ${SNAPSHOT}.${name} as select ${columns} from public.${name}`));
    const restore = `insert into public.${name} (${columns}) overriding system value select ${columns} from ${SNAPSHOT}.${name}`;
    await db.execute(sql`insert into ${sql.raw(`${SNAPSHOT}.seeded`)} values (${table}, ${restore})`);
  }
  const sequences = (
    await db.execute<{ name: string; value: string | null; start: string }>(
      sql`select format('%I.%I', schemaname, sequencename) as name, last_value::text as value,
                 start_value::text as start from pg_sequences where schemaname = 'public'`,
    )
  ).rows.map((seq) =>
    seq.value === null
      ? `perform setval('${seq.name}', ${seq.start}, false);`
      : `perform setval('${seq.name}', ${seq.value}, true);`,
  );
  await db.execute(
    sql.raw(`create function ${SNAPSHOT}.reset() returns void language plpgsql as $reset$
declare
  dirty text;
  restore text;
begin
  set local session_replication_role = replica;
  for dirty in select name from ${SNAPSHOT}.dirty loop
    execute format('delete from public.%I', dirty);
    select s.restore into restore from ${SNAPSHOT}.seeded s where s.name = dirty;
    if restore is not null then execute restore; end if;
  end loop;
  delete from ${SNAPSHOT}.dirty;
${sequences.join('\n')}
  set local session_replication_role = origin;
end $reset$`),
  );
  await db.execute(
    sql.raw(`create function ${SNAPSHOT}.largest() returns bigint language plpgsql as $largest$
declare
  dirty text;
  n bigint;
  most bigint := 0;
begin
  for dirty in select name from ${SNAPSHOT}.dirty loop
    execute format('select count(*) from public.%I', dirty) into n;
    most := greatest(most, n);
  end loop;
  return most;
end $largest$`),
  );
  await db.execute(sql.raw(`create table ${SNAPSHOT}.fingerprint as select (${FINGERPRINT}) as value`));
}

/**
 * What a test file may have added to or changed in the schema, as one hash: `public`'s relations
 * (tables, indexes, sequences, views), the tables' columns, the triggers with their enabled state
 * and the functions, whether the session holds a temporary table, and the planner's row and page
 * counts, which only ANALYZE, VACUUM and DDL change (pg_catalog: information_schema took 10× as long). A test that installs its own triggers (support/business-rows.ts) or a table of
 * its own leaves a database that is closed, not reused.
 */
const FINGERPRINT = `select md5(concat_ws('|',
    (select string_agg(c.relname::text || ':' || c.relkind::text, ',' order by c.relname, c.relkind)
       from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public'),
    (select string_agg(c.relname::text || '.' || a.attname::text || ':' || a.atttypid::text || ':' || a.attnum, ',' order by c.relname, a.attnum)
       from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped),
    (select string_agg(c.relname::text || '.' || t.tgname::text || ':' || t.tgenabled::text, ',' order by c.relname, t.tgname)
       from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and not t.tgisinternal),
    (select string_agg(p.proname::text, ',' order by p.proname)
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public'),
    (select count(*)::text from pg_class where relpersistence = 't'),
    (select sum(c.reltuples)::text || ':' || sum(c.relpages)::text
       from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public')))`;

/**
 * Puts a test file's database back to the template's state; false when it cannot be (no snapshot,
 * a changed schema, a failed reset), and the database should be closed instead.
 */
export async function resetDatabase(database: Database): Promise<boolean> {
  const { db } = database;
  try {
    const { rows } = await db.execute<{ same: boolean }>(
      sql.raw(`select (${FINGERPRINT}) = (select value from ${SNAPSHOT}.fingerprint) as same`),
    );
    if (!rows[0]?.same) return false;
    // A table filled for a query plan leaves thousands of dead rows behind a delete, and the planner
    // would see their pages in the next file: such a database is closed instead.
    const [largest] = (await db.execute<{ n: string }>(sql.raw(`select ${SNAPSHOT}.largest()::text as n`)))
      .rows;
    if (Number(largest?.n ?? Infinity) > FILLED) return false;
    await db.execute(sql.raw(`select ${SNAPSHOT}.reset()`));
    // What a file may have left in its session: settings, advisory locks.
    await db.execute(sql`reset all`);
    await db.execute(sql`select pg_advisory_unlock_all()`);
    return true;
  } catch {
    return false;
  }
}

function quote(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

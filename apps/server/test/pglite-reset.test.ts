import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../src/platform/db';
import { openTestDatabase } from './support/test-database';

// A PGlite test database closed by its file goes back to the template's state for the worker's next
// file (support/pglite-reset.ts); one whose schema a test changed is closed instead. PostgreSQL
// clones each file's database from the template and has nothing to reset.
describe.skipIf(Boolean(process.env.DATABASE_URL))('a PGlite test database, closed', () => {
  const names = (database: Awaited<ReturnType<typeof openTestDatabase>>) =>
    rows<{ name: string }>(database.db, sql`select name_en as name from departments order by id`);
  const nextId = (database: Awaited<ReturnType<typeof openTestDatabase>>) =>
    rows<{ id: string }>(
      database.db,
      sql`select nextval(pg_get_serial_sequence('departments', 'id'))::text as id`,
    );

  it('is reused with the seeded rows back, written tables emptied and sequences where the seed left them', async () => {
    const first = await openTestDatabase();
    const seeded = await names(first);
    await first.close();
    // From here on the database is the reused one: the sequences as the seed left them.
    const second = await openTestDatabase();
    expect(second.db).toBe(first.db);
    const [id] = await nextId(second);
    await second.db.execute(sql`update departments set name_en = 'changed'`);
    await second.db.execute(sql`delete from user_groups`);
    await second.db.execute(sql`set statement_timeout = 1234`);
    await second.close();

    const third = await openTestDatabase();
    expect(third.db).toBe(first.db);
    expect(await names(third)).toEqual(seeded);
    const [groups] = await rows<{ n: number }>(third.db, sql`select count(*)::int as n from user_groups`);
    expect(groups!.n).toBeGreaterThan(0);
    expect(await nextId(third)).toEqual([id]);
    const [timeout] = await rows<{ v: string }>(
      third.db,
      sql`select current_setting('statement_timeout') as v`,
    );
    expect(timeout!.v).toBe('0');
    await third.close();
  });

  it('is closed, not reused, when a test added a trigger, a table or a column', async () => {
    for (const change of [
      sql`create function touched() returns trigger language plpgsql as $$ begin return null; end $$`,
      sql`create table test_own (v int)`,
      sql`alter table departments add column extra int`,
    ]) {
      const first = await openTestDatabase();
      await first.db.execute(change);
      await first.close();
      const second = await openTestDatabase();
      expect(second.db).not.toBe(first.db);
      await second.close();
    }
  });
});

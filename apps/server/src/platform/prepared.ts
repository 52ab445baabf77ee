import type { Db } from './db';

/**
 * A statement built once per database handle and prepared by name on PostgreSQL (ADR 0009: building
 * a select with its joins cost more Node time per call than running it, and a named statement is
 * planned once per connection). A transaction is a handle of its own: it builds its own copy.
 *
 *   const rowsOf = oncePerDatabase((db) => select…(db).where(sql`id = any(${sql.placeholder('ids')}::bigint[])`).prepare('qc_…'));
 *   await rowsOf(db).execute({ ids: ids.map(String) });
 */
export function oncePerDatabase<Statement>(build: (db: Db) => Statement): (db: Db) => Statement {
  const built = new WeakMap<Db, Statement>();
  return (db) => {
    let statement = built.get(db);
    if (!statement) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}

import { and, eq, inArray, lte, or, sql } from 'drizzle-orm';
import { periodicTasks } from '../../db/schema/platform';
import { type Db, rows } from '../db';

// Periodic tasks run once per interval across every process (ADR 0016): each task has a row whose
// `next_at` the runner moves on in the same UPDATE that tells it the task is due. Two processes may
// both find it due; only the one whose UPDATE matched runs it (row lock, then re-check).

const intervalOf = (ms: number) => sql`(${ms}::double precision * interval '1 millisecond')`;

/** Creates the rows of tasks not seen before; their first run is one interval away. */
export async function registerPeriodicTasks(
  db: Db,
  tasks: readonly { name: string; intervalMs: number }[],
): Promise<void> {
  if (tasks.length === 0) return;
  await db
    .insert(periodicTasks)
    .values(tasks.map((t) => ({ name: t.name, nextAt: sql`now() + ${intervalOf(t.intervalMs)}` })))
    .onConflictDoNothing();
}

/**
 * Takes the task's current run when it is due: answers true to exactly one caller per due time. A
 * `next_at` further away than one interval (the interval was shortened) counts as due.
 */
export async function claimPeriodicTask(
  db: Db,
  name: string,
  intervalMs: number,
  by: string,
): Promise<boolean> {
  const claimed = await db
    .update(periodicTasks)
    .set({ nextAt: sql`now() + ${intervalOf(intervalMs)}`, lastRunAt: sql`now()`, lastRunBy: by })
    .where(
      and(
        eq(periodicTasks.name, name),
        or(
          lte(periodicTasks.nextAt, sql`now()`),
          // The clock, not the statement's start: a claim that waited for another's row lock
          // re-checks the row that claim wrote (next_at = its now() + interval), and against its own
          // earlier now() that row would look shortened, so both ran (CI, PostgreSQL under load).
          sql`${periodicTasks.nextAt} > clock_timestamp() + ${intervalOf(intervalMs)}`,
        ),
      ),
    )
    .returning({ name: periodicTasks.name });
  return claimed.length > 0;
}

/** Milliseconds until each task is due by the database's clock (≤ 0: due now). */
export async function periodicDueIn(db: Db, names: readonly string[]): Promise<Map<string, number>> {
  if (names.length === 0) return new Map();
  const found = await rows<{ name: string; ms: number }>(
    db,
    sql`select ${periodicTasks.name} as name,
          (extract(epoch from (${periodicTasks.nextAt} - now())) * 1000)::float8 as ms
        from ${periodicTasks} where ${inArray(periodicTasks.name, [...names])}`,
  );
  return new Map(found.map((r) => [r.name, Number(r.ms)]));
}

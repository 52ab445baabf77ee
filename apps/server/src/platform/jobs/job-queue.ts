import { EventEmitter } from 'node:events';
import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import { jobs } from '../../db/schema/platform';
import type { Db } from '../db';

export interface EnqueueOptions {
  runAt?: Date;
  maxAttempts?: number;
  /** The user who asked for it: only they read its progress (`job/progress`). */
  requestedBy?: bigint;
  /** The job reports how far it is (0–100, starting at 0); other jobs keep progress null. */
  tracksProgress?: boolean;
}

/**
 * Says "a job was queued" to this process's workers, which look for due jobs shortly after (once the
 * queuing transaction has committed) instead of at their next poll. Other processes find it by polling.
 */
export const jobQueued = new EventEmitter().setMaxListeners(0);

/**
 * Queues a job in the caller's transaction: it becomes visible to the workers only when that
 * transaction commits, so a rolled-back change never sends its mail.
 */
export async function enqueueJob(
  db: Db,
  kind: string,
  payload: Record<string, unknown>,
  options: EnqueueOptions = {},
): Promise<bigint> {
  const [row] = await db
    .insert(jobs)
    .values({
      kind,
      payload,
      ...(options.runAt ? { runAt: options.runAt } : {}),
      ...(options.maxAttempts ? { maxAttempts: options.maxAttempts } : {}),
      ...(options.requestedBy === undefined ? {} : { requestedBy: options.requestedBy }),
      ...(options.tracksProgress ? { progress: 0 } : {}),
    })
    .returning({ id: jobs.id });
  jobQueued.emit('queued');
  return row!.id;
}

/** The first retry's delay; each later one doubles it, up to `RETRY_MAX_MS`. */
export const RETRY_BASE_MS = 30_000;
const RETRY_MAX_MS = 3_600_000;

/** Backoff after the n-th failed attempt: 30 s, 1 min, 2 min, … capped at one hour. */
export function retryDelayMs(attempt: number, baseMs = RETRY_BASE_MS): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempt - 1), RETRY_MAX_MS);
}

/** The same backoff in SQL, from the row's own attempts (recovery re-queues many rows at once). */
export function retryDelaySql(baseMs = RETRY_BASE_MS) {
  return sql`(least(${baseMs}::double precision * power(2, greatest(${jobs.attempts} - 1, 0)), ${RETRY_MAX_MS}) * interval '1 millisecond')`;
}

/**
 * How long finished jobs are kept: done ones a week (their progress has been read), dead letters
 * (failed, dead) a month, time for an administrator to look and retry.
 */
export const JOB_RETENTION_DAYS = { done: 7, failed: 30 } as const;

const olderThan = (days: number) => lt(jobs.finishedAt, sql`now() - ${days}::int * interval '1 day'`);

/** Deletes finished jobs past their retention (hourly housekeeping). */
export async function purgeJobs(db: Db, retention: { done: number; failed: number } = JOB_RETENTION_DAYS) {
  await db
    .delete(jobs)
    .where(
      or(
        and(eq(jobs.status, 'done'), olderThan(retention.done)),
        and(inArray(jobs.status, ['failed', 'dead']), olderThan(retention.failed)),
      ),
    );
}

/**
 * Queues a dead letter (failed or dead) again, now, for one more attempt: `maxAttempts` becomes its
 * attempts plus one, so a poison job retried by hand stops again after that run. Answers the row, or
 * undefined when the job is not a dead letter (any more).
 */
export async function requeueJob(db: Db, id: bigint) {
  const [row] = await db
    .update(jobs)
    .set({
      status: 'queued',
      runAt: sql`now()`,
      maxAttempts: sql`${jobs.attempts} + 1`,
      lockedAt: null,
      finishedAt: null,
      progress: sql`case when ${jobs.progress} is null then null else 0 end`,
    })
    .where(and(eq(jobs.id, id), inArray(jobs.status, ['failed', 'dead'])))
    .returning();
  return row;
}

/** Records how far a job is (0–100), for `job/progress`; the worker sets 100 when it is done. */
export async function setJobProgress(db: Db, jobId: bigint, percent: number): Promise<void> {
  const value = Math.max(0, Math.min(100, Math.floor(percent)));
  await db.update(jobs).set({ progress: value }).where(eq(jobs.id, jobId));
}

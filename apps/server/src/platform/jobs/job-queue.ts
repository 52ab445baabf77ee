import { eq } from 'drizzle-orm';
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
  return row!.id;
}

/** Backoff after the n-th failed attempt: 30 s, 1 min, 2 min, … capped at one hour. */
export function retryDelayMs(attempt: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempt - 1), 3_600_000);
}

/** Records how far a job is (0–100), for `job/progress`; the worker sets 100 when it is done. */
export async function setJobProgress(db: Db, jobId: bigint, percent: number): Promise<void> {
  const value = Math.max(0, Math.min(100, Math.floor(percent)));
  await db.update(jobs).set({ progress: value }).where(eq(jobs.id, jobId));
}

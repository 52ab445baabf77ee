import { jobs } from '../../db/schema/platform';
import type { Db } from '../db';

export interface EnqueueOptions {
  runAt?: Date;
  maxAttempts?: number;
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
    })
    .returning({ id: jobs.id });
  return row!.id;
}

/** Backoff after the n-th failed attempt: 30 s, 1 min, 2 min, … capped at one hour. */
export function retryDelayMs(attempt: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempt - 1), 3_600_000);
}

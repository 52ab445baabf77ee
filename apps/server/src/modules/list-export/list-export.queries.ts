import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/identity';
import { jobs } from '../../db/schema/platform';
import type { Db } from '../../platform/db';

// The SQL of list exports: the job row `job/progress` reads, and the requester the mail goes to.

export async function readJob(db: Db, id: bigint) {
  const [row] = await db
    .select({
      id: jobs.id,
      status: jobs.status,
      progress: jobs.progress,
      requestedBy: jobs.requestedBy,
      attempts: jobs.attempts,
      maxAttempts: jobs.maxAttempts,
      lastError: jobs.lastError,
    })
    .from(jobs)
    .where(eq(jobs.id, id));
  return row;
}

/** The requester's name, address and standing, read when the file is ready. */
export async function readRequester(db: Db, userId: bigint) {
  const [row] = await db
    .select({
      name: users.name,
      englishName: users.englishName,
      email: users.email,
      state: users.state,
      valid: users.valid,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

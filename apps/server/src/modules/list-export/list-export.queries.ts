import { and, eq, gte, sql } from 'drizzle-orm';
import { users } from '../../db/schema/identity';
import { mailOutbox } from '../../db/schema/mail';
import { jobs } from '../../db/schema/platform';
import type { Db } from '../../platform/db';

// The SQL of list exports: the job row `job/progress` reads, the requester the mail goes to, and
// whether the job's mail has been queued.

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

/**
 * Whether the export job `jobId` has queued its mail (`entity` names the jobs table): its file, link
 * and mail commit together, so a run that died after that commit left the requester their file.
 * Looked up from the job's creation on (the outbox's created_at index).
 */
export async function exportMailed(db: Db, entity: string, jobId: bigint): Promise<boolean> {
  const [row] = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        gte(mailOutbox.createdAt, sql`(select ${jobs.createdAt} from ${jobs} where ${jobs.id} = ${jobId})`),
        eq(mailOutbox.entity, entity),
        eq(mailOutbox.entityId, jobId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

import { and, desc, eq, inArray, isNotNull, type SQL } from 'drizzle-orm';
import { jobs } from '../../db/schema/platform';
import { actorOf, type Principal } from '../../platform/auth';
import { writeChangeLog } from '../../platform/change-log';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { requeueJob } from '../../platform/jobs/job-queue';
import { cappedTotal, onePage } from '../../platform/paging';
import { JOB_ENTITY } from '../list-export/list-export.service';

// The job queue's dead letters (ADR 0016) beside the mail errors: jobs that gave up, and the retry.

const DEAD_LETTERS = ['failed', 'dead'] as const;

const columns = {
  id: jobs.id,
  kind: jobs.kind,
  status: jobs.status,
  attempts: jobs.attempts,
  maxAttempts: jobs.maxAttempts,
  lastError: jobs.lastError,
  createdAt: jobs.createdAt,
  finishedAt: jobs.finishedAt,
};

export interface JobErrorSearch {
  kind?: string | undefined;
  page: number;
  pageSize: number;
}

/** The WHERE of the list: dead letters, of one kind when asked (jobs_finished_idx). */
export function jobErrorWhere(input: JobErrorSearch): SQL {
  return and(
    inArray(jobs.status, [...DEAD_LETTERS]),
    // Always true of a dead letter; it lets the partial index serve the list.
    isNotNull(jobs.finishedAt),
    input.kind ? eq(jobs.kind, input.kind) : undefined,
  )!;
}

/** One page, newest first; they are few (purged after 30 days), so the page sorts them. */
export function jobErrorPageQuery(db: Db, where: SQL, input: JobErrorSearch) {
  return onePage(
    db.select(columns).from(jobs).where(where).orderBy(desc(jobs.finishedAt), desc(jobs.id)),
    input,
  );
}

export async function listJobErrors(db: Db, input: JobErrorSearch) {
  const where = jobErrorWhere(input);
  const list = await jobErrorPageQuery(db, where, input);
  return {
    list,
    page: input.page,
    pageSize: input.pageSize,
    ...(await cappedTotal(db, jobs, where)),
  };
}

/**
 * Runs a dead letter again, now, for one more attempt (a poison job retried by hand stops again after
 * that run); E_STATUS when the job is not a dead letter any more (retried already, or purged).
 */
export async function retryJobError(db: Db, id: bigint, user: Principal) {
  const [job] = await db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, id));
  if (!job) throw new AppError('E_NOT_FOUND');
  const row = await requeueJob(db, id);
  if (!row) throw new AppError('E_STATUS');
  await writeChangeLog(db, actorOf(user), {
    entity: JOB_ENTITY,
    entityId: id,
    action: 'retry',
    changes: [{ field: 'status', from: job.status, to: 'queued' }],
  });
  return row;
}

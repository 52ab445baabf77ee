import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import { jobs } from '../../db/schema/platform';
import type { Db } from '../db';
import { retryDelayMs } from './job-queue';

export interface JobContext {
  db: Db;
  jobId: bigint;
  /** 1 on the first run. */
  attempt: number;
  maxAttempts: number;
  log: JobLog;
}

export type JobHandler = (payload: Record<string, unknown>, ctx: JobContext) => Promise<void>;

export interface JobLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** Thrown by a handler to be run again at a given time rather than after the default backoff. */
export class RetryLater extends Error {
  constructor(
    readonly at: Date,
    message: string,
  ) {
    super(message);
    this.name = 'RetryLater';
  }
}

export interface JobWorkerOptions {
  db: Db;
  log: JobLog;
  /** How often an idle worker looks for due jobs. */
  pollMs: number;
  /** Jobs claimed per round. */
  batch?: number;
  /** A running job older than this is taken to belong to a worker that died, and runs again. */
  leaseMs?: number;
}

interface Periodic {
  name: string;
  intervalMs: number;
  nextAt: number;
  run: (db: Db) => Promise<unknown>;
}

/**
 * Runs queued jobs (ARCHITECTURE.md "Jobs"). Any number of workers in any number of processes
 * share the table: each claims due rows with `FOR UPDATE SKIP LOCKED`, so a job runs in one
 * place at a time. Handlers must tolerate running again after a crash (the mail handler does).
 */
export class JobWorker {
  readonly id = `worker-${randomUUID().slice(0, 8)}`;
  private readonly handlers = new Map<string, JobHandler>();
  private readonly periodic: Periodic[] = [];
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;

  constructor(private readonly options: JobWorkerOptions) {}

  handle(kind: string, handler: JobHandler): void {
    if (this.handlers.has(kind)) throw new Error(`job handler registered twice: ${kind}`);
    this.handlers.set(kind, handler);
  }

  /** Housekeeping every `intervalMs` while the worker runs (purging expired rows and the like). */
  every(name: string, intervalMs: number, run: (db: Db) => Promise<unknown>): void {
    this.periodic.push({ name, intervalMs, nextAt: Date.now() + intervalMs, run });
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** Runs due jobs until none is left; answers how many ran (tests and the CLI use it). */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const ran = await this.runOnce();
      total += ran;
      if (ran === 0) return total;
    }
  }

  /** Claims one batch of due jobs and runs it. */
  async runOnce(): Promise<number> {
    const { db } = this.options;
    await this.recoverAbandoned();
    const kinds = [...this.handlers.keys()];
    if (kinds.length === 0) return 0;
    const due = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.status, 'queued'), lte(jobs.runAt, sql`now()`), inArray(jobs.kind, kinds)))
      .orderBy(asc(jobs.runAt), asc(jobs.id))
      .limit(this.options.batch ?? 10)
      .for('update', { skipLocked: true });
    const claimed = await db
      .update(jobs)
      .set({
        status: 'running',
        lockedAt: sql`now()`,
        lockedBy: this.id,
        attempts: sql`${jobs.attempts} + 1`,
      })
      .where(inArray(jobs.id, due))
      .returning();
    for (const job of claimed) await this.runJob(job);
    return claimed.length;
  }

  private async runJob(job: typeof jobs.$inferSelect): Promise<void> {
    const { db, log } = this.options;
    const handler = this.handlers.get(job.kind)!;
    try {
      await handler(job.payload, {
        db,
        jobId: job.id,
        attempt: job.attempts,
        maxAttempts: job.maxAttempts,
        log,
      });
      await db
        .update(jobs)
        .set({
          status: 'done',
          finishedAt: sql`now()`,
          lockedAt: null,
          lastError: null,
          // A job that reports progress ends at 100; the others keep null.
          progress: sql`case when ${jobs.progress} is null then null else 100 end`,
        })
        .where(eq(jobs.id, job.id));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const giveUp = job.attempts >= job.maxAttempts;
      if (giveUp) log.error({ err: error, job: job.kind, id: String(job.id) }, 'job failed for good');
      else log.warn({ err: error, job: job.kind, id: String(job.id) }, 'job failed; will retry');
      const runAt =
        error instanceof RetryLater ? error.at : new Date(Date.now() + retryDelayMs(job.attempts));
      await db
        .update(jobs)
        .set(
          giveUp
            ? { status: 'failed', finishedAt: sql`now()`, lockedAt: null, lastError: message }
            : { status: 'queued', runAt, lockedAt: null, lastError: message },
        )
        .where(eq(jobs.id, job.id));
    }
  }

  private async recoverAbandoned(): Promise<void> {
    const lease = this.options.leaseMs ?? 5 * 60_000;
    await this.options.db
      .update(jobs)
      .set({ status: 'queued', lockedAt: null, lockedBy: null })
      .where(and(eq(jobs.status, 'running'), lt(jobs.lockedAt, new Date(Date.now() - lease))));
  }

  private async runPeriodic(): Promise<void> {
    const now = Date.now();
    for (const task of this.periodic) {
      if (task.nextAt > now) continue;
      task.nextAt = now + task.intervalMs;
      try {
        await task.run(this.options.db);
      } catch (error) {
        this.options.log.error({ err: error, task: task.name }, 'periodic task failed');
      }
    }
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.tick().finally(() => {
        this.running = undefined;
      });
    }, delay);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    let busy = false;
    try {
      await this.runPeriodic();
      busy = (await this.runOnce()) > 0;
    } catch (error) {
      // The database may be restarting; the next round tries again.
      this.options.log.error({ err: error }, 'job round failed');
    }
    this.schedule(busy ? 0 : this.options.pollMs);
  }
}

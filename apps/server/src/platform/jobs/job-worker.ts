import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { jobs } from '../../db/schema/platform';
import type { Db } from '../db';
import { jobQueued, RETRY_BASE_MS, retryDelayMs, retryDelaySql } from './job-queue';
import { claimPeriodicTask, periodicDueIn, registerPeriodicTasks } from './periodic-tasks';

export interface JobContext {
  db: Db;
  jobId: bigint;
  /** 1 on the first run. */
  attempt: number;
  maxAttempts: number;
  log: JobLog;
  /**
   * Aborted when this worker no longer holds the job (its lease lapsed and another worker took it
   * over): stop early. Whatever this run then reports as the job's outcome is dropped.
   */
  signal: AbortSignal;
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

/** A running job's lease: the heartbeat renews it every third of it (ADR 0016). */
export const DEFAULT_LEASE_MS = 5 * 60_000;
/** How soon a worker looks after a job was queued in its process (the queuing transaction commits first). */
const NUDGE_MS = 50;

export interface JobWorkerOptions {
  db: Db;
  log: JobLog;
  /** How often an idle worker looks for due jobs. */
  pollMs: number;
  /** Jobs claimed per round. */
  batch?: number;
  /**
   * A running job whose lease was not renewed for this long belongs to a worker that stopped: it
   * runs again, or past its attempts becomes `dead`. The heartbeat renews it every `leaseMs / 3`.
   */
  leaseMs?: number;
  /** The first retry's delay, doubling after each attempt (tests set 0). */
  retryBaseMs?: number;
}

type JobRow = typeof jobs.$inferSelect;
type JobValues = PgUpdateSetSource<typeof jobs>;

interface Periodic {
  name: string;
  intervalMs: number;
  /** Before this (this process's clock) the task is not due: saves asking the database every round. */
  nextAt: number;
  run: (db: Db) => Promise<unknown>;
}

/** A job this worker has claimed: its claim's token (`locked_by`), and whether it still holds it. */
interface Held {
  token: string;
  lost: AbortController;
  finishing: boolean;
}

const giveUp = sql`${jobs.attempts} >= ${jobs.maxAttempts}`;

const DONE = {
  status: 'done',
  finishedAt: sql`now()`,
  lockedAt: null,
  lastError: null,
  // A job that reports progress ends at 100; the others keep null.
  progress: sql`case when ${jobs.progress} is null then null else 100 end`,
} satisfies JobValues;

/** What a stopped worker leaves as the job's error (the screens say it in the reader's language). */
const STOPPED = sql`'the worker stopped while running it (attempt ' || ${jobs.attempts} || ' of ' || ${jobs.maxAttempts} || ')'`;

/**
 * Runs queued jobs (ARCHITECTURE.md "Jobs", ADR 0016). Any number of workers in any number of
 * processes share the table: each claims due rows with `FOR UPDATE SKIP LOCKED` under a token of
 * its own (`locked_by` = worker and attempt), renews the lease of what it holds while it runs, and
 * records an outcome only while it still holds the job. A job whose lease lapsed (its worker died)
 * runs again, counted as an attempt; past its attempts it is `dead`. Handlers must tolerate running
 * again after a crash (the mail handler does).
 */
export class JobWorker {
  readonly id = `worker-${randomUUID().slice(0, 8)}`;
  private readonly handlers = new Map<string, JobHandler>();
  private readonly periodic: Periodic[] = [];
  private periodicRegistered = false;
  private readonly held = new Map<bigint, Held>();
  private heartbeat: NodeJS.Timeout | undefined;
  private renewing = false;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;
  /** A job was queued in this process while a round ran: the next round starts at once. */
  private nudged = false;
  private readonly onQueued = () => this.nudge();

  constructor(private readonly options: JobWorkerOptions) {}

  get leaseMs(): number {
    return this.options.leaseMs ?? DEFAULT_LEASE_MS;
  }

  handle(kind: string, handler: JobHandler): void {
    if (this.handlers.has(kind)) throw new Error(`job handler registered twice: ${kind}`);
    this.handlers.set(kind, handler);
  }

  /**
   * Housekeeping every `intervalMs` while workers run (purging expired rows and the like): once per
   * interval across all processes, whichever worker finds it due first (`periodic_tasks`).
   */
  every(name: string, intervalMs: number, run: (db: Db) => Promise<unknown>): void {
    if (this.periodic.some((task) => task.name === name))
      throw new Error(`periodic task registered twice: ${name}`);
    this.periodic.push({ name, intervalMs, nextAt: 0, run });
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    jobQueued.on('queued', this.onQueued);
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    jobQueued.off('queued', this.onQueued);
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

  /** Claims one batch of due jobs and runs it, renewing the batch's leases meanwhile. */
  async runOnce(): Promise<number> {
    const claimed = await this.claim();
    for (const job of claimed) this.hold(job);
    for (const job of claimed) await this.runJob(job);
    return claimed.length;
  }

  /**
   * Recovers jobs whose lease lapsed, then claims a batch of due ones: they are `running` under this
   * worker's tokens. `runOnce` holds and runs them; a test calls this alone to play a worker that
   * dies right after claiming (nothing renews the leases).
   */
  async claim(): Promise<JobRow[]> {
    const { db } = this.options;
    await this.recoverAbandoned();
    const kinds = [...this.handlers.keys()];
    if (kinds.length === 0) return [];
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
        // Unique per claim: attempts only grow (a retry by hand adds one to maxAttempts instead).
        lockedBy: sql`${this.id}::text || ':' || (${jobs.attempts} + 1)::text`,
        attempts: sql`${jobs.attempts} + 1`,
      })
      .where(and(inArray(jobs.id, due), eq(jobs.status, 'queued')))
      .returning();
    // RETURNING keeps no order: run them as they were due.
    return claimed.sort((a, b) => a.runAt.getTime() - b.runAt.getTime() || (a.id < b.id ? -1 : 1));
  }

  /**
   * Runs the housekeeping tasks that are due, each by one worker across all processes; answers the
   * names this worker ran.
   */
  async runDueTasks(): Promise<string[]> {
    const { db, log } = this.options;
    if (!this.periodicRegistered) {
      await registerPeriodicTasks(db, this.periodic);
      this.periodicRegistered = true;
    }
    const ran: string[] = [];
    const waiting: Periodic[] = [];
    for (const task of this.periodic) {
      if (task.nextAt > Date.now()) continue;
      if (!(await claimPeriodicTask(db, task.name, task.intervalMs, this.id))) {
        waiting.push(task);
        continue;
      }
      task.nextAt = Date.now() + task.intervalMs;
      ran.push(task.name);
      try {
        await task.run(db);
      } catch (error) {
        log.error({ err: error, task: task.name }, 'periodic task failed');
      }
    }
    const dueIn = await periodicDueIn(
      db,
      waiting.map((task) => task.name),
    );
    for (const task of waiting) {
      const ms = dueIn.get(task.name) ?? task.intervalMs;
      task.nextAt = Date.now() + Math.max(0, Math.min(ms, task.intervalMs));
    }
    return ran;
  }

  private async runJob(job: JobRow): Promise<void> {
    const { db, log } = this.options;
    const held = this.held.get(job.id);
    // Taken over while it waited for its turn in the batch.
    if (!held || held.token !== job.lockedBy || held.lost.signal.aborted) return;
    let failure: { error: unknown } | undefined;
    try {
      await this.handlers.get(job.kind)!(job.payload, {
        db,
        jobId: job.id,
        attempt: job.attempts,
        maxAttempts: job.maxAttempts,
        log,
        signal: held.lost.signal,
      });
    } catch (error) {
      failure = { error };
    }
    held.finishing = true;
    try {
      await this.finish(job, held.token, failure ? this.failedValues(job, failure.error) : DONE);
    } finally {
      this.release(job.id, held);
    }
  }

  private failedValues(job: JobRow, error: unknown): JobValues {
    const { log } = this.options;
    const message = error instanceof Error ? error.message : String(error);
    const where = { err: error, job: job.kind, id: String(job.id), attempt: job.attempts };
    if (job.attempts >= job.maxAttempts) {
      log.error(where, 'job failed for good');
      return { status: 'failed', finishedAt: sql`now()`, lockedAt: null, lastError: message };
    }
    log.warn(where, 'job failed; will retry');
    const delay = retryDelayMs(job.attempts, this.options.retryBaseMs ?? RETRY_BASE_MS);
    const runAt =
      error instanceof RetryLater
        ? error.at
        : sql`now() + ${delay}::double precision * interval '1 millisecond'`;
    return { status: 'queued', runAt, lockedAt: null, lastError: message };
  }

  /**
   * Records the outcome of a run, fenced: only while the job is still running under this claim's
   * token. A run whose lease lapsed (another worker runs the job now, or it was given up) is dropped.
   */
  private async finish(job: JobRow, token: string, values: JobValues) {
    const done = await this.options.db
      .update(jobs)
      .set(values)
      .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, token), eq(jobs.status, 'running')))
      .returning({ id: jobs.id });
    if (done.length === 0) {
      this.options.log.warn(
        { job: job.kind, id: String(job.id), token, outcome: values.status },
        'job outcome dropped: its lease lapsed and the job is no longer this run’s',
      );
    }
  }

  private hold(job: JobRow): void {
    this.held.set(job.id, { token: job.lockedBy!, lost: new AbortController(), finishing: false });
    if (this.heartbeat) return;
    this.heartbeat = setInterval(() => void this.renew(), Math.max(1, Math.floor(this.leaseMs / 3)));
    this.heartbeat.unref();
  }

  private release(id: bigint, held: Held): void {
    if (this.held.get(id) === held) this.held.delete(id);
    if (this.held.size === 0 && this.heartbeat) {
      clearInterval(this.heartbeat);
      this.heartbeat = undefined;
    }
  }

  /** The heartbeat: renews the lease of every job this worker holds; one it lost is aborted. */
  private async renew(): Promise<void> {
    const mine = [...this.held].filter(([, h]) => !h.finishing && !h.lost.signal.aborted);
    if (this.renewing || mine.length === 0) return;
    this.renewing = true;
    const { db, log } = this.options;
    try {
      const pairs = mine.map(([id, h]) => sql`(${id}::bigint, ${h.token}::text)`);
      const renewed = await db
        .update(jobs)
        .set({ lockedAt: sql`now()` })
        .where(
          and(
            eq(jobs.status, 'running'),
            sql`(${jobs.id}, ${jobs.lockedBy}) in (${sql.join(pairs, sql`, `)})`,
          ),
        )
        .returning({ id: jobs.id });
      const kept = new Set(renewed.map((row) => row.id));
      for (const [id, h] of mine) {
        if (kept.has(id) || h.finishing || this.held.get(id) !== h) continue;
        log.warn({ id: String(id), token: h.token }, 'job lease lost: another worker took it over');
        h.lost.abort();
      }
    } catch (error) {
      // The database may be restarting; the next beat tries again, well within the lease.
      log.warn({ err: error }, 'job lease renewal failed');
    } finally {
      this.renewing = false;
    }
  }

  /**
   * Jobs whose lease lapsed belong to a worker that stopped: the stop counts as a failed attempt
   * (the claim counted it), so they wait the backoff and run again, or past their attempts are dead.
   */
  private async recoverAbandoned(): Promise<void> {
    const { db, log } = this.options;
    const lapsed = sql`${jobs.lockedAt} < now() - ${this.leaseMs}::double precision * interval '1 millisecond'`;
    const backoff: SQL = retryDelaySql(this.options.retryBaseMs ?? RETRY_BASE_MS);
    const recovered = await db
      .update(jobs)
      .set({
        status: sql`case when ${giveUp} then 'dead' else 'queued' end`,
        finishedAt: sql`case when ${giveUp} then now() end`,
        runAt: sql`case when ${giveUp} then ${jobs.runAt} else now() + ${backoff} end`,
        lockedAt: null,
        lastError: STOPPED,
      })
      .where(and(eq(jobs.status, 'running'), lapsed))
      .returning({ id: jobs.id, kind: jobs.kind, status: jobs.status, lastError: jobs.lastError });
    for (const job of recovered) {
      const where = { job: job.kind, id: String(job.id), reason: job.lastError };
      if (job.status === 'dead') log.error(where, 'job dead: its worker stopped on the last attempt');
      else log.warn(where, 'job re-queued: its worker stopped while running it');
    }
  }

  /**
   * A job was queued here: look in NUDGE_MS (its transaction commits meanwhile; one that commits
   * later is found by the next poll) instead of waiting out the poll. Mail goes out at once.
   */
  private nudge(): void {
    if (this.stopped) return;
    if (this.running) {
      this.nudged = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.schedule(NUDGE_MS);
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
      await this.runDueTasks();
      busy = (await this.runOnce()) > 0;
    } catch (error) {
      // The database may be restarting; the next round tries again.
      this.options.log.error({ err: error }, 'job round failed');
    }
    const nudged = this.nudged;
    this.nudged = false;
    this.schedule(busy ? 0 : nudged ? NUDGE_MS : this.options.pollMs);
  }
}

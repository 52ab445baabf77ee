import type { ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createRunsTable,
  HANG,
  POISON,
  runsOf,
  SLOW,
  startWorkerProcess,
  testWorker,
  type WorkerProcess,
} from '../../../test/support/job-worker-process';
import { openSameDatabase, openTestDatabase, urlOf } from '../../../test/support/test-database';
import { jobs, periodicTasks } from '../../db/schema/platform';
import type { Database, Db } from '../db';
import { enqueueJob, purgeJobs } from './job-queue';
import { type JobLog, type JobWorker, RetryLater } from './job-worker';
import { claimPeriodicTask } from './periodic-tasks';

// The job worker's guarantees (ADR 0016), on PGlite and PostgreSQL: a job runs once however long it
// takes (the heartbeat keeps its lease), a dead worker's job runs again once, a poison job stops after
// its attempts, a stale run cannot overwrite the outcome of the run that replaced it, housekeeping runs
// once across workers, old rows are purged. On PostgreSQL the workers also run in processes of their
// own (two pools, two processes), as several servers would.

const LEASE = 1000;

let database: Database;
let other: Database;
let db: Db;
const started: JobWorker[] = [];
const children: ChildProcess[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  other = await openSameDatabase(database);
  db = database.db;
  await createRunsTable(db);
});
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await Promise.all(started.map((w) => w.stop()));
  await other?.close();
  await database?.close();
});

const jobRow = async (id: bigint) => (await db.select().from(jobs).where(eq(jobs.id, id)))[0]!;
const starts = async (id: bigint) => (await runsOf(db, id)).filter((r) => r.event === 'start');

async function until(
  what: string,
  check: () => Promise<boolean>,
  ms = 20_000,
  explain?: () => Promise<string>,
): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end)
      throw new Error(`timed out waiting for ${what}${explain ? `: ${await explain()}` : ''}`);
    await sleep(25);
  }
}

function recordingLog(): JobLog & { lines: string[] } {
  const lines: string[] = [];
  const keep = (_obj: object, msg?: string) => void lines.push(msg ?? '');
  return { lines, info: keep, warn: keep, error: keep };
}

function running(worker: JobWorker): JobWorker {
  started.push(worker);
  worker.start();
  return worker;
}

describe('leases', () => {
  it('a job three times longer than its lease runs once across two workers: the heartbeat keeps it', {
    timeout: 60_000,
  }, async () => {
    // A lease of 2.5 s here, not 1 s: with the browser suite beside it (CI), a renewal on PostgreSQL
    // once took longer than a 1-second lease and the other worker rightly took the job over.
    const lease = 2.5 * LEASE;
    const id = await enqueueJob(db, SLOW, { ms: 3 * lease });
    const workers = [
      running(testWorker(db, { leaseMs: lease })),
      running(testWorker(other.db, { leaseMs: lease })),
    ];
    await until('the job to finish', async () => (await jobRow(id)).status === 'done', 30_000);
    // Both keep polling (and recovering) for two more leases: nothing takes the job again.
    await sleep(2 * lease);
    await Promise.all(workers.map((w) => w.stop()));
    expect(await runsOf(db, id)).toEqual([
      expect.objectContaining({ event: 'start', attempt: 1 }),
      expect.objectContaining({ event: 'end', attempt: 1 }),
    ]);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 1, lastError: null });
  });

  it('a job whose worker died after claiming it runs again, exactly once', async () => {
    const id = await enqueueJob(db, SLOW, { ms: 0 });
    const dying = testWorker(db, { leaseMs: LEASE });
    expect((await dying.claim()).map((j) => j.id)).toEqual([id]);
    const survivor = testWorker(other.db, { leaseMs: LEASE });
    // Within the lease the job is still the dead worker's.
    expect(await survivor.drain()).toBe(0);
    await sleep(LEASE + 100);
    expect(await survivor.drain()).toBe(1);
    expect(await survivor.drain()).toBe(0);
    expect(await starts(id)).toEqual([expect.objectContaining({ worker: survivor.id, attempt: 2 })]);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 2, lastError: null });
  });

  it('a poison job (it kills its worker every time) stops after its attempts, dead with the reason', async () => {
    const id = await enqueueJob(db, POISON, {}, { maxAttempts: 3 });
    for (let attempt = 1; attempt <= 3; attempt++) {
      const [claimed] = await testWorker(db, { leaseMs: LEASE }).claim();
      expect(claimed).toMatchObject({ id, attempts: attempt, status: 'running' });
      await sleep(LEASE + 100);
    }
    const log = recordingLog();
    const survivor = testWorker(other.db, { leaseMs: LEASE, log });
    expect(await survivor.drain()).toBe(0);
    expect(await survivor.drain()).toBe(0);
    expect(await jobRow(id)).toMatchObject({
      status: 'dead',
      attempts: 3,
      lastError: 'the worker stopped while running it (attempt 3 of 3)',
      finishedAt: expect.any(Date),
    });
    expect(log.lines).toContain('job dead: its worker stopped on the last attempt');
  });

  it('a stale worker’s late outcome does not overwrite the run that replaced it', async () => {
    let release: (fail: boolean) => void = () => {};
    const gate = new Promise<boolean>((resolve) => {
      release = resolve;
    });
    const handler = (kind: string, worker: JobWorker) =>
      worker.handle(kind, async (_payload, ctx) => {
        // The first run stalls (a long GC pause, a frozen VM) past its lease, then fails late.
        if (ctx.attempt === 1 && (await gate)) throw new Error('the stale run failed');
      });
    const kind = 'test.stale';
    const id = await enqueueJob(db, kind, {});
    const staleLog = recordingLog();
    const stale = testWorker(db, { leaseMs: 60_000, log: staleLog });
    handler(kind, stale);
    const staleRun = stale.runOnce();
    await until('the stale run to start', async () => (await jobRow(id)).status === 'running');
    // Its lease lapses (no heartbeat got through in a minute).
    await db.update(jobs).set({ lockedAt: sql`now() - interval '2 minutes'` }).where(eq(jobs.id, id));
    const next = testWorker(other.db, { leaseMs: 60_000 });
    handler(kind, next);
    expect(await next.drain()).toBe(1);
    const replaced = await jobRow(id);
    expect(replaced).toMatchObject({ status: 'done', attempts: 2, lockedBy: `${next.id}:2` });

    release(true);
    await staleRun;
    expect(await jobRow(id)).toEqual(replaced);
    expect(staleLog.lines).toContain(
      'job outcome dropped: its lease lapsed and the job is no longer this run’s',
    );
  });

  it('a worker that finds its lease taken over is told so (the job’s signal aborts)', async () => {
    const kind = 'test.signal';
    const id = await enqueueJob(db, kind, {});
    const worker = testWorker(db, { leaseMs: 300 });
    let aborted = false;
    worker.handle(kind, async (_payload, ctx) => {
      await db.update(jobs).set({ lockedBy: 'worker-else:1' }).where(eq(jobs.id, ctx.jobId));
      await until('the heartbeat', async () => ctx.signal.aborted, 5000);
      aborted = ctx.signal.aborted;
    });
    expect(await worker.drain()).toBe(1);
    expect(aborted).toBe(true);
    // Its outcome was dropped: the row is as the other claim left it.
    expect(await jobRow(id)).toMatchObject({ status: 'running', lockedBy: 'worker-else:1' });
    await db.delete(jobs).where(eq(jobs.id, id));
  });

  it('a failure retries after the backoff, or at the time the handler asks for', async () => {
    const kind = 'test.retry-later';
    const id = await enqueueJob(db, kind, {}, { maxAttempts: 2 });
    const worker = testWorker(db, { retryBaseMs: 30_000 });
    const at = new Date(Date.now() + 3_600_000);
    worker.handle(kind, async (_payload, ctx) => {
      if (ctx.attempt === 1) throw new RetryLater(at, 'the server is busy');
      throw new Error('still busy');
    });
    await worker.drain();
    expect(await jobRow(id)).toMatchObject({
      status: 'queued',
      attempts: 1,
      lastError: 'the server is busy',
      runAt: at,
    });
    await db.update(jobs).set({ runAt: sql`now()` }).where(eq(jobs.id, id));
    await worker.drain();
    expect(await jobRow(id)).toMatchObject({ status: 'failed', attempts: 2, lastError: 'still busy' });
  });
});

describe('queuing', () => {
  it('a job queued in the worker’s process runs at once, not at the next poll', async () => {
    const kind = 'test.nudged';
    const ran: bigint[] = [];
    const worker = testWorker(db, { pollMs: 600_000 });
    worker.handle(kind, async (_payload, ctx) => void ran.push(ctx.jobId));
    running(worker);
    await sleep(200); // its first round, at start, is over: the next poll is ten minutes away
    const first = await enqueueJob(db, kind, {});
    await until('the first job', async () => ran.includes(first), 5_000);
    // Queued while a round runs (the round finds nothing more), it still runs at once after it.
    const second = await enqueueJob(db, kind, {});
    await until('the second job', async () => ran.includes(second), 5_000);
    expect((await jobRow(second)).status).toBe('done');
  });
});

describe('periodic tasks', () => {
  it('run once per interval across workers, whichever finds them due first', async () => {
    let runs = 0;
    const workers = [testWorker(db), testWorker(other.db)];
    for (const worker of workers)
      worker.every('test.tick', 60_000, async () => {
        runs++;
      });
    await db.insert(periodicTasks).values({ name: 'test.tick', nextAt: sql`now() - interval '1 second'` });
    const ran = await Promise.all(workers.map((w) => w.runDueTasks()));
    expect(ran.flat()).toEqual(['test.tick']);
    expect(runs).toBe(1);
    const [row] = await db.select().from(periodicTasks).where(eq(periodicTasks.name, 'test.tick'));
    expect(row!.nextAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
    // Due again for the database, but the other worker's next look is an interval away: no one runs it early.
    expect((await Promise.all(workers.map((w) => w.runDueTasks()))).flat()).toEqual([]);
  });

  it.runIf(process.env.DATABASE_URL)(
    'a claim whose statement began before another’s commit does not take the same run (PostgreSQL)',
    async () => {
      await db.insert(periodicTasks).values({ name: 'test.race', nextAt: sql`now() - interval '1 second'` });
      // The late claim's transaction (and so its now()) starts first; the other claims and commits.
      const late = await other.db.transaction(async (tx) => {
        await tx.execute(sql`select now()`);
        await sleep(20);
        expect(await claimPeriodicTask(db, 'test.race', 60_000, 'first')).toBe(true);
        return claimPeriodicTask(tx, 'test.race', 60_000, 'late');
      });
      expect(late).toBe(false);
      const [row] = await db.select().from(periodicTasks).where(eq(periodicTasks.name, 'test.race'));
      expect(row!.lastRunBy).toBe('first');
    },
  );

  it('a new task waits one interval; a shortened interval takes effect at once', async () => {
    const worker = testWorker(db);
    worker.every('test.new', 60_000, async () => {});
    expect(await worker.runDueTasks()).toEqual([]);
    const [row] = await db.select().from(periodicTasks).where(eq(periodicTasks.name, 'test.new'));
    expect(row!.nextAt.getTime()).toBeGreaterThan(Date.now() + 50_000);

    await db
      .update(periodicTasks)
      .set({ nextAt: sql`now() + interval '1 day'` })
      .where(eq(periodicTasks.name, 'test.new'));
    const shorter = testWorker(db);
    shorter.every('test.new', 60_000, async () => {});
    expect(await shorter.runDueTasks()).toEqual(['test.new']);
  });
});

describe('purge', () => {
  it('deletes done jobs after 7 days and dead letters after 30, nothing else', async () => {
    const aged = async (status: 'done' | 'failed' | 'dead' | 'queued', days: number) => {
      const id = await enqueueJob(db, 'test.purge', {});
      await db
        .update(jobs)
        .set({
          status,
          createdAt: sql`now() - ${days + 1}::int * interval '1 day'`,
          finishedAt: status === 'queued' ? null : sql`now() - ${days}::int * interval '1 day'`,
        })
        .where(eq(jobs.id, id));
      return id;
    };
    const gone = [await aged('done', 8), await aged('failed', 31), await aged('dead', 31)];
    const kept = [
      await aged('done', 6),
      await aged('failed', 29),
      await aged('dead', 29),
      await aged('queued', 60),
    ];
    await purgeJobs(db);
    const left = (await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.kind, 'test.purge'))).map(
      (r) => r.id,
    );
    expect(left.sort()).toEqual(kept.sort());
    expect(left).not.toContain(gone[0]);
  });
});

describe.runIf(process.env.DATABASE_URL)('worker processes (PostgreSQL)', () => {
  // Processes start together (a tsx process takes seconds to start on a busy machine).
  const spawnWorkers = (n: number) =>
    Promise.all(
      Array.from({ length: n }, async () => {
        const worker = await startWorkerProcess(urlOf(database)!, LEASE);
        children.push(worker.child);
        return worker;
      }),
    );

  // Spawning four tsx processes takes half a minute on a loaded 2-core machine; one retry (with fresh
  // processes and no job left behind) keeps a starved run from failing CI, and the failure's message
  // says what the job and each process were doing.
  const PROCESS_TEST = { timeout: 90_000, retry: 1 };

  // The job, its runs and the processes, for a failure's message.
  const stateOf = (id: bigint, processes: WorkerProcess[]) => async () =>
    JSON.stringify(
      {
        job: await jobRow(id),
        runs: await runsOf(db, id),
        processes: processes.map(({ workerId, child }) => ({
          workerId,
          exitCode: child.exitCode,
          signal: child.signalCode,
        })),
      },
      (_key, value) => (typeof value === 'bigint' ? String(value) : value),
    );
  // A test's processes are killed and its job deleted even when it fails: a job left behind would be
  // taken over by the next test's processes (a hanging one blocks a batch for ever).
  const withProcesses = async (n: number, test: (processes: WorkerProcess[]) => Promise<void>) => {
    const processes = await spawnWorkers(n);
    try {
      await test(processes);
    } finally {
      for (const { child } of processes) child.kill('SIGKILL');
      await db.delete(jobs).where(inArray(jobs.kind, [SLOW, HANG, POISON]));
    }
  };

  it('a job three times longer than its lease runs once across two processes', PROCESS_TEST, async () => {
    await withProcesses(2, async (processes) => {
      const id = await enqueueJob(db, SLOW, { ms: 3 * LEASE });
      await until(
        'the job to finish',
        async () => (await jobRow(id)).status === 'done',
        30_000,
        stateOf(id, processes),
      );
      await sleep(2 * LEASE);
      expect((await runsOf(db, id)).map((r) => r.event)).toEqual(['start', 'end']);
      expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 1 });
    });
  });

  it('a killed process’s job runs again, exactly once, in another', PROCESS_TEST, async () => {
    await withProcesses(2, async (processes) => {
      // It never ends: the process running it is killed, then the one that took it over.
      const id = await enqueueJob(db, HANG, {}, { maxAttempts: 3 });
      const state = stateOf(id, processes);
      await until('the job to start', async () => (await starts(id)).length === 1, 30_000, state);
      const [first] = await starts(id);
      const killed = processes.find((p) => p.workerId === first!.worker)!;
      killed.child.kill('SIGKILL');
      await until('the job to start again', async () => (await starts(id)).length === 2, 30_000, state);
      await sleep(3 * LEASE);
      const [, second] = await starts(id);
      expect(second).toMatchObject({
        attempt: 2,
        worker: processes.find((p) => p !== killed)!.workerId,
      });
      expect(await starts(id)).toHaveLength(2);
      expect(await jobRow(id)).toMatchObject({ status: 'running', attempts: 2 });
    });
  });

  it(
    'a job that kills its process stops after its attempts, dead with the reason',
    PROCESS_TEST,
    async () => {
      // Four processes: each attempt kills the one that claimed it; the fourth finds it dead.
      await withProcesses(4, async (processes) => {
        const id = await enqueueJob(db, POISON, {}, { maxAttempts: 3 });
        await until(
          'the job to be dead',
          async () => (await jobRow(id)).status === 'dead',
          30_000,
          stateOf(id, processes),
        );
        await sleep(2 * LEASE);
        const alive = processes.filter(({ child }) => child.exitCode === null && child.signalCode === null);
        expect((await starts(id)).map((r) => r.attempt)).toEqual([1, 2, 3]);
        expect(alive).toHaveLength(1);
        expect(await jobRow(id)).toMatchObject({
          status: 'dead',
          attempts: 3,
          lastError: 'the worker stopped while running it (attempt 3 of 3)',
        });
      });
    },
  );
});

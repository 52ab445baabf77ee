import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { buildServerIfStale, SERVER_ENTRY } from '../../../../scripts/build-server.mjs';
import { jobs } from '../../src/db/schema/platform';
import { type Db, rows } from '../../src/platform/db';
import { SEED_ENV } from './seed-env';

// The real server (apps/server/dist/main.js, as `npm start` runs it) in a process of its own on a
// PostgreSQL test database, for tests that kill it with SIGKILL in the middle of a job and start
// another (test/job-kill.test.ts, ADR 0016). A lock the test holds in the database stops the job at
// a named point: the test sees the server's connection wait for it, then kills the process there.

export interface ServerProcess {
  child: ChildProcess;
  /** How it ended, when it ended without being killed by `kill9` (a start-up failure). */
  ended(): string | undefined;
  /** SIGKILL: the process dies, runs no handler, finishes nothing; resolves once it is gone. */
  kill9(): Promise<void>;
}

/** Builds the server when its sources are newer than apps/server/dist (once, before the first start). */
export async function buildServer(): Promise<void> {
  if ((await buildServerIfStale({ quiet: true })) !== 0) throw new Error('the server did not build');
}

/** Starts the compiled server on `databaseUrl` with its files under `dataDir`; its job worker polls. */
export async function startServerProcess(databaseUrl: string, dataDir: string): Promise<ServerProcess> {
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    env: {
      ...process.env,
      ...SEED_ENV,
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      SANDBOX: 'off',
      LOG_LEVEL: 'warn',
      JOB_POLL_MS: '50',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let killed = false;
  let exit: string | undefined;
  const gone = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exit = String(signal ?? code);
      resolve();
    }),
  );
  return {
    child,
    ended: () => (killed ? undefined : exit),
    kill9: async () => {
      killed = true;
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await gone;
    },
  };
}

/** Waits for `check`, polling every 10 ms; fails when the server process ends first or time is up. */
export async function until(
  what: string,
  check: () => Promise<boolean>,
  server?: ServerProcess,
  ms = 30_000,
): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    const ended = server?.ended();
    if (ended) throw new Error(`the server process ended (${ended}) while waiting for ${what}`);
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

/**
 * A transaction of the test that holds locks (`take`) until `release`: another connection that needs
 * them waits. `pid` is its backend, for `waitingOn`.
 */
export async function holdLocks(
  db: Db,
  take: (tx: Db) => Promise<void>,
): Promise<{ pid: number; release(): Promise<void> }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let ready!: (pid: number) => void;
  let failed!: (error: unknown) => void;
  const held = new Promise<number>((resolve, reject) => {
    ready = resolve;
    failed = reject;
  });
  const rollback = new Error('released');
  const done = db
    .transaction(async (tx) => {
      await take(tx);
      const [me] = await rows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
      ready(me!.pid);
      await released;
      throw rollback;
    })
    .catch((error: unknown) => {
      if (error !== rollback) failed(error);
    });
  const pid = await held;
  return {
    pid,
    release: async () => {
      release();
      await done;
    },
  };
}

/** What the connections waiting on backend `pid`'s locks are running (their SQL, as sent). */
export async function waitingOn(db: Db, pid: number): Promise<string[]> {
  const found = await rows<{ query: string }>(
    db,
    sql`select query from pg_stat_activity where ${pid} = any(pg_blocking_pids(pid))`,
  );
  return found.map((r) => r.query);
}

/**
 * Kills the server while its connection waits on the test's locks, as if it had died just before
 * sending that statement: the waiting statement is cancelled with its connection (a dead process
 * sends nothing more; left alone, PostgreSQL would run and commit it once the locks go), then the
 * locks are released.
 */
export async function killAtLock(
  db: Db,
  server: ServerProcess,
  lock: { pid: number; release(): Promise<void> },
): Promise<void> {
  await server.kill9();
  await db.execute(
    sql`select pg_terminate_backend(pid, 5000) from pg_stat_activity where ${lock.pid} = any(pg_blocking_pids(pid))`,
  );
  await lock.release();
}

/**
 * After a kill: the dead server's lease lapses (moved back an hour: the test does not wait the 5
 * minutes), then `restart` starts another server, whose worker finds the job abandoned and queues
 * it again after a backoff (counted as a failed attempt); the backoff is skipped the same way.
 * Answers the job's row as the recovery left it (its `last_error`).
 */
export async function resumeAfterRestart(
  db: Db,
  jobId: bigint,
  restart: () => Promise<ServerProcess>,
): Promise<{ server: ServerProcess; lastError: string | null }> {
  await db
    .update(jobs)
    .set({ lockedAt: sql`${jobs.lockedAt} - interval '1 hour'` })
    .where(eq(jobs.id, jobId));
  const server = await restart();
  const job = async () => (await db.select().from(jobs).where(eq(jobs.id, jobId)))[0]!;
  await until(
    'the restarted server to recover the job',
    async () => (await job()).status !== 'running',
    server,
  );
  const recovered = await job();
  await db
    .update(jobs)
    .set({ runAt: sql`now()` })
    .where(sql`${jobs.id} = ${jobId} and ${jobs.status} = 'queued'`);
  return { server, lastError: recovered.lastError };
}

/** A free port on the loopback (two-processes, lazy-packages). */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** SIGTERM, as an operator stops a server; SIGKILL when it has not ended 10 s later. */
export async function stopServer(server: ChildProcess | undefined): Promise<void> {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await Promise.race([exited, sleep(10_000)]);
  if (server.exitCode === null) server.kill('SIGKILL');
}

import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { REPO_ROOT } from '../../src/platform/config';
import { type Db, openDatabase, rows } from '../../src/platform/db';
import { JobWorker, type JobWorkerOptions } from '../../src/platform/jobs/job-worker';

// The job kinds of the worker tests (src/platform/jobs/job-worker.test.ts) and a worker process that
// runs them: a second server process as far as the queue can tell (ADR 0016). Each run is written to
// `job_runs`, so a test counts how often a job started and finished, in which worker and attempt.

export const SLOW = 'test.slow';
export const HANG = 'test.hang';
export const POISON = 'test.poison';

export async function createRunsTable(db: Db): Promise<void> {
  await db.execute(sql`create table if not exists job_runs (
    job_id bigint not null, worker text not null, attempt int not null, event text not null,
    at timestamptz not null default now())`);
}

export type Run = {
  worker: string;
  attempt: number;
  event: 'start' | 'end';
};

export const runsOf = (db: Db, jobId: bigint) =>
  rows<Run>(
    db,
    sql`select worker, attempt, event from job_runs where job_id = ${jobId} order by at, event desc`,
  );

/**
 * A worker with the test kinds: `test.slow` sleeps `payload.ms`; `test.hang` never ends (its process
 * is killed); `test.poison` kills its own process, as an XLSX bomb running it out of memory would.
 */
export function testWorker(db: Db, options: Partial<JobWorkerOptions> = {}): JobWorker {
  const worker = new JobWorker({ db, log: quiet, pollMs: 20, retryBaseMs: 0, ...options });
  const record = (jobId: bigint, attempt: number, event: Run['event']) =>
    db.execute(
      sql`insert into job_runs (job_id, worker, attempt, event) values (${jobId}, ${worker.id}, ${attempt}, ${event})`,
    );
  worker.handle(SLOW, async (payload, ctx) => {
    await record(ctx.jobId, ctx.attempt, 'start');
    await sleep(Number(payload.ms));
    await record(ctx.jobId, ctx.attempt, 'end');
  });
  worker.handle(HANG, async (_payload, ctx) => {
    await record(ctx.jobId, ctx.attempt, 'start');
    await new Promise(() => {});
  });
  worker.handle(POISON, async (_payload, ctx) => {
    await record(ctx.jobId, ctx.attempt, 'start');
    process.kill(process.pid, 'SIGKILL');
  });
  return worker;
}

export const quiet = { info() {}, warn() {}, error() {} };

export interface WorkerProcess {
  child: ChildProcess;
  /** Its `JobWorker.id`, as `job_runs.worker` names it. */
  workerId: string;
}

/**
 * This file bundled to JavaScript once per test process (the server build's bundler, to
 * tmp/job-worker/): four worker processes each loading the TypeScript
 * sources through tsx cost seconds of CPU apiece beside the browser suite in CI (ADR 0012).
 */
let compiled: Promise<string> | undefined;
function compiledScript(): Promise<string> {
  compiled ??= (async () => {
    // Under the repository, where the bundle's imports of installed packages resolve; one file,
    // rebuilt by each run (a process killed by vitest runs no exit handler to remove a copy of its own).
    const outfile = join(REPO_ROOT, 'tmp', 'job-worker', 'job-worker-process.mjs');
    // Imported by its path, not by name: the bundle must not take the build script in with it.
    const build: typeof import('../../../../scripts/build-server.mjs') = await import(
      pathToFileURL(join(REPO_ROOT, 'scripts/build-server.mjs')).href
    );
    await build.bundleForNode({ entry: fileURLToPath(import.meta.url), outfile });
    return outfile;
  })();
  return compiled;
}

/** A worker in a process of its own on the PostgreSQL database at `url`, started and polling. */
export async function startWorkerProcess(url: string, leaseMs: number): Promise<WorkerProcess> {
  const child = spawn(process.execPath, [await compiledScript(), url, String(leaseMs)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const workerId = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) =>
      reject(new Error(`the worker process exited (${code}) before it was ready`)),
    );
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const ready = /ready (\S+)\n/.exec(out);
      if (ready) resolve(ready[1]!);
    });
  });
  return { child, workerId };
}

async function main(url: string, leaseMs: number): Promise<void> {
  const database = await openDatabase({ url, poolSize: 3 });
  // Its warnings and errors reach the test run's output: a worker that cannot poll says why.
  const say = (level: string) => (obj: object, msg?: string) =>
    void process.stderr.write(`[job worker ${process.pid} ${level}] ${msg ?? ''} ${describe(obj)}\n`);
  const worker = testWorker(database.db, {
    leaseMs,
    log: { info() {}, warn: say('warn'), error: say('error') },
  });
  // Ended by SIGKILL: a process that dies, not one that shuts down. The worker's timers are unref'd
  // (a server's worker must not hold its process open), and the pool opens no connection before the
  // first poll: without a handle of its own, a loaded machine let the process run out of work and exit
  // (code 0) between printing "ready" and its first poll.
  setInterval(() => {}, 60_000);
  worker.start();
  process.stdout.write(`ready ${worker.id}\n`);
}

function describe(obj: object): string {
  const { err, ...rest } = obj as { err?: unknown };
  return `${JSON.stringify(rest)}${err instanceof Error ? ` ${err.stack ?? err.message}` : ''}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await main(process.argv[2]!, Number(process.argv[3]));
}

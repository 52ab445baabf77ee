import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { printTable } from './table.ts';

// Start-up and idle memory (issue 33): `npm start` (scripts/start.mjs) on a new data folder (a first
// start: the database from the migrated template, seeded) and again on the same folder (a restart),
// timed to the first page (`/` answering 200), with the server's CPU time until then and its RSS
// after STARTUP_IDLE_SECONDS at rest; then one request under /dev opens the sandbox, and its RSS
// after that. The web app and the server build must be current (npm install / npm start made them).
//
//   npm run bench -- startup            STARTUP_ROUNDS=3 STARTUP_IDLE_SECONDS=8
//
// On a busy machine the wall-clock figures stretch; the CPU column does not.

const root = fileURLToPath(new URL('../..', import.meta.url));

/** utime + stime of a process in ms, 0 when it is gone. */
function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Math.round(Number(match?.[1] ?? 0) / 1024);
}

/** The server: the launcher's child process (start.mjs spawns it). */
function serverPid(launcher: number): number {
  for (const task of readdirSync(`/proc/${launcher}/task`)) {
    const children = `/proc/${launcher}/task/${task}/children`;
    if (!existsSync(children)) continue;
    const [first] = readFileSync(children, 'utf8').trim().split(/\s+/).filter(Boolean);
    if (first) return Number(first);
  }
  return launcher;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function untilOk(url: string, child: ChildProcess): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(50);
  }
}

interface StartFigures {
  firstPageMs: number;
  cpuMs: number;
  idleRssMb: number;
  sandboxMs: number;
  sandboxRssMb: number;
}

async function startOnce(dataDir: string, port: number, idleSeconds: number): Promise<StartFigures> {
  const started = performance.now();
  const child = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  try {
    await untilOk(`http://localhost:${port}/`, child);
    const firstPageMs = performance.now() - started;
    const server = serverPid(child.pid!);
    const cpu = cpuMs(server);
    await sleep(idleSeconds * 1000);
    const idleRssMb = rssMb(server);
    const before = performance.now();
    await fetch(`http://localhost:${port}/dev/readyz`);
    const sandboxMs = performance.now() - before;
    await sleep(2000);
    return { firstPageMs, cpuMs: cpu, idleRssMb, sandboxMs, sandboxRssMb: rssMb(server) };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

export async function startupBench(): Promise<void> {
  const rounds = Number(process.env.STARTUP_ROUNDS ?? 2);
  const idleSeconds = Number(process.env.STARTUP_IDLE_SECONDS ?? 8);
  const port = Number(process.env.STARTUP_PORT ?? 3290);
  const rows: Array<Record<string, string | number>> = [];
  for (let round = 0; round < rounds; round++) {
    const dataDir = mkdtempSync(join(tmpdir(), 'qcdesk-startup-'));
    try {
      for (const kind of ['first start', 'restart']) {
        const f = await startOnce(dataDir, port, idleSeconds);
        rows.push({
          start: kind,
          'first page ms': Math.round(f.firstPageMs),
          'server CPU ms': f.cpuMs,
          'idle RSS MB': f.idleRssMb,
          'sandbox opens ms': Math.round(f.sandboxMs),
          'RSS with sandbox MB': f.sandboxRssMb,
        });
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
  printTable(`Start-up (npm start, PGlite, sandbox on; load average ${load})`, rows);
}

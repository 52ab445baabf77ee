import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { NodeEnvelope } from '@qcdesk/client/envelope';
import { printTable } from './table.ts';

// Lighthouse (issue 32): the desktop preset's performance and accessibility scores of the sign-in
// page, Home and the client list, the median of LIGHTHOUSE_RUNS (5) runs each, with the budgets that
// do not swing from run to run: the JavaScript bytes a route loads and its total blocking time.
// The product runs as `npm start` runs it (PGlite, a new data folder); Home and the list are read
// signed in (the admin, "remember me": the refresh token in the profile's localStorage, which
// Lighthouse is told to keep, and with it the HTTP cache: the runs after the first are a returning
// user's). Lighthouse (~190 MB with its dependencies) is not a dependency of
// the project: it is installed on first use into node_modules/.cache/qcdesk/lighthouse.
//
//   npm run bench -- lighthouse          LIGHTHOUSE_RUNS=5 LIGHTHOUSE_PORT=3295

const LIGHTHOUSE_VERSION = '12.8.2';
const root = fileURLToPath(new URL('../..', import.meta.url));
const PASSWORD = 'Lighthouse1';

/** Lighthouse's folder, installed there with npm on first use. */
function lighthouseHome(): string {
  const home = join(root, 'node_modules/.cache/qcdesk/lighthouse');
  const manifest = join(home, 'node_modules/lighthouse/package.json');
  const installed = existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).version;
  if (installed !== LIGHTHOUSE_VERSION) {
    process.stdout.write(`Installing lighthouse@${LIGHTHOUSE_VERSION} into ${home} (once)…\n`);
    execFileSync(
      'npm',
      [
        'install',
        '--no-audit',
        '--no-fund',
        '--ignore-scripts',
        '--no-save',
        '--prefix',
        home,
        `lighthouse@${LIGHTHOUSE_VERSION}`,
      ],
      { stdio: 'inherit' },
    );
  }
  return home;
}

const importFrom = (home: string, path: string) =>
  import(pathToFileURL(join(home, 'node_modules', path)).href) as Promise<Record<string, unknown>>;

async function untilOk(url: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (server.exitCode !== null)
      throw new Error(`the server ended (${server.exitCode}) before ${url} answered`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The admin's refresh token ("remember me"), signed in through the envelope as the web app does. */
async function refreshToken(base: string): Promise<string> {
  const client = new NodeEnvelope();
  await client.handshake(async () => (await fetch(`${base}/api/publickey`)).json());
  const answer = await fetch(`${base}/api/auth?cpt=qcdesk-cli&format=json`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(client.request('POST', { username: 'admin', password: PASSWORD, remember: true })),
  });
  const opened = JSON.parse(client.open(((await answer.json()) as { data: string }).data)) as {
    data: { refreshToken: string };
  };
  return opened.data.refreshToken;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

interface Lhr {
  finalDisplayedUrl: string;
  categories: { performance: { score: number }; accessibility: { score: number } };
  audits: Record<string, { numericValue?: number; details?: { items?: Array<Record<string, unknown>> } }>;
}

export async function lighthouseBench(): Promise<void> {
  const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
  const port = Number(process.env.LIGHTHOUSE_PORT ?? 3295);
  const home = lighthouseHome();
  const lighthouse = (await importFrom(home, 'lighthouse/core/index.js')).default as (
    url: string,
    flags: Record<string, unknown>,
    config: unknown,
  ) => Promise<{ lhr: Lhr }>;
  const desktop = (await importFrom(home, 'lighthouse/core/config/desktop-config.js')).default;
  const chromeLauncher = await importFrom(home, 'chrome-launcher/dist/index.js');
  const puppeteer = (await importFrom(home, 'puppeteer-core/lib/esm/puppeteer/puppeteer-core.js'))
    .default as {
    connect(options: { browserURL: string }): Promise<{
      newPage(): Promise<{
        goto(url: string): Promise<unknown>;
        evaluate<A>(f: (a: A) => void, a: A): Promise<void>;
        close(): Promise<void>;
      }>;
      disconnect(): Promise<void>;
    }>;
  };

  const dataDir = mkdtempSync(join(tmpdir(), 'qcdesk-lighthouse-'));
  const base = `http://localhost:${port}`;
  const server = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      QCDESK_ADMIN_PASSWORD: PASSWORD,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const launch = chromeLauncher.launch as (
    o: Record<string, unknown>,
  ) => Promise<{ port: number; kill(): Promise<void> }>;
  const chrome = await launch({
    chromePath: process.env.LIGHTHOUSE_CHROMIUM ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    await untilOk(`${base}/healthz`, server);
    const pages = [
      { name: 'sign-in', path: '/en/login', signedIn: false },
      { name: 'home', path: '/en', signedIn: true },
      { name: 'client list', path: '/en/client', signedIn: true },
    ];
    const rows: Array<Record<string, string | number>> = [];
    for (const page of pages) {
      if (page.signedIn) {
        const token = await refreshToken(base);
        const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
        const tab = await browser.newPage();
        await tab.goto(`${base}/healthz`);
        await tab.evaluate((t: string) => localStorage.setItem('qcdesk.refreshToken', t), token);
        await tab.close();
        await browser.disconnect();
      }
      const results: Lhr[] = [];
      for (let i = 0; i < runs; i++) {
        const { lhr } = await lighthouse(
          `${base}${page.path}`,
          {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility'],
            disableStorageReset: true,
          },
          desktop,
        );
        results.push(lhr);
      }
      // What the route's scripts weigh decoded (the HTTP cache is kept between runs, as the
      // signed-in storage is, so transfer sizes would read as nothing after the first run).
      const scriptBytes = (lhr: Lhr) =>
        (lhr.audits['network-requests']?.details?.items ?? [])
          .filter((item) => item.resourceType === 'Script')
          .reduce((sum, item) => sum + Number(item.resourceSize ?? 0), 0);
      for (const lhr of results) {
        if (page.signedIn && new URL(lhr.finalDisplayedUrl).pathname !== page.path) {
          throw new Error(`${page.path} was not read signed in: it ended at ${lhr.finalDisplayedUrl}`);
        }
      }
      rows.push({
        page: `${page.name} (${page.path})`,
        performance: Math.round(median(results.map((r) => r.categories.performance.score * 100))),
        accessibility: Math.round(median(results.map((r) => r.categories.accessibility.score * 100))),
        'TBT ms': Math.round(median(results.map((r) => r.audits['total-blocking-time']?.numericValue ?? 0))),
        'LCP ms': Math.round(
          median(results.map((r) => r.audits['largest-contentful-paint']?.numericValue ?? 0)),
        ),
        'JS KB (decoded)': Math.round(median(results.map(scriptBytes)) / 1024),
        'performance, each run': results
          .map((r) => Math.round(r.categories.performance.score * 100))
          .join(' '),
      });
    }
    const load = readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
    printTable(
      `Lighthouse ${LIGHTHOUSE_VERSION}, desktop preset, median of ${runs} (load average ${load})`,
      rows,
    );
  } finally {
    await chrome.kill();
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

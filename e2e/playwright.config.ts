import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { ADMIN_PASSWORD, DEMO_PASSWORD } from './tests/accounts';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const BASE_URL = `http://localhost:${PORT}`;
// E2E_DATABASE_URL: the server runs on PostgreSQL instead, a database of its own per run on that
// server, with E2E_PROCESSES (2) processes behind the port and no sandbox (pg-server.mjs; issue 32).
const ON_POSTGRES = Boolean(process.env.E2E_DATABASE_URL);
// A fresh database per run, so tests never depend on what an earlier run left behind.
const DATA_DIR = fileURLToPath(new URL(`../tmp/e2e-data-${Date.now()}`, import.meta.url));

type TraceMode = 'off' | 'on' | 'retain-on-failure' | 'on-first-retry' | 'on-all-retries';

function traceMode(value: string | undefined): TraceMode {
  const modes: TraceMode[] = ['off', 'on', 'retain-on-failure', 'on-first-retry', 'on-all-retries'];
  return modes.find((mode) => mode === value) ?? 'on-first-retry';
}

export default defineConfig({
  testDir: 'tests',
  // The sandbox needs a database of its own on PostgreSQL: its spec runs on the embedded database.
  testIgnore: ON_POSTGRES ? ['**/sandbox.spec.ts'] : [],
  // Two files at a time, each file's tests in order. Every spec owns what it changes (its own users,
  // groups and uniquely named records, tests/api.ts), so files never wait on one another's data.
  // E2E_WORKERS=1 runs them one at a time.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  forbidOnly: Boolean(process.env.CI),
  // Whole flows (create a user, read the mail, set a password, sign in) take 20–40 s when the two
  // cores are busy; one retry keeps a slow machine from failing the run, and is reported as flaky.
  retries: 1,
  reporter: [['list']],
  timeout: 90_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL: BASE_URL,
    // The product honours the system's reduced-motion setting (antd's motion off, app/theme.ts): no
    // slide or fade to wait for, and less rendering for two browsers on two cores.
    reducedMotion: 'reduce',
    // A trace is recorded for a failed test's retry, not for every test: recording one streams a
    // screencast of every frame from the browser, which cost as much CPU as the tests themselves
    // (materials, orders and order-form specs: Chromium 123 → 68 CPU-s, wall 102 → 70 s; ADR 0012).
    // E2E_TRACE=retain-on-failure records every test again when a failure will not repeat.
    trace: traceMode(process.env.E2E_TRACE),
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        // Debian's Chromium from apt; Playwright never downloads a browser here. Its headless shell
        // (old headless mode, no browser UI to composite) costs a quarter less CPU than the full
        // browser for the same pages (ADR 0012); E2E_CHROMIUM=/usr/bin/chromium runs the full one.
        launchOptions: {
          executablePath: process.env.E2E_CHROMIUM ?? '/usr/bin/chromium-headless-shell',
          args: [
            '--headless',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            // V8 without its optimising compiler (TurboFan): a test's pages live seconds, too short
            // for optimised code to pay back its compile; the browser's CPU fell by 11–17 % (ADR 0012).
            '--js-flags=--no-opt',
          ],
        },
      },
    },
  ],
  webServer: {
    command: ON_POSTGRES ? 'node pg-server.mjs' : 'node ../scripts/start.mjs',
    url: `${BASE_URL}/healthz`,
    reuseExistingServer: false,
    // A fresh database is migrated and seeded first: 20–30 s on a quiet machine, 3.5 min was seen
    // on the shared one at load 20 (the limit only bounds a hung start).
    timeout: 300_000,
    stdout: 'pipe',
    stderr: 'pipe',
    // The seed makes `admin` with a known password and one verified demo user per role (issue 3), in
    // the product and in its sandbox under /dev (SANDBOX=on: PGlite in DATA_DIR/sandbox, same passwords).
    env: {
      PORT: String(PORT),
      DATA_DIR,
      LOG_LEVEL: 'warn',
      SANDBOX: 'on',
      QCDESK_ADMIN_PASSWORD: ADMIN_PASSWORD,
      QCDESK_DEMO_USERS: '1',
      QCDESK_DEMO_PASSWORD: DEMO_PASSWORD,
      // Every browser of the suite signs in from 127.0.0.1, as the same few demo users.
      ANON_IP_MAX_REQUESTS: '10000000',
      ANON_ACCOUNT_MAX_REQUESTS: '10000000',
    },
  },
});

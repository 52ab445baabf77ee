import { defineConfig } from 'vitest/config';

/**
 * Test files that need a module graph of their own: a fresh app whose stores have never opened
 * (files), and child processes that import the server themselves (sign-in lockout, job worker). They
 * run in the `server-isolated` project (vitest.isolated.config.ts), one fresh graph per file.
 */
export const ISOLATED = [
  'src/modules/files/files.test.ts',
  'src/modules/identity/sign-in.test.ts',
  'src/platform/jobs/job-worker.test.ts',
];

/**
 * One module graph per worker (`isolate: false`): every file still opens its own database from the
 * run's template (test/support/test-database.ts) and builds its own app, but the server's modules
 * are imported once per worker instead of once per file (ADR 0012).
 */
export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: ISOLATED,
    environment: 'node',
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    isolate: false,
    restoreMocks: true,
    unstubEnvs: true,
    unstubGlobals: true,
  },
});

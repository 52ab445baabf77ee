import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Files share a worker's module cache instead of importing the app again each (~1.3 s of CPU a
    // file). Every file opens its own database and app (test/support), and no module keeps state
    // that a test depends on; tests that mock or fake restore what they changed (ADR 0012).
    isolate: false,
  },
});

import { defineConfig } from 'vitest/config';

/**
 * React's scheduler runs queued work on Node's setImmediate, which outlives the file's happy-dom
 * window: a render queued by an antd timer or motion after the file's last test then throws
 * "window is not defined" from inside react-dom, after every assertion of the file has run. Such an
 * error cannot hide a failed test, so it is dropped; any other unhandled error still fails the run.
 */
function isTeardownRender(error: Error): boolean {
  const stack = error.stack ?? '';
  if (error.name !== 'ReferenceError' || !/^\w+ is not defined$/.test(error.message)) return false;
  if (stack.includes('react-dom') && stack.includes('performWorkUntilDeadline')) return true;
  // The same for a toast's 2 s close timer (components/toast.tsx) that fires in the reused worker
  // after the file that showed the toast is done: it only unhooks a listener from the gone document.
  return stack.includes('components/toast.tsx') && stack.includes('listOnTimeout');
}

// One vitest run drives the three unit/API projects; Playwright specs live in e2e/ and never match.
// Two test files at a time: vitest's default (one less than the cores) is a single worker on the
// 2-core CI machine, which leaves a core idle whenever a file waits on PGlite's I/O, PostgreSQL or a
// socket (ADR 0012). `--maxWorkers=1` on the command line still runs them one by one.
export default defineConfig({
  test: {
    projects: [
      'packages/contract',
      'apps/server/vitest.config.ts',
      'apps/server/vitest.isolated.config.ts',
      'apps/web/vitest.config.ts',
      'apps/web/vitest.isolated.config.ts',
    ],
    maxWorkers: 2,
    onUnhandledError: (error) => !isTeardownRender(error),
  },
});

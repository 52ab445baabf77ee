import { defineConfig } from 'vitest/config';

/**
 * React's scheduler runs queued work on Node's setImmediate, which outlives the file's happy-dom
 * window: a render queued by an antd timer or motion after the file's last test then throws
 * "window is not defined" from inside react-dom, after every assertion of the file has run. Such an
 * error cannot hide a failed test, so it is dropped; any other unhandled error still fails the run.
 */
function isTeardownRender(error: Error): boolean {
  const stack = error.stack ?? '';
  return (
    error.name === 'ReferenceError' &&
    /^\w+ is not defined$/.test(error.message) &&
    stack.includes('react-dom') &&
    stack.includes('performWorkUntilDeadline')
  );
}

// One vitest run drives the three unit/API projects; Playwright specs live in e2e/ and never match.
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web'],
    onUnhandledError: (error) => !isTeardownRender(error),
  },
});

import { defineConfig } from 'vitest/config';

// One vitest run drives the three unit/API projects; Playwright specs live in e2e/ and never match.
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web'],
  },
});

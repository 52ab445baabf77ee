import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * Test files that need a module graph of their own, in the `web-isolated` project
 * (vitest.isolated.config.ts), one fresh graph per file: the first three replace a module with
 * `vi.mock` (in a shared graph the stand-in reaches the files after them); the last two read state
 * an earlier file leaves in a shared graph (a notifier's earlier notice; the status texts of the
 * language loaded first), not yet untangled.
 */
export const ISOLATED = [
  'src/components/photo-gallery.test.tsx',
  'src/features/config/job-error-panel.test.tsx',
  'src/lib/schema-recorder.test.ts',
  'src/components/export-button.test.tsx',
  'src/components/record/test-status-tag.test.tsx',
];

/**
 * One module graph per worker (`isolate: false`): importing antd, React and the features once per
 * worker instead of once per file took the web tests from 465 s to about 130 s on two busy cores
 * (ADR 0012). What a file changes globally is undone after it: spies and stubbed globals by the
 * options below, the DOM and the language by src/test/setup.ts.
 */
export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: ISOLATED,
    environment: 'happy-dom',
    isolate: false,
    restoreMocks: true,
    unstubGlobals: true,
    setupFiles: ['src/test/setup.ts'],
    // Rendering antd screens in happy-dom takes seconds when the two cores are busy (CI runs the
    // server suite alongside); the default 5 s made such tests flaky.
    testTimeout: 20_000,
  },
});

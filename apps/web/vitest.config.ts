import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    setupFiles: ['src/test/setup.ts'],
    // Rendering antd screens in happy-dom takes seconds when the two cores are busy (CI runs the
    // server suite alongside); the default 5 s made such tests flaky.
    testTimeout: 20_000,
  },
});

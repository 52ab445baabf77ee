import { defineConfig, mergeConfig } from 'vitest/config';
import base, { ISOLATED } from './vitest.config';

/** The files of `ISOLATED` (vitest.config.ts), each in a fresh module graph. */
export default mergeConfig(
  { ...base, test: { ...base.test, include: ISOLATED, exclude: [], isolate: true } },
  defineConfig({ test: { name: 'web-isolated' } }),
);

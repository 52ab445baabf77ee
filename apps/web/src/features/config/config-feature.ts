import type { Feature } from '../../lib/feature';

/** The config area as the shell registers it (app/features.ts). */
export const configFeature = {
  pages: {},
  texts: {
    en: async () => ({ config: (await import('./config.en')).configEn }),
    zh: async () => ({ config: (await import('./config.zh')).configZh }),
  },
} satisfies Feature;

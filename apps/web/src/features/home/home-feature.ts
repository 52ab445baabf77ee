import { type Feature, page } from '../../lib/feature';

/** The home area as the shell registers it (app/features.ts). */
export const homeFeature = {
  pages: {
    Home: page(
      () => import('./home-page'),
      (m) => m.HomePage,
    ),
  },
  texts: {
    en: async () => ({ dashboard: (await import('./dashboard.en')).dashboardEn }),
    zh: async () => ({ dashboard: (await import('./dashboard.zh')).dashboardZh }),
  },
} satisfies Feature;

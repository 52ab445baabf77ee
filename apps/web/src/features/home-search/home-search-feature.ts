import { type Feature, page } from '../../lib/feature';

/** The home-search area as the shell registers it (app/features.ts). */
export const homeSearchFeature = {
  pages: {
    HomeSearch: page(
      () => import('./home-search-page'),
      (m) => m.HomeSearchPage,
    ),
  },
  texts: {
    en: async () => ({ 'home-search': (await import('./home-search.en')).homeSearchEn }),
    zh: async () => ({ 'home-search': (await import('./home-search.zh')).homeSearchZh }),
  },
} satisfies Feature;

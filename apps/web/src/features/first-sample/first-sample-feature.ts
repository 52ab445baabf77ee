import { type Feature, page } from '../../lib/feature';

/** The first-sample area as the shell registers it (app/features.ts). */
export const firstSampleFeature = {
  pages: {
    FirstSample: page(
      () => import('./first-sample-list-page'),
      (m) => m.FirstSampleListPage,
    ),
    FirstSampleDetail: page(
      () => import('./first-sample-detail-page'),
      (m) => m.FirstSampleDetailPage,
    ),
    FirstSampleResult: page(
      () => import('./first-sample-result-page'),
      (m) => m.FirstSampleResultPage,
    ),
  },
  texts: {
    en: async () => ({ 'first-sample': (await import('./first-sample.en')).firstSampleEn }),
    zh: async () => ({ 'first-sample': (await import('./first-sample.zh')).firstSampleZh }),
  },
} satisfies Feature;

import { type Feature, page } from '../../lib/feature';

/** The original-sample area as the shell registers it (app/features.ts). */
export const originalSampleFeature = {
  pages: {
    OriginalSample: page(
      () => import('./original-sample-list-page'),
      (m) => m.OriginalSampleListPage,
    ),
    OriginalSampleDetail: page(
      () => import('./original-sample-detail-page'),
      (m) => m.OriginalSampleDetailPage,
    ),
  },
  texts: {
    en: async () => ({ 'original-sample': (await import('./original-sample.en')).originalSampleEn }),
    zh: async () => ({ 'original-sample': (await import('./original-sample.zh')).originalSampleZh }),
  },
} satisfies Feature;

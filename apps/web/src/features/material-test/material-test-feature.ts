import { type Feature, page } from '../../lib/feature';

/** The material-test area as the shell registers it (app/features.ts). */
export const materialTestFeature = {
  pages: {
    MaterialTest: page(
      () => import('./material-test-list-page'),
      (m) => m.MaterialTestListPage,
    ),
    MaterialTestDetail: page(
      () => import('./material-test-detail-page'),
      (m) => m.MaterialTestDetailPage,
    ),
  },
  texts: {
    en: async () => ({ 'material-test': (await import('./material-test.en')).materialTestEn }),
    zh: async () => ({ 'material-test': (await import('./material-test.zh')).materialTestZh }),
  },
} satisfies Feature;

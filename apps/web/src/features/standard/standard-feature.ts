import { type Feature, page } from '../../lib/feature';

/** The standard area as the shell registers it (app/features.ts). */
export const standardFeature = {
  pages: {
    StandardCommon: page(
      () => import('./standard-list-page'),
      (m) => m.CommonStandardListPage,
    ),
    StandardCommonDetail: page(
      () => import('./standard-detail-page'),
      (m) => m.CommonStandardDetailPage,
    ),
    StandardCountry: page(
      () => import('./standard-list-page'),
      (m) => m.CountryStandardListPage,
    ),
    StandardCountryDetail: page(
      () => import('./standard-detail-page'),
      (m) => m.CountryStandardDetailPage,
    ),
  },
  texts: {
    en: async () => ({ standard: (await import('./standard.en')).standardEn }),
    zh: async () => ({ standard: (await import('./standard.zh')).standardZh }),
  },
} satisfies Feature;

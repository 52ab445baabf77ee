import { type Feature, page } from '../../lib/feature';

const list = page(
  () => import('./production-sample-list-page'),
  (m) => m.ProductionSampleListPage,
);

/** The production-sample area as the shell registers it (app/features.ts); `orderproduct` is the same screen (spec §2). */
export const productionSampleFeature = {
  pages: {
    ProductionSample: list,
    OrderProduct: list,
    ProductionSampleDetail: page(
      () => import('./production-sample-detail-page'),
      (m) => m.ProductionSampleDetailPage,
    ),
  },
  texts: {
    en: async () => ({ 'production-sample': (await import('./production-sample.en')).productionSampleEn }),
    zh: async () => ({ 'production-sample': (await import('./production-sample.zh')).productionSampleZh }),
  },
} satisfies Feature;

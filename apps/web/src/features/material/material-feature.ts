import { type Feature, page } from '../../lib/feature';

/** The material area as the shell registers it (app/features.ts). */
export const materialFeature = {
  pages: {
    Material: page(
      () => import('./material-list-page'),
      (m) => m.MaterialListPage,
    ),
    MaterialDetail: page(
      () => import('./material-detail-page'),
      (m) => m.MaterialDetailPage,
    ),
  },
  texts: {
    en: async () => ({ material: (await import('./material.en')).materialEn }),
    zh: async () => ({ material: (await import('./material.zh')).materialZh }),
  },
} satisfies Feature;

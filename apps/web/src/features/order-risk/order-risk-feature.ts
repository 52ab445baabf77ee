import { type Feature, page } from '../../lib/feature';

/** The order-risk area as the shell registers it (app/features.ts). */
export const orderRiskFeature = {
  pages: {
    OrderRisk: page(
      () => import('./order-risk-list-page'),
      (m) => m.OrderRiskListPage,
    ),
    OrderRiskDetail: page(
      () => import('./order-risk-detail-page'),
      (m) => m.OrderRiskDetailPage,
    ),
  },
  texts: {
    en: async () => ({ 'order-risk': (await import('./order-risk.en')).orderRiskEn }),
    zh: async () => ({ 'order-risk': (await import('./order-risk.zh')).orderRiskZh }),
  },
} satisfies Feature;

import { type Feature, page } from '../../lib/feature';

/** The test-order area as the shell registers it (app/features.ts). */
export const testOrderFeature = {
  pages: {
    OrderTest: page(
      () => import('./test-order-list-page'),
      (m) => m.TestOrderListPage,
    ),
    OrderTestDetail: page(
      () => import('./test-order-detail-page'),
      (m) => m.TestOrderDetailPage,
    ),
  },
  texts: {
    en: async () => ({ 'test-order': (await import('./test-order.en')).testOrderEn }),
    zh: async () => ({ 'test-order': (await import('./test-order.zh')).testOrderZh }),
  },
} satisfies Feature;

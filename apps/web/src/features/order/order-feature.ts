import { type Feature, page } from '../../lib/feature';

/** The order area as the shell registers it (app/features.ts). */
export const orderFeature = {
  pages: {
    Order: page(
      () => import('./order-list-page'),
      (m) => m.OrderListPage,
    ),
    OrderDetail: page(
      () => import('./order-detail-page'),
      (m) => m.OrderDetailPage,
    ),
    OrderFile: page(
      () => import('./order-file-page'),
      (m) => m.OrderFilePage,
    ),
  },
  texts: {
    en: async () => ({ order: (await import('./order.en')).orderEn }),
    zh: async () => ({ order: (await import('./order.zh')).orderZh }),
  },
} satisfies Feature;

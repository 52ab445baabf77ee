import { type Feature, page } from '../../lib/feature';

/** The client area as the shell registers it (app/features.ts). */
export const clientFeature = {
  pages: {
    Client: page(
      () => import('./client-list-page'),
      (m) => m.ClientListPage,
    ),
    ClientDetail: page(
      () => import('./client-detail-page'),
      (m) => m.ClientDetailPage,
    ),
    ClientSafeTest: page(
      () => import('./client-safety-test-page'),
      (m) => m.ClientSafetyTestPage,
    ),
  },
  texts: {
    en: async () => ({ client: (await import('./client.en')).clientEn }),
    zh: async () => ({ client: (await import('./client.zh')).clientZh }),
  },
} satisfies Feature;

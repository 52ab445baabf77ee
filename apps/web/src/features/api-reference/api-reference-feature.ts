import { type Feature, page } from '../../lib/feature';

/** The API reference as the shell registers it (app/features.ts): one screen for `api.docs` holders. */
export const apiReferenceFeature = {
  pages: {
    ApiReference: page(
      () => import('./api-reference-page'),
      (m) => m.ApiReferencePage,
    ),
  },
  texts: {
    en: async () => ({ 'api-reference': (await import('./api-reference.en')).apiReferenceEn }),
    zh: async () => ({ 'api-reference': (await import('./api-reference.zh')).apiReferenceZh }),
  },
} satisfies Feature;

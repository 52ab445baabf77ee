import { type Feature, page } from '../../lib/feature';

/** The invalidate area as the shell registers it (app/features.ts). */
export const invalidateFeature = {
  pages: {
    Invalidate: page(
      () => import('./invalidate-page'),
      (m) => m.InvalidatePage,
    ),
  },
} satisfies Feature;

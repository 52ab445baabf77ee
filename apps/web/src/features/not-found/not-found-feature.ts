import { type Feature, page } from '../../lib/feature';

/** The not-found area as the shell registers it (app/features.ts). */
export const notFoundFeature = {
  pages: {
    NotFound: page(
      () => import('./not-found-page'),
      (m) => m.NotFoundPage,
    ),
  },
} satisfies Feature;

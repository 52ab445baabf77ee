import { type Feature, page } from '../../lib/feature';

/** The help area as the shell registers it (app/features.ts). */
export const helpFeature = {
  pages: {
    Help: page(
      () => import('./help-page'),
      (m) => m.HelpPage,
    ),
  },
} satisfies Feature;

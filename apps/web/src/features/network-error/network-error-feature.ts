import { type Feature, page } from '../../lib/feature';

/** The network-error area as the shell registers it (app/features.ts). */
export const networkErrorFeature = {
  pages: {
    ErrorNetwork: page(
      () => import('./network-error-page'),
      (m) => m.NetworkErrorPage,
    ),
  },
} satisfies Feature;

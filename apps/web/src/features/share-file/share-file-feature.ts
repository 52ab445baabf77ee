import { type Feature, page } from '../../lib/feature';

/** The share-file area as the shell registers it (app/features.ts). */
export const shareFileFeature = {
  pages: {
    ShareFile: page(
      () => import('./share-file-page'),
      (m) => m.ShareFilePage,
    ),
  },
} satisfies Feature;

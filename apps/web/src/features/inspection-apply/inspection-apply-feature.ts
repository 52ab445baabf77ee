import { type Feature, page } from '../../lib/feature';

/**
 * The inspection-application area as the shell registers it (app/features.ts): the list with its
 * cart at `inspection/apply` (`?cart=1` opens the cart) and one application's details at
 * `inspection/applys?id=` (spec §2 "inspection details").
 */
export const inspectionApplyFeature = {
  pages: {
    InspectionApply: page(
      () => import('./inspection-apply-list-page'),
      (m) => m.InspectionApplyListPage,
    ),
    InspectionApplys: page(
      () => import('./inspection-apply-detail-page'),
      (m) => m.InspectionApplyDetailPage,
    ),
  },
  texts: {
    en: async () => ({ 'inspection-apply': (await import('./inspection-apply.en')).inspectionApplyEn }),
    zh: async () => ({ 'inspection-apply': (await import('./inspection-apply.zh')).inspectionApplyZh }),
  },
} satisfies Feature;

import { type Feature, page } from '../../lib/feature';

/** The inspection-plan area as the shell registers it (app/features.ts): list, plan and board on one route. */
export const inspectionPlanFeature = {
  pages: {
    InspectionPlan: page(
      () => import('./inspection-plan-page'),
      (m) => m.InspectionPlanPage,
    ),
  },
  texts: {
    en: async () => ({ 'inspection-plan': (await import('./inspection-plan.en')).inspectionPlanEn }),
    zh: async () => ({ 'inspection-plan': (await import('./inspection-plan.zh')).inspectionPlanZh }),
  },
} satisfies Feature;

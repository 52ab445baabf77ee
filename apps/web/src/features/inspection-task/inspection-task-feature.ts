import { type Feature, page } from '../../lib/feature';

/** The inspection-task area as the shell registers it (app/features.ts): list and task on one route. */
export const inspectionTaskFeature = {
  pages: {
    InspectionTask: page(
      () => import('./inspection-task-page'),
      (m) => m.InspectionTaskPage,
    ),
  },
  texts: {
    en: async () => ({ 'inspection-task': (await import('./inspection-task.en')).inspectionTaskEn }),
    zh: async () => ({ 'inspection-task': (await import('./inspection-task.zh')).inspectionTaskZh }),
  },
} satisfies Feature;

import { type Feature, page } from '../../lib/feature';

/**
 * The factory-schedule area as the shell registers it (app/features.ts): `factory/schedule` — a
 * calendar per factory, a month view across factories and the schedule list (the
 * `config/factory/schedule` calls: search, create, update, delete/undelete as `valid`).
 */
export const factoryScheduleFeature = {
  pages: {
    FactorySchedule: page(
      () => import('./factory-schedule-page'),
      (m) => m.FactorySchedulePage,
    ),
  },
  texts: {
    en: async () => ({ 'factory-schedule': (await import('./factory-schedule.en')).factoryScheduleEn }),
    zh: async () => ({ 'factory-schedule': (await import('./factory-schedule.zh')).factoryScheduleZh }),
  },
} satisfies Feature;

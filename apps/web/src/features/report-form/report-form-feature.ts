import { type Feature, page } from '../../lib/feature';

/** The report-form area as the shell registers it (app/features.ts): one screen, the forms and my exports. */
export const reportFormFeature = {
  pages: {
    ReportForm: page(
      () => import('./report-form-page'),
      (m) => m.ReportFormPage,
    ),
  },
  texts: {
    en: async () => ({ 'report-form': (await import('./report-form.en')).reportFormEn }),
    zh: async () => ({ 'report-form': (await import('./report-form.zh')).reportFormZh }),
  },
} satisfies Feature;

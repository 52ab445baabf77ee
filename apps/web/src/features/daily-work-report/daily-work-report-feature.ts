import { type Feature, page } from '../../lib/feature';

/** The daily-work-report area as the shell registers it (app/features.ts): the list with the scores tab, one day's report. */
export const dailyWorkReportFeature = {
  pages: {
    DailyWorkReport: page(
      () => import('./daily-work-report-list-page'),
      (m) => m.DailyWorkReportListPage,
    ),
    DailyWorkReportDetail: page(
      () => import('./daily-work-report-detail-page'),
      (m) => m.DailyWorkReportDetailPage,
    ),
  },
  texts: {
    en: async () => ({ 'daily-work-report': (await import('./daily-work-report.en')).dailyWorkReportEn }),
    zh: async () => ({ 'daily-work-report': (await import('./daily-work-report.zh')).dailyWorkReportZh }),
  },
} satisfies Feature;

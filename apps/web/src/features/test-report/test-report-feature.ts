import { type Feature, page } from '../../lib/feature';

/** The test-report area as the shell registers it (app/features.ts). */
export const testReportFeature = {
  pages: {
    TestReport: page(
      () => import('./test-report-list-page'),
      (m) => m.TestReportListPage,
    ),
    TestReportDetail: page(
      () => import('./test-report-detail-page'),
      (m) => m.TestReportDetailPage,
    ),
  },
  texts: {
    en: async () => ({ 'test-report': (await import('./test-report.en')).testReportEn }),
    zh: async () => ({ 'test-report': (await import('./test-report.zh')).testReportZh }),
  },
} satisfies Feature;

import { type Feature, page } from '../../lib/feature';

/** The inspection-report area as the shell registers it (app/features.ts): list, report, interim report. */
export const inspectionReportFeature = {
  pages: {
    InspectionReport: page(
      () => import('./inspection-report-list-page'),
      (m) => m.InspectionReportListPage,
    ),
    InspectionReportDetail: page(
      () => import('./inspection-report-detail-page'),
      (m) => m.InspectionReportDetailPage,
    ),
    SafeTestInspection: page(
      () => import('./safety-test-list-page'),
      (m) => m.SafetyTestListPage,
    ),
    InlineReport: page(
      () => import('./inspection-report-detail-page'),
      (m) => m.InspectionReportDetailPage,
    ),
  },
  texts: {
    en: async () => ({ 'inspection-report': (await import('./inspection-report.en')).inspectionReportEn }),
    zh: async () => ({ 'inspection-report': (await import('./inspection-report.zh')).inspectionReportZh }),
  },
} satisfies Feature;

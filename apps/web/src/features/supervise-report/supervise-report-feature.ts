import { type Feature, page } from '../../lib/feature';

/**
 * The supervise (loading) report area as the shell registers it (app/features.ts): the list at
 * `supervisereport`, the pre-supervise list at `pre-supervisereport` and one report (its editor
 * for the holder) at `supervisereport/{id}`. Reports are created from a shipping (the order's
 * shipment) or by a CLC booking's assignment.
 */
export const superviseReportFeature = {
  pages: {
    SuperviseReport: page(
      () => import('./supervise-report-list-page'),
      (m) => m.SuperviseReportListPage,
    ),
    PreSuperviseReport: page(
      () => import('./supervise-report-list-page'),
      (m) => m.PreSuperviseReportListPage,
    ),
    SuperviseReportDetail: page(
      () => import('./supervise-report-detail-page'),
      (m) => m.SuperviseReportDetailPage,
    ),
  },
  texts: {
    en: async () => ({ 'supervise-report': (await import('./supervise-report.en')).superviseReportEn }),
    zh: async () => ({ 'supervise-report': (await import('./supervise-report.zh')).superviseReportZh }),
  },
} satisfies Feature;

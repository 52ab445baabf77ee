import { useTranslation } from 'react-i18next';
import { ReportPdfCard } from '../../components/report-pdf';
import { type InspectionReportDetail, useInvalidateInspectionReport, useReportPreview } from './api';

/**
 * The client-ready PDF (issue 28) of components/report-pdf.tsx: the final one made at approval (its
 * download, or "Generating the report, please wait" while its job runs), and a watermarked preview
 * made on demand for the auditor.
 */
export function InspectionReportPdf({ report }: { report: InspectionReportDetail }) {
  const { t } = useTranslation();
  const previewing = useReportPreview();
  const refresh = useInvalidateInspectionReport();
  const preview = async () => {
    const answer = await previewing.mutateAsync({ id: report.id, preview: true });
    if (!answer.preview) throw new Error('no preview');
    return { ...answer.preview, watermarked: true };
  };
  return (
    <ReportPdfCard
      make={report.actions.includes('preview') ? { run: preview, pending: previewing.isPending } : null}
      watermarked
      final={report.pdf}
      onRefresh={refresh}
      note={t('inspection-report.pdfBeforeApproval')}
    />
  );
}

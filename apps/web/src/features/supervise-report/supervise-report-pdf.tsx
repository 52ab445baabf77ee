import { SUPERVISE_REPORT_STATUS } from '@qcdesk/contract/supervise-report';
import { useTranslation } from 'react-i18next';
import { ReportPdfCard } from '../../components/report-pdf';
import { ReportSendDialog } from '../../components/report-send';
import {
  type SuperviseReportDetail,
  useSendSuperviseReport,
  useSuperviseReportPdf,
  useSuperviseSendRecipients,
} from './api';

// The client-ready loading report (issue 29) with the shared report widgets: the PDF card and the
// send dialog of components/report-pdf.tsx and report-send.tsx on the supervise operations.

const { approved, sent, cancelled } = SUPERVISE_REPORT_STATUS;

/**
 * The loading report's PDF, made when asked: watermarked "预览 PREVIEW" before approval, the final
 * one after (a send stores it and mails it with its share link: said to those who may send).
 */
export function SupervisePdfCard({ report }: { report: SuperviseReportDetail }) {
  const { t } = useTranslation();
  const making = useSuperviseReportPdf();
  const final = report.status === approved || report.status === sent;
  const make = async () => {
    const pdf = await making.mutateAsync({ id: report.id });
    return { ...pdf, watermarked: pdf.preview };
  };
  return (
    <ReportPdfCard
      make={report.status === cancelled ? null : { run: make, pending: making.isPending }}
      watermarked={!final}
      note={
        !final
          ? t('supervise-report.pdfPreviewNote')
          : report.actions.includes('send')
            ? t('supervise-report.pdfFinalNote')
            : t('supervise-report.pdfOpenNote')
      }
    />
  );
}

/** The send dialog: the recipients proposed, other addresses; 40 → 50, a resend in 50. */
export function SuperviseSendDialog({
  report,
  onClose,
  onStale,
}: {
  report: SuperviseReportDetail;
  onClose: () => void;
  onStale: () => void;
}) {
  const recipients = useSuperviseSendRecipients(report.id);
  const send = useSendSuperviseReport();
  return (
    <ReportSendDialog
      reportNo={report.reportNo}
      recipients={recipients}
      send={(to) => send.mutateAsync({ id: report.id, version: report.version, to })}
      onClose={onClose}
      onStale={onStale}
    />
  );
}

import { ReportSendDialog } from '../../components/report-send';
import { type InspectionReportDetail, useReportSendRecipients, useSendReport } from './api';

/** The send dialog (issue 28) of components/report-send.tsx with the inspection report's operations. */
export function SendDialog({
  report,
  onClose,
  onStale,
}: {
  report: InspectionReportDetail;
  onClose: () => void;
  onStale: () => void;
}) {
  const recipients = useReportSendRecipients(report.id, true);
  const send = useSendReport();
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

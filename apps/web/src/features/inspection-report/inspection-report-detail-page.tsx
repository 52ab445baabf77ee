import { INSPECTION_REPORT_STATUS } from '@qcdesk/contract/inspection-report';
import { Alert, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { hasPermission } from '../../api/guard';
import { useSession } from '../../api/session';
import { ChangeLogCard } from '../../components/change-log-viewer';
import { DetailLoadFailed, DetailLoading } from '../../components/detail-states';
import { RecordCard } from '../../components/record/record-card';
import { RecordLink } from '../../components/record/record-link';
import { EMPTY, refName, userDisplayName } from '../../components/ref-labels';
import { ReportSends } from '../../components/report-send';
import { currentLanguage } from '../../i18n/i18n';
import { formatDate, formatDateTime } from '../../lib/format';
import {
  fetchInspectionReportChangeLog,
  INSPECTION_REPORT_ENTITY,
  type InspectionReportDetail,
  useInspectionReport,
} from './api';
import { InspectionReportActions } from './inspection-report-actions';
import { ReportStatusBadge } from './inspection-report-columns';
import { ReportAudit } from './report-audit';
import { ReportSections } from './report-editor';
import { ReportInstruction } from './report-instruction';
import { InspectionReportPdf } from './report-pdf';

/** Auditors and admins see the audit part once the report is submitted. */
const AUDITED_FROM = INSPECTION_REPORT_STATUS.submitted;

function ReportView({ report }: { report: InspectionReportDetail }) {
  const { t } = useTranslation();
  const session = useSession();
  const language = currentLanguage();
  const holder = report.checkout ? userDisplayName(report.checkout.by, language) : null;
  const audits =
    (hasPermission(session, 'insp.report.audit') || hasPermission(session, 'insp.report.admin')) &&
    report.status >= AUDITED_FROM &&
    report.status !== INSPECTION_REPORT_STATUS.rejected;
  const editing = report.actions.includes('update');
  return (
    <Flex vertical gap={16}>
      <RecordCard
        testId="inspection-report-detail"
        title={report.reportNo}
        tags={<ReportStatusBadge status={report.status} language={language} />}
        actions={<InspectionReportActions report={report} />}
        notices={[
          editing && <Alert type="success" showIcon title={t('inspection-report.editingHint')} />,
          !editing && holder && (
            <Alert
              type="info"
              showIcon
              title={t('inspection-report.heldBy', {
                name: holder,
                at: formatDateTime(report.checkout?.expiresAt),
              })}
            />
          ),
          report.rejectReason && report.status === INSPECTION_REPORT_STATUS.rejected && (
            <Alert
              type="warning"
              showIcon
              title={`${t('inspection-report.rejectReason')}: ${report.rejectReason}`}
            />
          ),
        ]}
        items={[
          {
            key: 'task',
            label: t('inspection-report.taskNo'),
            children: (
              <RecordLink route="InspectionTask" to={`inspection/task?id=${report.task.id}`}>
                {report.task.taskNo}
              </RecordLink>
            ),
          },
          {
            key: 'order',
            label: t('inspection-report.orderNo'),
            children: (
              <RecordLink route="OrderDetail" to={`order/${report.order.id}`}>
                {report.order.orderNo}
              </RecordLink>
            ),
          },
          { key: 'client', label: t('inspection-report.client'), children: report.client.name },
          {
            key: 'factory',
            label: t('inspection-report.factory'),
            children: refName(report.factory, language),
          },
          {
            key: 'type',
            label: t('inspection-report.inspectionType'),
            children: `${refName(report.inspectionType, language)}${report.interim ? ` · ${t('inspection-report.interim')}` : ''}`,
          },
          {
            key: 'date',
            label: t('inspection-report.inspectionDate'),
            children: formatDate(report.inspectionDate),
          },
          {
            key: 'inspectors',
            label: t('inspection-report.inspector'),
            children: [report.inspector, ...report.assistants]
              .map((u) => userDisplayName(u, language))
              .join(', '),
          },
          { key: 'revision', label: t('inspection-report.revision'), children: report.revision },
          {
            key: 'checkout',
            label: t('inspection-report.checkoutHolder'),
            children: <span data-testid="inspection-report-holder">{holder ?? EMPTY}</span>,
          },
        ]}
      />
      <ReportInstruction report={report} />
      {audits ? <ReportAudit report={report} /> : null}
      <InspectionReportPdf report={report} />
      <ReportSends sends={report.sends} />
      <ReportSections report={report} />
      <ChangeLogCard
        entity={INSPECTION_REPORT_ENTITY}
        id={report.id}
        fetch={fetchInspectionReportChangeLog}
      />
    </Flex>
  );
}

/** Spec §2 InspectionReportDetail (`inspection/report/{id}`) and InlineReport (`inline-report/{id}`): one report. */
export function InspectionReportDetailPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const query = useInspectionReport(id);
  if (query.isPending) return <DetailLoading />;
  if (query.isError)
    return (
      <DetailLoadFailed
        title={t('inspection-report.loadFailed')}
        message={query.error.message}
        backTo={`/${currentLanguage()}/inspection/report`}
        backLabel={t('common.backToList')}
      />
    );
  return <ReportView report={query.data.data} />;
}

import { SUPERVISE_REPORT_STATUS } from '@qcdesk/contract/supervise-report';
import { Alert, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ChangeLogCard } from '../../components/change-log-viewer';
import { DetailLoadFailed, DetailLoading } from '../../components/detail-states';
import { RecordCard, recordDates } from '../../components/record/record-card';
import { RecordLink } from '../../components/record/record-link';
import { EMPTY, enumText, refName, userDisplayName } from '../../components/ref-labels';
import { ReportSends } from '../../components/report-send';
import { currentLanguage } from '../../i18n/i18n';
import { formatDate, formatDateTime } from '../../lib/format';
import { OfflineBar } from '../../offline/offline-bar';
import { OfflineReportContext, useOfflineReport } from '../../offline/use-offline';
import {
  fetchSuperviseReportChangeLog,
  SUPERVISE_REPORT_ENTITY,
  type SuperviseReportDetail,
  useSuperviseReport,
} from './api';
import { CheckpointsView } from './supervise-checkpoints';
import { SuperviseEditor } from './supervise-editor';
import { superviseReportOffline } from './supervise-offline';
import { SuperviseProductsView } from './supervise-products';
import { SuperviseReportActions } from './supervise-report-actions';
import { SuperviseStatusBadge } from './supervise-report-columns';
import { SupervisePdfCard } from './supervise-report-pdf';
import { type SuperviseEditor as EditorState, useSuperviseEditor } from './use-supervise-editor';

/** The statuses whose reason (reject, cancel) the page shows. */
const REASONED = new Set<number>([SUPERVISE_REPORT_STATUS.rejected, SUPERVISE_REPORT_STATUS.cancelled]);

function ReportView({ report, editor }: { report: SuperviseReportDetail; editor: EditorState | null }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const holder = report.checkedOutBy ? userDisplayName(report.checkedOutBy, language) : null;
  const people = (users: SuperviseReportDetail['assistants']) =>
    users.map((u) => userDisplayName(u, language)).join(', ');
  return (
    <Flex vertical gap={16}>
      <RecordCard
        testId="supervise-report-detail"
        title={report.reportNo}
        tags={<SuperviseStatusBadge status={report.status} language={language} />}
        actions={<SuperviseReportActions report={report} editor={editor} />}
        notices={[
          editor && <Alert type="success" showIcon title={t('supervise-report.editingHint')} />,
          !editor && holder && (
            <Alert
              type="info"
              showIcon
              title={t('supervise-report.heldBy', {
                name: holder,
                at: formatDateTime(report.checkoutExpiresAt),
              })}
            />
          ),
          report.reasonText && REASONED.has(report.status) && (
            <Alert type="warning" showIcon title={`${t('supervise-report.reason')}: ${report.reasonText}`} />
          ),
        ]}
        items={[
          {
            key: 'shipping',
            label: t('supervise-report.shippingNo'),
            children: report.shipping?.shippingNo ?? EMPTY,
          },
          {
            key: 'booking',
            label: t('supervise-report.booking'),
            children: report.booking ? (
              <RecordLink route="InspectionBookingDetail" to={`inspection/booking/${report.booking.id}`}>
                {report.booking.bookingNo}
              </RecordLink>
            ) : (
              EMPTY
            ),
          },
          {
            key: 'orders',
            label: t('supervise-report.orderNo'),
            children: report.orderNos.join(', ') || EMPTY,
          },
          { key: 'client', label: t('supervise-report.client'), children: report.client.name },
          {
            key: 'factory',
            label: t('supervise-report.factory'),
            children: refName(report.factory, language),
          },
          { key: 'date', label: t('supervise-report.loadingDate'), children: formatDate(report.loadingDate) },
          {
            key: 'inspectors',
            label: t('supervise-report.inspector'),
            children: people([report.inspector, ...report.assistants]),
          },
          {
            key: 'container',
            label: t('supervise-report.container'),
            children:
              [report.containerType, report.containerNo, report.sealNo].filter(Boolean).join(' · ') || EMPTY,
          },
          ...(report.approvedBy
            ? [
                {
                  key: 'approved',
                  label: t('supervise-report.approvedBy'),
                  children: `${userDisplayName(report.approvedBy, language)} · ${formatDateTime(report.approvedAt)} · ${enumText('InspectionResult', report.result, language)}`,
                },
              ]
            : []),
          ...recordDates(report, t, language),
        ]}
      />
      {editor ? null : <SupervisePdfCard report={report} />}
      <ReportSends sends={report.sends} />
      <OfflineBar kind={superviseReportOffline} report={report} />
      {editor ? (
        <SuperviseEditor report={report} editor={editor} />
      ) : (
        <>
          <SuperviseProductsView report={report} />
          <CheckpointsView report={report} />
        </>
      )}
      <ChangeLogCard entity={SUPERVISE_REPORT_ENTITY} id={report.id} fetch={fetchSuperviseReportChangeLog} />
    </Flex>
  );
}

/** The holder's view: the same page with the editor's form (Submit in the bar saves it first). */
function EditingView({ report }: { report: SuperviseReportDetail }) {
  const editor = useSuperviseEditor(report);
  return <ReportView report={report} editor={editor} />;
}

/** Spec §2 SuperviseReportDetail (`supervisereport/{id}`): one loading report, edited by its holder. */
export function SuperviseReportDetailPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const query = useSuperviseReport(id);
  if (query.isPending) return <DetailLoading />;
  if (query.isError)
    return (
      <DetailLoadFailed
        title={t('supervise-report.loadFailed')}
        message={query.error.message}
        backTo={`/${currentLanguage()}/supervisereport`}
        backLabel={t('common.backToList')}
      />
    );
  return <OfflineReport key={query.data.data.id} report={query.data.data} />;
}

/**
 * The report with its offline life (src/offline, issue 31): its outbox read before the editor
 * mounts (the form as it was left offline), kept for offline work while the caller holds it. Once
 * the outbox is sent the editor starts again from the server's report (its stored photo ids).
 */
function OfflineReport({ report }: { report: SuperviseReportDetail }) {
  const offline = useOfflineReport(superviseReportOffline, report);
  if (!offline.ready) return <DetailLoading />;
  return (
    <OfflineReportContext.Provider value={offline.target}>
      {!report.actions.includes('update') ? (
        <ReportView report={report} editor={null} />
      ) : offline.behind ? (
        <DetailLoading />
      ) : (
        <EditingView key={offline.generation} report={report} />
      )}
    </OfflineReportContext.Provider>
  );
}

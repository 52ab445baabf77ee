import { TEST_REPORT_STATUS } from '@qcdesk/contract/test-report';
import { Alert, Card, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { hasPermission } from '../../api/guard';
import { useSession } from '../../api/session';
import { ChangeLogCard } from '../../components/change-log-viewer';
import { FileList } from '../../components/file-list';
import { createdText, FULL_ROW, RecordCard } from '../../components/record/record-card';
import { RecordLink } from '../../components/record/record-link';
import { RecordRoute } from '../../components/record/record-route';
import { EMPTY, enumText, refName, userDisplayName } from '../../components/ref-labels';
import { currentLanguage } from '../../i18n/i18n';
import { formatDate } from '../../lib/format';
import {
  fetchTestReportChangeLog,
  TEST_REPORT_ENTITY,
  type TestReportDetail,
  useInvalidateTestReport,
  useTestReport,
} from './api';
import { TestReportActions } from './test-report-actions';
import { ReportNo, ResultTag, StatusBadge } from './test-report-columns';
import { TestReportForm } from './test-report-form';
import { ItemsCard } from './test-report-items-card';
import { PreviousReports } from './test-report-previous';

function TestReportView({ report, modify }: { report: TestReportDetail; modify: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  const language = currentLanguage();
  const selfVerify =
    report.status === TEST_REPORT_STATUS.issued &&
    hasPermission(session, 'testreport.verify') &&
    !report.actions.includes('verify');
  const person = (p: TestReportDetail['resultBy']) => (p ? userDisplayName(p, language) : EMPTY);
  return (
    <Flex vertical gap={16}>
      <RecordCard
        testId="test-report-detail"
        title={<ReportNo reportNo={report.reportNo} t={t} />}
        tags={<StatusBadge status={report.status} language={language} data-testid="test-report-status" />}
        actions={<TestReportActions report={report} modify={modify} />}
        notices={[
          report.valid !== 1 && <Alert type="warning" showIcon title={t('test-report.deletedHint')} />,
          report.actions.includes('result') && (
            <Alert type="info" showIcon title={t('test-report.pendingHint')} />
          ),
          selfVerify && <Alert type="info" showIcon title={t('test-report.selfVerifyHint')} />,
          report.reason && report.status !== TEST_REPORT_STATUS.published && (
            <Alert type="warning" showIcon title={`${t('test-report.reason')}: ${report.reason}`} />
          ),
        ]}
        items={[
          {
            key: 'reportType',
            label: t('test-report.reportType'),
            children: enumText('TestReportType', report.reportType, language),
          },
          { key: 'lab', label: t('test-report.lab'), children: refName(report.lab, language) },
          { key: 'testType', label: t('test-report.testType'), children: refName(report.testType, language) },
          {
            key: 'testOrder',
            label: t('test-report.testOrder'),
            children: report.testOrder ? (
              <RecordLink route="OrderTestDetail" to={`ordertest/${report.testOrder.id}`}>
                {report.testOrder.testOrderNo}
              </RecordLink>
            ) : (
              EMPTY
            ),
          },
          {
            key: 'products',
            label: t('test-report.products'),
            children: report.products.map((p) => `${p.orderNo} · ${p.productNo}`).join('; ') || EMPTY,
          },
          { key: 'client', label: t('test-report.client'), children: report.client.name },
          {
            key: 'reportDate',
            label: t('test-report.reportDate'),
            children: report.reportDate ? formatDate(report.reportDate) : EMPTY,
          },
          {
            key: 'result',
            label: t('test-report.result'),
            children:
              report.status === TEST_REPORT_STATUS.pending ? (
                EMPTY
              ) : (
                <ResultTag result={report.result} language={language} data-testid="test-report-result" />
              ),
          },
          { key: 'retestNo', label: t('test-report.retestNo'), children: report.retestNo || EMPTY },
          {
            key: 'retestOrder',
            label: t('test-report.retestOrder'),
            children: report.retestOrder ? (
              <RecordLink route="OrderTestDetail" to={`ordertest/${report.retestOrder.id}`}>
                <span data-testid="test-report-retest-order">{report.retestOrder.testOrderNo}</span>
              </RecordLink>
            ) : (
              EMPTY
            ),
          },
          { key: 'resultBy', label: t('test-report.resultBy'), children: person(report.resultBy) },
          { key: 'verifiedBy', label: t('test-report.verifiedBy'), children: person(report.verifiedBy) },
          { key: 'created', label: t('common.created'), children: createdText(report, language) },
          {
            key: 'desc',
            label: t('test-report.desc'),
            span: FULL_ROW,
            children: report.description || EMPTY,
          },
        ]}
      />
      <ItemsCard items={report.items} />
      <Card title={t('test-report.files')}>
        <FileList files={report.files} emptyText={t('test-report.noFiles')} />
      </Card>
      <ChangeLogCard entity={TEST_REPORT_ENTITY} id={report.id} fetch={fetchTestReportChangeLog} />
    </Flex>
  );
}

function ReportOrPrevious({ report, modify }: { report: TestReportDetail; modify: boolean }) {
  const [params] = useSearchParams();
  return params.get('view') === 'previous' ? (
    <PreviousReports report={report} />
  ) : (
    <TestReportView report={report} modify={modify} />
  );
}

/** Spec §2 TestReportDetail (`testreport/{id}`; `?view=previous` the previous-report view; `testreport/new` creates). */
export function TestReportDetailPage() {
  const { t } = useTranslation();
  return (
    <RecordRoute<TestReportDetail>
      path="testreport"
      permission="testreport.edit"
      useRecord={useTestReport}
      onStale={useInvalidateTestReport()}
      editsDeleted
      texts={{
        createTitle: t('test-report.createTitle'),
        editTitle: (report) =>
          t('test-report.editTitle', { reportNo: report.reportNo ?? t('test-report.pending') }),
        createdDone: t('test-report.createdDone'),
        loadFailed: t('test-report.loadFailed'),
      }}
      form={(props) => <TestReportForm {...props} />}
      view={({ record, modify }) => <ReportOrPrevious report={record} modify={modify} />}
    />
  );
}

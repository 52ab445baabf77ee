import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListPage } from '../../components/list-page';
import { currentLanguage } from '../../i18n/i18n';
import { exportTestReports, requestTestReports, type TestReportRow, testReportsSearchKey } from './api';
import { ReportNo, testReportColumns } from './test-report-columns';

/** Spec §2 TestReport: test reports in scope, newest first; export for testreport.export. */
export function TestReportListPage() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const columns = useMemo(() => testReportColumns({ language, t }), [language, t]);
  return (
    <ListPage<TestReportRow>
      title={t('test-report.title')}
      testId="test-report"
      columns={columns}
      rowKey="id"
      queryKey={testReportsSearchKey}
      request={requestTestReports}
      cardTitle={(row) => (
        <Link to={`/${language}/testreport/${row.id}`}>
          <ReportNo reportNo={row.reportNo} t={t} /> · {row.products.map((p) => p.productNo).join(', ')}
        </Link>
      )}
      exportTo={{ fn: exportTestReports, permission: 'testreport.export' }}
      create={{ permission: 'testreport.edit', to: 'testreport/new', label: t('test-report.create') }}
    />
  );
}

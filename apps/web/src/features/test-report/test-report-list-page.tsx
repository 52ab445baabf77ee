import { PlusOutlined } from '@ant-design/icons';
import { Card } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hasPermission } from '../../api/guard';
import { useSession } from '../../api/session';
import { ButtonLink } from '../../components/button-link';
import { DataTable } from '../../components/data-table';
import { ExportButton } from '../../components/export-button';
import { currentLanguage } from '../../i18n/i18n';
import { exportTestReports, requestTestReports, type TestReportRow, testReportsSearchKey } from './api';
import { ReportNo, testReportColumns } from './test-report-columns';

const heading = { fontSize: 18, fontWeight: 600, margin: 0 } as const;

/** Spec §2 TestReport: test reports in scope, newest first; export for testreport.export. */
export function TestReportListPage() {
  const { t } = useTranslation();
  const session = useSession();
  const language = currentLanguage();
  const canEdit = hasPermission(session, 'testreport.edit');
  const canExport = hasPermission(session, 'testreport.export');
  const columns = useMemo(() => testReportColumns({ language, t }), [language, t]);

  return (
    <Card title={<h1 style={heading}>{t('test-report.title')}</h1>}>
      <DataTable<TestReportRow>
        columns={columns}
        rowKey="id"
        queryKey={testReportsSearchKey}
        request={requestTestReports}
        cardTitle={(row) => (
          <Link to={`/${language}/testreport/${row.id}`}>
            <ReportNo reportNo={row.reportNo} t={t} /> · {row.products.map((p) => p.productNo).join(', ')}
          </Link>
        )}
        {...(canExport
          ? {
              exportButton: (filters) => (
                <ExportButton
                  exportFn={exportTestReports}
                  filters={filters}
                  data-testid="test-report-export"
                />
              ),
            }
          : {})}
        toolbar={
          canEdit ? (
            <ButtonLink
              type="primary"
              icon={<PlusOutlined />}
              to={`/${language}/testreport/new`}
              data-testid="test-report-create"
            >
              {t('test-report.create')}
            </ButtonLink>
          ) : null
        }
      />
    </Card>
  );
}

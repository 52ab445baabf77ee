import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListPage } from '../../components/list-page';
import { refName } from '../../components/ref-labels';
import { currentLanguage } from '../../i18n/i18n';
import { formatDate } from '../../lib/format';
import { type InspectionReportRow, inspectionReportsSearchKey, requestInspectionReports } from './api';
import { inspectionReportColumns, ReportStatusBadge, reportPath } from './inspection-report-columns';

/** Spec §2 InspectionReport (`inspection/report`): the caller's to-do by default, all reports in scope with `work` off. */
export function InspectionReportListPage() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const columns = useMemo(() => inspectionReportColumns(language), [language]);
  return (
    <ListPage<InspectionReportRow>
      title={t('inspection-report.title')}
      testId="inspection-report"
      columns={columns}
      rowKey="id"
      queryKey={inspectionReportsSearchKey}
      request={requestInspectionReports}
      cardTitle={(row) => (
        <Link to={reportPath(language, row)} data-testid="inspection-report-card-link">
          {formatDate(row.inspectionDate)} · {row.reportNo} | {refName(row.factory, language)}{' '}
          <ReportStatusBadge status={row.status} language={language} />
        </Link>
      )}
    />
  );
}

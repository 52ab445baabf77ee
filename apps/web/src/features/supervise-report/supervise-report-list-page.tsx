import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListPage } from '../../components/list-page';
import { currentLanguage } from '../../i18n/i18n';
import { formatDate } from '../../lib/format';
import {
  requestPreSuperviseReports,
  requestSuperviseReports,
  type SuperviseReportRow,
  supervisePath,
  superviseReportsSearchKey,
} from './api';
import { superviseReportColumns } from './supervise-report-columns';

/** One list of supervise reports: all of them in scope, or the pre-supervise ones (status 10). */
function SuperviseList({ pre }: { pre: boolean }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const columns = useMemo(() => superviseReportColumns({ language, t, pre }), [language, t, pre]);
  return (
    <ListPage<SuperviseReportRow>
      title={pre ? t('supervise-report.preTitle') : t('supervise-report.title')}
      testId="supervise-report"
      columns={columns}
      rowKey="id"
      queryKey={[...superviseReportsSearchKey, pre ? 'pre' : 'all']}
      listKey={pre ? 'presupervisereport' : 'supervisereport'}
      request={pre ? requestPreSuperviseReports : requestSuperviseReports}
      cardTitle={(row) => (
        <Link to={supervisePath(language, row.id)} data-testid="supervise-report-card-link">
          {row.reportNo} · {formatDate(row.loadingDate)}
        </Link>
      )}
    />
  );
}

/** Spec §2 SuperviseReport (`supervisereport`): the loading reports by spec §3's filters. */
export function SuperviseReportListPage() {
  return <SuperviseList pre={false} />;
}

/** Spec §2 PreSuperviseReport (`pre-supervisereport`): the reports not yet started (10). */
export function PreSuperviseReportListPage() {
  return <SuperviseList pre />;
}

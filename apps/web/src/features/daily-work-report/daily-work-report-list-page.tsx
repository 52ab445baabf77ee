import { Tabs } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { hasPermission } from '../../api/guard';
import { useSession } from '../../api/session';
import { ButtonLink } from '../../components/button-link';
import { ListPage } from '../../components/list-page';
import { userDisplayName } from '../../components/ref-labels';
import { currentLanguage } from '../../i18n/i18n';
import { businessToday, formatDate } from '../../lib/format';
import { type DailyReportRow, dailyReportsSearchKey, requestDailyReports, useInspectorOptions } from './api';
import { dailyReportColumns, dayLink } from './daily-work-report-columns';
import { ScoresPanel } from './daily-work-report-scores';

function DailyReportList() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const session = useSession();
  const inspectors = useInspectorOptions();
  const columns = useMemo(() => dailyReportColumns(language, inspectors), [language, inspectors]);
  const writes = hasPermission(session, 'dailyreport.edit') && session !== undefined;
  return (
    <ListPage<DailyReportRow>
      title={t('daily-work-report.title')}
      testId="daily-work-report"
      columns={columns}
      rowKey="id"
      queryKey={dailyReportsSearchKey}
      listKey="dailyworkreport"
      request={requestDailyReports}
      above={
        writes ? (
          <ButtonLink
            type="primary"
            to={dayLink(language, businessToday(), session.uid)}
            data-testid="daily-work-report-today"
          >
            {t('daily-work-report.writeToday')}
          </ButtonLink>
        ) : undefined
      }
      cardTitle={(row) => (
        <Link
          to={dayLink(language, row.workDate, row.inspector.id)}
          data-testid="daily-work-report-card-link"
        >
          {formatDate(row.workDate)} · {userDisplayName(row.inspector, language)}
        </Link>
      )}
    />
  );
}

/** Spec §2 DailyWorkReport (`dailyworkreport`): the daily reports, and the scoring situation as a tab (DOMAIN.md §5.2). */
export function DailyWorkReportListPage() {
  const { t } = useTranslation();
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const reads = hasPermission(session, 'dailyreport.search');
  const scores = hasPermission(session, 'score.view');
  const tab = params.get('tab') === 'scores' || !reads ? 'scores' : 'reports';
  if (!scores) return <DailyReportList />;
  return (
    <Tabs
      activeKey={tab}
      onChange={(key) => setParams(key === 'scores' ? { tab: 'scores' } : {})}
      data-testid="daily-work-report-tabs"
      items={[
        ...(reads
          ? [{ key: 'reports', label: t('daily-work-report.reportsTab'), children: <DailyReportList /> }]
          : []),
        { key: 'scores', label: t('daily-work-report.scoresTab'), children: <ScoresPanel /> },
      ]}
    />
  );
}

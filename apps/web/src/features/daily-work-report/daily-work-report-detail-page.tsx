import { scoreText } from '@qcdesk/contract/daily-work-report';
import { Alert, Card, Descriptions, Empty, Flex, List, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { hasPermission } from '../../api/guard';
import { useSession } from '../../api/session';
import { ChangeLogCard } from '../../components/change-log-viewer';
import { enumText, refName, userDisplayName } from '../../components/ref-labels';
import { currentLanguage } from '../../i18n/i18n';
import { formatDateTime } from '../../lib/format';
import {
  DAILY_REPORT_ENTITY,
  type DailyReportDetail,
  fetchDailyReportChangeLog,
  useDailyReport,
} from './api';
import { DailyReportActions } from './daily-work-report-actions';
import { DailyStatusBadge } from './daily-work-report-columns';
import { DailyReportForm } from './daily-work-report-form';

function Works({ report }: { report: DailyReportDetail }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <List
      size="small"
      header={<Typography.Text strong>{t('daily-work-report.works')}</Typography.Text>}
      dataSource={report.works}
      locale={{ emptyText: t('daily-work-report.noWorks') }}
      renderItem={(w, i) => (
        <List.Item key={i} data-testid="daily-work-item">
          <Flex vertical>
            <Typography.Text strong>
              {enumText('WorkType', w.workType, language)} · {w.hours.toFixed(1)} h
              {w.role
                ? ` · ${w.role === 'LEAD' ? t('daily-work-report.roleLEAD') : t('daily-work-report.roleASSIST')}`
                : ''}
            </Typography.Text>
            <Typography.Text type="secondary">
              {[w.taskNo, w.reportNo, w.orderNo, w.factory ? refName(w.factory, language) : null]
                .filter(Boolean)
                .join(' · ')}
              {w.mileage != null ? ` · ${w.mileage.toFixed(1)} km` : ''}
              {w.remark ? ` · ${w.remark}` : ''}
            </Typography.Text>
          </Flex>
        </List.Item>
      )}
    />
  );
}

function ReportView({ report }: { report: DailyReportDetail }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const frozen = report.checkedAt !== null;
  const items = [
    {
      key: 'inspector',
      label: t('daily-work-report.inspector'),
      children: userDisplayName(report.inspector, language),
    },
    { key: 'workDate', label: t('daily-work-report.workDate'), children: report.workDate },
    {
      key: 'status',
      label: t('daily-work-report.status'),
      children: <DailyStatusBadge status={report.status} language={language} />,
    },
    {
      key: 'attendance',
      label: t('daily-work-report.attendance'),
      children: refName(report.attendance, language),
    },
    { key: 'hours', label: t('daily-work-report.hours'), children: report.hours.toFixed(1) },
    {
      key: 'score',
      label: t('daily-work-report.score'),
      children: (
        <span data-testid="daily-report-score">
          {scoreText(report.score)} / {scoreText(report.assistScore)}{' '}
          <Typography.Text type="secondary">
            ({frozen ? t('daily-work-report.scoreFrozen') : t('daily-work-report.scoreLive')})
          </Typography.Text>
        </span>
      ),
    },
    ...(report.checkedBy
      ? [
          {
            key: 'checkedBy',
            label: t('daily-work-report.checkedBy'),
            children: `${userDisplayName(report.checkedBy, language)} · ${formatDateTime(report.checkedAt)}`,
          },
        ]
      : []),
    ...(report.sentAt
      ? [{ key: 'sentAt', label: t('daily-work-report.sentAt'), children: formatDateTime(report.sentAt) }]
      : []),
    ...(report.rejectReason
      ? [{ key: 'rejectReason', label: t('daily-work-report.rejectReason'), children: report.rejectReason }]
      : []),
    ...(report.remark
      ? [{ key: 'remark', label: t('daily-work-report.remark'), children: report.remark }]
      : []),
  ];
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 1, md: 2, lg: 3 }}
      items={items}
      data-testid="daily-report-facts"
    />
  );
}

/** Spec §2 DailyWorkReportDetail (`dailyworkreport/{year}/{month}/{day}/{id}`): an inspector's day. */
export function DailyWorkReportDetailPage() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const session = useSession();
  const { year = '', month = '', day = '', id = '' } = useParams();
  const workDate = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  const query = useDailyReport(id, workDate);
  const own = session?.uid === id;
  const title = (
    <Flex gap={8} wrap align="baseline">
      <Link to={`/${language}/dailyworkreport`}>{t('daily-work-report.backToList')}</Link>
      <h1 style={{ fontSize: 20, margin: 0 }}>
        {t('daily-work-report.detailTitle')} {workDate}
      </h1>
    </Flex>
  );
  if (query.isLoading) return <Spin />;
  if (query.isError || !query.data) return <Alert type="error" title={t('daily-work-report.loadFailed')} />;
  const report = query.data.data.report;
  if (!report) {
    return (
      <Card title={title} data-testid="daily-report-page">
        {own && hasPermission(session, 'dailyreport.edit') ? (
          <DailyReportForm workDate={workDate} />
        ) : (
          <Empty description={own ? t('daily-work-report.notWritten') : t('daily-work-report.notYours')} />
        )}
      </Card>
    );
  }
  return (
    <Flex vertical gap={12} data-testid="daily-report-page">
      <Card title={title} extra={null}>
        <Flex vertical gap={12}>
          <ReportView report={report} />
          <DailyReportActions report={report} />
          {report.actions.includes('update') ? (
            <DailyReportForm key={report.version} report={report} workDate={workDate} />
          ) : (
            <Works report={report} />
          )}
        </Flex>
      </Card>
      <ChangeLogCard entity={DAILY_REPORT_ENTITY} id={report.id} fetch={fetchDailyReportChangeLog} />
    </Flex>
  );
}

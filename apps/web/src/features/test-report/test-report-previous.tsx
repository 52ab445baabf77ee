import { Alert, Card, Descriptions, Empty, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { fileHref } from '../../api/upload';
import { ButtonLink } from '../../components/button-link';
import { EMPTY, refName } from '../../components/ref-labels';
import { currentLanguage } from '../../i18n/i18n';
import { formatDate } from '../../lib/format';
import type { TestReportDetail } from './api';
import { ReportNo, ResultTag, StatusBadge } from './test-report-columns';
import { ItemsCard } from './test-report-items-card';

/** The previous-report view (spec §2): the retest chain back along previousReportId, newest first. */
export function PreviousReports({ report }: { report: TestReportDetail }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const reportNo = report.reportNo ?? t('test-report.pending');
  return (
    <Flex vertical gap={16} data-testid="test-report-previous-view">
      <Card
        title={
          <h1 style={{ fontSize: 18, fontWeight: 600, margin: 0 }}>
            {report.reportNo ? t('test-report.previousTitle', { reportNo }) : t('test-report.previous')}
          </h1>
        }
        extra={
          <ButtonLink to={`/${language}/testreport/${report.id}`} data-testid="test-report-back">
            {t('test-report.backToReport')}
          </ButtonLink>
        }
      >
        {report.previousReports.length === 0 ? <Empty description={t('test-report.noPrevious')} /> : null}
      </Card>
      {report.previousReports.map((previous) => (
        <Flex vertical gap={8} key={previous.id} data-testid="test-report-previous-round">
          <Card
            title={
              <Flex gap={8} align="center" wrap>
                <ReportNo reportNo={previous.reportNo} t={t} />
                <StatusBadge status={previous.status} language={language} />
              </Flex>
            }
            extra={
              <ButtonLink to={`/${language}/testreport/${previous.id}`}>
                {previous.retestNo > 0
                  ? t('test-report.retestValue', { n: previous.retestNo })
                  : t('test-report.open')}
              </ButtonLink>
            }
          >
            {previous.reason ? (
              <Alert
                type="warning"
                showIcon
                title={`${t('test-report.reason')}: ${previous.reason}`}
                style={{ marginBottom: 12 }}
              />
            ) : null}
            <Descriptions
              size="small"
              column={{ xs: 1, sm: 2, lg: 3 }}
              items={[
                { key: 'lab', label: t('test-report.lab'), children: refName(previous.lab, language) },
                {
                  key: 'date',
                  label: t('test-report.reportDate'),
                  children: previous.reportDate ? formatDate(previous.reportDate) : EMPTY,
                },
                {
                  key: 'result',
                  label: t('test-report.result'),
                  children: <ResultTag result={previous.result} language={language} />,
                },
                {
                  key: 'files',
                  label: t('test-report.files'),
                  children: previous.files.length
                    ? previous.files.map((f) => (
                        <a key={f.id} href={fileHref(f.url)} style={{ marginRight: 8 }}>
                          {f.name}
                        </a>
                      ))
                    : EMPTY,
                },
              ]}
            />
          </Card>
          <ItemsCard items={previous.items} testId="test-report-previous-items" />
        </Flex>
      ))}
    </Flex>
  );
}

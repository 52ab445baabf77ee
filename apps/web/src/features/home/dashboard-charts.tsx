import { DownloadOutlined } from '@ant-design/icons';
import {
  CHART_KEYS,
  CHART_MONTHS,
  type ChartKey,
  type DashboardCharts as Charts,
  chartTable,
  DASHBOARD_CHARTS,
  dashboardCharts,
  dashboardChartXlsx,
} from '@qcdesk/contract/dashboard-charts';
import type { Language } from '@qcdesk/contract/language';
import { Alert, Button, Card, Col, Flex, Row, Segmented, Select, Skeleton, Table, Typography } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { useOperation } from '../../api/use-operation';
import { currentLanguage } from '../../i18n/i18n';
import { downloadBase64 } from '../../lib/download-file';
import { ChartCanvas } from './chart-canvas';
import { type AxisTexts, chartOption } from './chart-options';

const heading = { fontSize: 16, fontWeight: 600, margin: 0 } as const;
const PERIODS = [3, 6, 12] as const;
const CHART_HEIGHT = 280;

/** The chart's figures as a table: what a screen reader reads, and the same as the XLSX. */
function ChartTableView({
  chart,
  charts,
  language,
}: {
  chart: ChartKey;
  charts: Charts;
  language: Language;
}) {
  const table = chartTable(chart, charts, language);
  const columns = table.header.map((title, i) => ({
    title,
    dataIndex: String(i),
    key: String(i),
    align: i === 0 ? ('left' as const) : ('right' as const),
  }));
  const data = table.rows.map((row, n) => ({
    key: n,
    ...Object.fromEntries(row.map((v, i) => [String(i), v])),
  }));
  return (
    <Table
      size="small"
      columns={columns}
      dataSource={data}
      pagination={false}
      scroll={{ x: 'max-content', y: CHART_HEIGHT }}
      data-testid={`chart-${chart}-table`}
    />
  );
}

function ChartCard({ chart, charts, months }: { chart: ChartKey; charts: Charts; months: number }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const [busy, setBusy] = useState(false);
  const title = DASHBOARD_CHARTS[chart].label[language];
  const texts: AxisTexts = {
    averageDays: t('dashboard.averageDays'),
    maxDays: t('dashboard.maxDays'),
    failRate: t('dashboard.failRate'),
    rework: t('dashboard.rework'),
    lateLoads: t('dashboard.lateLoads'),
    items: t('dashboard.items'),
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: the texts follow the language
  const option = useMemo(() => chartOption(chart, charts, language, texts), [chart, charts, language]);

  const download = async () => {
    setBusy(true);
    try {
      const file = await api.call(dashboardChartXlsx, { chart, months });
      downloadBase64(file.fileName, file.contentType, file.content);
    } catch {
      // The client toasts the refusal.
    } finally {
      setBusy(false);
    }
  };

  let body = <ChartTableView chart={chart} charts={charts} language={language} />;
  if (!option) body = <Typography.Text type="secondary">{t('dashboard.empty')}</Typography.Text>;
  else if (view === 'chart') body = <ChartCanvas option={option} label={title} height={CHART_HEIGHT} />;

  return (
    <Card
      size="small"
      style={{ height: '100%' }}
      data-testid={`chart-${chart}`}
      title={<h3 style={{ ...heading, fontSize: 15, whiteSpace: 'normal' }}>{title}</h3>}
      extra={
        <Flex gap={8} wrap justify="end">
          <Segmented
            size="small"
            aria-label={t('dashboard.view')}
            value={view}
            onChange={(v) => setView(v as 'chart' | 'table')}
            options={[
              { value: 'chart', label: t('dashboard.chart') },
              { value: 'table', label: t('dashboard.table') },
            ]}
          />
          <Button
            size="small"
            icon={<DownloadOutlined />}
            loading={busy}
            onClick={() => void download()}
            aria-label={t('dashboard.downloadLabel', { title })}
            data-testid={`chart-${chart}-xlsx`}
          >
            {t('dashboard.download')}
          </Button>
        </Flex>
      }
    >
      {body}
    </Card>
  );
}

/**
 * Home's charts after the work queue (issue 30): every chart the caller may see, in their scope,
 * each with its table view and its XLSX. Loaded lazily by the home page; ECharts itself is loaded
 * by the first chart drawn.
 */
export function DashboardCharts() {
  const { t } = useTranslation();
  const [months, setMonths] = useState<number>(CHART_MONTHS);
  const answer = useOperation(dashboardCharts, { months }, { silent: true });
  const charts = answer.data;
  const shown = charts ? CHART_KEYS.filter((key) => charts[key] !== null) : [];
  if (charts && shown.length === 0) return null;

  let body: ReactNode;
  if (answer.isPending) body = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (answer.isError || !charts) body = <Alert type="warning" showIcon title={t('dashboard.failed')} />;
  else
    body = (
      <Row gutter={[16, 16]} data-testid="dashboard-charts">
        {shown.map((key) => (
          <Col xs={24} xl={12} key={key}>
            <ChartCard chart={key} charts={charts} months={months} />
          </Col>
        ))}
      </Row>
    );

  return (
    <section aria-labelledby="home-charts">
      <Flex justify="space-between" align="center" gap={8} wrap style={{ marginBottom: 12 }}>
        <h2 id="home-charts" style={heading}>
          {t('dashboard.charts')}
        </h2>
        <Select
          size="small"
          aria-label={t('dashboard.period')}
          value={months}
          onChange={setMonths}
          style={{ minWidth: 140 }}
          options={PERIODS.map((n) => ({ value: n, label: t('dashboard.months', { count: n }) }))}
          data-testid="dashboard-period"
        />
      </Flex>
      {body}
    </section>
  );
}

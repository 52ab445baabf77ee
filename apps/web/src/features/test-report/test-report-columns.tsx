import type { Language } from '@qcdesk/contract/messages';
import { TEST_REPORT_STATUS } from '@qcdesk/contract/test-report';
import { Typography } from 'antd';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { clientColumn, refColumn } from '../../components/column-presets';
import { type BadgeTones, EnumBadge, type EnumBadgeProps } from '../../components/enum-badge';
import { EMPTY, enumColumnOptions, enumText, refName } from '../../components/ref-labels';
import type { TableColumn } from '../../components/table-columns';
import { formatDate } from '../../lib/format';
import type { TestReportRow } from './api';

/** DOMAIN.md §3.2 TestReportStatus: pending, issued, verified, published, retested, invalid. */
const STATUS_TONES: BadgeTones = {
  10: 'default',
  20: 'processing',
  30: 'processing',
  40: 'success',
  80: 'warning',
  90: 'error',
};

export function StatusBadge({ status, ...rest }: { status: number } & EnumBadgeProps) {
  return <EnumBadge name="TestReportStatus" value={status} tones={STATUS_TONES} {...rest} />;
}

/** TestResult: pass green, improve amber, fail red. */
const RESULT_TONES: BadgeTones = { 1: 'success', 2: 'warning', 3: 'error', 4: 'default' };

export function ResultTag({ result, ...rest }: { result: number } & EnumBadgeProps) {
  return (
    <EnumBadge
      name="TestResult"
      value={result}
      tones={RESULT_TONES}
      style={{ whiteSpace: 'nowrap' }}
      {...rest}
    />
  );
}

/** The report no, or the localized "pending" label while the lab has not issued it (spec §3). */
export function ReportNo({ reportNo, t }: { reportNo: string | null; t: TFunction }) {
  return reportNo ?? <Typography.Text type="secondary">{t('test-report.pending')}</Typography.Text>;
}

/** The test-report list (spec §3 filters), one column array for the table and its search bar. */
export function testReportColumns({
  language,
  t,
}: {
  language: Language;
  t: TFunction;
}): TableColumn<TestReportRow>[] {
  const products = (row: TestReportRow) => row.products;
  return [
    {
      key: 'reportNo',
      title: (t) => t('test-report.reportNo'),
      searchKey: 'reportNo',
      sort: 'reportNo',
      minWidth: 130,
      render: (_value, row) => (
        <Link to={`/${language}/testreport/${row.id}`} data-testid="test-report-link">
          <ReportNo reportNo={row.reportNo} t={t} />
        </Link>
      ),
    },
    {
      key: 'orderNo',
      title: (t) => t('test-report.orderNo'),
      searchKey: 'orderNo',
      minWidth: 110,
      render: (_value, row) => [...new Set(products(row).map((p) => p.orderNo))].join(', ') || EMPTY,
    },
    {
      key: 'productNo',
      title: (t) => t('test-report.productNo'),
      searchKey: 'productNo',
      minWidth: 120,
      render: (_value, row) =>
        products(row)
          .map((p) => p.productNo)
          .join(', ') || EMPTY,
    },
    {
      key: 'sku',
      title: (t) => t('test-report.sku'),
      searchKey: 'sku',
      showFrom: 'xxl',
      render: (_value, row) =>
        products(row)
          .flatMap((p) => (p.sku ? [p.sku] : []))
          .join(', ') || EMPTY,
    },
    {
      key: 'desc',
      title: (t) => t('test-report.desc'),
      searchKey: 'desc',
      showFrom: 'xxl',
      render: (_value, row) => row.description ?? EMPTY,
    },
    {
      key: 'factory',
      title: (t) => t('test-report.factory'),
      searchKey: 'factory',
      showFrom: 'xl',
      render: (_value, row) =>
        [...new Set(products(row).map((p) => refName(p.factory, language)))].join(', '),
    },
    clientColumn(t('test-report.client'), { showFrom: 'lg' }),
    refColumn('department', t('test-report.department'), language, (row) => row.department),
    refColumn('lab', t('test-report.lab'), language, (row) => row.lab, { showFrom: 'lg' }),
    refColumn('testtype', t('test-report.testType'), language, (row) => row.testType, {
      key: 'testType',
      searchKey: 'testType',
      showFrom: 'xl',
    }),
    {
      key: 'type',
      title: (t) => t('test-report.reportType'),
      searchKey: 'type',
      valueType: 'select',
      options: enumColumnOptions('TestReportType'),
      showFrom: 'xxl',
      render: (_value, row) => enumText('TestReportType', row.reportType, language),
    },
    {
      key: 'reportDate',
      title: (t) => t('test-report.reportDate'),
      searchKey: 'reportDate',
      valueType: 'dateRange',
      sort: 'reportDate',
      render: (_value, row) => (row.reportDate ? formatDate(row.reportDate) : EMPTY),
    },
    {
      title: (t) => t('test-report.status'),
      dataIndex: 'status',
      valueType: 'select',
      options: enumColumnOptions('TestReportStatus'),
      render: (value) => <StatusBadge status={Number(value)} language={language} />,
    },
    {
      title: (t) => t('test-report.result'),
      dataIndex: 'result',
      valueType: 'select',
      options: enumColumnOptions('TestReportSearchResult'),
      render: (_value, row) =>
        row.status === TEST_REPORT_STATUS.pending ? (
          EMPTY
        ) : (
          <ResultTag result={row.result} language={language} />
        ),
    },
  ];
}

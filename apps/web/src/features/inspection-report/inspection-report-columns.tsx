import type { Language } from '@qcdesk/contract/messages';
import { Badge, type BadgeProps, Switch } from 'antd';
import { Link } from 'react-router';
import { EMPTY, enumColumnOptions, enumText, refName, userDisplayName } from '../../components/ref-labels';
import type { SearchInputProps, TableColumn } from '../../components/table-columns';
import { formatDate } from '../../lib/format';
import type { InspectionReportRow } from './api';

/** DOMAIN.md §3.2 InspectionReportStatus: draft, submitted, level 2, approved, sent, confirmed, rejected, cancelled. */
const STATUS_BADGES: Record<number, BadgeProps['status']> = {
  10: 'default',
  20: 'processing',
  25: 'processing',
  30: 'success',
  40: 'success',
  50: 'success',
  80: 'warning',
  90: 'error',
};

export function ReportStatusBadge({ status, language }: { status: number; language: Language }) {
  return (
    <Badge
      status={STATUS_BADGES[status] ?? 'default'}
      text={enumText('InspectionReportStatus', status, language)}
      data-testid="inspection-report-status"
      style={{ whiteSpace: 'nowrap' }}
    />
  );
}

/** InspectionResult: pass green, conditional amber, rework and fail red, the rest grey. */
const RESULT_BADGES: Record<number, BadgeProps['status']> = {
  1: 'success',
  2: 'warning',
  3: 'error',
  4: 'error',
};

export function InspectionResultTag({
  result,
  language,
  testId,
}: {
  result: number | null;
  language: Language;
  testId?: string;
}) {
  if (!result) return <span data-testid={testId}>{EMPTY}</span>;
  return (
    <Badge
      status={RESULT_BADGES[result] ?? 'default'}
      text={enumText('InspectionResult', result, language)}
      style={{ whiteSpace: 'nowrap' }}
      data-testid={testId}
    />
  );
}

/** The detail of a report: the interim ones under `inline-report/{id}` (spec §2). */
export const reportPath = (language: Language, row: { id: string; interim: boolean }) =>
  `/${language}/${row.interim ? 'inline-report' : 'inspection/report'}/${row.id}`;

const switchFilter = (props: SearchInputProps) => (
  <Switch
    id={props.id}
    checked={props.value === true}
    onChange={(checked) => props.onChange?.(checked)}
    data-testid={`inspection-report-filter-${props.id ?? ''}`}
  />
);

/** The report list (spec §3 filters), one column array for the table and its search bar. */
export function inspectionReportColumns(language: Language): TableColumn<InspectionReportRow>[] {
  return [
    {
      key: 'reportNo',
      title: (t) => t('inspection-report.reportNo'),
      sort: 'reportNo',
      hideInSearch: true,
      minWidth: 140,
      render: (_value, row) => (
        <Link to={reportPath(language, row)} data-testid="inspection-report-link">
          {row.reportNo}
        </Link>
      ),
    },
    {
      key: 'orderNo',
      title: (t) => t('inspection-report.orderNo'),
      searchKey: 'orderNo',
      render: (_value, row) => row.order.orderNo,
    },
    {
      key: 'productNo',
      title: (t) => t('inspection-report.productNo'),
      searchKey: 'productNo',
      hideInTable: true,
    },
    {
      key: 'factory',
      title: (t) => t('inspection-report.factory'),
      searchKey: 'factory',
      wrapWidth: 200,
      render: (_value, row) => refName(row.factory, language),
    },
    {
      key: 'inspectionType',
      title: (t) => t('inspection-report.inspectionType'),
      hideInSearch: true,
      showFrom: 'xl',
      render: (_value, row) => refName(row.inspectionType, language),
    },
    {
      key: 'inspector',
      title: (t) => t('inspection-report.inspector'),
      hideInSearch: true,
      showFrom: 'xxl',
      render: (_value, row) => userDisplayName(row.inspector, language),
    },
    {
      key: 'inspectionDate',
      title: (t) => t('inspection-report.inspectionDate'),
      valueType: 'dateRange',
      sort: 'inspectionDate',
      render: (_value, row) => formatDate(row.inspectionDate),
    },
    {
      key: 'quantity',
      title: (t) => t('inspection-report.quantity'),
      hideInSearch: true,
      align: 'right',
      showFrom: 'xxl',
      render: (_value, row) => row.quantity.toLocaleString(),
    },
    {
      key: 'sampleSize',
      title: (t) => t('inspection-report.sampleSize'),
      hideInSearch: true,
      align: 'right',
      showFrom: 'xxl',
      render: (_value, row) => row.sampleSize.toLocaleString(),
    },
    {
      key: 'defects',
      title: (t) => t('inspection-report.cmm'),
      hideInSearch: true,
      showFrom: 'xl',
      render: (_value, row) => `${row.critical}/${row.major}/${row.minor}`,
    },
    {
      key: 'preResult',
      title: (t) => t('inspection-report.preResult'),
      hideInSearch: true,
      showFrom: 'lg',
      render: (_value, row) => <InspectionResultTag result={row.preResult} language={language} />,
    },
    {
      key: 'result',
      title: (t) => t('inspection-report.result'),
      searchKey: 'result',
      valueType: 'select',
      options: enumColumnOptions('InspectionResult').filter((o) => o.value !== 0),
      render: (_value, row) => <InspectionResultTag result={row.result} language={language} />,
    },
    {
      key: 'status',
      title: (t) => t('inspection-report.status'),
      searchKey: 'status',
      valueType: 'select',
      options: enumColumnOptions('InspectionReportStatus'),
      render: (_value, row) => <ReportStatusBadge status={row.status} language={language} />,
    },
    {
      key: 'checkout',
      title: (t) => t('inspection-report.checkoutHolder'),
      hideInSearch: true,
      showFrom: 'xxl',
      render: (_value, row) => (row.checkout ? userDisplayName(row.checkout.by, language) : EMPTY),
    },
    {
      key: 'work',
      title: (t) => t('inspection-report.work'),
      searchKey: 'work',
      valueType: 'bool',
      hideInTable: true,
      initialValue: true,
      renderFormItem: switchFilter,
    },
    {
      key: 'interim',
      title: (t) => t('inspection-report.interim'),
      searchKey: 'interim',
      valueType: 'bool',
      hideInTable: true,
      initialValue: false,
      renderFormItem: switchFilter,
    },
  ];
}

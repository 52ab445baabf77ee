import type { Language } from '@qcdesk/contract/messages';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { clientColumn } from '../../components/column-presets';
import { type BadgeTones, EnumBadge } from '../../components/enum-badge';
import { EMPTY, enumColumnOptions, refName, userDisplayName } from '../../components/ref-labels';
import type { TableColumn } from '../../components/table-columns';
import { formatDate } from '../../lib/format';
import { type SuperviseReportRow, supervisePath } from './api';

/** DOMAIN.md §3.2 SuperviseReportStatus: pre-supervise waits, loading and submitted run, approved and sent are done. */
const STATUS_TONES: BadgeTones = {
  10: 'default',
  20: 'processing',
  30: 'processing',
  40: 'success',
  50: 'success',
  80: 'warning',
  90: 'error',
};

export function SuperviseStatusBadge({ status, language }: { status: number; language: Language }) {
  return (
    <EnumBadge
      name="SuperviseReportStatus"
      value={status}
      tones={STATUS_TONES}
      language={language}
      data-testid="supervise-report-status"
    />
  );
}

/**
 * The supervise-report list (spec §3 filters: order no, product no, factory, client PO,
 * loading-date range, status), one column array for the table and its search bar.
 */
export function superviseReportColumns({
  language,
  t,
  pre,
}: {
  language: Language;
  t: TFunction;
  /** The pre-supervise list fixes the status. */
  pre: boolean;
}): TableColumn<SuperviseReportRow>[] {
  return [
    {
      title: (t) => t('supervise-report.reportNo'),
      dataIndex: 'reportNo',
      hideInSearch: true,
      sort: 'reportNo',
      minWidth: 130,
      render: (_value, row) => (
        <Link to={supervisePath(language, row.id)} data-testid="supervise-report-link">
          {row.reportNo}
        </Link>
      ),
    },
    {
      key: 'orderNo',
      title: (t) => t('supervise-report.orderNo'),
      searchKey: 'orderNo',
      minWidth: 120,
      render: (_value, row) => row.orderNos.join(', ') || EMPTY,
    },
    {
      key: 'po',
      title: (t) => t('supervise-report.clientPo'),
      searchKey: 'po',
      hideInTable: true,
    },
    {
      key: 'productNo',
      title: (t) => t('supervise-report.productNo'),
      searchKey: 'productNo',
      hideInTable: true,
    },
    {
      key: 'factory',
      title: (t) => t('supervise-report.factory'),
      searchKey: 'factory',
      minWidth: 120,
      render: (_value, row) => refName(row.factory, language),
    },
    clientColumn(t('supervise-report.client'), { minWidth: 120, showFrom: 'lg', hideInSearch: true }),
    {
      title: (t) => t('supervise-report.loadingDate'),
      dataIndex: 'loadingDate',
      hideInSearch: true,
      sort: 'loadingDate',
      render: (_value, row) => formatDate(row.loadingDate),
    },
    {
      key: 'time',
      title: (t) => t('supervise-report.loadingDate'),
      searchKey: 'time',
      valueType: 'dateRange',
      hideInTable: true,
    },
    {
      key: 'container',
      title: (t) => t('supervise-report.containerNo'),
      hideInSearch: true,
      showFrom: 'md',
      render: (_value, row) => row.containerNo ?? EMPTY,
    },
    {
      key: 'inspector',
      title: (t) => t('supervise-report.inspector'),
      hideInSearch: true,
      showFrom: 'md',
      render: (_value, row) => userDisplayName(row.inspector, language),
    },
    {
      key: 'status',
      title: (t) => t('supervise-report.status'),
      dataIndex: 'status',
      ...(pre ? { hideInSearch: true } : { searchKey: 'status', valueType: 'select' as const }),
      options: enumColumnOptions('SuperviseReportStatus'),
      render: (_value, row) => <SuperviseStatusBadge status={row.status} language={language} />,
    },
  ];
}

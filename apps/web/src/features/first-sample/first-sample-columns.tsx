import { FIRST_SAMPLE_STATUS } from '@qcdesk/contract/first-sample';
import type { Language } from '@qcdesk/contract/messages';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { clientColumn, refColumn } from '../../components/column-presets';
import { type BadgeTones, EnumBadge, type EnumBadgeProps } from '../../components/enum-badge';
import { EMPTY, enumColumnOptions, refName } from '../../components/ref-labels';
import type { TableColumn } from '../../components/table-columns';
import { formatDate, formatDateTime } from '../../lib/format';
import type { FirstSampleRow } from './api';

/** DOMAIN.md §3.2 FirstSampleStatus: registered, checked, audited, cancelled. */
const STATUS_TONES: BadgeTones = { 10: 'default', 20: 'processing', 30: 'success', 90: 'error' };

export function StatusBadge({ status, ...rest }: { status: number } & EnumBadgeProps) {
  return <EnumBadge name="FirstSampleStatus" value={status} tones={STATUS_TONES} {...rest} />;
}

/** A result beside a long item name keeps its dot and words on one line. */
const NO_WRAP = { whiteSpace: 'nowrap', flex: 'none' } as const;

/** FsAuditResult: approved green, conditional amber, rejected red. */
const RESULT_TONES: BadgeTones = { 1: 'success', 2: 'warning', 3: 'error' };
/** FsCheckResult: OK green, NG red, N/A and unchecked grey. */
const CHECK_TONES: BadgeTones = { 1: 'success', 2: 'error', 3: 'default' };

export function ResultTag({ result, ...rest }: { result: number } & EnumBadgeProps) {
  return <EnumBadge name="FsAuditResult" value={result} tones={RESULT_TONES} style={NO_WRAP} {...rest} />;
}

export function CheckTag({ result, ...rest }: { result: number } & EnumBadgeProps) {
  return <EnumBadge name="FsCheckResult" value={result} tones={CHECK_TONES} style={NO_WRAP} {...rest} />;
}

/**
 * The first-sample list (spec §3 filters: order no, product no, item no, factory, client,
 * department, received dates, result), one column array for the table and its search bar.
 */
export function firstSampleColumns({
  language,
  t,
}: {
  language: Language;
  t: TFunction;
}): TableColumn<FirstSampleRow>[] {
  return [
    {
      title: (t) => t('first-sample.sampleNo'),
      dataIndex: 'sampleNo',
      hideInSearch: true,
      sort: 'sampleNo',
      minWidth: 120,
      render: (_value, row) => (
        <Link to={`/${language}/firstsample/${row.id}`} data-testid="first-sample-link">
          {row.sampleNo}
        </Link>
      ),
    },
    {
      key: 'round',
      title: (t) => t('first-sample.round'),
      dataIndex: 'round',
      hideInSearch: true,
      align: 'right',
    },
    {
      key: 'orderNo',
      title: (t) => t('first-sample.orderNo'),
      searchKey: 'orderNo',
      minWidth: 110,
      render: (_value, row) => row.product.orderNo,
    },
    {
      key: 'productNo',
      title: (t) => t('first-sample.productNo'),
      searchKey: 'productNo',
      minWidth: 120,
      render: (_value, row) => row.product.productNo,
    },
    { title: (t) => t('first-sample.itemNo'), dataIndex: 'itemNo', sort: 'itemNo', showFrom: 'lg' },
    {
      key: 'factory',
      title: (t) => t('first-sample.factory'),
      searchKey: 'factory',
      minWidth: 120,
      showFrom: 'lg',
      render: (_value, row) => refName(row.factory, language),
    },
    clientColumn(t('first-sample.client'), { showFrom: 'xl' }),
    refColumn('department', t('first-sample.department'), language, (row) => row.department),
    {
      key: 'received',
      title: (t) => t('first-sample.receivedDate'),
      searchKey: 'received',
      valueType: 'dateRange',
      sort: 'receivedDate',
      render: (_value, row) => formatDate(row.receivedDate),
    },
    {
      title: (t) => t('first-sample.status'),
      dataIndex: 'status',
      valueType: 'select',
      options: enumColumnOptions('FirstSampleStatus'),
      render: (value) => <StatusBadge status={Number(value)} language={language} />,
    },
    {
      title: (t) => t('first-sample.result'),
      dataIndex: 'result',
      valueType: 'select',
      options: enumColumnOptions('FsSearchResult'),
      render: (_value, row) =>
        row.status === FIRST_SAMPLE_STATUS.audited ? (
          <ResultTag result={row.result} language={language} />
        ) : (
          EMPTY
        ),
    },
    {
      key: 'auditedAt',
      title: (t) => t('first-sample.judgedAt'),
      hideInSearch: true,
      showFrom: 'xl',
      sort: 'auditedAt',
      render: (_value, row) => (row.auditedAt ? formatDateTime(row.auditedAt) : EMPTY),
    },
  ];
}

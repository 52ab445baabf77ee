import type { Language } from '@qcdesk/contract/messages';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { clientColumn, refColumn } from '../../components/column-presets';
import { type BadgeTones, EnumBadge } from '../../components/enum-badge';
import { EMPTY, enumColumnOptions, enumText, refName } from '../../components/ref-labels';
import type { TableColumn } from '../../components/table-columns';
import { formatDate, formatDateTime } from '../../lib/format';
import type { ProductionSampleRow } from './api';

/** AuditResult: sign and notice pass, improve warns, unqualified (released) is an error. */
const AUDIT_TONES: BadgeTones = { 1: 'success', 2: 'success', 3: 'warning', 4: 'error' };
/** ProductionSampleStatus: registered waits for its audit, audited is done, cancelled is grey. */
const STATUS_TONES: BadgeTones = { 10: 'processing', 20: 'success', 90: 'default' };

export function AuditResultTag({ result, language }: { result: number; language: Language }) {
  return <EnumBadge name="AuditResult" value={result} tones={AUDIT_TONES} language={language} />;
}

export function SampleStatusTag({ status, language }: { status: number; language: Language }) {
  return <EnumBadge name="ProductionSampleStatus" value={status} tones={STATUS_TONES} language={language} />;
}

/**
 * The production-sample list (spec §3 filters: item no ending, client, department, received date
 * range, audit result), one column array for the table and its search bar. Sortable: the contract's
 * PRODUCTION_SAMPLE_SORTS (item no, received date, audit time).
 */
export function productionSampleColumns({
  language,
  t,
}: {
  language: Language;
  t: TFunction;
}): TableColumn<ProductionSampleRow>[] {
  return [
    {
      title: (t) => t('production-sample.itemNo'),
      dataIndex: 'itemNo',
      sort: 'itemNo',
      minWidth: 120,
      render: (_value, row) => (
        <Link to={`/${language}/productionsample/${row.id}`} data-testid="production-sample-link">
          {row.itemNo}
        </Link>
      ),
    },
    clientColumn(t('production-sample.client'), { minWidth: 120 }),
    refColumn('department', t('production-sample.department'), language, (row) => row.department),
    {
      key: 'provider',
      title: (t) => t('production-sample.provider'),
      dataIndex: 'provider',
      hideInSearch: true,
      minWidth: 120,
      showFrom: 'lg',
      render: (_value, row) => refName(row.provider, language),
    },
    {
      title: (t) => t('production-sample.receivedDate'),
      dataIndex: 'receivedDate',
      hideInSearch: true,
      sort: 'receivedDate',
      render: (_value, row) => formatDate(row.receivedDate),
    },
    {
      key: 'received',
      title: (t) => t('production-sample.receivedDate'),
      searchKey: 'received',
      valueType: 'dateRange',
      hideInTable: true,
    },
    {
      title: (t) => t('production-sample.status'),
      dataIndex: 'status',
      valueType: 'select',
      options: enumColumnOptions('ProductionSampleStatus'),
      render: (_value, row) => <SampleStatusTag status={row.status} language={language} />,
    },
    {
      key: 'result',
      title: (t) => t('production-sample.auditResult'),
      dataIndex: 'auditResult',
      searchKey: 'result',
      valueType: 'select',
      options: enumColumnOptions('AuditResult'),
      render: (_value, row) => <AuditResultTag result={row.auditResult} language={language} />,
    },
    {
      title: (t) => t('production-sample.testResult'),
      dataIndex: 'testResult',
      hideInSearch: true,
      showFrom: 'xxl',
      render: (_value, row) => enumText('TestResult', row.testResult, language),
    },
    {
      title: (t) => t('production-sample.auditTime'),
      dataIndex: 'auditTime',
      hideInSearch: true,
      sort: 'auditTime',
      showFrom: 'lg',
      render: (_value, row) => (row.auditTime ? formatDateTime(row.auditTime) : EMPTY),
    },
    {
      title: (t) => t('production-sample.orderPlaced'),
      dataIndex: 'orderPlaced',
      hideInSearch: true,
      showFrom: 'xl',
      render: (_value, row) => enumText('OrderPlacedFlag', row.orderPlaced, language),
    },
  ];
}

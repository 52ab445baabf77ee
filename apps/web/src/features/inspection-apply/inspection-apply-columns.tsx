import type { Language } from '@qcdesk/contract/messages';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { clientColumn, refColumn } from '../../components/column-presets';
import { type BadgeTones, EnumBadge } from '../../components/enum-badge';
import { enumColumnOptions, enumText, refName } from '../../components/ref-labels';
import type { TableColumn } from '../../components/table-columns';
import { formatDate } from '../../lib/format';
import { applyDetailPath, type InspectionApplyRow } from './api';

/** InspectionApplyStatus: draft waits, submitted/planned/inspecting run, completed is done, returned warns. */
const STATUS_TONES: BadgeTones = {
  10: 'default',
  20: 'processing',
  30: 'processing',
  40: 'processing',
  50: 'success',
  80: 'warning',
  90: 'error',
};

export function ApplyStatusBadge({ status, language }: { status: number; language: Language }) {
  return <EnumBadge name="InspectionApplyStatus" value={status} tones={STATUS_TONES} language={language} />;
}

/**
 * The application list (spec §3 filters: order no, product no, factory, shipping, PO, expected-date
 * range, status), one column array for the table and its search bar. Sortable: INSPECTION_APPLY_SORTS.
 */
export function inspectionApplyColumns({
  language,
  t,
}: {
  language: Language;
  t: TFunction;
}): TableColumn<InspectionApplyRow>[] {
  return [
    {
      title: (t) => t('inspection-apply.applyNo'),
      dataIndex: 'applyNo',
      hideInSearch: true,
      sort: 'applyNo',
      minWidth: 130,
      render: (_value, row) => (
        <Link to={applyDetailPath(language, row.id)} data-testid="inspection-apply-link">
          {row.applyNo}
        </Link>
      ),
    },
    {
      key: 'orderNo',
      title: (t) => t('inspection-apply.orderNo'),
      searchKey: 'orderNo',
      minWidth: 110,
      render: (_value, row) => row.order.orderNo,
    },
    { key: 'po', title: (t) => t('inspection-apply.po'), searchKey: 'po', hideInTable: true },
    {
      key: 'shipping',
      title: (t) => t('inspection-apply.shipping'),
      searchKey: 'shipping',
      hideInTable: true,
    },
    {
      key: 'productNo',
      title: (t) => t('inspection-apply.productNo'),
      searchKey: 'productNo',
      hideInTable: true,
    },
    {
      key: 'factory',
      title: (t) => t('inspection-apply.factory'),
      searchKey: 'factory',
      minWidth: 120,
      render: (_value, row) => refName(row.factory, language),
    },
    clientColumn(t('inspection-apply.client'), { minWidth: 120, showFrom: 'lg', hideInSearch: true }),
    refColumn('inspectiontype', t('inspection-apply.inspectionType'), language, (row) => row.inspectionType, {
      hideInSearch: true,
      showFrom: 'lg',
    }),
    {
      title: (t) => t('inspection-apply.expectedDate'),
      dataIndex: 'expectedDate',
      hideInSearch: true,
      sort: 'expectedDate',
      render: (_value, row) => formatDate(row.expectedDate),
    },
    {
      key: 'expected',
      title: (t) => t('inspection-apply.expectedDate'),
      searchKey: 'expected',
      valueType: 'dateRange',
      hideInTable: true,
    },
    {
      key: 'quantity',
      title: (t) => t('inspection-apply.quantity'),
      hideInSearch: true,
      align: 'right',
      showFrom: 'md',
      render: (_value, row) => row.quantity.toLocaleString(),
    },
    {
      key: 'applyType',
      title: (t) => t('inspection-apply.applyType'),
      hideInSearch: true,
      showFrom: 'xl',
      render: (_value, row) => enumText('ApplyType', row.applyType, language),
    },
    {
      key: 'status',
      title: (t) => t('inspection-apply.status'),
      dataIndex: 'status',
      searchKey: 'status',
      valueType: 'select',
      options: enumColumnOptions('InspectionApplyStatus'),
      render: (_value, row) => <ApplyStatusBadge status={row.status} language={language} />,
    },
  ];
}

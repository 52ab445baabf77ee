import type { Language } from '@qcdesk/contract/messages';
import { ORDER_RISK_STATUS } from '@qcdesk/contract/order-risk';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { clientColumn, refColumn } from '../../components/column-presets';
import { type BadgeTones, EnumBadge } from '../../components/enum-badge';
import { TestStatusTag } from '../../components/record/record-link';
import { enumColumnOptions, enumText, refName } from '../../components/ref-labels';
import type { TableColumn } from '../../components/table-columns';
import { formatDate } from '../../lib/format';
import type { OrderRiskRow } from './api';

/** DOMAIN.md §3.2 OrderRiskStatus: pending, testing, done, waived. */
const STATUS_TONES: BadgeTones = { 10: 'default', 20: 'processing', 30: 'success', 40: 'warning' };

export function RiskStatusBadge({ status, language }: { status: number; language: Language }) {
  return (
    <EnumBadge
      name="OrderRiskStatus"
      value={status}
      tones={STATUS_TONES}
      language={language}
      data-testid="order-risk-status"
    />
  );
}

/** The items of a risk as one line: open / tested / waived counts. */
export function itemsText(row: OrderRiskRow, t: TFunction): string {
  const done = row.itemCount - row.openCount;
  if (row.status === ORDER_RISK_STATUS.waived) return t('order-risk.itemsWaived', { count: row.itemCount });
  return t('order-risk.itemsSummary', { open: row.openCount, tested: done, count: row.itemCount });
}

/** The order-risk list (spec §3 filters), one column array for the table and its search bar. */
export function orderRiskColumns({
  language,
  t,
}: {
  language: Language;
  t: TFunction;
}): TableColumn<OrderRiskRow>[] {
  return [
    {
      key: 'orderNo',
      title: (t) => t('order-risk.orderNo'),
      searchKey: 'orderNo',
      sort: 'orderNo',
      render: (_v, row) => row.order.orderNo,
    },
    {
      key: 'productNo',
      title: (t) => t('order-risk.productNo'),
      searchKey: 'productNo',
      render: (_v, row) => <Link to={`/${language}/orderrisk/${row.id}`}>{row.product.productNo}</Link>,
    },
    {
      key: 'product',
      title: (t) => t('order-risk.product'),
      hideInSearch: true,
      wrapWidth: 220,
      render: (_v, row) => `${row.product.itemNo} | ${row.product.name}`,
    },
    {
      key: 'factory',
      title: (t) => t('order-risk.factory'),
      searchKey: 'factory',
      showFrom: 'xl',
      render: (_v, row) => refName(row.factory, language),
    },
    clientColumn(t('order-risk.client'), { showFrom: 'xl' }),
    refColumn('department', t('order-risk.department'), language, (row) => row.department),
    {
      key: 'deliveryDate',
      title: (t) => t('order-risk.deliveryDate'),
      hideInSearch: true,
      sort: 'deliveryDate',
      render: (_v, row) => formatDate(row.product.deliveryDate),
    },
    {
      key: 'delivery',
      title: (t) => t('order-risk.deliveryDate'),
      searchKey: 'delivery',
      valueType: 'dateRange',
      hideInTable: true,
    },
    {
      key: 'items',
      title: (t) => t('order-risk.items'),
      hideInSearch: true,
      render: (_v, row) => itemsText(row, t),
    },
    {
      title: (t) => t('order-risk.status'),
      dataIndex: 'status',
      sort: 'status',
      valueType: 'select',
      options: enumColumnOptions('OrderRiskStatus'),
      render: (value) => <RiskStatusBadge status={Number(value)} language={language} />,
    },
    {
      title: (t) => t('order-risk.result'),
      dataIndex: 'result',
      valueType: 'select',
      options: enumColumnOptions('TestSearchResult'),
      render: (_v, row) => enumText('TestResult', row.result, language),
    },
    {
      key: 'testStatus',
      title: (t) => t('order-risk.testStatus'),
      hideInSearch: true,
      render: (_v, row) => <TestStatusTag status={row.testStatus} />,
    },
    {
      key: 'byCreate',
      title: (t) => t('order-risk.byCreate'),
      searchKey: 'byCreate',
      valueType: 'bool',
      showFrom: 'xl',
      render: (_v, row) => (row.byCreate ? t('order-risk.manual') : t('order-risk.derived')),
    },
  ];
}

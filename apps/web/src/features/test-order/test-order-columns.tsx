import type { Language } from '@qcdesk/contract/messages';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { clientColumn, refColumn } from '../../components/column-presets';
import { type BadgeTones, EnumBadge } from '../../components/enum-badge';
import { EMPTY, enumColumnOptions, enumText, refName } from '../../components/ref-labels';
import type { TableColumn } from '../../components/table-columns';
import { formatDate } from '../../lib/format';
import type { TestOrderRow } from './api';

/** TestOrderStatus: draft waits, submitted/received run, reported and closed are done, cancelled is grey. */
const STATUS_TONES: BadgeTones = {
  10: 'default',
  20: 'processing',
  30: 'processing',
  40: 'success',
  50: 'success',
  90: 'error',
};

export function TestOrderStatusBadge({ status, language }: { status: number; language: Language }) {
  return <EnumBadge name="TestOrderStatus" value={status} tones={STATUS_TONES} language={language} />;
}

/** "1,234.50 RMB": money as the server sends it (a decimal string), grouped, with its currency. */
export function moneyText(amount: string | null, currency: string): string {
  if (amount === null) return EMPTY;
  const [whole = '0', frac = '00'] = amount.split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac.padEnd(2, '0')} ${currency}`;
}

/**
 * The test-order list (spec §3 filters: order no, product no, sku, factory, client, department, plan
 * date range, result), one column array for the table and its search bar. Sortable: TEST_ORDER_SORTS.
 */
export function testOrderColumns({
  language,
  t,
}: {
  language: Language;
  t: TFunction;
}): TableColumn<TestOrderRow>[] {
  return [
    {
      title: (t) => t('test-order.testOrderNo'),
      dataIndex: 'testOrderNo',
      searchKey: 'testOrderNo',
      sort: 'testOrderNo',
      minWidth: 130,
      render: (_value, row) => (
        <Link to={`/${language}/ordertest/${row.id}`} data-testid="test-order-link">
          {row.testOrderNo}
        </Link>
      ),
    },
    { key: 'orderNo', title: (t) => t('test-order.orderNo'), searchKey: 'orderNo', hideInTable: true },
    { key: 'productNo', title: (t) => t('test-order.productNo'), searchKey: 'productNo', hideInTable: true },
    { key: 'sku', title: (t) => t('test-order.sku'), searchKey: 'sku', hideInTable: true },
    { key: 'factory', title: (t) => t('test-order.factory'), searchKey: 'factory', hideInTable: true },
    clientColumn(t('test-order.client'), { minWidth: 120 }),
    refColumn('department', t('test-order.department'), language, (row) => row.department),
    {
      key: 'lab',
      title: (t) => t('test-order.lab'),
      dataIndex: 'lab',
      hideInSearch: true,
      showFrom: 'lg',
      render: (_value, row) => refName(row.lab, language),
    },
    {
      title: (t) => t('test-order.planTime'),
      dataIndex: 'planTime',
      hideInSearch: true,
      sort: 'planTime',
      render: (_value, row) => formatDate(row.planTime),
    },
    {
      key: 'plan',
      title: (t) => t('test-order.planTime'),
      searchKey: 'plan',
      valueType: 'dateRange',
      hideInTable: true,
    },
    {
      key: 'items',
      title: (t) => t('test-order.items'),
      hideInSearch: true,
      showFrom: 'xl',
      render: (_value, row) =>
        t('test-order.itemCount', { items: row.itemCount, products: row.productCount }),
    },
    {
      key: 'amount',
      title: (t) => t('test-order.amount'),
      hideInSearch: true,
      showFrom: 'lg',
      render: (_value, row) => moneyText(row.amount, row.currency),
    },
    {
      title: (t) => t('test-order.status'),
      dataIndex: 'status',
      hideInSearch: true,
      render: (_value, row) => <TestOrderStatusBadge status={row.status} language={language} />,
    },
    {
      key: 'result',
      title: (t) => t('test-order.result'),
      dataIndex: 'result',
      searchKey: 'result',
      valueType: 'select',
      options: enumColumnOptions('TestSearchResult'),
      showFrom: 'md',
      render: (_value, row) => enumText('TestResult', row.result, language),
    },
  ];
}

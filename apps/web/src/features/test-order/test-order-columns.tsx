import type { Language } from '@qcdesk/contract/messages';
import { Badge } from 'antd';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { ConfigSelect } from '../../components/config-select';
import { searchClientOptions } from '../../components/pickers';
import { EMPTY, enumColumnOptions, enumText, refName } from '../../components/ref-labels';
import { ClientAutoComplete, type RemoteOption } from '../../components/remote-auto-complete';
import type { TableColumn } from '../../components/table-columns';
import { formatDate } from '../../lib/format';
import type { TestOrderRow } from './api';
import type { testOrderEn } from './test-order.en';

type TextKey = Exclude<keyof typeof testOrderEn, 'source'>;

type BadgeStatus = 'success' | 'processing' | 'default' | 'error' | 'warning';

/** TestOrderStatus: draft waits, submitted/received run, reported and closed are done, cancelled is grey. */
const STATUS_BADGES: Record<number, BadgeStatus> = {
  10: 'default',
  20: 'processing',
  30: 'processing',
  40: 'success',
  50: 'success',
  90: 'error',
};

export function TestOrderStatusBadge({ status, language }: { status: number; language: Language }) {
  return (
    <Badge status={STATUS_BADGES[status] ?? 'default'} text={enumText('TestOrderStatus', status, language)} />
  );
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
  const text = (key: TextKey): string => t(`test-order.${key}` as const);
  return [
    {
      title: () => text('testOrderNo'),
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
    { key: 'orderNo', title: () => text('orderNo'), searchKey: 'orderNo', hideInTable: true },
    { key: 'productNo', title: () => text('productNo'), searchKey: 'productNo', hideInTable: true },
    { key: 'sku', title: () => text('sku'), searchKey: 'sku', hideInTable: true },
    { key: 'factory', title: () => text('factory'), searchKey: 'factory', hideInTable: true },
    {
      key: 'client',
      title: () => text('client'),
      dataIndex: 'client',
      searchKey: 'client',
      minWidth: 120,
      render: (_value, row) => row.client.name,
      renderFormItem: ({ value, onChange, id }) => (
        <ClientAutoComplete
          id={id}
          aria-label={text('client')}
          search={searchClientOptions}
          value={(value as RemoteOption | null | undefined) ?? null}
          onChange={(option) => onChange?.(option)}
        />
      ),
      searchTransform: (value) => ({ client: (value as RemoteOption).value }),
    },
    {
      key: 'department',
      title: () => text('department'),
      dataIndex: 'department',
      searchKey: 'department',
      showFrom: 'xxl',
      render: (_value, row) => refName(row.department, language),
      renderFormItem: (props) => (
        <ConfigSelect<string | null>
          list="department"
          allowClear
          placeholder={text('department')}
          {...props}
          value={props.value as string | null}
        />
      ),
    },
    {
      key: 'lab',
      title: () => text('lab'),
      dataIndex: 'lab',
      hideInSearch: true,
      showFrom: 'lg',
      render: (_value, row) => refName(row.lab, language),
    },
    {
      title: () => text('planTime'),
      dataIndex: 'planTime',
      hideInSearch: true,
      sort: 'planTime',
      render: (_value, row) => formatDate(row.planTime),
    },
    {
      key: 'plan',
      title: () => text('planTime'),
      searchKey: 'plan',
      valueType: 'dateRange',
      hideInTable: true,
    },
    {
      key: 'items',
      title: () => text('items'),
      hideInSearch: true,
      showFrom: 'xl',
      render: (_value, row) =>
        t('test-order.itemCount', { items: row.itemCount, products: row.productCount }),
    },
    {
      key: 'amount',
      title: () => text('amount'),
      hideInSearch: true,
      showFrom: 'lg',
      render: (_value, row) => moneyText(row.amount, row.currency),
    },
    {
      title: () => text('status'),
      dataIndex: 'status',
      hideInSearch: true,
      render: (_value, row) => <TestOrderStatusBadge status={row.status} language={language} />,
    },
    {
      key: 'result',
      title: () => text('result'),
      dataIndex: 'result',
      searchKey: 'result',
      valueType: 'select',
      options: enumColumnOptions('TestSearchResult'),
      showFrom: 'md',
      render: (_value, row) => enumText('TestResult', row.result, language),
    },
  ];
}

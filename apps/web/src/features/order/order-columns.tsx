import type { Language } from '@qcdesk/contract/messages';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { clientColumn, refColumn } from '../../components/column-presets';
import { TestStatusTag } from '../../components/record/record-link';
import { EMPTY, enumColumnOptions, enumText, refName, userDisplayName } from '../../components/ref-labels';
import type { TableColumn } from '../../components/table-columns';
import { formatDate } from '../../lib/format';
import type { OrderProductRow } from './api';

export interface OrderColumnOptions {
  language: Language;
  t: TFunction;
  /** order.edit: a filter for deleted products, to undelete them. */
  canEdit: boolean;
}

/**
 * The order list: one row per order product (spec §3 Product filters: order no and PO ending, product
 * no and SKU containing, item no ending, client, factory containing, department, delivery date range,
 * product type, work), one column array for the table and its search bar. Sortable: the contract's
 * ORDER_SORTS (order no, PO, delivery date, created).
 */
export function orderColumns({ language, t, canEdit }: OrderColumnOptions): TableColumn<OrderProductRow>[] {
  return [
    {
      key: 'orderNo',
      title: (t) => t('order.orderNo'),
      dataIndex: 'order',
      searchKey: 'orderNo',
      sort: 'orderNo',
      minWidth: 110,
      render: (_value, row) => (
        <Link to={`/${language}/order/${row.order.id}`} data-testid="order-link">
          {row.order.orderNo}
        </Link>
      ),
    },
    {
      key: 'po',
      title: (t) => t('order.clientPo'),
      searchKey: 'po',
      sort: 'po',
      minWidth: 110,
      render: (_value, row) => row.order.clientPo ?? EMPTY,
    },
    { title: (t) => t('order.productNo'), dataIndex: 'productNo', minWidth: 120 },
    {
      title: (t) => t('order.deliveryDate'),
      dataIndex: 'deliveryDate',
      hideInSearch: true,
      sort: 'deliveryDate',
      render: (_value, row) => formatDate(row.deliveryDate),
    },
    {
      key: 'testStatus',
      title: (t) => t('order.testStatus'),
      hideInSearch: true,
      render: (_value, row) => <TestStatusTag status={row.testStatus} riskId={row.risk?.id} />,
    },
    {
      title: (t) => t('order.sku'),
      dataIndex: 'sku',
      showFrom: 'xxl',
      render: (value) => String(value ?? EMPTY),
    },
    { title: (t) => t('order.itemNo'), dataIndex: 'itemNo', showFrom: 'xxl' },
    { title: (t) => t('order.name'), dataIndex: 'name', hideInSearch: true, minWidth: 130, wrapWidth: 200 },
    clientColumn(t('order.client')),
    {
      key: 'factory',
      title: (t) => t('order.factory'),
      dataIndex: 'factory',
      searchKey: 'factory',
      minWidth: 120,
      render: (_value, row) => refName(row.factory, language),
    },
    refColumn('department', t('order.department'), language, (row) => row.department),
    {
      title: (t) => t('order.quantity'),
      dataIndex: 'quantity',
      valueType: 'number',
      hideInSearch: true,
      align: 'right',
      render: (_value, row) =>
        `${row.quantity.toLocaleString(language === 'zh' ? 'zh-CN' : 'en')} ${enumText('QuantityUnit', row.quantityUnit, language)}`,
    },
    {
      key: 'deliveryRange',
      title: (t) => t('order.deliveryDate'),
      searchKey: 'deliveryRange',
      valueType: 'dateRange',
      hideInTable: true,
    },
    {
      key: 'type',
      title: (t) => t('order.productType'),
      dataIndex: 'productType',
      searchKey: 'type',
      valueType: 'select',
      options: enumColumnOptions('ProductType'),
      showFrom: 'lg',
    },
    {
      key: 'qc',
      title: (t) => t('order.qc'),
      dataIndex: 'qc',
      hideInSearch: true,
      showFrom: 'xxl',
      render: (_value, row) => (row.qc ? userDisplayName(row.qc, language) : EMPTY),
    },
    {
      title: (t) => t('common.created'),
      dataIndex: 'createdAt',
      hideInSearch: true,
      sort: 'createdAt',
      showFrom: 'xxl',
      render: (_value, row) => formatDate(row.createdAt),
    },
    {
      key: 'work',
      title: (t) => t('order.work'),
      searchKey: 'work',
      valueType: 'bool',
      hideInTable: true,
    },
    ...(canEdit
      ? [
          {
            key: 'deleted',
            title: (t) => t('order.deleted'),
            searchKey: 'deleted',
            valueType: 'bool',
            hideInTable: true,
          } satisfies TableColumn<OrderProductRow>,
        ]
      : []),
  ];
}

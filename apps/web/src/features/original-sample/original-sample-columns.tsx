import type { Language } from '@qcdesk/contract/messages';
import { Badge, Select } from 'antd';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { clientColumn } from '../../components/column-presets';
import type { Filters, TableColumn } from '../../components/table-columns';
import type { OriginalSampleRow } from './api';
import { CartToggle } from './original-sample-cart';

export interface OriginalSampleColumnOptions {
  language: Language;
  t: TFunction;
  /** originalsample.edit: a filter for deleted samples, to undelete them. */
  canEdit: boolean;
}

export type Completeness = 'complete' | 'incomplete' | 'all';

/** Spec §3 `complete` (default true): complete samples, incomplete ones, or all (null). */
export function completeFilter(value: unknown): Filters {
  if (value === 'incomplete') return { complete: false };
  if (value === 'all') return { complete: null };
  return { complete: true };
}

/**
 * The original-sample list (spec §3 filters: itemNo ends with, name contains, complete (default
 * true)), one column array for the table and its search bar; each row goes into the cart.
 */
export function originalSampleColumns({
  language,
  t,
  canEdit,
}: OriginalSampleColumnOptions): TableColumn<OriginalSampleRow>[] {
  return [
    {
      title: (t) => t('original-sample.itemNo'),
      dataIndex: 'itemNo',
      sort: 'itemNo',
      render: (_value, row) => <Link to={`/${language}/originalsample/${row.id}`}>{row.itemNo}</Link>,
    },
    { title: (t) => t('original-sample.name'), dataIndex: 'name', sort: 'name', wrapWidth: 240 },
    {
      key: 'complete',
      title: (t) => t('original-sample.complete'),
      dataIndex: 'complete',
      searchKey: 'complete',
      initialValue: 'complete' satisfies Completeness,
      searchTransform: completeFilter,
      render: (value) =>
        value ? (
          <Badge status="success" text={t('original-sample.completeYes')} />
        ) : (
          <Badge status="warning" text={t('original-sample.completeNo')} />
        ),
      renderFormItem: ({ value, onChange, id }) => (
        <Select
          id={id}
          value={value as Completeness | undefined}
          onChange={(next) => onChange?.(next)}
          options={[
            { value: 'complete', label: t('original-sample.filterComplete') },
            { value: 'incomplete', label: t('original-sample.filterIncomplete') },
            { value: 'all', label: t('original-sample.filterAll') },
          ]}
        />
      ),
    },
    clientColumn(t('original-sample.client')),
    {
      title: (t) => t('original-sample.partCount'),
      dataIndex: 'partCount',
      valueType: 'number',
      hideInSearch: true,
      align: 'right',
    },
    {
      key: 'cart',
      title: (t) => t('original-sample.cart'),
      hideInSearch: true,
      render: (_value, row) => (row.valid === 1 ? <CartToggle sample={row} size="small" /> : null),
    },
    ...(canEdit
      ? [
          {
            key: 'deleted',
            title: (t) => t('original-sample.deleted'),
            searchKey: 'deleted',
            valueType: 'bool',
            hideInTable: true,
          } satisfies TableColumn<OriginalSampleRow>,
        ]
      : []),
  ];
}

import type { Language } from '@qcdesk/contract/messages';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { ConfigSelect } from '../../components/config-select';
import { refName } from '../../components/ref-labels';
import type { TableColumn } from '../../components/table-columns';
import { type StandardKind, type StandardRow, standardPath } from './api';

export interface StandardColumnOptions {
  kind: StandardKind;
  language: Language;
  t: TFunction;
  /** standard.edit: a filter for deleted standards, to undelete them. */
  canEdit: boolean;
}

/**
 * The list of common or country standards (spec §3 standard requirement filter: name contains;
 * country standards also by country), one column array for the table and its search bar.
 */
export function standardColumns({
  kind,
  language,
  t,
  canEdit,
}: StandardColumnOptions): TableColumn<StandardRow>[] {
  return [
    {
      title: (t) => t('standard.name'),
      dataIndex: 'name',
      render: (_value, row) => <Link to={`/${language}/${standardPath(kind)}/${row.id}`}>{row.name}</Link>,
    },
    ...(kind === 'country'
      ? [
          {
            key: 'country',
            title: (t) => t('standard.country'),
            dataIndex: 'country',
            searchKey: 'country',
            render: (_value, row) => refName(row.country, language),
            renderFormItem: (props) => (
              <ConfigSelect<string | null>
                list="country"
                allowClear
                placeholder={t('standard.country')}
                {...props}
                value={props.value as string | null}
              />
            ),
          } satisfies TableColumn<StandardRow>,
        ]
      : []),
    {
      title: (t) => t('standard.productScope'),
      dataIndex: 'productScope',
      hideInSearch: true,
      ellipsis: true,
    },
    {
      title: (t) => t('standard.testCount'),
      dataIndex: 'testCount',
      valueType: 'number',
      hideInSearch: true,
      align: 'right',
    },
    { title: (t) => t('standard.updated'), dataIndex: 'updatedAt', valueType: 'date', hideInSearch: true },
    ...(canEdit
      ? [
          {
            key: 'deleted',
            title: (t) => t('standard.deleted'),
            searchKey: 'deleted',
            valueType: 'bool',
            hideInTable: true,
          } satisfies TableColumn<StandardRow>,
        ]
      : []),
  ];
}

import type { Language } from '@qcdesk/contract/messages';
import { Badge } from 'antd';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { ConfigSelect } from '../../components/config-select';
import { refName } from '../../components/ref-labels';
import type { TableColumn } from '../../components/table-columns';
import type { MaterialRow } from './api';

export interface MaterialColumnOptions {
  language: Language;
  t: TFunction;
  /** material.edit: a filter for deleted materials, to undelete them. */
  canEdit: boolean;
}

/**
 * The material list (spec §3 filters: upc ends with, name contains, type, q0), one column array for
 * the table and its search bar. `q0` reads "no valid test": the materials that need testing
 * (DOMAIN.md §2.3).
 */
export function materialColumns({ language, t, canEdit }: MaterialColumnOptions): TableColumn<MaterialRow>[] {
  return [
    {
      title: (t) => t('material.upc'),
      dataIndex: 'upc',
      sort: 'upc',
      render: (_value, row) => <Link to={`/${language}/material/${row.id}`}>{row.upc}</Link>,
    },
    { title: (t) => t('material.name'), dataIndex: 'name', sort: 'name', wrapWidth: 240 },
    {
      key: 'type',
      title: (t) => t('material.materialType'),
      dataIndex: 'materialType',
      searchKey: 'type',
      render: (_value, row) => refName(row.materialType, language),
      renderFormItem: (props) => (
        <ConfigSelect<string | null>
          list="materialtype"
          allowClear
          placeholder={t('material.materialType')}
          {...props}
          value={props.value as string | null}
        />
      ),
    },
    {
      key: 'q0',
      title: (t) => t('material.needsTesting'),
      searchKey: 'q0',
      valueType: 'bool',
      hideInTable: true,
    },
    {
      title: (t) => t('material.technicalName'),
      dataIndex: 'technicalName',
      hideInSearch: true,
      ellipsis: true,
      // A tablet keeps the columns people find a material by; the column settings bring it back.
      showFrom: 'xl',
    },
    {
      key: 'riskLevel',
      title: (t) => t('material.riskLevel'),
      dataIndex: 'riskLevel',
      searchKey: 'riskLevel',
      render: (_value, row) => refName(row.riskLevel, language),
      renderFormItem: (props) => (
        <ConfigSelect<string | null>
          list="risklevel"
          allowClear
          placeholder={t('material.riskLevel')}
          {...props}
          value={props.value as string | null}
        />
      ),
    },
    {
      title: (t) => t('material.validTests'),
      dataIndex: 'validTests',
      hideInSearch: true,
      align: 'right',
      render: (value) =>
        Number(value) === 0 ? <Badge status="warning" text={t('material.needsTesting')} /> : String(value),
    },
    ...(canEdit
      ? [
          {
            key: 'deleted',
            title: (t) => t('material.deleted'),
            searchKey: 'deleted',
            valueType: 'bool',
            hideInTable: true,
          } satisfies TableColumn<MaterialRow>,
        ]
      : []),
  ];
}

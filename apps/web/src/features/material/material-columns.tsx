import type { Language } from '@qcdesk/contract/messages';
import { Badge } from 'antd';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { refColumn } from '../../components/column-presets';
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
    refColumn('materialtype', t('material.materialType'), language, (row) => row.materialType, {
      key: 'type',
      searchKey: 'type',
    }),
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
    refColumn('risklevel', t('material.riskLevel'), language, (row) => row.riskLevel, {
      key: 'riskLevel',
      searchKey: 'riskLevel',
    }),
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

import type { Language } from '@qcdesk/contract/messages';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { refColumn } from '../../components/column-presets';
import { EMPTY } from '../../components/ref-labels';
import type { TableColumn } from '../../components/table-columns';
import { type StandardKind, type StandardRow, standardPath } from './api';

export interface StandardColumnOptions {
  kind: StandardKind;
  language: Language;
  t: TFunction;
  /** standard.edit: a filter for deleted standards, to undelete them. */
  canEdit: boolean;
}

// The list's table is as wide as its cells (scroll x max-content) and cells do not wrap: long names
// and product scopes wrap at these widths, so the date column stays in view at PC width (1280 px).
const NAME_MAX_WIDTH = 260;
const SCOPE_MAX_WIDTH = 220;
const wrapAt = (maxWidth: number) =>
  ({ display: 'inline-block', maxWidth, whiteSpace: 'normal', overflowWrap: 'anywhere' }) as const;

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
      sort: 'name',
      render: (_value, row) => (
        <Link to={`/${language}/${standardPath(kind)}/${row.id}`} style={wrapAt(NAME_MAX_WIDTH)}>
          {row.name}
        </Link>
      ),
    },
    ...(kind === 'country'
      ? [refColumn<StandardRow>('country', t('standard.country'), language, (row) => row.country)]
      : []),
    {
      title: (t) => t('standard.productScope'),
      dataIndex: 'productScope',
      hideInSearch: true,
      render: (_value, row) => <span style={wrapAt(SCOPE_MAX_WIDTH)}>{row.productScope || EMPTY}</span>,
    },
    {
      title: (t) => t('standard.testCount'),
      dataIndex: 'testCount',
      valueType: 'number',
      hideInSearch: true,
      align: 'right',
    },
    {
      title: (t) => t('standard.updated'),
      dataIndex: 'updatedAt',
      valueType: 'date',
      hideInSearch: true,
      sort: 'updatedAt',
    },
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

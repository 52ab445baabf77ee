import type { Language } from '@qcdesk/contract/messages';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { type BadgeTones, EnumBadge, type EnumBadgeProps } from '../../components/enum-badge';
import { searchMaterialOptions } from '../../components/pickers';
import { EMPTY, enumColumnOptions, materialText, refName } from '../../components/ref-labels';
import { MaterialAutoComplete, type RemoteOption } from '../../components/remote-auto-complete';
import type { TableColumn } from '../../components/table-columns';
import { formatDate, formatDateTime } from '../../lib/format';
import type { MaterialTestRow } from './api';

export interface MaterialTestColumnOptions {
  language: Language;
  t: TFunction;
  /** Whether the material's own page may be opened (route MaterialDetail). */
  materialLinks: boolean;
  /** materialtest.edit: a filter for deleted tests, to undelete them. */
  canEdit: boolean;
}

/** DOMAIN.md §3.2 MaterialTestStatus: draft, completed, pushed (a dot and plain text, legible on any theme). */
const STATUS_TONES: BadgeTones = { 10: 'default', 20: 'processing', 30: 'success' };

export function StatusBadge({ status, ...rest }: { status: number } & EnumBadgeProps) {
  return <EnumBadge name="MaterialTestStatus" value={status} tones={STATUS_TONES} {...rest} />;
}

/**
 * The material-test list (spec §3 filters: startTime, endTime; DOMAIN.md §2.11: the tests whose
 * validity overlaps the range), one column array for the table and its search bar.
 */
export function materialTestColumns({
  language,
  t,
  materialLinks,
  canEdit,
}: MaterialTestColumnOptions): TableColumn<MaterialTestRow>[] {
  return [
    {
      key: 'validity',
      title: (t) => t('material-test.validity'),
      // DOMAIN.md §2.11: startTime/endTime select the tests whose validity overlaps the range.
      searchKey: 'validity',
      valueType: 'dateRange',
      // The validity sorts by its first day.
      sort: 'startDate',
      render: (_value, row) => `${formatDate(row.startDate)} ~ ${formatDate(row.endDate)}`,
    },
    {
      title: (t) => t('material-test.testNo'),
      dataIndex: 'testNo',
      hideInSearch: true,
      sort: 'testNo',
      render: (_value, row) => <Link to={`/${language}/materialtest/${row.id}`}>{row.testNo}</Link>,
    },
    {
      key: 'material',
      title: (t) => t('material-test.material'),
      dataIndex: 'material',
      searchKey: 'material',
      wrapWidth: 260,
      render: (_value, row) =>
        materialLinks ? (
          <Link to={`/${language}/material/${row.material.id}`}>{materialText(row.material)}</Link>
        ) : (
          materialText(row.material)
        ),
      renderFormItem: ({ value, onChange, id }) => (
        <MaterialAutoComplete
          id={id}
          aria-label={t('material-test.material')}
          search={searchMaterialOptions}
          placeholder={t('material-test.materialPlaceholder')}
          value={(value as RemoteOption | null | undefined) ?? null}
          onChange={(option) => onChange?.(option)}
        />
      ),
      searchTransform: (value) => ({ materialId: (value as RemoteOption).value }),
    },
    {
      title: (t) => t('material-test.status'),
      dataIndex: 'status',
      valueType: 'select',
      options: enumColumnOptions('MaterialTestStatus'),
      render: (value) => <StatusBadge status={Number(value)} language={language} />,
    },
    {
      title: (t) => t('material-test.result'),
      dataIndex: 'result',
      valueType: 'select',
      options: enumColumnOptions('TestResult'),
    },
    {
      title: (t) => t('material-test.lab'),
      dataIndex: 'lab',
      hideInSearch: true,
      // A tablet keeps the test, its material, status and result; the column settings bring these back.
      showFrom: 'xl',
      render: (_v, row) => refName(row.lab, language),
    },
    {
      key: 'pushed',
      title: (t) => t('material-test.pushed'),
      hideInSearch: true,
      showFrom: 'xl',
      sort: 'pushedAt',
      render: (_value, row) =>
        row.pushCount > 0 ? `${formatDateTime(row.pushedAt)} (${row.pushCount})` : EMPTY,
    },
    ...(canEdit
      ? [
          {
            key: 'deleted',
            title: (t) => t('material-test.deleted'),
            searchKey: 'deleted',
            valueType: 'bool',
            hideInTable: true,
          } satisfies TableColumn<MaterialTestRow>,
        ]
      : []),
  ];
}

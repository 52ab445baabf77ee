import type { Language } from '@qcdesk/contract/messages';
import { Badge, Flex, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { refColumn } from '../../components/column-presets';
import { enumColumnOptions, refName, userDisplayName } from '../../components/ref-labels';
import {
  type RemoteOption,
  type RemoteSearch,
  UserAutoComplete,
} from '../../components/remote-auto-complete';
import type { TableColumn } from '../../components/table-columns';
import type { ClientRow } from './api';
import { aqlText } from './client-labels';

export interface ClientColumnOptions {
  language: Language;
  t: TFunction;
  /** The sales filter's search (the `Sales` enumeration). */
  salesSearch: RemoteSearch;
  /** client.admin: a filter for deleted clients, to undelete them. */
  admin: boolean;
}

/**
 * The client list (spec §3 filters: name contains, country, type; DOMAIN.md §2.11), one column array
 * for the table and its search bar. The sales filter narrows to one sales owner's clients.
 */
export function clientColumns({
  language,
  t,
  salesSearch,
  admin,
}: ClientColumnOptions): TableColumn<ClientRow>[] {
  return [
    {
      title: (t) => t('client.name'),
      dataIndex: 'name',
      sort: 'name',
      wrapWidth: 220,
      render: (_value, row) => (
        <Flex vertical>
          <Link to={`/${language}/client/${row.id}`}>{row.name}</Link>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {row.code}
          </Typography.Text>
        </Flex>
      ),
    },
    refColumn('country', t('client.country'), language, (row) => row.country),
    {
      title: (t) => t('client.type'),
      dataIndex: 'type',
      showFrom: 'lg',
      valueType: 'select',
      options: enumColumnOptions('ClientType'),
    },
    {
      title: (t) => t('client.sales'),
      dataIndex: 'sales',
      render: (_value, row) => userDisplayName(row.sales, language),
      renderFormItem: ({ value, onChange, id }) => (
        <UserAutoComplete
          id={id}
          aria-label={t('client.sales')}
          search={salesSearch}
          placeholder={t('client.salesPlaceholder')}
          value={(value as RemoteOption | null | undefined) ?? null}
          onChange={(option) => onChange?.(option)}
        />
      ),
      searchTransform: (value) => ({ sales: (value as RemoteOption).value }),
    },
    {
      key: 'sampling',
      title: (t) => t('client.sampling'),
      hideInSearch: true,
      // A tablet shows the columns people find a client by; settings bring these back.
      showFrom: 'xl',
      render: (_value, row) =>
        `${row.samplingLevel.code ?? refName(row.samplingLevel, language)} · ${aqlText(row.majorAql)} / ${aqlText(row.minorAql)}`,
    },
    {
      title: (t) => t('client.advanceDays'),
      dataIndex: 'advanceDays',
      valueType: 'number',
      hideInSearch: true,
      showFrom: 'lg',
      align: 'right',
    },
    {
      title: (t) => t('client.state'),
      dataIndex: 'state',
      hideInSearch: true,
      render: (value) => <StateBadge state={Number(value)} />,
    },
    ...(admin
      ? [
          {
            key: 'deleted',
            title: (t) => t('client.deleted'),
            searchKey: 'deleted',
            valueType: 'bool',
            hideInTable: true,
          } satisfies TableColumn<ClientRow>,
        ]
      : []),
  ];
}

/** ActiveFlag (DOMAIN.md §3.1): 1 active, 0 frozen. */
export function StateBadge({ state }: { state: number }) {
  const { t } = useTranslation();
  return (
    <Badge
      status={state === 1 ? 'success' : 'error'}
      text={state === 1 ? t('client.active') : t('client.frozen')}
    />
  );
}

import { PlusOutlined } from '@ant-design/icons';
import { Badge, Flex, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ButtonLink } from '../../components/button-link';
import { DataTable } from '../../components/data-table';
import type { TableColumn } from '../../components/table-columns';
import { currentLanguage } from '../../i18n/i18n';
import { requestUsers, type UserRow, useRolesCatalog, usersSearchKey } from './api';
import { positionLabel } from './user-labels';

/** The users list (spec §3 filters: name, department, page), one column array for table and search. */
export function UsersTable({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const catalog = useRolesCatalog();
  const departments = catalog.data?.departments;

  const columns = useMemo<TableColumn<UserRow>[]>(
    () => [
      {
        title: (t) => t('users.name'),
        dataIndex: 'name',
        sort: 'name',
        render: (_value, row) => <Link to={`/${language}/user/${row.id}`}>{row.name}</Link>,
      },
      {
        title: (t) => t('users.englishName'),
        dataIndex: 'englishName',
        hideInSearch: true,
        sort: 'englishName',
      },
      { title: (t) => t('users.username'), dataIndex: 'username', hideInSearch: true, sort: 'username' },
      {
        key: 'department',
        title: (t) => t('users.department'),
        dataIndex: 'departmentName',
        searchKey: 'department',
        valueType: 'select',
        options: (departments ?? []).map((d) => ({ value: d.id, label: { zh: d.nameZh, en: d.nameEn } })),
      },
      {
        title: (t) => t('users.position'),
        dataIndex: 'position',
        hideInSearch: true,
        render: (value) => positionLabel(Number(value), language),
      },
      {
        title: (t) => t('users.role'),
        dataIndex: 'roleName',
        hideInSearch: true,
        // A client user's client beside its role (issue 25): whose records it sees.
        render: (value, row) =>
          row.client ? (
            <Flex vertical>
              <span>{String(value)}</span>
              <Typography.Text type="secondary" data-testid="user-client">
                {row.client.name}
              </Typography.Text>
            </Flex>
          ) : (
            String(value)
          ),
      },
      {
        title: (t) => t('users.state'),
        dataIndex: 'state',
        hideInSearch: true,
        render: (value, row) => (
          <Flex gap={8} wrap>
            <Badge
              status={value === 1 ? 'success' : 'error'}
              text={value === 1 ? t('users.active') : t('users.frozen')}
            />
            {row.verified ? null : <Badge status="default" text={t('users.unverified')} />}
          </Flex>
        ),
      },
      ...(canEdit
        ? [
            {
              key: 'deleted',
              title: (t) => t('users.deleted'),
              searchKey: 'deleted',
              valueType: 'bool',
              hideInTable: true,
            } satisfies TableColumn<UserRow>,
          ]
        : []),
    ],
    [departments, language, canEdit, t],
  );

  return (
    <DataTable<UserRow>
      columns={columns}
      rowKey="id"
      queryKey={usersSearchKey}
      request={requestUsers}
      cardTitle={(row) => <Link to={`/${language}/user/${row.id}`}>{row.name}</Link>}
      toolbar={
        canEdit ? (
          <ButtonLink
            type="primary"
            icon={<PlusOutlined />}
            to={`/${language}/user/new`}
            data-testid="user-create"
          >
            {t('users.create')}
          </ButtonLink>
        ) : null
      }
    />
  );
}

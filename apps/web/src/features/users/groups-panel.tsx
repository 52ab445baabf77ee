import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Switch, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TagList } from '../../components/tag-list';
import { currentLanguage } from '../../i18n/i18n';
import { type GroupRow, useGroups, useUpdateGroup } from './api';
import { GroupFormModal } from './group-form-modal';
import { moduleLabel } from './module-options';

/**
 * Groups and their modules (spec §3). Toggling a group's state re-sends the update with the new
 * state. The list is short and unpaged, so it is a plain table rather than the paged data table.
 */
export function GroupsPanel({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const list = useGroups();
  const update = useUpdateGroup();
  const [editing, setEditing] = useState<GroupRow | null>(null);
  const [open, setOpen] = useState(false);

  const edit = (group: GroupRow | null) => {
    setEditing(group);
    setOpen(true);
  };

  return (
    <Flex vertical gap={16}>
      {canEdit ? (
        <Flex justify="flex-end">
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => edit(null)}
            data-testid="group-create"
          >
            {t('groups.create')}
          </Button>
        </Flex>
      ) : null}
      {list.isError ? <Alert type="error" showIcon title={list.error.message} /> : null}
      <Table<GroupRow>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          { key: 'name', title: t('groups.name'), dataIndex: 'name' },
          {
            key: 'modules',
            title: t('groups.modules'),
            dataIndex: 'modules',
            render: (modules: string[]) => (
              <TagList items={modules.map((m) => ({ key: m, label: moduleLabel(m, language) }))} />
            ),
          },
          {
            key: 'state',
            title: t('groups.state'),
            dataIndex: 'state',
            render: (state: number, group) => (
              <Switch
                checked={state === 1}
                disabled={!canEdit}
                loading={update.isPending && update.variables?.id === group.id}
                checkedChildren={t('users.active')}
                unCheckedChildren={t('users.frozen')}
                aria-label={t('groups.toggle', { name: group.name })}
                onChange={(on) => update.mutate({ id: group.id, version: group.version, state: on ? 1 : 0 })}
              />
            ),
          },
          ...(canEdit
            ? [
                {
                  key: 'actions',
                  title: t('groups.actions'),
                  render: (_: unknown, group: GroupRow) => (
                    <Button
                      icon={<EditOutlined />}
                      onClick={() => edit(group)}
                      aria-label={t('groups.editNamed', { name: group.name })}
                    >
                      {t('groups.edit')}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      <GroupFormModal open={open} group={editing} onClose={() => setOpen(false)} />
    </Flex>
  );
}

import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Switch } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table';
import type { TableColumn } from '../../components/table-columns';
import { TagList } from '../../components/tag-list';
import { currentLanguage } from '../../i18n/i18n';
import { type GroupRow, groupsTableKey, requestGroups, useUpdateGroup } from './api';
import { GroupFormModal } from './group-form-modal';
import { moduleLabel } from './module-options';

/** The groups tab shares its page with the users tab: its URL parameters carry this prefix. */
export const GROUPS_PARAM_PREFIX = 'g.';

/**
 * Groups and their modules (spec §3). Toggling a group's state re-sends the update with the new
 * state. The server sends the short list whole; the list kit pages, finds and sorts it in the browser.
 */
export function GroupsPanel({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const update = useUpdateGroup();
  const [editing, setEditing] = useState<GroupRow | null>(null);
  const [open, setOpen] = useState(false);

  const columns = useMemo<TableColumn<GroupRow>[]>(() => {
    const edit = (group: GroupRow | null) => {
      setEditing(group);
      setOpen(true);
    };
    return [
      { title: (t) => t('groups.name'), dataIndex: 'name', sort: 'name' },
      {
        title: (t) => t('groups.modules'),
        dataIndex: 'modules',
        hideInSearch: true,
        // The tags wrap: a group of every module would otherwise push State and Edit out of view.
        wrapWidth: 480,
        minWidth: 150,
        render: (_value, group) =>
          group.modules.length ? (
            <TagList items={group.modules.map((m) => ({ key: m, label: moduleLabel(m, language) }))} />
          ) : (
            '-'
          ),
      },
      {
        title: (t) => t('groups.state'),
        dataIndex: 'state',
        hideInSearch: true,
        render: (_value, group) => (
          <Switch
            checked={group.state === 1}
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
              title: (t) => t('groups.actions'),
              hideInSearch: true,
              fixed: 'right',
              render: (_value, group) => (
                <Button
                  icon={<EditOutlined />}
                  onClick={() => edit(group)}
                  aria-label={t('groups.editNamed', { name: group.name })}
                >
                  {t('groups.edit')}
                </Button>
              ),
            } satisfies TableColumn<GroupRow>,
          ]
        : []),
    ];
  }, [canEdit, language, t, update]);

  return (
    <>
      <DataTable<GroupRow>
        columns={columns}
        rowKey="id"
        queryKey={groupsTableKey}
        request={requestGroups}
        paramPrefix={GROUPS_PARAM_PREFIX}
        // A short list: most fit on one page.
        initialPageSize={40}
        toolbar={
          canEdit ? (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => {
                setEditing(null);
                setOpen(true);
              }}
              data-testid="group-create"
            >
              {t('groups.create')}
            </Button>
          ) : null
        }
      />
      <GroupFormModal open={open} group={editing} onClose={() => setOpen(false)} />
    </>
  );
}

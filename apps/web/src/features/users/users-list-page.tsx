import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { hasPermission } from '../../api/guard';
import { useSession } from '../../api/session';
import { GroupsPanel } from './groups-panel';
import { RolesPanel } from './roles-panel';
import { UsersTable } from './users-table';

type Tab = 'users' | 'groups' | 'roles';

/**
 * Spec §2 User: users, groups, and positions and roles, as tabs of the one route (`?tab=`). The users
 * list's URL parameters are plain (`?name=`), the groups' prefixed (`?tab=groups&g.name=`).
 */
export function UsersListPage() {
  const { t } = useTranslation();
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const canSearch = hasPermission(session, 'user.search');
  const canEditRoles = hasPermission(session, 'role.edit');

  const tabs = [
    ...(canSearch
      ? [
          {
            key: 'users' as const,
            label: t('users.tabUsers'),
            children: <UsersTable canEdit={hasPermission(session, 'user.edit')} />,
          },
        ]
      : []),
    ...(canSearch || hasPermission(session, 'group.edit')
      ? [
          {
            key: 'groups' as const,
            label: t('users.tabGroups'),
            children: <GroupsPanel canEdit={hasPermission(session, 'group.edit')} />,
          },
        ]
      : []),
    ...(canSearch || canEditRoles
      ? [
          {
            key: 'roles' as const,
            label: t('users.tabRoles'),
            children: <RolesPanel canEdit={canEditRoles} canSearch={canSearch} />,
          },
        ]
      : []),
  ];
  const requested = params.get('tab') as Tab | null;
  const active = tabs.find((tab) => tab.key === requested)?.key ?? tabs[0]?.key;

  return (
    <Card title={<h1 style={{ fontSize: 18, fontWeight: 600, margin: 0 }}>{t('users.title')}</h1>}>
      <Tabs
        activeKey={active}
        items={tabs}
        destroyOnHidden
        onChange={(key) =>
          // Only the tab changes: each tab's list keeps its own parameters (the groups' are prefixed).
          setParams(
            (current) => {
              const next = new URLSearchParams(current);
              if (key === 'users') next.delete('tab');
              else next.set('tab', key);
              return next;
            },
            { replace: true },
          )
        }
      />
    </Card>
  );
}

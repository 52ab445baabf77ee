import { DeleteOutlined, EditOutlined, PlusOutlined, UndoOutlined } from '@ant-design/icons';
import type { Language } from '@qcdesk/contract/messages';
import { isPermission, PERMISSION_ACTION_LABELS, PERMISSION_GROUPS } from '@qcdesk/contract/permissions';
import { POSITIONS } from '@qcdesk/contract/roles';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Badge, Button, Card, Flex, Spin, Table, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sessionKey, useSession } from '../../api/session';
import { useConfirm } from '../../components/confirm-dialog';
import { FormDrawer } from '../../components/form-drawer';
import { notify } from '../../components/notify';
import { useScreen } from '../../components/use-screen';
import { currentLanguage } from '../../i18n/i18n';
import {
  fetchRole,
  type RoleDetail,
  type RolesCatalog,
  useRoleList,
  useRolesCatalog,
  useUpdateRole,
} from './api';
import { RoleForm } from './role-form';

type RoleRow = RolesCatalog['roles'][number];
type Listed = RoleRow | RoleDetail;
type Panel = { mode: 'create' } | { mode: 'edit'; role: RoleDetail; notice?: string };

const isDetail = (role: Listed): role is RoleDetail => 'version' in role;

/** A role's permissions by catalogue group: "Clients: Search, Edit" reads better than a wall of strings. */
function PermissionSummary({ permissions, language }: { permissions: string[]; language: Language }) {
  const held = new Set(permissions);
  const separator = language === 'zh' ? '、' : ', ';
  const groups = PERMISSION_GROUPS.map((g) => ({
    group: g,
    actions: g.actions.filter((a) => held.has(`${g.prefix}.${a}`)),
  })).filter((g) => g.actions.length > 0);
  const unknown = permissions.filter((p) => !isPermission(p));
  if (groups.length === 0 && unknown.length === 0)
    return <Typography.Text type="secondary">-</Typography.Text>;
  return (
    <Flex wrap gap={4}>
      {groups.map(({ group, actions }) => (
        <Tag key={group.prefix} style={{ whiteSpace: 'normal', marginInlineEnd: 0 }}>
          {group.label[language]}:{' '}
          {actions.map((a) => PERMISSION_ACTION_LABELS[a]?.[language] ?? a).join(separator)}
        </Tag>
      ))}
      {unknown.map((p) => (
        <Tag key={p}>{p}</Tag>
      ))}
    </Flex>
  );
}

/** One role on a phone: the table's columns as a list, the permissions folded until asked for. */
function RoleCard({
  role,
  title,
  fields,
  actions,
  language,
}: {
  role: Listed;
  title: string;
  fields: { label: string; value: ReactNode }[];
  actions: ReactNode[];
  language: Language;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Card size="small" title={title} actions={actions.length > 0 ? actions : undefined}>
      <dl style={{ margin: 0 }}>
        {fields.map((field) => (
          <Flex key={field.label} justify="space-between" gap={12} style={{ padding: '2px 0' }}>
            <dt style={{ color: 'var(--ant-color-text-secondary)' }}>{field.label}</dt>
            <dd style={{ margin: 0, textAlign: 'end' }}>{field.value}</dd>
          </Flex>
        ))}
        <Flex justify="space-between" gap={12} style={{ padding: '2px 0' }}>
          <dt style={{ color: 'var(--ant-color-text-secondary)' }}>{t('roles.permissions')}</dt>
          <dd style={{ margin: 0 }}>
            <Button
              type="link"
              size="small"
              style={{ padding: 0 }}
              aria-expanded={open}
              onClick={() => setOpen(!open)}
            >
              {t('roles.permissionCount', { count: role.permissions.length })}
            </Button>
          </dd>
        </Flex>
      </dl>
      {open ? (
        <div style={{ marginTop: 8 }}>
          <PermissionSummary permissions={role.permissions} language={language} />
        </div>
      ) : null}
    </Card>
  );
}

/**
 * Positions and roles (spec §6 "a roles call returns positions and roles"). A role is a composite
 * of permission strings; with role.edit the list is the editor's (frozen and deleted roles too),
 * with create, change, freeze or activate, and delete or undelete; freezing and deleting are
 * confirmed, because the role's users lose its permissions at their next call.
 */
export function RolesPanel({ canEdit, canSearch }: { canEdit: boolean; canSearch: boolean }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const phone = useScreen() === 'phone';
  const session = useSession();
  const client = useQueryClient();
  const catalog = useRolesCatalog(canSearch);
  const editorList = useRoleList(canEdit);
  const update = useUpdateRole();
  const [confirm, confirmHolder] = useConfirm();
  const [panel, setPanel] = useState<Panel | null>(null);

  const source = canEdit ? editorList : catalog;
  const rows: Listed[] = (canEdit ? editorList.data : catalog.data?.roles) ?? [];
  // Positions are constants the roles call repeats; without user.search they come from the contract.
  const positions = catalog.data?.positions ?? (canSearch ? [] : POSITIONS);

  const scopeText: Record<RoleRow['scope'], string> = {
    all: t('roles.scopeAll'),
    department: t('roles.scopeDepartment'),
    inspector: t('roles.scopeInspector'),
    client: t('roles.scopeClient'),
  };
  const nameOf = (role: Listed) => (language === 'en' ? role.nameEn : role.nameZh);

  // The caller's own permissions come from the session, which the shell caches: refresh it.
  const saved = (role: RoleDetail) => {
    if (role.code === session?.roleCode) void client.invalidateQueries({ queryKey: sessionKey });
  };

  const toggle = async (role: RoleDetail) => {
    const freezing = role.active === 1;
    const name = nameOf(role);
    const ok = await confirm({
      title: freezing ? t('roles.freezeConfirm', { name }) : t('roles.activateConfirm', { name }),
      content: freezing ? t('roles.freezeHint') : undefined,
      okText: freezing ? t('roles.freeze') : t('roles.activate'),
      danger: freezing,
    });
    if (!ok) return;
    update.mutate(
      { id: role.id, version: role.version, active: freezing ? 0 : 1 },
      {
        onSuccess: (row) => {
          notify('success', freezing ? t('roles.frozenDone') : t('roles.activatedDone'));
          saved(row);
        },
      },
    );
  };

  // Deleting asks first; the server refuses a role its users still hold (E_IN_USE), and says so.
  const setValid = async (role: RoleDetail, valid: 0 | 1) => {
    const name = nameOf(role);
    if (valid === 0) {
      const ok = await confirm({
        title: t('roles.deleteConfirm', { name }),
        content: t('roles.deleteHint'),
        okText: t('roles.delete'),
        danger: true,
      });
      if (!ok) return;
    }
    update.mutate(
      { id: role.id, version: role.version, valid },
      { onSuccess: () => notify('success', valid === 0 ? t('roles.deletedDone') : t('roles.undeletedDone')) },
    );
  };

  const reload = async (id: string, notice: string) => {
    const fresh = await fetchRole(id).catch(() => undefined);
    if (fresh) setPanel({ mode: 'edit', role: fresh, notice });
    else setPanel(null);
  };

  let drawerTitle = '';
  if (panel?.mode === 'create') drawerTitle = t('roles.create');
  else if (panel) drawerTitle = t('roles.editTitle', { name: `${panel.role.code} · ${nameOf(panel.role)}` });

  const stateBadge = (role: Listed) => {
    if (isDetail(role) && role.valid === 0) return <Badge status="default" text={t('roles.deleted')} />;
    return role.active === 1 ? (
      <Badge status="success" text={t('roles.active')} />
    ) : (
      <Badge status="error" text={t('roles.frozen')} />
    );
  };

  const actionsOf = (role: Listed): ReactNode[] =>
    canEdit && isDetail(role) && role.valid === 1
      ? [
          <Button
            key="edit"
            size="small"
            icon={<EditOutlined />}
            onClick={() => setPanel({ mode: 'edit', role })}
            aria-label={t('roles.editNamed', { name: role.code })}
            data-testid="role-edit"
          >
            {t('roles.edit')}
          </Button>,
          <Button
            key="toggle"
            size="small"
            loading={update.isPending && update.variables?.id === role.id}
            onClick={() => void toggle(role)}
            data-testid="role-toggle"
          >
            {role.active === 1 ? t('roles.freeze') : t('roles.activate')}
          </Button>,
          <Button
            key="delete"
            size="small"
            icon={<DeleteOutlined />}
            onClick={() => void setValid(role, 0)}
            data-testid="role-delete"
          >
            {t('roles.delete')}
          </Button>,
        ]
      : canEdit && isDetail(role)
        ? [
            <Button
              key="undelete"
              size="small"
              icon={<UndoOutlined />}
              loading={update.isPending && update.variables?.id === role.id}
              onClick={() => void setValid(role, 1)}
              data-testid="role-undelete"
            >
              {t('roles.undelete')}
            </Button>,
          ]
        : [];

  if (source.isError) return <Alert type="error" showIcon title={source.error.message} />;
  return (
    <Flex vertical gap={16}>
      {confirmHolder}
      <Card size="small" title={<h2 style={{ fontSize: 15, margin: 0 }}>{t('roles.positions')}</h2>}>
        <Flex wrap gap={8}>
          {positions.map((p) => (
            <Tag key={p.code}>{p[language]}</Tag>
          ))}
        </Flex>
      </Card>
      {canEdit ? (
        <Flex justify="flex-end">
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setPanel({ mode: 'create' })}
            data-testid="role-create"
          >
            {t('roles.create')}
          </Button>
        </Flex>
      ) : null}
      {phone ? (
        <Spin spinning={source.isFetching}>
          <ul aria-label={t('roles.list')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {rows.map((role) => (
              <li key={role.id} style={{ marginBottom: 12 }}>
                <RoleCard
                  role={role}
                  title={`${role.code} · ${nameOf(role)}`}
                  fields={[
                    { label: t('roles.scope'), value: scopeText[role.scope] },
                    ...(canEdit ? [{ label: t('roles.state'), value: stateBadge(role) }] : []),
                  ]}
                  actions={actionsOf(role)}
                  language={language}
                />
              </li>
            ))}
          </ul>
        </Spin>
      ) : (
        <Table<Listed>
          rowKey="id"
          loading={source.isFetching}
          dataSource={rows}
          pagination={false}
          scroll={{ x: 'max-content' }}
          data-testid="role-table"
          expandable={{
            expandedRowRender: (role) => (
              <PermissionSummary permissions={role.permissions} language={language} />
            ),
          }}
          columns={[
            { key: 'code', title: t('roles.code'), dataIndex: 'code' },
            { key: 'name', title: t('roles.name'), render: (_: unknown, role) => nameOf(role) },
            {
              key: 'scope',
              title: t('roles.scope'),
              dataIndex: 'scope',
              render: (scope: RoleRow['scope']) => scopeText[scope],
            },
            {
              key: 'permissions',
              title: t('roles.permissions'),
              render: (_: unknown, role) => (
                <Typography.Text type="secondary">
                  {t('roles.permissionCount', { count: role.permissions.length })}
                </Typography.Text>
              ),
            },
            ...(canEdit
              ? [
                  {
                    key: 'state',
                    title: t('roles.state'),
                    render: (_: unknown, role: Listed) => stateBadge(role),
                  },
                  {
                    key: 'actions',
                    title: t('roles.actions'),
                    render: (_: unknown, role: Listed) => <Flex gap={8}>{actionsOf(role)}</Flex>,
                  },
                ]
              : []),
          ]}
        />
      )}
      <FormDrawer
        open={panel !== null}
        onClose={() => setPanel(null)}
        title={drawerTitle}
        testId="role-drawer"
      >
        {panel?.mode === 'edit' ? (
          <RoleForm
            key={`${panel.role.id}:${panel.role.version}`}
            role={panel.role}
            notice={panel.notice}
            onDone={(role) => {
              saved(role);
              setPanel(null);
            }}
            onCancel={() => setPanel(null)}
            onStale={(notice) => void reload(panel.role.id, notice)}
          />
        ) : null}
        {panel?.mode === 'create' ? (
          <RoleForm onDone={() => setPanel(null)} onCancel={() => setPanel(null)} />
        ) : null}
      </FormDrawer>
    </Flex>
  );
}

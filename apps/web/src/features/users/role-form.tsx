import { ROLE_SORT_RANGE } from '@qcdesk/contract/identity';
import { isPermission } from '@qcdesk/contract/permissions';
import { Alert, Col, Form, Input, Row, Select, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error';
import { useSession } from '../../api/session';
import { useConfirm } from '../../components/confirm-dialog';
import { DrawerFormButtons } from '../../components/form-drawer';
import { notify } from '../../components/notify';
import { NumberField, useNumberRule } from '../../components/number-field';
import { useLeaveGuard } from '../../components/use-leave-guard';
import { currentLanguage } from '../../i18n/i18n';
import { type RoleDetail, type UpdateRoleInput, useCreateRole, useUpdateRole } from './api';
import { PermissionChecklist } from './permission-checklist';

type Scope = RoleDetail['scope'];

interface Values {
  code: string;
  nameZh: string;
  nameEn: string;
  scope: Scope;
  active: boolean;
  sort: number | null;
  remark: string;
  permissions: string[];
}

const FIELDS: ReadonlySet<string> = new Set<keyof Values>([
  'code',
  'nameZh',
  'nameEn',
  'scope',
  'active',
  'sort',
  'remark',
  'permissions',
]);

const CODE_PATTERN = /^[A-Za-z0-9_-]+$/;
const NO_CHINESE = /^[^\u3400-\u9fff\uf900-\ufaff]*$/;

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((p) => b.includes(p));

/** What an update sends: the id and version, and only what was changed (the change log stays clean). */
function roleChanges(role: RoleDetail, values: Values, permissions: string[]): UpdateRoleInput {
  const input: UpdateRoleInput = { id: role.id, version: role.version };
  const nameZh = values.nameZh.trim();
  const nameEn = values.nameEn.trim();
  const remark = values.remark?.trim() ?? '';
  const sort = values.sort ?? 0;
  const active = values.active ? 1 : 0;
  if (nameZh !== role.nameZh) input.nameZh = nameZh;
  if (nameEn !== role.nameEn) input.nameEn = nameEn;
  if (values.scope !== role.scope) input.scope = values.scope;
  if (active !== role.active) input.active = active;
  if (sort !== role.sort) input.sort = sort;
  // '' clears the remark (the contract's `clearable`).
  if (remark !== (role.remark ?? '')) input.remark = remark;
  if (!sameSet(permissions, role.permissions)) input.permissions = permissions;
  return input;
}

export interface RoleFormProps {
  /** The role to change; absent for a new one. */
  role?: RoleDetail;
  onDone: (role: RoleDetail) => void;
  onCancel: () => void;
  /** The role as it is now, after a refusal said someone else changed it (E_VERSION), and why. */
  onStale?: (notice: string) => void;
  /** A message to show when the form opens (the E_VERSION refusal that reloaded it). */
  notice?: string | undefined;
}

/**
 * Create a role or change one (DOMAIN.md §2.1 Role, §5): names, default record scope, state and
 * its permission set; one form for both (STYLE.md). The code is fixed once created. A refusal
 * about one field marks that field; freezing asks first, because the role's users lose its
 * permissions at their next call.
 */
export function RoleForm({ role, onDone: done, onCancel, onStale, notice }: RoleFormProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const session = useSession();
  const [form] = Form.useForm<Values>();
  const [confirm, confirmHolder] = useConfirm();
  const create = useCreateRole();
  const update = useUpdateRole({ silent: true });
  const [failure, setFailure] = useState<string | null>(notice ?? null);
  const pending = create.isPending || update.isPending;
  // Saved or cancelled, the drawer may close (or the page change) without asking.
  const guard = useLeaveGuard();
  const onDone = (saved: RoleDetail) => {
    guard.settle();
    done(saved);
  };
  const sortRule = useNumberRule({ min: ROLE_SORT_RANGE[0], max: ROLE_SORT_RANGE[1], precision: 0 });

  const own = role !== undefined && role.code === session?.roleCode;
  const watchedActive = Form.useWatch('active', form);
  const watchedPermissions = Form.useWatch('permissions', form);
  const locksOut =
    own &&
    (watchedActive === false ||
      (watchedPermissions !== undefined && !watchedPermissions.includes('role.edit')));

  const refused = (error: unknown) => {
    if (!isApiError(error)) {
      setFailure(String(error));
      return;
    }
    if (error.reason === 'E_VERSION' && role && onStale) {
      onStale(error.message);
      return;
    }
    const name = error.field?.split('.')[0];
    if (name && FIELDS.has(name)) {
      form.setFields([{ name: name as keyof Values, errors: [error.message] }]);
      form.scrollToField(name);
      setFailure(null);
      return;
    }
    setFailure(error.message);
  };

  const submit = async (values: Values) => {
    setFailure(null);
    const permissions = (values.permissions ?? []).filter(isPermission);
    if (role) {
      const input = roleChanges(role, values, permissions);
      if (Object.keys(input).length <= 2) {
        notify('info', t('roles.noChanges'));
        onDone(role);
        return;
      }
      if (input.active === 0) {
        const name = language === 'en' ? role.nameEn : role.nameZh;
        const ok = await confirm({
          title: t('roles.freezeConfirm', { name }),
          content: t('roles.freezeHint'),
          okText: t('roles.freeze'),
          danger: true,
        });
        if (!ok) return;
      }
      update.mutate(input, {
        onSuccess: (saved) => {
          notify('success', t('roles.saved'));
          onDone(saved);
        },
        onError: refused,
      });
      return;
    }
    create.mutate(
      {
        code: values.code.trim().toUpperCase(),
        nameZh: values.nameZh.trim(),
        nameEn: values.nameEn.trim(),
        scope: values.scope,
        active: values.active ? 1 : 0,
        sort: values.sort ?? 0,
        remark: values.remark?.trim() ?? '',
        permissions,
      },
      {
        onSuccess: (saved) => {
          notify('success', t('roles.created'));
          onDone(saved);
        },
        onError: refused,
      },
    );
  };

  const initialValues: Values = role
    ? {
        code: role.code,
        nameZh: role.nameZh,
        nameEn: role.nameEn,
        scope: role.scope,
        active: role.active === 1,
        sort: role.sort,
        remark: role.remark ?? '',
        permissions: role.permissions,
      }
    : {
        code: '',
        nameZh: '',
        nameEn: '',
        scope: 'department',
        active: true,
        sort: 0,
        remark: '',
        permissions: [],
      };

  const required = (message: string) => [{ required: true, whitespace: true, message }];
  const scopes: { value: Scope; label: string }[] = [
    { value: 'all', label: t('roles.scopeAll') },
    { value: 'department', label: t('roles.scopeDepartment') },
    { value: 'inspector', label: t('roles.scopeInspector') },
    { value: 'client', label: t('roles.scopeClient') },
  ];

  return (
    <Form<Values>
      form={form}
      // Named, so its input ids (role_code) never clash with other forms on the page.
      name="role"
      layout="vertical"
      initialValues={initialValues}
      onFinish={(values) => void submit(values)}
      onValuesChange={guard.change}
      data-testid="role-form"
      scrollToFirstError
    >
      {confirmHolder}
      {failure ? (
        <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} role="alert" />
      ) : null}
      {locksOut ? (
        <Alert
          type="warning"
          showIcon
          title={t('roles.ownRoleWarning')}
          style={{ marginBottom: 16 }}
          data-testid="role-own-warning"
        />
      ) : null}
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="code"
            label={t('roles.code')}
            extra={role ? t('roles.codeFixed') : t('roles.codeHint')}
            normalize={(v: unknown) => (typeof v === 'string' ? v.toUpperCase() : v)}
            rules={
              role
                ? []
                : [
                    ...required(t('roles.codeRequired')),
                    { max: 32 },
                    { pattern: CODE_PATTERN, message: t('roles.codeFormat') },
                  ]
            }
          >
            <Input disabled={Boolean(role)} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="scope" label={t('roles.scope')} extra={t('roles.scopeHint')}>
            <Select options={scopes} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="nameZh"
            label={t('roles.nameZh')}
            rules={[...required(t('roles.nameZhRequired')), { max: 100 }]}
          >
            <Input lang="zh" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="nameEn"
            label={t('roles.nameEn')}
            rules={[
              ...required(t('roles.nameEnRequired')),
              { max: 200 },
              { pattern: NO_CHINESE, message: t('roles.noChinese') },
            ]}
          >
            <Input lang="en" />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="active" label={t('roles.state')} valuePropName="checked">
            <Switch checkedChildren={t('roles.active')} unCheckedChildren={t('roles.frozen')} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="sort" label={t('roles.sort')} rules={[sortRule]}>
            <NumberField />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="remark" label={t('roles.remark')} rules={[{ max: 500 }]}>
            <Input />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="permissions" label={t('roles.permissions')} extra={t('roles.permissionsHint')}>
        <PermissionChecklist language={language} />
      </Form.Item>
      <DrawerFormButtons
        onCancel={() => {
          guard.settle();
          onCancel();
        }}
        cancelText={t('roles.cancel')}
        submitText={role ? t('roles.save') : t('roles.createSubmit')}
        pending={pending}
        submitTestId="role-save"
      />
    </Form>
  );
}

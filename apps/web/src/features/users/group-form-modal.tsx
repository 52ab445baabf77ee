import { isModuleCode } from '@qcdesk/contract/roles';
import { Alert, Form, Input, Select, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { GuardedModal } from '../../components/guarded-modal';
import { notify } from '../../components/notify';
import { useLeaveGuard } from '../../components/use-leave-guard';
import { currentLanguage } from '../../i18n/i18n';
import { type GroupRow, useCreateGroup, useUpdateGroup } from './api';
import { moduleOptions } from './module-options';

interface Values {
  name: string;
  active: boolean;
  modules: string[];
}

/** Create a group, or change its name, state and modules. */
export function GroupFormModal({
  open,
  group,
  onClose,
}: {
  open: boolean;
  group: GroupRow | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const create = useCreateGroup();
  const update = useUpdateGroup({ silent: true });
  const saving = create.isPending || update.isPending;
  const error = create.error ?? update.error;
  // Saved or cancelled, the modal closes without asking; changed and open, leaving the page asks.
  const guard = useLeaveGuard();
  const close = () => {
    guard.settle();
    onClose();
  };

  useEffect(() => {
    if (!open) return;
    create.reset();
    update.reset();
    form.setFieldsValue({
      name: group?.name ?? '',
      active: (group?.state ?? 1) === 1,
      modules: group?.modules ?? [],
    });
  }, [open, group, form]);

  const submit = (values: Values) => {
    const modules = values.modules.filter(isModuleCode);
    const state = values.active ? 1 : 0;
    const done = () => {
      notify('success', t('groups.saved'));
      close();
    };
    if (group) {
      update.mutate(
        { id: group.id, version: group.version, name: values.name.trim(), state, modules },
        { onSuccess: done },
      );
    } else {
      create.mutate({ name: values.name.trim(), state, modules }, { onSuccess: done });
    }
  };

  return (
    <GuardedModal
      guard={guard}
      open={open}
      title={group ? t('groups.edit') : t('groups.create')}
      okText={t('groups.save')}
      cancelText={t('groups.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={close}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={submit}
        onValuesChange={guard.change}
        data-testid="group-form"
      >
        {error ? <Alert type="error" showIcon title={error.message} style={{ marginBottom: 16 }} /> : null}
        <Form.Item
          name="name"
          label={t('groups.name')}
          rules={[{ required: true, whitespace: true, message: t('groups.nameRequired') }, { max: 50 }]}
        >
          <Input />
        </Form.Item>
        <Form.Item name="modules" label={t('groups.modules')}>
          <Select mode="multiple" options={moduleOptions(currentLanguage())} />
        </Form.Item>
        <Form.Item name="active" label={t('groups.state')} valuePropName="checked">
          <Switch checkedChildren={t('users.active')} unCheckedChildren={t('users.frozen')} />
        </Form.Item>
      </Form>
    </GuardedModal>
  );
}

import { USERNAME_PATTERN } from '@qcdesk/contract/constants';
import { Alert, Button, Col, Flex, Form, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error';
import { currentLanguage } from '../../i18n/i18n';
import { type UserDetail, useCreateUser, useGroups, useRolesCatalog, useUpdateUser } from './api';
import { moduleOptions } from './module-options';
import { positionOptions } from './user-labels';

interface Values {
  username: string;
  name: string;
  englishName: string;
  email: string;
  phone: string;
  mobile: string;
  departmentId: string;
  position: number;
  roleId: string;
  groupIds: string[];
  modules: string[];
  clientId: string;
}

const ID_PATTERN = /^[1-9][0-9]{0,18}$/;

/**
 * Create a user (a welcome mail lets them set their password) or modify one; one form for both
 * (STYLE.md). A refusal about one field marks that field.
 */
export function UserForm({
  user,
  onDone,
  onCancel,
}: {
  user?: UserDetail;
  onDone: (id: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [form] = Form.useForm<Values>();
  const catalog = useRolesCatalog();
  const groupList = useGroups();
  const create = useCreateUser();
  const update = useUpdateUser({ silent: true });
  const roleId = Form.useWatch('roleId', form);
  const roleCode = catalog.data?.roles.find((r) => r.id === roleId)?.code;
  const mutation = user ? update : create;

  const markField = (error: unknown) => {
    if (isApiError(error) && error.field && form.getFieldInstance(error.field as keyof Values)) {
      form.setFields([{ name: error.field as keyof Values, errors: [error.message] }]);
    }
  };

  const submit = (values: Values) => {
    const common = {
      name: values.name.trim(),
      englishName: values.englishName?.trim() ?? '',
      email: values.email.trim(),
      phone: values.phone?.trim() ?? '',
      mobile: values.mobile?.trim() ?? '',
      departmentId: values.departmentId,
      position: values.position,
      roleId: values.roleId,
      groupIds: values.groupIds ?? [],
      modules: (values.modules ?? []) as never[],
      clientId: roleCode === 'CLIENT' && values.clientId ? values.clientId.trim() : null,
    };
    if (user) {
      update.mutate(
        { id: user.id, version: user.version, ...common },
        { onSuccess: () => onDone(user.id), onError: markField },
      );
    } else {
      create.mutate(
        { username: values.username.trim(), ...common },
        { onSuccess: (created) => onDone(created.id), onError: markField },
      );
    }
  };

  const initialValues: Partial<Values> = user
    ? {
        username: user.username,
        name: user.name,
        englishName: user.englishName ?? '',
        email: user.email,
        phone: user.phone ?? '',
        mobile: user.mobile ?? '',
        departmentId: user.departmentId,
        position: user.position,
        roleId: user.roleId,
        groupIds: user.groupIds,
        modules: user.modules.filter((m) => m !== 'HOME'),
        clientId: user.clientId ?? '',
      }
    : { groupIds: [], modules: [] };

  const required = (message: string) => [{ required: true, whitespace: true, message }];

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onFinish={submit}
      data-testid="user-form"
    >
      {mutation.isError ? (
        <Alert
          type="error"
          showIcon
          title={mutation.error.message}
          style={{ marginBottom: 16 }}
          role="alert"
        />
      ) : null}
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="username"
            label={t('users.username')}
            extra={user ? t('users.usernameFixed') : t('users.usernameHint')}
            rules={
              user
                ? []
                : [
                    ...required(t('users.usernameRequired')),
                    { pattern: USERNAME_PATTERN, message: t('users.usernameFormat') },
                  ]
            }
          >
            <Input disabled={Boolean(user)} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="email"
            label={t('users.email')}
            rules={[
              ...required(t('users.emailRequired')),
              { type: 'email', message: t('users.emailFormat') },
            ]}
          >
            <Input type="email" autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="name"
            label={t('users.name')}
            rules={[...required(t('users.nameRequired')), { max: 50 }]}
          >
            <Input />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="englishName"
            label={t('users.englishName')}
            rules={[
              { max: 100 },
              { pattern: /^[^\u3400-\u9fff\uf900-\ufaff]*$/, message: t('users.noChinese') },
            ]}
          >
            <Input />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="phone"
            label={t('users.phone')}
            rules={[{ pattern: /^[0-9+() -]*$/, message: t('users.phoneFormat') }]}
          >
            <Input inputMode="tel" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="mobile"
            label={t('users.mobile')}
            rules={[{ pattern: /^[0-9+() -]*$/, message: t('users.phoneFormat') }]}
          >
            <Input inputMode="tel" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="departmentId"
            label={t('users.department')}
            rules={[{ required: true, message: t('users.departmentRequired') }]}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              loading={catalog.isPending}
              options={(catalog.data?.departments ?? []).map((d) => ({
                value: d.id,
                label: language === 'en' ? d.nameEn : d.nameZh,
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="position"
            label={t('users.position')}
            rules={[{ required: true, message: t('users.positionRequired') }]}
          >
            <Select options={positionOptions(language)} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="roleId"
            label={t('users.role')}
            rules={[{ required: true, message: t('users.roleRequired') }]}
          >
            <Select
              loading={catalog.isPending}
              options={(catalog.data?.roles ?? []).map((r) => ({
                value: r.id,
                label: language === 'en' ? r.nameEn : r.nameZh,
              }))}
            />
          </Form.Item>
        </Col>
        {roleCode === 'CLIENT' ? (
          <Col xs={24} md={12}>
            <Form.Item
              name="clientId"
              label={t('users.clientId')}
              extra={t('users.clientIdHint')}
              rules={[
                ...required(t('users.clientIdRequired')),
                { pattern: ID_PATTERN, message: t('users.clientIdFormat') },
              ]}
            >
              <Input inputMode="numeric" />
            </Form.Item>
          </Col>
        ) : null}
        <Col xs={24} md={12}>
          <Form.Item name="groupIds" label={t('users.groups')}>
            <Select
              mode="multiple"
              loading={groupList.isPending}
              options={(groupList.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="modules" label={t('users.modules')} extra={t('users.modulesHint')}>
            <Select mode="multiple" options={moduleOptions(language)} />
          </Form.Item>
        </Col>
      </Row>
      <Flex gap={8} justify="flex-end">
        <Button onClick={onCancel}>{t('users.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={mutation.isPending} data-testid="user-save">
          {user ? t('users.save') : t('users.createSubmit')}
        </Button>
      </Flex>
    </Form>
  );
}

import { PHONE_PATTERN, USERNAME_PATTERN } from '@qcdesk/contract/constants';
import { createUser } from '@qcdesk/contract/identity';
import { Col, Form, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { searchClientCodeOptions } from '../../components/pickers';
import { rulesFrom } from '../../components/record/field-rules';
import { RecordForm, type RecordFormProps, useRecordForm } from '../../components/record/use-record-form';
import { ClientAutoComplete } from '../../components/remote-auto-complete';
import { currentLanguage } from '../../i18n/i18n';
import { type UserDetail, useCreateUser, useGroups, useRolesCatalog, useUpdateUser } from './api';
import { moduleOptions } from './module-options';
import { createUserInput, type UserFormValues, updateUserInput, userFormValues } from './user-form-values';
import { positionOptions } from './user-labels';

const input = createUser.input;
const NO_CHINESE = /^[^\u3400-\u9fff\uf900-\ufaff]*$/;

/**
 * Create a user (a welcome mail lets them set their password) or modify one; one form for both
 * (STYLE.md). A refusal about one field marks that field.
 */
export function UserForm(props: RecordFormProps<UserDetail>) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const user = props.record;
  const catalog = useRolesCatalog();
  const groupList = useGroups();
  const kit = useRecordForm({
    props,
    create: useCreateUser(),
    update: useUpdateUser({ silent: true }),
    toCreate: (values: UserFormValues) => createUserInput(values, roleCode),
    toUpdate: (record: UserDetail, values: UserFormValues) => updateUserInput(record, values, roleCode),
    fieldOf: { clientId: 'client' },
  });
  const roleId: string | undefined = Form.useWatch('roleId', kit.form);
  const roleCode: string | undefined = catalog.data?.roles.find((r) => r.id === roleId)?.code;
  const rules = (field: string, label: string, required?: string) =>
    rulesFrom(input, field, { label, required });
  const byName = (rows: readonly { id: string; nameZh: string; nameEn: string }[] | undefined) =>
    (rows ?? []).map((row) => ({ value: row.id, label: language === 'en' ? row.nameEn : row.nameZh }));
  const phoneField = (name: 'phone' | 'mobile', label: string) => (
    <Col xs={24} md={12}>
      <Form.Item
        name={name}
        label={label}
        rules={[...rules(name, label), { pattern: PHONE_PATTERN, message: t('users.phoneFormat') }]}
      >
        <Input inputMode="tel" />
      </Form.Item>
    </Col>
  );

  return (
    <RecordForm<UserFormValues>
      kit={kit}
      testId="user"
      initialValues={userFormValues(user)}
      onCancel={props.onCancel}
      submitText={t('users.createSubmit')}
    >
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
                    ...rules('username', t('users.username')),
                    // The contract checks the username in a refinement; its pattern is exported beside it.
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
            rules={[...rules('email', t('users.email')), { type: 'email', message: t('users.emailFormat') }]}
          >
            <Input type="email" autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="name" label={t('users.name')} rules={rules('name', t('users.name'))}>
            <Input />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="englishName"
            label={t('users.englishName')}
            rules={[
              ...rules('englishName', t('users.englishName')),
              { pattern: NO_CHINESE, message: t('users.noChinese') },
            ]}
          >
            <Input />
          </Form.Item>
        </Col>
        {phoneField('phone', t('users.phone'))}
        {phoneField('mobile', t('users.mobile'))}
        <Col xs={24} md={12}>
          <Form.Item
            name="departmentId"
            label={t('users.department')}
            rules={rules('departmentId', t('users.department'), t('users.departmentRequired'))}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              loading={catalog.isPending}
              options={byName(catalog.data?.departments)}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="position"
            label={t('users.position')}
            rules={rules('position', t('users.position'), t('users.positionRequired'))}
          >
            <Select options={positionOptions(language)} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="roleId"
            label={t('users.role')}
            rules={rules('roleId', t('users.role'), t('users.roleRequired'))}
          >
            <Select loading={catalog.isPending} options={byName(catalog.data?.roles)} />
          </Form.Item>
        </Col>
        {roleCode === 'CLIENT' ? (
          <Col xs={24} md={12}>
            <Form.Item
              name="client"
              label={t('users.client')}
              extra={t('users.clientHint')}
              rules={[{ required: true, message: t('users.clientRequired') }]}
            >
              <ClientAutoComplete aria-label={t('users.client')} search={searchClientCodeOptions} />
            </Form.Item>
          </Col>
        ) : null}
        <Col xs={24} md={12}>
          <Form.Item name="groupIds" label={t('users.groups')} rules={rules('groupIds', t('users.groups'))}>
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
    </RecordForm>
  );
}

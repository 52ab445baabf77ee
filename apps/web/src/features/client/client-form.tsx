import { ADVANCE_DAYS_MAX, CLIENT_CODE_PATTERN, REPORT_EMAILS_MAX } from '@qcdesk/contract/client';
import { Alert, Button, Col, Divider, Flex, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error';
import { hasPermission } from '../../api/guard';
import { useSession } from '../../api/session';
import { ConfigSelect, useConfigRows } from '../../components/config-select';
import { notify } from '../../components/notify';
import { enumOptions, userText } from '../../components/ref-labels';
import { UserAutoComplete } from '../../components/remote-auto-complete';
import { currentLanguage } from '../../i18n/i18n';
import { hasChinese } from '../../lib/text';
import {
  type ClientDetail,
  useAddRequirements,
  useCreateClient,
  useSalesSearch,
  useUpdateClient,
} from './api';
import {
  type ClientFormValues,
  clientFormValues,
  createClientInput,
  hasChanges,
  testRequirementInputs,
  updateClientInput,
} from './client-form-values';
import { aqlOptions } from './client-labels';
import { TestRequirementsFields } from './client-test-requirements-fields';

const SALES_ROLES = ['SALES', 'SALES_MGR'];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const TEXT_MAX = 4000;

/**
 * Create a client (with its first test requirements) or modify one; one form for both (STYLE.md).
 * Sales users create clients for themselves; changing the sales owner needs client.admin. A refusal
 * about one field marks that field; a stale version (E_VERSION) reloads the record.
 */
export function ClientForm({
  client,
  onDone,
  onCancel,
  onStale,
}: {
  client?: ClientDetail;
  onDone: (id: string) => void;
  onCancel: () => void;
  /** The record changed under the form: the page reloads it. */
  onStale?: () => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const session = useSession();
  const [form] = Form.useForm<ClientFormValues>();
  const create = useCreateClient();
  const update = useUpdateClient({ silent: true });
  const addTests = useAddRequirements();
  const salesSearch = useSalesSearch();
  const samplingLevels = useConfigRows('samplinglevel');
  const mutation = client ? update : create;
  const admin = hasPermission(session, 'client.admin');

  // DOMAIN.md §1.2: a new client starts at sampling level II once the list has loaded.
  const levelII = samplingLevels.data?.list.find((row) => row.code === 'II')?.id;
  useEffect(() => {
    if (!client && levelII && !form.getFieldValue('samplingLevelId'))
      form.setFieldValue('samplingLevelId', levelII);
  }, [client, levelII, form]);

  const ownSales =
    session && SALES_ROLES.includes(session.roleCode)
      ? { value: session.uid, label: userText({ name: session.name, englishName: session.englishName }) }
      : null;

  const refused = (error: unknown) => {
    if (!isApiError(error)) return;
    if (error.reason === 'E_VERSION') {
      notify('warning', error.message);
      onStale?.();
      return;
    }
    const field = error.field === 'salesId' ? 'sales' : error.field;
    if (field && form.getFieldInstance(field as keyof ClientFormValues)) {
      form.setFields([{ name: field as keyof ClientFormValues, errors: [error.message] }]);
    }
  };

  const submit = (values: ClientFormValues) => {
    if (client) {
      const input = updateClientInput(client, values);
      if (!hasChanges(input)) {
        onDone(client.id);
        return;
      }
      update.mutate(input, { onSuccess: () => onDone(client.id), onError: refused });
      return;
    }
    create.mutate(createClientInput(values), {
      onError: refused,
      onSuccess: (created) => {
        const tests = testRequirementInputs(values.tests);
        if (tests.length === 0) {
          onDone(created.id);
          return;
        }
        addTests.mutate(
          { clientId: created.id, version: created.version, tests },
          {
            onSuccess: () => onDone(created.id),
            // The client exists: open it, and say the requirements still need saving.
            onError: (error) => {
              notify('warning', t('client.testsNotSaved', { message: error.message }));
              onDone(created.id);
            },
          },
        );
      },
    });
  };

  const required = (message: string) => [{ required: true, message }];
  const pending = mutation.isPending || addTests.isPending;

  return (
    <Form<ClientFormValues>
      form={form}
      layout="vertical"
      initialValues={clientFormValues(client, { sales: ownSales })}
      onFinish={submit}
      scrollToFirstError
      data-testid="client-form"
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
        <Col xs={24} md={12} xl={8}>
          <Form.Item
            name="name"
            label={t('client.name')}
            rules={[{ required: true, whitespace: true, message: t('client.nameRequired') }, { max: 200 }]}
          >
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12} xl={8}>
          <Form.Item
            name="code"
            label={t('client.code')}
            extra={client ? undefined : t('client.codeHint')}
            normalize={(value: string) => value.toUpperCase()}
            rules={[
              {
                validator: async (_, value: string | undefined) => {
                  const code = (value ?? '').trim();
                  if (code && !CLIENT_CODE_PATTERN.test(code)) throw new Error(t('client.codeFormat'));
                },
              },
            ]}
          >
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12} xl={8}>
          <Form.Item
            name="countryId"
            label={t('client.country')}
            rules={required(t('client.countryRequired'))}
          >
            <ConfigSelect<string> list="country" known={client ? [client.country] : undefined} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12} xl={8}>
          <Form.Item name="type" label={t('client.type')} rules={required(t('client.typeRequired'))}>
            <Select options={enumOptions('ClientType', language)} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12} xl={8}>
          <Form.Item
            name="sales"
            label={t('client.sales')}
            extra={admin ? undefined : t('client.salesFixed')}
            rules={required(t('client.salesRequired'))}
          >
            <UserAutoComplete
              aria-label={t('client.sales')}
              search={salesSearch}
              disabled={!admin}
              placeholder={t('client.salesPlaceholder')}
            />
          </Form.Item>
        </Col>
      </Row>

      <Divider titlePlacement="start">{t('client.sectionInspection')}</Divider>
      <Row gutter={16}>
        <Col xs={24} sm={12} xl={8}>
          <Form.Item
            name="samplingLevelId"
            label={t('client.samplingLevel')}
            rules={required(t('client.samplingLevelRequired'))}
          >
            <ConfigSelect<string> list="samplinglevel" known={client ? [client.samplingLevel] : undefined} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} xl={8}>
          <Form.Item name="tensionLevelId" label={t('client.tensionLevel')}>
            <ConfigSelect<string | null>
              list="tensionlevel"
              allowClear
              placeholder={t('client.none')}
              known={client?.tensionLevel ? [client.tensionLevel] : undefined}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} xl={8}>
          <Form.Item
            name="advanceDays"
            label={t('client.advanceDays')}
            extra={t('client.advanceDaysHint')}
            rules={[{ required: true, message: t('client.advanceDaysRequired') }]}
          >
            <InputNumber min={0} max={ADVANCE_DAYS_MAX} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} xl={8}>
          <Form.Item name="majorAql" label={t('client.majorAql')} rules={required(t('client.aqlRequired'))}>
            <Select options={aqlOptions} />
          </Form.Item>
        </Col>
        <Col xs={12} xl={8}>
          <Form.Item
            name="minorAql"
            label={t('client.minorAql')}
            dependencies={['majorAql']}
            rules={[
              ...required(t('client.aqlRequired')),
              ({ getFieldValue }) => ({
                validator: async (_, value: number | undefined) => {
                  const major = getFieldValue('majorAql') as number | undefined;
                  if (value !== undefined && major !== undefined && value < major) {
                    throw new Error(t('client.aqlOrder'));
                  }
                },
              }),
            ]}
          >
            <Select options={aqlOptions} />
          </Form.Item>
        </Col>
        <Col xs={24} xl={8}>
          <Form.Item name="destinationCountries" label={t('client.destinationCountries')}>
            <ConfigSelect<string[]>
              list="country"
              mode="multiple"
              byCode
              allowClear
              placeholder={t('client.destinationPlaceholder')}
              known={client?.destinationCountries}
            />
          </Form.Item>
        </Col>
      </Row>

      <Divider titlePlacement="start">{t('client.sectionRequirements')}</Divider>
      <Row gutter={16}>
        <Col xs={24} lg={12}>
          <Form.Item
            name="inspectionRequirement"
            label={t('client.inspectionRequirement')}
            rules={[{ max: TEXT_MAX }]}
          >
            <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} showCount maxLength={TEXT_MAX} />
          </Form.Item>
        </Col>
        <Col xs={24} lg={12}>
          <Form.Item
            name="safetyRequirement"
            label={t('client.safetyRequirement')}
            rules={[{ max: TEXT_MAX }]}
          >
            <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} showCount maxLength={TEXT_MAX} />
          </Form.Item>
        </Col>
        <Col xs={24} lg={16}>
          <Form.Item
            name="reportEmails"
            label={t('client.reportEmails')}
            extra={t('client.reportEmailsHint', { max: REPORT_EMAILS_MAX })}
            rules={[
              {
                validator: async (_, value: string[] | undefined) => {
                  const list = value ?? [];
                  if (list.length > REPORT_EMAILS_MAX)
                    throw new Error(t('client.reportEmailsMax', { max: REPORT_EMAILS_MAX }));
                  const bad = list.find(
                    (v) => hasChinese(v) || !EMAIL.test(v.trim()) || v.trim().length > 100,
                  );
                  if (bad) throw new Error(t('client.reportEmailsFormat', { email: bad }));
                },
              },
            ]}
          >
            <Select mode="tags" tokenSeparators={[',', ';', ' ']} open={false} suffixIcon={null} />
          </Form.Item>
        </Col>
        <Col xs={24} lg={8}>
          <Form.Item
            name="sharePassword"
            label={t('client.sharePassword')}
            extra={t('client.sharePasswordHint')}
            valuePropName="checked"
          >
            <Switch />
          </Form.Item>
        </Col>
      </Row>

      {client ? null : (
        <>
          <Divider titlePlacement="start">{t('client.sectionTests')}</Divider>
          <TestRequirementsFields form={form} />
        </>
      )}

      <Flex gap={8} justify="flex-end" wrap style={{ marginTop: 24 }}>
        <Button onClick={onCancel}>{t('client.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={pending} data-testid="client-save">
          {client ? t('client.save') : t('client.createSubmit')}
        </Button>
      </Flex>
    </Form>
  );
}

import { CLIENT_CODE_PATTERN, createClient, REPORT_EMAILS_MAX } from '@qcdesk/contract/client';
import { Col, Divider, Form, Input, Row, Select, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../api/guard';
import { useSession } from '../../api/session';
import { ConfigSelect, useConfigRows } from '../../components/config-select';
import { notify } from '../../components/notify';
import { fieldFacts, rulesFrom } from '../../components/record/field-rules';
import { RecordForm, type RecordFormProps, useRecordForm } from '../../components/record/use-record-form';
import { enumOptions, userText } from '../../components/ref-labels';
import { UserAutoComplete } from '../../components/remote-auto-complete';
import { currentLanguage } from '../../i18n/i18n';
import {
  type ClientDetail,
  useAddRequirements,
  useCreateClient,
  useSalesSearch,
  useUpdateClient,
} from './api';
import {
  badReportEmail,
  type ClientFormValues,
  clientFormValues,
  createClientInput,
  testRequirementInputs,
  updateClientInput,
} from './client-form-values';
import { ClientInspectionFields } from './client-inspection-fields';
import { TestRequirementsFields } from './client-test-requirements-fields';

const input = createClient.input;
const SALES_ROLES = ['SALES', 'SALES_MGR'];
const textMax = fieldFacts(input, 'inspectionRequirement').maxLength;

/**
 * Create a client (with its first test requirements) or modify one; one form for both (STYLE.md).
 * Sales users create clients for themselves; changing the sales owner needs client.admin. A refusal
 * about one field marks that field; a stale version (E_VERSION) reloads the record.
 */
export function ClientForm(props: RecordFormProps<ClientDetail>) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const session = useSession();
  const client = props.record;
  const addTests = useAddRequirements();
  const salesSearch = useSalesSearch();
  const samplingLevels = useConfigRows('samplinglevel');
  const admin = hasPermission(session, 'client.admin');
  const kit = useRecordForm({
    props,
    create: useCreateClient(),
    update: useUpdateClient({ silent: true }),
    toCreate: createClientInput,
    toUpdate: updateClientInput,
    fieldOf: { salesId: 'sales' },
    afterCreate: (created, values: ClientFormValues, done) => {
      const tests = testRequirementInputs(values.tests);
      if (tests.length === 0) return done();
      addTests.mutate(
        { clientId: created.id, version: created.version, tests },
        {
          onSuccess: done,
          // The client exists: open it, and say the requirements still need saving.
          onError: (error) => {
            notify('warning', t('client.testsNotSaved', { message: error.message }));
            done();
          },
        },
      );
    },
  });
  const { form } = kit;

  // DOMAIN.md §1.2: a new client starts at sampling level II once the list has loaded.
  const levelII = samplingLevels.data?.list.find((row) => row.code === 'II')?.id;
  useEffect(() => {
    if (!client && levelII && !form.getFieldValue('samplingLevelId'))
      form.setFieldValue('samplingLevelId', levelII);
  }, [client, levelII, form]);

  const ownSales =
    session && SALES_ROLES.includes(session.roleCode)
      ? { value: session.uid, label: userText(session, language) }
      : null;
  const rules = (field: string, label: string) => rulesFrom(input, field, { label });
  const requirementField = (name: 'inspectionRequirement' | 'safetyRequirement', label: string) => (
    <Col xs={24} lg={12}>
      <Form.Item name={name} label={label} rules={rules(name, label)}>
        <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} showCount maxLength={textMax} />
      </Form.Item>
    </Col>
  );

  return (
    <RecordForm<ClientFormValues>
      kit={kit}
      testId="client"
      initialValues={clientFormValues(client, { sales: ownSales }, language)}
      onCancel={props.onCancel}
      submitText={t('client.createSubmit')}
      pending={addTests.isPending}
    >
      <Row gutter={16}>
        <Col xs={24} md={12} xl={8}>
          <Form.Item name="name" label={t('client.name')} rules={rules('name', t('client.name'))}>
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
              ...rules('code', t('client.code')),
              // The contract checks the code in a refinement; its pattern is exported beside it.
              { pattern: CLIENT_CODE_PATTERN, message: t('client.codeFormat') },
            ]}
          >
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12} xl={8}>
          <Form.Item
            name="countryId"
            label={t('client.country')}
            rules={rules('countryId', t('client.country'))}
          >
            <ConfigSelect<string> list="country" known={client ? [client.country] : undefined} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12} xl={8}>
          <Form.Item name="type" label={t('client.type')} rules={rules('type', t('client.type'))}>
            <Select options={enumOptions('ClientType', language)} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12} xl={8}>
          <Form.Item
            name="sales"
            label={t('client.sales')}
            extra={admin ? undefined : t('client.salesFixed')}
            rules={rules('salesId', t('client.sales'))}
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
      <ClientInspectionFields client={client} />

      <Divider titlePlacement="start">{t('client.sectionRequirements')}</Divider>
      <Row gutter={16}>
        {requirementField('inspectionRequirement', t('client.inspectionRequirement'))}
        {requirementField('safetyRequirement', t('client.safetyRequirement'))}
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
                  const bad = badReportEmail(list);
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
          <TestRequirementsFields />
        </>
      )}
    </RecordForm>
  );
}

import { Col, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConfigSelect } from '../../components/config-select';
import { fieldFacts, rulesFrom } from '../../components/record/field-rules';
import { RecordForm, type RecordFormProps, useRecordForm } from '../../components/record/use-record-form';
import {
  type StandardDetail,
  type StandardKind,
  standardCreateInput,
  useCreateStandard,
  useUpdateStandard,
} from './api';
import {
  createStandardInput,
  type StandardFormValues,
  standardFormValues,
  updateStandardInput,
} from './standard-form-values';

/**
 * Create a common or country standard, or modify one; one form for both (STYLE.md). Names are
 * unique (per country for country standards); a stale version (E_VERSION) reloads the record.
 */
export function StandardForm({ kind, ...props }: RecordFormProps<StandardDetail> & { kind: StandardKind }) {
  const { t } = useTranslation();
  const standard = props.record;
  const input = standardCreateInput(kind);
  const kit = useRecordForm({
    props,
    create: useCreateStandard(kind),
    update: useUpdateStandard(kind, { silent: true }),
    toCreate: (values: StandardFormValues) => createStandardInput(kind, values),
    toUpdate: (record: StandardDetail, values: StandardFormValues) =>
      updateStandardInput(kind, record, values),
  });
  const scopeMax = fieldFacts(input, 'productScope').maxLength;
  const descriptionMax = fieldFacts(input, 'description').maxLength;

  return (
    <RecordForm<StandardFormValues>
      kit={kit}
      testId="standard"
      initialValues={standardFormValues(standard)}
      onCancel={props.onCancel}
      submitText={t('standard.createSubmit')}
    >
      <Row gutter={16}>
        <Col xs={24} md={kind === 'country' ? 16 : 24}>
          <Form.Item
            name="name"
            label={t('standard.name')}
            rules={rulesFrom(input, 'name', { label: t('standard.name') })}
          >
            <Input />
          </Form.Item>
        </Col>
        {kind === 'country' ? (
          <Col xs={24} md={8}>
            <Form.Item
              name="countryId"
              label={t('standard.country')}
              rules={rulesFrom(input, 'countryId', {
                label: t('standard.country'),
                required: t('standard.countryRequired'),
              })}
            >
              <ConfigSelect<string>
                list="country"
                known={standard?.country ? [standard.country] : undefined}
              />
            </Form.Item>
          </Col>
        ) : null}
        <Col xs={24}>
          <Form.Item
            name="productScope"
            label={t('standard.productScope')}
            rules={rulesFrom(input, 'productScope', { label: t('standard.productScope') })}
          >
            <Input maxLength={scopeMax} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="standardIds" label={t('standard.standards')} extra={t('standard.standardsHint')}>
            <ConfigSelect<string[]> list="standard" mode="multiple" allowClear known={standard?.standards} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item
            name="description"
            label={t('standard.description')}
            rules={rulesFrom(input, 'description', { label: t('standard.description') })}
          >
            <Input.TextArea autoSize={{ minRows: 3, maxRows: 12 }} showCount maxLength={descriptionMax} />
          </Form.Item>
        </Col>
      </Row>
    </RecordForm>
  );
}

import { createProductionSample } from '@qcdesk/contract/production-sample';
import { Col, Form, Input, Row } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfigSelect } from '../../components/config-select';
import { DateField } from '../../components/date-picker';
import { NumberField } from '../../components/number-field';
import { searchClientOptions } from '../../components/pickers';
import { rulesFrom } from '../../components/record/field-rules';
import { RecordForm, type RecordFormProps, useRecordForm } from '../../components/record/use-record-form';
import {
  ClientAutoComplete,
  OriginalSampleAutoComplete,
  type RemoteOption,
} from '../../components/remote-auto-complete';
import {
  type ProductionSampleDetail,
  searchOriginalSampleOptions,
  useCreateProductionSample,
  useUpdateProductionSample,
} from './api';
import {
  createProductionSampleInput,
  type ProductionSampleFormValues,
  productionSampleFormValues,
  updateProductionSampleInput,
} from './production-sample-form-values';

const input = createProductionSample.input;

/**
 * Register a production sample or change it (DOMAIN.md §2.3; the audit fields change only through
 * the audit), one form for both: item no, client, the factory that sent it, its original sample,
 * received date (today when left empty) and quantity. A refusal about one field marks that field.
 */
export function ProductionSampleForm(props: RecordFormProps<ProductionSampleDetail>) {
  const { t } = useTranslation();
  const sample = props.record;
  const kit = useRecordForm({
    props,
    create: useCreateProductionSample(),
    update: useUpdateProductionSample({ silent: true }),
    toCreate: createProductionSampleInput,
    toUpdate: updateProductionSampleInput,
    fieldOf: { clientId: 'client', originalSampleId: 'originalSample' },
  });
  const client = Form.useWatch('client', kit.form) as RemoteOption | null | undefined;
  const searchOriginals = useMemo(() => searchOriginalSampleOptions(client?.value), [client?.value]);
  const label = (key: 'itemNo' | 'client' | 'provider' | 'originalSample' | 'receivedDate' | 'quantity') =>
    t(`production-sample.${key}`);
  const rules = (field: string, key: Parameters<typeof label>[0]) =>
    rulesFrom(input, field, { label: label(key) });

  return (
    <RecordForm<ProductionSampleFormValues>
      kit={kit}
      testId="production-sample"
      initialValues={productionSampleFormValues(sample)}
      onCancel={props.onCancel}
      submitText={t('production-sample.createSubmit')}
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="itemNo" label={label('itemNo')} rules={rules('itemNo', 'itemNo')}>
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="client"
            label={label('client')}
            rules={[{ required: true, message: t('common.required', { label: label('client') }) }]}
          >
            <ClientAutoComplete aria-label={label('client')} search={searchClientOptions} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="providerFactoryId"
            label={label('provider')}
            rules={rules('providerFactoryId', 'provider')}
          >
            <ConfigSelect<string | null>
              list="factory"
              aria-label={label('provider')}
              known={sample ? [sample.provider] : undefined}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="originalSample"
            label={label('originalSample')}
            extra={t('production-sample.originalSampleHint')}
          >
            <OriginalSampleAutoComplete aria-label={label('originalSample')} search={searchOriginals} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} md={6}>
          <Form.Item
            name="receivedDate"
            label={label('receivedDate')}
            extra={sample ? undefined : t('production-sample.receivedDateHint')}
          >
            <DateField style={{ width: '100%' }} aria-label={label('receivedDate')} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} md={6}>
          <Form.Item name="quantity" label={label('quantity')} rules={rules('quantity', 'quantity')}>
            <NumberField aria-label={label('quantity')} />
          </Form.Item>
        </Col>
      </Row>
    </RecordForm>
  );
}

import { createOriginalSample } from '@qcdesk/contract/original-sample';
import { Col, Divider, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { searchClientOptions } from '../../components/pickers';
import { rulesFrom } from '../../components/record/field-rules';
import { RecordForm, type RecordFormProps, useRecordForm } from '../../components/record/use-record-form';
import { ClientAutoComplete } from '../../components/remote-auto-complete';
import { type OriginalSampleDetail, useCreateOriginalSample, useUpdateOriginalSample } from './api';
import {
  createOriginalSampleInput,
  type OriginalSampleFormValues,
  originalSampleFormValues,
  updateOriginalSampleInput,
} from './original-sample-form-values';
import { PartsFields } from './original-sample-parts-fields';

const input = createOriginalSample.input;

/**
 * Register an original sample (with its parts and materials) or change its item no, name and
 * client; one form for both (STYLE.md). The item no is unique per client; a refusal about one field
 * marks that field, a stale version (E_VERSION) reloads the record.
 */
export function OriginalSampleForm(props: RecordFormProps<OriginalSampleDetail>) {
  const { t } = useTranslation();
  const sample = props.record;
  const kit = useRecordForm({
    props,
    create: useCreateOriginalSample(),
    update: useUpdateOriginalSample({ silent: true }),
    toCreate: createOriginalSampleInput,
    toUpdate: updateOriginalSampleInput,
    fieldOf: { clientId: 'client' },
  });

  return (
    <RecordForm<OriginalSampleFormValues>
      kit={kit}
      testId="original-sample"
      initialValues={originalSampleFormValues(sample)}
      onCancel={props.onCancel}
      submitText={t('original-sample.createSubmit')}
    >
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item
            name="itemNo"
            label={t('original-sample.itemNo')}
            rules={rulesFrom(input, 'itemNo', { label: t('original-sample.itemNo') })}
          >
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={16}>
          <Form.Item
            name="name"
            label={t('original-sample.name')}
            rules={rulesFrom(input, 'name', { label: t('original-sample.name') })}
          >
            <Input />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="client"
            label={t('original-sample.client')}
            extra={t('original-sample.clientHint')}
          >
            <ClientAutoComplete aria-label={t('original-sample.client')} search={searchClientOptions} />
          </Form.Item>
        </Col>
      </Row>
      {sample ? null : (
        <>
          <Divider titlePlacement="start">{t('original-sample.parts')}</Divider>
          <PartsFields />
        </>
      )}
    </RecordForm>
  );
}

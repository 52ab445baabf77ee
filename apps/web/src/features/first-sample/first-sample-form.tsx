import { DATE_FORMAT } from '@qcdesk/contract/constants';
import { createFirstSample, FIRST_SAMPLE_STATUS } from '@qcdesk/contract/first-sample';
import { Col, Form, Input, Row } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfigSelect } from '../../components/config-select';
import { DateField } from '../../components/date-picker';
import { FormCard } from '../../components/detail-states';
import { fieldFacts, rulesFrom } from '../../components/record/field-rules';
import { RecordForm, type RecordFormProps, useRecordForm } from '../../components/record/use-record-form';
import { OrderProductAutoComplete, type RemoteOption } from '../../components/remote-auto-complete';
import {
  type CreateFirstSampleInput,
  type FirstSampleDetail,
  type UpdateFirstSampleInput,
  useCreateFirstSample,
  useUpdateFirstSample,
} from './api';

const input = createFirstSample.input;
const remarkMax = fieldFacts(input, 'remark').maxLength;

export interface FirstSampleFormValues {
  product: RemoteOption | null;
  itemNo: string;
  receivedDate?: string;
  remark: string;
  checkItemIds: string[];
}

const text = (value: string | null | undefined) => (value ?? '').trim();

export function firstSampleFormValues(sample?: FirstSampleDetail, today?: string): FirstSampleFormValues {
  if (!sample)
    return {
      product: null,
      itemNo: '',
      ...(today ? { receivedDate: today } : {}),
      remark: '',
      checkItemIds: [],
    };
  return {
    product: { value: sample.product.id, label: `${sample.product.productNo} · ${sample.product.name}` },
    itemNo: sample.itemNo,
    receivedDate: sample.receivedDate,
    remark: sample.remark ?? '',
    checkItemIds: sample.checkItems.map((c) => c.checkItem.id),
  };
}

export function createFirstSampleInput(values: FirstSampleFormValues): CreateFirstSampleInput {
  return {
    ...(values.product ? { orderProductId: values.product.value } : {}),
    ...(text(values.itemNo) ? { itemNo: text(values.itemNo) } : {}),
    ...(values.receivedDate ? { receivedDate: values.receivedDate } : {}),
    ...(text(values.remark) ? { remark: text(values.remark) } : {}),
    ...(values.checkItemIds.length > 0 ? { checkItemIds: values.checkItemIds } : {}),
  };
}

/** Only what changed travels, with the version read; the item list only while it may change (10). */
export function updateFirstSampleInput(
  sample: FirstSampleDetail,
  values: FirstSampleFormValues,
): UpdateFirstSampleInput {
  const before = firstSampleFormValues(sample);
  const sameItems = before.checkItemIds.join() === values.checkItemIds.join();
  return {
    id: sample.id,
    version: sample.version,
    ...(text(values.itemNo) && text(values.itemNo) !== before.itemNo ? { itemNo: text(values.itemNo) } : {}),
    ...(values.receivedDate && values.receivedDate !== before.receivedDate
      ? { receivedDate: values.receivedDate }
      : {}),
    ...(text(values.remark) !== text(before.remark) ? { remark: text(values.remark) } : {}),
    ...(sample.status === FIRST_SAMPLE_STATUS.registered && !sameItems && values.checkItemIds.length > 0
      ? { checkItemIds: values.checkItemIds }
      : {}),
  };
}

/** Register a first sample of an order product, or change one (10/20; its items in 10). */
export function FirstSampleForm(props: RecordFormProps<FirstSampleDetail>) {
  const { t } = useTranslation();
  const sample = props.record;
  const kit = useRecordForm({
    props,
    create: useCreateFirstSample(),
    update: useUpdateFirstSample({ silent: true }),
    toCreate: createFirstSampleInput,
    toUpdate: updateFirstSampleInput,
    fieldOf: { orderProductId: 'product' },
  });
  return (
    <RecordForm<FirstSampleFormValues>
      kit={kit}
      testId="first-sample"
      initialValues={firstSampleFormValues(sample, dayjs().format(DATE_FORMAT))}
      onCancel={props.onCancel}
      submitText={t('first-sample.createSubmit')}
    >
      <Row gutter={16}>
        <Col xs={24} lg={12}>
          <Form.Item
            name="product"
            label={t('first-sample.product')}
            rules={[{ required: true, message: t('first-sample.productPlaceholder') }]}
          >
            <OrderProductAutoComplete
              aria-label={t('first-sample.product')}
              placeholder={t('first-sample.productPlaceholder')}
              disabled={Boolean(sample)}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Form.Item
            name="itemNo"
            label={t('first-sample.itemNo')}
            extra={sample ? undefined : t('first-sample.itemNoHint')}
            rules={rulesFrom(input, 'itemNo', { label: t('first-sample.itemNo') })}
          >
            <Input />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Form.Item name="receivedDate" label={t('first-sample.receivedDate')}>
            <DateField style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item
            name="checkItemIds"
            label={t('first-sample.checkItems')}
            extra={sample ? undefined : t('first-sample.checkItemsHint')}
          >
            <ConfigSelect<string[]>
              list="samplecheckitem"
              mode="multiple"
              allowClear
              disabled={sample !== undefined && sample.status !== FIRST_SAMPLE_STATUS.registered}
              known={sample?.checkItems.map((c) => c.checkItem)}
            />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item
            name="remark"
            label={t('first-sample.remark')}
            rules={rulesFrom(input, 'remark', { label: t('first-sample.remark') })}
          >
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} showCount maxLength={remarkMax} />
          </Form.Item>
        </Col>
      </Row>
    </RecordForm>
  );
}

export function NewFirstSample(props: RecordFormProps<FirstSampleDetail>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <FormCard title={t('first-sample.createTitle')}>
      <FirstSampleForm {...props} onCancel={() => void navigate(-1)} />
    </FormCard>
  );
}

import { Alert, Button, Col, Divider, Flex, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error';
import { notify } from '../../components/notify';
import { ClientAutoComplete } from '../../components/remote-auto-complete';
import {
  type OriginalSampleDetail,
  searchClientOptions,
  useCreateOriginalSample,
  useUpdateOriginalSample,
} from './api';
import {
  createOriginalSampleInput,
  hasChanges,
  type OriginalSampleFormValues,
  originalSampleFormValues,
  updateOriginalSampleInput,
} from './original-sample-form-values';
import { PartsFields } from './original-sample-parts-fields';

/**
 * Register an original sample (with its parts and materials) or change its item no, name and
 * client; one form for both (STYLE.md). The item no is unique per client; a refusal about one field
 * marks that field, a stale version (E_VERSION) reloads the record.
 */
export function OriginalSampleForm({
  sample,
  onDone,
  onCancel,
  onStale,
}: {
  sample?: OriginalSampleDetail;
  onDone: (id: string) => void;
  onCancel: () => void;
  onStale?: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<OriginalSampleFormValues>();
  const create = useCreateOriginalSample();
  const update = useUpdateOriginalSample({ silent: true });
  const mutation = sample ? update : create;

  const refused = (error: unknown) => {
    if (!isApiError(error)) return;
    if (error.reason === 'E_VERSION') {
      notify('warning', error.message);
      onStale?.();
      return;
    }
    const field = error.field === 'clientId' ? 'client' : error.field;
    if (field && form.getFieldInstance(field as keyof OriginalSampleFormValues)) {
      form.setFields([{ name: field as keyof OriginalSampleFormValues, errors: [error.message] }]);
    }
  };

  const submit = (values: OriginalSampleFormValues) => {
    if (sample) {
      const input = updateOriginalSampleInput(sample, values);
      if (!hasChanges(input)) {
        onDone(sample.id);
        return;
      }
      update.mutate(input, { onSuccess: () => onDone(sample.id), onError: refused });
      return;
    }
    create.mutate(createOriginalSampleInput(values), {
      onSuccess: (created) => onDone(created.id),
      onError: refused,
    });
  };

  return (
    <Form<OriginalSampleFormValues>
      form={form}
      layout="vertical"
      initialValues={originalSampleFormValues(sample)}
      onFinish={submit}
      scrollToFirstError
      data-testid="original-sample-form"
    >
      {mutation.isError ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={mutation.error.message}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item
            name="itemNo"
            label={t('originalSample.itemNo')}
            rules={[
              { required: true, whitespace: true, message: t('originalSample.itemNoRequired') },
              { max: 40 },
            ]}
          >
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={16}>
          <Form.Item
            name="name"
            label={t('originalSample.name')}
            rules={[
              { required: true, whitespace: true, message: t('originalSample.nameRequired') },
              { max: 200 },
            ]}
          >
            <Input />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="client" label={t('originalSample.client')} extra={t('originalSample.clientHint')}>
            <ClientAutoComplete aria-label={t('originalSample.client')} search={searchClientOptions} />
          </Form.Item>
        </Col>
      </Row>
      {sample ? null : (
        <>
          <Divider titlePlacement="start">{t('originalSample.parts')}</Divider>
          <PartsFields />
        </>
      )}
      <Flex gap={8} justify="flex-end" wrap style={{ marginTop: 24 }}>
        <Button onClick={onCancel}>{t('originalSample.cancel')}</Button>
        <Button
          type="primary"
          htmlType="submit"
          loading={mutation.isPending}
          data-testid="original-sample-save"
        >
          {sample ? t('originalSample.save') : t('originalSample.createSubmit')}
        </Button>
      </Flex>
    </Form>
  );
}

import { Alert, Button, Col, Flex, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error';
import { ConfigSelect } from '../../components/config-select';
import { notify } from '../../components/notify';
import { type StandardDetail, type StandardKind, useCreateStandard, useUpdateStandard } from './api';
import {
  createStandardInput,
  hasChanges,
  type StandardFormValues,
  standardFormValues,
  updateStandardInput,
} from './standard-form-values';

const SCOPE_MAX = 500;
const DESCRIPTION_MAX = 4000;

/**
 * Create a common or country standard, or modify one; one form for both (STYLE.md). Names are
 * unique (per country for country standards); a stale version (E_VERSION) reloads the record.
 */
export function StandardForm({
  kind,
  standard,
  onDone,
  onCancel,
  onStale,
}: {
  kind: StandardKind;
  standard?: StandardDetail;
  onDone: (id: string) => void;
  onCancel: () => void;
  onStale?: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<StandardFormValues>();
  const create = useCreateStandard(kind);
  const update = useUpdateStandard(kind, { silent: true });
  const mutation = standard ? update : create;

  const refused = (error: unknown) => {
    if (!isApiError(error)) return;
    if (error.reason === 'E_VERSION') {
      notify('warning', error.message);
      onStale?.();
      return;
    }
    if (error.field && form.getFieldInstance(error.field as keyof StandardFormValues)) {
      form.setFields([{ name: error.field as keyof StandardFormValues, errors: [error.message] }]);
    }
  };

  const submit = (values: StandardFormValues) => {
    if (standard) {
      const input = updateStandardInput(kind, standard, values);
      if (!hasChanges(input)) {
        onDone(standard.id);
        return;
      }
      update.mutate(input, { onSuccess: () => onDone(standard.id), onError: refused });
      return;
    }
    create.mutate(createStandardInput(kind, values), {
      onSuccess: (created) => onDone(created.id),
      onError: refused,
    });
  };

  return (
    <Form<StandardFormValues>
      form={form}
      layout="vertical"
      initialValues={standardFormValues(standard)}
      onFinish={submit}
      scrollToFirstError
      data-testid="standard-form"
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
        <Col xs={24} md={kind === 'country' ? 16 : 24}>
          <Form.Item
            name="name"
            label={t('standard.name')}
            rules={[{ required: true, whitespace: true, message: t('standard.nameRequired') }, { max: 200 }]}
          >
            <Input />
          </Form.Item>
        </Col>
        {kind === 'country' ? (
          <Col xs={24} md={8}>
            <Form.Item
              name="countryId"
              label={t('standard.country')}
              rules={[{ required: true, message: t('standard.countryRequired') }]}
            >
              <ConfigSelect<string>
                list="country"
                known={standard?.country ? [standard.country] : undefined}
              />
            </Form.Item>
          </Col>
        ) : null}
        <Col xs={24}>
          <Form.Item name="productScope" label={t('standard.productScope')} rules={[{ max: SCOPE_MAX }]}>
            <Input maxLength={SCOPE_MAX} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="standardIds" label={t('standard.standards')} extra={t('standard.standardsHint')}>
            <ConfigSelect<string[]> list="standard" mode="multiple" allowClear known={standard?.standards} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="description" label={t('standard.description')} rules={[{ max: DESCRIPTION_MAX }]}>
            <Input.TextArea autoSize={{ minRows: 3, maxRows: 12 }} showCount maxLength={DESCRIPTION_MAX} />
          </Form.Item>
        </Col>
      </Row>
      <Flex gap={8} justify="flex-end" wrap>
        <Button onClick={onCancel}>{t('standard.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={mutation.isPending} data-testid="standard-save">
          {standard ? t('standard.save') : t('standard.createSubmit')}
        </Button>
      </Flex>
    </Form>
  );
}

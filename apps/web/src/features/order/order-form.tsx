import { createOrder } from '@qcdesk/contract/order';
import { Col, Divider, Form, Input, Row } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { searchClientOptions } from '../../components/pickers';
import { rulesFrom } from '../../components/record/field-rules';
import { RecordForm, type RecordFormProps, useRecordForm } from '../../components/record/use-record-form';
import { EMPTY, refName, userDisplayName } from '../../components/ref-labels';
import { ClientAutoComplete, type RemoteOption } from '../../components/remote-auto-complete';
import { currentLanguage } from '../../i18n/i18n';
import type { OrderDetail } from './api';
import {
  clientRequirements,
  createOrderInput,
  type OrderFormValues,
  orderFormValues,
  updateOrderInput,
} from './order-form-values';
import { OrderLinesFields } from './order-lines-fields';
import {
  useClientDefaults,
  useClientTestRequirements,
  useCreateOrder,
  useUpdateOrder,
} from './order-write-api';

const input = createOrder.input;
const TEXT_ROWS = { minRows: 2, maxRows: 8 };

/** The picked client's department and sales (an order takes them from its client), read-only. */
function ClientFacts({ client }: { client: RemoteOption | null | undefined }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const found = useClientDefaults(client?.value).data;
  return (
    <>
      <Col xs={12} md={6}>
        <Form.Item label={t('order.department')}>
          <span data-testid="order-form-department">
            {found ? refName(found.department, language) : EMPTY}
          </span>
        </Form.Item>
      </Col>
      <Col xs={12} md={6}>
        <Form.Item label={t('order.sales')}>
          <span data-testid="order-form-sales">{found ? userDisplayName(found.sales, language) : EMPTY}</span>
        </Form.Item>
      </Col>
    </>
  );
}

/** A new order's requirements follow the picked client until the user types their own. */
function useRequirementDefaults(
  form: ReturnType<typeof Form.useForm<OrderFormValues>>[0],
  creating: boolean,
) {
  const client = Form.useWatch('client', form) as RemoteOption | null | undefined;
  const found = useClientDefaults(creating ? client?.value : undefined).data;
  const tests = useClientTestRequirements(creating ? client?.value : undefined);
  const applied = useRef<string | null>(null);
  useEffect(() => {
    // Without the requirement lists (not allowed, or failed) the safety text alone is the default.
    if (!found || applied.current === found.id || tests.isPending) return;
    applied.current = found.id;
    const touched = {
      inspection: form.isFieldTouched('inspectionRequirement'),
      test: form.isFieldTouched('testRequirement'),
    };
    const rows = tests.data?.clientId === found.id ? tests.data.tests : [];
    form.setFieldsValue(clientRequirements(found, touched, { rows, language: currentLanguage() }));
  }, [found, form, tests.isPending, tests.data]);
  return client;
}

/**
 * Create an order with its product lines, or change its header (PO, client, description); one form
 * for both (STYLE.md). The order no is generated when left empty; a refusal about one field (a line's
 * delivery date, a taken order no) marks that field; a stale version (E_VERSION) reloads the order.
 */
export function OrderForm(props: RecordFormProps<OrderDetail>) {
  const { t } = useTranslation();
  const order = props.record;
  const kit = useRecordForm({
    props,
    create: useCreateOrder(),
    update: useUpdateOrder({ silent: true }),
    toCreate: createOrderInput,
    toUpdate: updateOrderInput,
    fieldOf: { clientId: 'client' },
  });
  const client = useRequirementDefaults(kit.form, !order);
  const rules = (field: keyof typeof input.shape, label: string) => rulesFrom(input, field, { label });
  const textArea = (field: 'description' | 'inspectionRequirement' | 'testRequirement') => (
    <Form.Item name={field} label={t(`order.${field}`)} rules={rules(field, t(`order.${field}`))}>
      <Input.TextArea autoSize={TEXT_ROWS} />
    </Form.Item>
  );

  return (
    <RecordForm<OrderFormValues>
      kit={kit}
      testId="order"
      initialValues={orderFormValues(order)}
      onCancel={props.onCancel}
      submitText={t('order.form.createSubmit')}
    >
      <Row gutter={16}>
        <Col xs={24} md={12} xl={6}>
          <Form.Item
            name="orderNo"
            label={t('order.orderNo')}
            extra={order ? null : t('order.form.orderNoHint')}
            rules={rules('orderNo', t('order.orderNo'))}
          >
            <Input autoComplete="off" disabled={Boolean(order)} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12} xl={6}>
          <Form.Item
            name="clientPo"
            label={t('order.clientPo')}
            rules={rules('clientPo', t('order.clientPo'))}
          >
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12} xl={12}>
          <Form.Item
            name="client"
            label={t('order.client')}
            rules={[{ required: true, message: t('common.required', { label: t('order.client') }) }]}
          >
            <ClientAutoComplete aria-label={t('order.client')} search={searchClientOptions} />
          </Form.Item>
        </Col>
        <ClientFacts client={client ?? (order ? orderFormValues(order).client : null)} />
        <Col xs={24}>{textArea('description')}</Col>
        {order ? null : (
          <>
            <Col xs={24} md={12}>
              {textArea('inspectionRequirement')}
            </Col>
            <Col xs={24} md={12}>
              {textArea('testRequirement')}
            </Col>
          </>
        )}
      </Row>
      {order ? null : (
        <>
          <Divider titlePlacement="start">{t('order.products')}</Divider>
          <OrderLinesFields />
        </>
      )}
    </RecordForm>
  );
}

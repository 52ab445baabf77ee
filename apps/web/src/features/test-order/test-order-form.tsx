import { CURRENCIES } from '@qcdesk/contract/test-order';
import { Alert, Button, Col, Empty, Flex, Form, Row, Select, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfigSelect } from '../../components/config-select';
import { DateField } from '../../components/date-picker';
import { DetailLoading, FormCard } from '../../components/detail-states';
import { notify } from '../../components/notify';
import { markFieldError, type RecordFormProps } from '../../components/record/use-record-form';
import { useLeaveGuard } from '../../components/use-leave-guard';
import { currentLanguage } from '../../i18n/i18n';
import { useOrderTestCart } from '../../lib/carts';
import { businessToday } from '../../lib/format';
import { type TestOrderDetail, useCartProducts, useCreateTestOrder } from './api';
import { CartLines, type DraftLine, draftLines, PRICE } from './test-order-cart-lines';
import { LabContactSelect } from './test-order-lab-contact';

interface Values {
  labId: string;
  labContactId?: string | null;
  testTypeId: string;
  currency: (typeof CURRENCIES)[number];
  planTime: string;
  hopeTime?: string;
}

/**
 * `ordertest/new`: the order-test cart (DOMAIN.md §6.1) and the create form of a test order (§4.9):
 * lab and its contact (the lab's CS contact when none is picked), test type, currency (RMB by default; one per order), plan date (today or later), hope date,
 * and the lines the cart's products bring, to keep, leave out, price or add to. Creating empties the
 * cart of the products used and opens the new order.
 */
export function TestOrderCreatePage(props: RecordFormProps<TestOrderDetail>) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const cart = useOrderTestCart();
  const ids = useMemo(() => cart.items.map((i) => i.id), [cart.items]);
  const products = useCartProducts(ids);
  const [form] = Form.useForm<Values>();
  const guard = useLeaveGuard();
  const create = useCreateTestOrder();
  const [lines, setLines] = useState<DraftLine[]>([]);
  const currency = Form.useWatch('currency', form) ?? 'RMB';
  const labId = Form.useWatch('labId', form);
  const list = products.data?.list;
  useEffect(() => {
    if (list)
      setLines((old) => [
        ...draftLines(list, language).filter((l) => !old.some((o) => same(o, l))),
        ...old.filter((o) => list.some((p) => p.id === o.orderProductId)),
      ]);
  }, [list, language]);

  const badPrice = lines.some((l) => l.included && l.price !== '' && !PRICE.test(l.price));
  const submit = (values: Values) => {
    const { labContactId, ...fields } = values;
    create.mutate(
      {
        ...fields,
        ...(labContactId ? { labContactId } : {}),
        orderProductIds: ids,
        items: lines
          .filter((l) => l.included)
          .map((l) => ({
            orderProductId: l.orderProductId,
            testItemId: l.testItemId,
            ...(l.price ? { price: l.price } : {}),
            ...(l.orderRiskItemId ? { orderRiskItemId: l.orderRiskItemId } : {}),
          })),
      },
      {
        onSuccess: (created) => {
          guard.settle();
          cart.clear();
          props.onDone(created.id);
        },
        onError: (error) => {
          if (!markFieldError(form, error)) notify('error', error.message);
        },
      },
    );
  };

  if (ids.length > 0 && products.isPending) return <DetailLoading />;
  return (
    <FormCard title={t('test-order.createTitle')}>
      {ids.length === 0 ? (
        <Empty description={t('test-order.cartEmpty')} data-testid="test-order-cart-empty" />
      ) : (
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={{ currency: 'RMB', planTime: businessToday() }}
          onValuesChange={(changed: Partial<Values>) => {
            guard.change();
            // Another lab's contacts: back to the default (LabCs) until one is picked.
            if ('labId' in changed) form.setFieldValue('labContactId', null);
          }}
          onFinish={submit}
          data-testid="test-order-form"
        >
          {products.error ? (
            <Alert
              type="error"
              showIcon
              role="alert"
              title={products.error.message}
              style={{ marginBottom: 12 }}
            />
          ) : null}
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item
                name="labId"
                label={t('test-order.lab')}
                rules={[{ required: true, message: t('common.required', { label: t('test-order.lab') }) }]}
              >
                <ConfigSelect<string | null> list="lab" aria-label={t('test-order.lab')} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="labContactId" label={t('test-order.labContact')}>
                <LabContactSelect labId={labId} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                name="testTypeId"
                label={t('test-order.testType')}
                rules={[
                  { required: true, message: t('common.required', { label: t('test-order.testType') }) },
                ]}
              >
                <ConfigSelect<string | null> list="testtype" aria-label={t('test-order.testType')} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={8}>
              <Form.Item
                name="currency"
                label={t('test-order.currency')}
                extra={t('test-order.currencyHint')}
              >
                <Select
                  aria-label={t('test-order.currency')}
                  options={CURRENCIES.map((c) => ({ value: c, label: c }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} sm={8}>
              <Form.Item
                name="planTime"
                label={t('test-order.planTime')}
                rules={[
                  { required: true, message: t('common.required', { label: t('test-order.planTime') }) },
                ]}
              >
                <DateField style={{ width: '100%' }} aria-label={t('test-order.planTime')} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={8}>
              <Form.Item name="hopeTime" label={t('test-order.hopeTime')}>
                <DateField style={{ width: '100%' }} aria-label={t('test-order.hopeTime')} />
              </Form.Item>
            </Col>
          </Row>
          <Typography.Title level={5}>{t('test-order.cartProducts', { n: ids.length })}</Typography.Title>
          <CartLines
            products={list ?? []}
            lines={lines}
            currency={currency}
            onLines={(next) => {
              guard.change();
              setLines(next);
            }}
            onRemoveProduct={cart.remove}
          />
          <Flex gap={8} justify="end" wrap style={{ marginTop: 16 }}>
            <Button
              onClick={() => {
                guard.settle();
                props.onCancel();
              }}
            >
              {t('common.cancel')}
            </Button>
            <Button
              type="primary"
              htmlType="submit"
              loading={create.isPending}
              disabled={badPrice || Boolean(products.error)}
              data-testid="test-order-create-submit"
            >
              {t('test-order.createSubmit')}
            </Button>
          </Flex>
        </Form>
      )}
    </FormCard>
  );
}

const same = (a: DraftLine, b: DraftLine) =>
  a.orderProductId === b.orderProductId && a.testItemId === b.testItemId;

import { PlusOutlined } from '@ant-design/icons';
import { ORDER_LINES_MAX, productInput } from '@qcdesk/contract/order';
import { Button, Col, Flex, Form, Input, Row, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConfigSelect } from '../../components/config-select';
import { DateField } from '../../components/date-picker';
import { NumberField } from '../../components/number-field';
import { rulesFrom } from '../../components/record/field-rules';
import { enumOptions } from '../../components/ref-labels';
import { RemoveButton } from '../../components/remove-button';
import { currentLanguage } from '../../i18n/i18n';
import { emptyLine } from './order-form-values';

const lineBox = {
  border: '1px solid var(--ant-color-border-secondary)',
  borderRadius: 8,
  padding: '12px 12px 0',
} as const;

const PAGE = {
  wide: { xs: 24, sm: 12, lg: 6 },
  quantity: { xs: 14, sm: 8, lg: 4 },
  unit: { xs: 10, sm: 4, lg: 2 },
};
const DIALOG = { wide: { xs: 24, sm: 12 }, quantity: { xs: 14, sm: 8 }, unit: { xs: 10, sm: 4 } };

/** The fields of one product (a new order's line, the new-line or the product dialog), under `prefix`. */
export function LineFields({
  prefix,
  newLine = true,
  dialog = !newLine,
}: {
  prefix: (string | number)[];
  newLine?: boolean;
  dialog?: boolean;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const rules = (field: 'sku' | 'itemNo' | 'name' | 'quantity' | 'deliveryDate' | 'factoryId') =>
    rulesFrom(productInput, field, { label: t(`order.${field === 'factoryId' ? 'factory' : field}`) });
  const name = (field: string) => [...prefix, field];
  // A dialog is narrower than the page: two fields a row there at every width.
  const span = dialog ? DIALOG : PAGE;
  return (
    <Row gutter={12}>
      {newLine ? (
        <Col {...span.wide}>
          <Form.Item
            name={name('productNo')}
            label={t('order.productNo')}
            extra={t('order.form.productNoHint')}
          >
            <Input autoComplete="off" maxLength={40} />
          </Form.Item>
        </Col>
      ) : null}
      <Col {...span.wide}>
        <Form.Item name={name('sku')} label={t('order.sku')} rules={rules('sku')}>
          <Input autoComplete="off" />
        </Form.Item>
      </Col>
      <Col {...span.wide}>
        <Form.Item name={name('itemNo')} label={t('order.itemNo')} rules={rules('itemNo')}>
          <Input autoComplete="off" />
        </Form.Item>
      </Col>
      <Col {...span.wide}>
        <Form.Item name={name('name')} label={t('order.name')} rules={rules('name')}>
          <Input />
        </Form.Item>
      </Col>
      <Col {...span.wide}>
        <Form.Item name={name('factoryId')} label={t('order.factory')} rules={rules('factoryId')}>
          <ConfigSelect<string | null> list="factory" aria-label={t('order.factory')} />
        </Form.Item>
      </Col>
      <Col {...span.quantity}>
        <Form.Item name={name('quantity')} label={t('order.quantity')} rules={rules('quantity')}>
          <NumberField />
        </Form.Item>
      </Col>
      <Col {...span.unit}>
        <Form.Item name={name('quantityUnit')} label={t('order.form.unit')}>
          <Select options={enumOptions('QuantityUnit', language)} aria-label={t('order.form.unit')} />
        </Form.Item>
      </Col>
      <Col {...span.wide}>
        <Form.Item name={name('deliveryDate')} label={t('order.deliveryDate')} rules={rules('deliveryDate')}>
          <DateField style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      {newLine ? (
        <Col {...span.wide}>
          <Form.Item name={name('productType')} label={t('order.productType')}>
            <Select options={enumOptions('ProductType', language)} aria-label={t('order.productType')} />
          </Form.Item>
        </Col>
      ) : null}
    </Row>
  );
}

/** A new order's product lines (`products`): at least one; add and remove. */
export function OrderLinesFields() {
  const { t } = useTranslation();
  return (
    <Form.List
      name="products"
      rules={[
        {
          validator: async (_, lines: unknown[] | undefined) => {
            if (!lines || lines.length === 0) throw new Error(t('order.form.linesRequired'));
          },
        },
      ]}
    >
      {(fields, { add, remove }, { errors }) => (
        // A line list: Enter never submits the order (components/form-enter-key.ts).
        <Flex vertical gap={12} data-form-lines="">
          {fields.map((field, index) => (
            <section
              key={field.key}
              style={lineBox}
              data-testid="order-line"
              aria-label={t('order.form.line', { n: index + 1 })}
            >
              <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
                <Typography.Text strong>{t('order.form.line', { n: index + 1 })}</Typography.Text>
                <RemoveButton
                  disabled={fields.length === 1}
                  label={t('order.form.lineRemove', { n: index + 1 })}
                  onClick={() => remove(field.name)}
                />
              </Flex>
              <LineFields prefix={[field.name]} />
            </section>
          ))}
          <Form.ErrorList errors={errors} />
          <div>
            <Button
              icon={<PlusOutlined />}
              disabled={fields.length >= ORDER_LINES_MAX}
              onClick={() => add(emptyLine())}
              data-testid="order-line-add"
            >
              {t('order.form.lineAdd')}
            </Button>
          </div>
        </Flex>
      )}
    </Form.List>
  );
}

import { Col, Form, Input, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/date-picker';
import { NumberField } from '../../components/number-field';
import { FormRows } from '../../components/record/form-rows';
import { OrderProductAutoComplete } from '../../components/remote-auto-complete';
import { currentLanguage } from '../../i18n/i18n';
import type { BookingFieldDef } from './inspection-booking-form-values';

// The booking form's parts: an extra field of the booking type, and the product lines.

/** One extra field of the booking type, by its definition (DOMAIN.md §3.2 BookingFieldType). */
export function ExtraField({ def }: { def: BookingFieldDef }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const label = language === 'en' ? def.labelEn : def.labelZh;
  const rules = def.required ? [{ required: true, message: label }] : [];
  const options = (def.options ?? []).map((o) => ({ value: o, label: o }));
  const name = ['extra', def.key];
  const field = (() => {
    switch (def.fieldType) {
      case 2:
        return <NumberField />;
      case 3:
        return <DateField style={{ width: '100%' }} />;
      case 4:
        return <Select options={options} allowClear />;
      case 5:
        return <Select options={options} mode="multiple" allowClear />;
      case 7:
        return (
          <Switch
            checkedChildren={t('inspection-booking.yes')}
            unCheckedChildren={t('inspection-booking.no')}
          />
        );
      default:
        return <Input />;
    }
  })();
  return (
    <Col xs={24} md={12}>
      <Form.Item
        name={name}
        label={label}
        rules={rules}
        {...(def.fieldType === 7 ? { valuePropName: 'checked' } : {})}
        data-testid={`inspection-booking-extra-${def.key}`}
      >
        {field}
      </Form.Item>
    </Col>
  );
}

/**
 * The product lines: an order product of the client, or a free-text line; a quantity each. On a phone
 * the order product takes the line, the free text, quantity and remove button share the next.
 */
export function ProductRows() {
  const { t } = useTranslation();
  return (
    <FormRows
      name="products"
      testId="inspection-booking-product"
      emptyText={t('inspection-booking.noProducts')}
      addLabel={t('inspection-booking.addProduct')}
      newRow={() => ({ quantity: undefined })}
      removeLabel={(n) => t('inspection-booking.removeProduct', { n })}
      removeCol={{ xs: 4, md: 2 }}
    >
      {(field) => (
        <>
          <Col xs={24} md={9}>
            <Form.Item name={[field.name, 'orderProduct']} label={t('inspection-booking.orderProduct')}>
              <OrderProductAutoComplete
                aria-label={t('inspection-booking.orderProduct')}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item name={[field.name, 'name']} label={t('inspection-booking.freeText')}>
              <Input placeholder={t('inspection-booking.productName')} />
            </Form.Item>
          </Col>
          <Col xs={8} md={5}>
            <Form.Item
              name={[field.name, 'quantity']}
              label={t('inspection-booking.quantity')}
              rules={[{ required: true, message: t('inspection-booking.quantity') }]}
            >
              <NumberField />
            </Form.Item>
          </Col>
        </>
      )}
    </FormRows>
  );
}

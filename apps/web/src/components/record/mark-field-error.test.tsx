import { act } from '@testing-library/react';
import { Form, type FormInstance, Input } from 'antd';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error';
import { renderWidget } from '../test-utils';
import { markFieldError } from './use-record-form';

interface Values {
  clientPo: string;
  products: { quantity: string }[];
}

function renderForm(): FormInstance<Values> {
  let instance: FormInstance<Values> | undefined;
  function Probe() {
    const [form] = Form.useForm<Values>();
    instance = form;
    return (
      <Form form={form} initialValues={{ clientPo: '', products: [{ quantity: '1' }, { quantity: '2' }] }}>
        <Form.Item name="clientPo">
          <Input />
        </Form.Item>
        <Form.List name="products">
          {(fields) =>
            fields.map((field) => (
              <Form.Item key={field.key} name={[field.name, 'quantity']}>
                <Input />
              </Form.Item>
            ))
          }
        </Form.List>
      </Form>
    );
  }
  renderWidget(<Probe />);
  return instance!;
}

const refusal = (field: string) =>
  new ApiError({ code: 400, status: 400, reason: 'E_RANGE', field, message: 'Out of range' });

describe('markFieldError', () => {
  it('marks a field of a list row the server names as products.1.quantity', () => {
    const form = renderForm();
    let marked = false;
    act(() => {
      marked = markFieldError(form, refusal('products.1.quantity'));
    });
    expect(marked).toBe(true);
    expect(form.getFieldError(['products', 1, 'quantity'])).toEqual(['Out of range']);
    expect(form.getFieldError(['products', 0, 'quantity'])).toEqual([]);
  });

  it('marks a plain field, and leaves a field the form does not have to the alert', () => {
    const form = renderForm();
    let plain = false;
    let missing = true;
    let noRow = true;
    act(() => {
      plain = markFieldError(form, refusal('po'), { po: 'clientPo' });
      missing = markFieldError(form, refusal('shippingId'));
      noRow = markFieldError(form, refusal('products.5.quantity'));
    });
    expect(plain).toBe(true);
    expect(form.getFieldError('clientPo')).toEqual(['Out of range']);
    expect(missing).toBe(false);
    expect(noRow).toBe(false);
  });
});

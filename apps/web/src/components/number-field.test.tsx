import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Button, Form } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NumberField, numberProblem, parseNumber, useNumberRule } from './number-field';
import { renderWidget } from './test-utils';
import type { WidgetsT } from './widgets-i18n';

const t: WidgetsT = (key, values) => `${key}${values ? JSON.stringify(values) : ''}`;

describe('parseNumber', () => {
  it('reads numbers, empty text and full-width digits; anything else is NaN', () => {
    expect(parseNumber('31')).toBe(31);
    expect(parseNumber(' -2.5 ')).toBe(-2.5);
    expect(parseNumber('.5')).toBe(0.5);
    expect(parseNumber('３１')).toBe(31);
    expect(parseNumber('')).toBeNull();
    expect(parseNumber('  ')).toBeNull();
    expect(parseNumber('3a')).toBeNaN();
    expect(parseNumber('1e3')).toBeNaN();
    expect(parseNumber('1.2.3')).toBeNaN();
  });
});

describe('numberProblem', () => {
  const days = { min: 0, max: 30, precision: 0 };
  it('names the range of a value outside it', () => {
    expect(numberProblem(31, days, t)).toBe('widgets.number.between{"min":"0","max":"30"}');
    expect(numberProblem(-1, days, t)).toBe('widgets.number.between{"min":"0","max":"30"}');
    expect(numberProblem(30, days, t)).toBeUndefined();
    expect(numberProblem(0, days, t)).toBeUndefined();
    expect(numberProblem(5, { min: 10 }, t)).toBe('widgets.number.atLeast{"min":"10"}');
    expect(numberProblem(5, { max: 1 }, t)).toBe('widgets.number.atMost{"max":"1"}');
    expect(numberProblem(2e6, { min: -1e6, max: 1e6 }, t)).toBe(
      'widgets.number.between{"min":"-1,000,000","max":"1,000,000"}',
    );
  });
  it('asks for whole numbers, at most n decimals, and a number at all', () => {
    expect(numberProblem(2.5, days, t)).toBe('widgets.number.whole');
    expect(numberProblem(12.345, { precision: 2 }, t)).toBe('widgets.number.decimals{"n":2}');
    expect(numberProblem(0.1 + 0.2, { precision: 2 }, t)).toBeUndefined();
    expect(numberProblem(12.34, { precision: 2 }, t)).toBeUndefined();
    expect(numberProblem(Number.NaN, days, t)).toBe('widgets.number.notNumber');
    expect(numberProblem(null, days, t)).toBeUndefined();
    expect(numberProblem(2.5, {}, t)).toBeUndefined();
  });
});

function Harness({ onFinish, initial }: { onFinish: (values: unknown) => void; initial?: number }) {
  const rule = useNumberRule({ min: 0, max: 30, precision: 0 });
  const [form] = Form.useForm();
  return (
    <Form form={form} onFinish={onFinish} initialValues={{ days: initial }}>
      <Form.Item name="days" label="Days" rules={[rule]}>
        <NumberField />
      </Form.Item>
      <Button htmlType="submit">Save</Button>
      <Button onClick={() => form.resetFields()}>Reset</Button>
      <Button onClick={() => form.setFieldsValue({ days: 7 })}>Set</Button>
    </Form>
  );
}

describe('NumberField', () => {
  afterEach(cleanup);

  it('keeps 31 in a 0–30 field after blur, shows the range and does not submit', async () => {
    const onFinish = vi.fn();
    renderWidget(<Harness onFinish={onFinish} initial={2} />);
    const input = screen.getByLabelText('Days') as HTMLInputElement;
    expect(input.value).toBe('2');
    fireEvent.change(input, { target: { value: '31' } });
    fireEvent.blur(input);
    expect(input.value).toBe('31');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a number from 0 to 30')).toBeTruthy();
    expect(input.value).toBe('31');
    expect(onFinish).not.toHaveBeenCalled();
  });

  it('submits a number in range as a number, and text that is no number stays with its error (zh)', async () => {
    const onFinish = vi.fn();
    renderWidget(<Harness onFinish={onFinish} />, { language: 'zh' });
    const input = screen.getByLabelText('Days') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '3x' } });
    fireEvent.blur(input);
    expect(input.value).toBe('3x');
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    expect(await screen.findByText('请输入数字')).toBeTruthy();
    fireEvent.change(input, { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ days: 30 }));
  });

  it('shows a value set from outside (a reset) instead of the typed text', async () => {
    renderWidget(<Harness onFinish={() => {}} initial={5} />);
    const input = screen.getByLabelText('Days') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '12' } });
    expect(input.value).toBe('12');
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    // A reset remounts the field: read the input anew.
    await waitFor(() => expect((screen.getByLabelText('Days') as HTMLInputElement).value).toBe('5'));
    const again = screen.getByLabelText('Days') as HTMLInputElement;
    fireEvent.change(again, { target: { value: '1x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set' }));
    await waitFor(() => expect(again.value).toBe('7'));
  });
});

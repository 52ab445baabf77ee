import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Button, Form, Input, Select } from 'antd';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DateField } from './date-picker';
import { enterMaySubmit, installFormEnterGuard } from './form-enter-key';
import { NumberField } from './number-field';
import { ClientAutoComplete } from './remote-auto-complete';
import { renderWidget } from './test-utils';

let uninstall: () => void;
beforeAll(() => {
  uninstall = installFormEnterGuard();
});
afterAll(() => uninstall());
afterEach(cleanup);

function TestForm({ lines = false, onDate }: { lines?: boolean; onDate?: (value?: string) => void }) {
  return (
    <Form onFinish={() => {}}>
      <Form.Item name="name" label="Name">
        <Input />
      </Form.Item>
      <Form.Item name="quantity" label="Quantity">
        <NumberField aria-label="Quantity" />
      </Form.Item>
      <Form.Item name="date" label="Date">
        <DateField aria-label="Date" onChange={onDate} />
      </Form.Item>
      <Form.Item name="unit" label="Unit">
        <Select aria-label="Unit" options={[{ value: 1, label: 'pcs' }]} />
      </Form.Item>
      <Form.Item name="client" label="Client">
        <ClientAutoComplete aria-label="Client" search={async () => []} />
      </Form.Item>
      {lines ? <div data-form-lines="">lines</div> : null}
      <Button htmlType="submit">Save</Button>
    </Form>
  );
}

/** Presses Enter in `field`; answers whether the browser would still submit (the default not cancelled). */
const enter = (field: HTMLElement) => fireEvent.keyDown(field, { key: 'Enter', code: 'Enter', keyCode: 13 });

describe('Enter in a form', () => {
  it('submits from a plain text or number field', () => {
    renderWidget(<TestForm />);
    expect(enter(screen.getByLabelText('Name'))).toBe(true);
    expect(enter(screen.getByLabelText('Quantity'))).toBe(true);
  });

  it('confirms a typed date in the picker and does not submit', async () => {
    const onDate = vi.fn();
    renderWidget(<TestForm onDate={onDate} />);
    const date = screen.getByLabelText('Date');
    fireEvent.mouseDown(date);
    fireEvent.focus(date);
    fireEvent.change(date, { target: { value: '2030-05-06' } });
    expect(enter(date)).toBe(false);
    await waitFor(() => expect(onDate).toHaveBeenCalledWith('2030-05-06'));
  });

  it('does not submit from a select or an auto-complete', () => {
    renderWidget(<TestForm />);
    expect(enter(screen.getByLabelText('Unit'))).toBe(false);
    expect(enter(screen.getByLabelText('Client'))).toBe(false);
  });

  it('never submits a form that holds a line list or is one', () => {
    renderWidget(
      <>
        <TestForm lines />
        <Form data-form-lines="">
          <Input aria-label="Row" />
          <Button htmlType="submit">Save rows</Button>
        </Form>
      </>,
    );
    expect(enter(screen.getByLabelText('Name'))).toBe(false);
    expect(enter(screen.getByLabelText('Row'))).toBe(false);
  });

  it('leaves fields outside a form, textareas and buttons alone', () => {
    renderWidget(
      <>
        <Input aria-label="Loose" />
        <Form>
          <Input.TextArea aria-label="Notes" />
          <Button htmlType="submit">Save</Button>
        </Form>
      </>,
    );
    expect(enterMaySubmit(screen.getByLabelText('Loose'))).toBe(true);
    expect(enter(screen.getByLabelText('Notes'))).toBe(true);
    expect(enter(screen.getByRole('button', { name: 'Save' }))).toBe(true);
  });
});

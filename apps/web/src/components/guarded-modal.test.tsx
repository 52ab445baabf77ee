import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { FormDrawer } from './form-drawer';
import { GuardedModal } from './guarded-modal';
import { renderWidget } from './test-utils';
import { hasUnsavedChanges, useLeaveGuard } from './use-leave-guard';

function Dialog({ drawer = false }: { drawer?: boolean }) {
  const [open, setOpen] = useState(true);
  const form = (
    <Form>
      <Form.Item name="reason" label="Reason">
        <Input />
      </Form.Item>
    </Form>
  );
  return (
    <>
      <span data-testid="open">{String(open)}</span>
      {drawer ? (
        <FormDrawer open={open} onClose={() => setOpen(false)} title="Drawer" testId="drawer">
          {form}
        </FormDrawer>
      ) : (
        <GuardedModal open={open} title="Dialog" onCancel={() => setOpen(false)} destroyOnHidden>
          {form}
        </GuardedModal>
      )}
    </>
  );
}

/** A form with a guard of its own that saves and stays open (a config drawer shows the saved row). */
function SavingForm() {
  const guard = useLeaveGuard();
  return (
    <Form onValuesChange={guard.change} onFinish={guard.settle}>
      <Form.Item name="reason" label="Reason">
        <Input />
      </Form.Item>
      <Button htmlType="submit">Save</Button>
    </Form>
  );
}

function SavingDrawer() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <span data-testid="open">{String(open)}</span>
      <FormDrawer open={open} onClose={() => setOpen(false)} title="Drawer" testId="drawer">
        <SavingForm />
      </FormDrawer>
    </>
  );
}

const isOpen = () => screen.getByTestId('open').textContent === 'true';
const type = (text: string) => fireEvent.change(screen.getByLabelText('Reason'), { target: { value: text } });
const closeX = () => fireEvent.click(document.querySelector('.ant-modal-close, .ant-drawer-close')!);
const answer = async (name: string) => {
  const buttons = await screen.findAllByRole('button', { name });
  await act(async () => {
    fireEvent.click(buttons.at(-1)!);
  });
};

describe('GuardedModal', () => {
  afterEach(() => {
    cleanup();
    expect(hasUnsavedChanges()).toBe(false);
  });

  it('closes an unchanged dialog by its × without asking', async () => {
    renderWidget(<Dialog />);
    closeX();
    await waitFor(() => expect(isOpen()).toBe(false));
    expect(screen.queryByText('Close without saving?')).toBeNull();
  });

  it('asks before × or Escape drop what was typed: Keep editing keeps it, Discard closes', async () => {
    renderWidget(<Dialog />);
    type('Broken seam');
    await waitFor(() => expect(hasUnsavedChanges()).toBe(true));

    closeX();
    expect(await screen.findAllByText('Close without saving?')).not.toHaveLength(0);
    // Enter must not throw the input away: Keep editing has the focus.
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Keep editing'));
    await answer('Keep editing');
    expect(isOpen()).toBe(true);
    expect((screen.getByLabelText('Reason') as HTMLInputElement).value).toBe('Broken seam');

    fireEvent.keyDown(window, { key: 'Escape' });
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Discard' }).length).toBe(2));
    await answer('Discard');
    await waitFor(() => expect(isOpen()).toBe(false));
  });

  it('closes from its own Cancel button without asking', async () => {
    renderWidget(<Dialog />);
    type('Typed');
    await waitFor(() => expect(hasUnsavedChanges()).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(isOpen()).toBe(false));
    expect(screen.queryByText('Close without saving?')).toBeNull();
  });
});

describe('FormDrawer', () => {
  afterEach(() => {
    cleanup();
    expect(hasUnsavedChanges()).toBe(false);
  });

  it('asks before its × drops a changed form', async () => {
    renderWidget(<Dialog drawer />, { language: 'zh' });
    type('断线');
    await waitFor(() => expect(hasUnsavedChanges()).toBe(true));
    closeX();
    expect(await screen.findAllByText('不保存就关闭？')).not.toHaveLength(0);
    await answer('放弃修改');
    await waitFor(() => expect(isOpen()).toBe(false));
  });

  it('follows the guard of a form inside: saved and still open, it closes without asking', async () => {
    renderWidget(<SavingDrawer />);
    type('Saved text');
    await waitFor(() => expect(hasUnsavedChanges()).toBe(true));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    await waitFor(() => expect(hasUnsavedChanges()).toBe(false));
    closeX();
    await waitFor(() => expect(isOpen()).toBe(false));
    expect(screen.queryByText('Close without saving?')).toBeNull();
  });
});

import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Button } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWidget } from './test-utils';
import { isWarningsDeclined, useWarningsConfirm, type Warnable } from './warnings-confirm';

const warning = {
  key: 'W_AFTER_DELIVERY',
  params: {},
  zh: '验货日期晚于交货期',
  en: 'The inspection date is after the delivery date',
};

function Harness({
  send,
  onDone,
}: {
  send: (confirm: boolean) => Promise<Warnable<string>>;
  onDone: (outcome: unknown) => void;
}) {
  const [withWarnings, holder] = useWarningsConfirm();
  return (
    <>
      {holder}
      <Button onClick={() => withWarnings(send).then(onDone, onDone)}>save</Button>
    </>
  );
}

const warned: Warnable<string> = { saved: false, warnings: [warning], result: null };
const saved: Warnable<string> = { saved: true, warnings: [warning], result: 'saved-record' };

afterEach(() => cleanup());

describe('useWarningsConfirm', () => {
  it('resends with confirm: true only after OK, showing the warnings in the UI language', async () => {
    const send = vi.fn(async (confirm: boolean) => (confirm ? saved : warned));
    const onDone = vi.fn();
    renderWidget(<Harness send={send} onDone={onDone} />, { language: 'zh' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'save' })));
    expect(await screen.findByText('验货日期晚于交货期')).toBeTruthy();
    expect(screen.queryByText('The inspection date is after the delivery date')).toBeNull();
    expect(send.mock.calls).toEqual([[false]]);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '仍然保存' })));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('saved-record'));
    expect(send.mock.calls).toEqual([[false], [true]]);
  });

  it('sends nothing more when the warnings are declined', async () => {
    const send = vi.fn(async (confirm: boolean) => (confirm ? saved : warned));
    const onDone = vi.fn();
    renderWidget(<Harness send={send} onDone={onDone} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'save' })));
    expect(await screen.findByText('The inspection date is after the delivery date')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(isWarningsDeclined(onDone.mock.calls[0]?.[0])).toBe(true);
    expect(send.mock.calls).toEqual([[false]]);
  });

  it('asks nothing when the write saved without warnings', async () => {
    const send = vi.fn(async () => ({ saved: true, warnings: [], result: 'ok' }));
    const onDone = vi.fn();
    renderWidget(<Harness send={send} onDone={onDone} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'save' })));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('ok'));
    expect(send).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Save despite these warnings?')).toBeNull();
  });
});

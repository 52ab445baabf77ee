import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error';
import { ActionBar, type BarAction } from './action-bar';
import { renderWidget } from './test-utils';

const show = (actions: BarAction[], onStale = vi.fn()) => {
  renderWidget(
    <MemoryRouter>
      <ActionBar testId="x" actions={actions} onStale={onStale} />
    </MemoryRouter>,
  );
  return onStale;
};

describe('ActionBar', () => {
  afterEach(cleanup);

  it('shows what the record allows, primary first and the destructive ones last', () => {
    show([
      { key: 'cancel', label: 'Cancel', tone: 'danger', show: true },
      { key: 'close', label: 'Close', show: true },
      { key: 'hidden', label: 'Hidden', show: false },
      { key: 'submit', label: 'Submit', tone: 'primary', show: true },
    ]);
    const order = screen.getAllByRole('button').map((b) => b.getAttribute('data-testid'));
    expect(order).toEqual(['x-submit', 'x-close', 'x-cancel']);
    expect(screen.getByTestId('x-cancel').className).toContain('dangerous');
  });

  it('writes only after the confirm, then toasts done', async () => {
    const run = vi.fn().mockResolvedValue({});
    show([
      { key: 'submit', label: 'Submit', show: true, confirm: { title: 'Submit it?' }, run, done: 'Done' },
    ]);
    fireEvent.click(screen.getByTestId('x-submit'));
    expect(await screen.findAllByText('Submit it?')).not.toHaveLength(0);
    expect(run).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(run).toHaveBeenCalledWith(undefined));
  });

  it('asks the reason in the one reason dialog and keeps it open when refused', async () => {
    const run = vi
      .fn()
      .mockRejectedValueOnce(new ApiError({ code: 400, status: 400, reason: 'E_STATUS', message: 'No' }))
      .mockResolvedValueOnce({});
    const reason = { title: 'Send back?', label: 'Reason', okText: 'Send back', testId: 'x-reason' };
    show([{ key: 'reject', label: 'Send back', show: true, reason, run }]);
    fireEvent.click(screen.getByTestId('x-reject'));
    fireEvent.change(await screen.findByTestId('x-reason'), { target: { value: ' Wrong colour ' } });
    fireEvent.click(screen.getByTestId('x-reason-ok'));
    await waitFor(() => expect(run).toHaveBeenCalledWith('Wrong colour'));
    expect(screen.getByTestId('x-reason')).toBeTruthy();
    fireEvent.click(screen.getByTestId('x-reason-ok'));
    await waitFor(() => expect(run).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.queryByTestId('x-reason')).toBeNull());
  });

  it('reloads the record on a stale version', async () => {
    const run = vi
      .fn()
      .mockRejectedValue(new ApiError({ code: 409, status: 409, reason: 'E_VERSION', message: 'Stale' }));
    const onStale = show([{ key: 'verify', label: 'Verify', show: true, run }]);
    fireEvent.click(screen.getByTestId('x-verify'));
    await waitFor(() => expect(onStale).toHaveBeenCalled());
  });
});

import { TOAST_MS } from '@qcdesk/contract/constants';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWidget } from './test-utils';
import { ToastHost, toast } from './toast';

const shown = (text: string) => {
  const node = screen.queryByText(text);
  return node !== null && !node.closest('[class*="-leave"]');
};

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('toast', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    renderWidget(<ToastHost />);
  });
  afterEach(async () => {
    await advance(TOAST_MS * 2);
    cleanup();
    vi.useRealTimers();
  });

  it('shows for 2 s', async () => {
    act(() => toast.success('Saved'));
    await advance(0);
    expect(shown('Saved')).toBe(true);
    await advance(TOAST_MS - 100);
    expect(shown('Saved')).toBe(true);
    await advance(1000);
    expect(shown('Saved')).toBe(false);
  });

  it('closes on a click outside it', async () => {
    act(() => toast.error('Refused'));
    await advance(0);
    fireEvent.pointerDown(document.body);
    await advance(500);
    expect(shown('Refused')).toBe(false);
  });

  it('stays open on a click on itself', async () => {
    act(() => toast.info('Read me'));
    await advance(0);
    fireEvent.pointerDown(screen.getByText('Read me'));
    await advance(500);
    expect(shown('Read me')).toBe(true);
  });
});

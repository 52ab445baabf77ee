import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hasUnsavedChanges } from '../../components/use-leave-guard';
import { AUTOSAVE_MS, useSectionDraft } from './use-report-saver';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useSectionDraft', () => {
  it('saves the last change once, after the pause, and then no longer holds the page', async () => {
    const send = vi.fn().mockResolvedValue(undefined);
    const { result } = renderHook(() => useSectionDraft({ n: 1 }, send));
    act(() => result.current.setDraft({ n: 2 }));
    act(() => result.current.setDraft({ n: 3 }));
    expect(result.current.status).toBe('pending');
    expect(hasUnsavedChanges()).toBe(true);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(AUTOSAVE_MS);
    });
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith({ n: 3 });
    expect(result.current.status).toBe('saved');
    expect(hasUnsavedChanges()).toBe(false);
  });

  it('does not send an incomplete draft', async () => {
    const send = vi.fn().mockResolvedValue(undefined);
    const { result } = renderHook(() =>
      useSectionDraft<{ n: number | null }>({ n: 1 }, send, (v) => v.n !== null),
    );
    act(() => result.current.setDraft({ n: null }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(AUTOSAVE_MS * 2);
    });
    expect(send).not.toHaveBeenCalled();
    expect(result.current.status).toBe('pending');
  });

  it('follows the server while nothing is edited, and keeps an edit over a newer server value', async () => {
    const send = vi.fn().mockRejectedValue(new Error('refused'));
    const { result, rerender } = renderHook(({ server }) => useSectionDraft(server, send), {
      initialProps: { server: { n: 1 } },
    });
    rerender({ server: { n: 5 } });
    expect(result.current.draft).toEqual({ n: 5 });
    act(() => result.current.setDraft({ n: 6 }));
    rerender({ server: { n: 7 } });
    expect(result.current.draft).toEqual({ n: 6 });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(AUTOSAVE_MS);
    });
    expect(result.current.status).toBe('failed');
    expect(result.current.draft).toEqual({ n: 6 });
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLoadingCounter } from './loading-counter';

describe('loading counter', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows at once and hides 300 ms after the last call ends', () => {
    const counter = createLoadingCounter(300);
    const listener = vi.fn();
    counter.subscribe(listener);

    counter.start();
    expect(counter.isVisible()).toBe(true);
    counter.start();
    counter.end();
    vi.advanceTimersByTime(1000);
    expect(counter.isVisible()).toBe(true);

    counter.end();
    vi.advanceTimersByTime(299);
    expect(counter.isVisible()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(counter.isVisible()).toBe(false);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('stays on when a new call starts inside the hide delay', () => {
    const counter = createLoadingCounter(300);
    const listener = vi.fn();
    counter.subscribe(listener);
    counter.start();
    counter.end();
    vi.advanceTimersByTime(200);
    counter.start();
    vi.advanceTimersByTime(500);
    expect(counter.isVisible()).toBe(true);
    counter.end();
    vi.advanceTimersByTime(300);
    expect(counter.isVisible()).toBe(false);
    // on once, off once: no flicker between the two calls
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('ignores an unmatched end and tracks work that fails', async () => {
    const counter = createLoadingCounter(300);
    counter.end();
    expect(counter.pending()).toBe(0);
    const failing = counter.track(async () => {
      throw new Error('boom');
    });
    expect(counter.pending()).toBe(1);
    await expect(failing).rejects.toThrow('boom');
    expect(counter.pending()).toBe(0);
    vi.advanceTimersByTime(300);
    expect(counter.isVisible()).toBe(false);
  });

  it('stops notifying after unsubscribe', () => {
    const counter = createLoadingCounter(300);
    const listener = vi.fn();
    const unsubscribe = counter.subscribe(listener);
    unsubscribe();
    counter.start();
    expect(listener).not.toHaveBeenCalled();
  });
});

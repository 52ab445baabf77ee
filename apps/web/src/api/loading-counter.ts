import { LOADING_HIDE_MS } from '@qcdesk/contract/constants';

/**
 * Counts calls in flight for the global loading indicator (spec §9): it shows while any call runs
 * and hides LOADING_HIDE_MS after the last one ends, so back-to-back calls do not make it flicker.
 */
export interface LoadingCounter {
  start(): void;
  end(): void;
  /** Runs `work` between start() and end(), whatever its outcome. */
  track<T>(work: () => Promise<T>): Promise<T>;
  isVisible(): boolean;
  pending(): number;
  subscribe(listener: () => void): () => void;
}

export function createLoadingCounter(hideDelayMs: number = LOADING_HIDE_MS): LoadingCounter {
  let count = 0;
  let visible = false;
  let hideTimer: ReturnType<typeof setTimeout> | undefined;
  const listeners = new Set<() => void>();

  const setVisible = (next: boolean) => {
    if (visible === next) return;
    visible = next;
    for (const listener of listeners) listener();
  };

  const cancelHide = () => {
    if (hideTimer !== undefined) clearTimeout(hideTimer);
    hideTimer = undefined;
  };

  const counter: LoadingCounter = {
    start() {
      count++;
      cancelHide();
      setVisible(true);
    },
    end() {
      if (count === 0) return;
      count--;
      if (count > 0) return;
      cancelHide();
      hideTimer = setTimeout(() => {
        hideTimer = undefined;
        if (count === 0) setVisible(false);
      }, hideDelayMs);
    },
    async track(work) {
      counter.start();
      try {
        return await work();
      } finally {
        counter.end();
      }
    },
    isVisible: () => visible,
    pending: () => count,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
  return counter;
}

/** The one counter of this tab, fed by the API client and read by the loading indicator. */
export const loading = createLoadingCounter();

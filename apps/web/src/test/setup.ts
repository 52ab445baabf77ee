import { cleanup, configure } from '@testing-library/react';
import { setI18n } from 'react-i18next';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { loadTexts } from '../app/texts';
import { i18n, setTextsLoader } from '../i18n/i18n';

// findBy*/waitFor wait up to 5 s, not 1 s: antd validation and renders take longer when the two
// cores are busy (CI runs the server suite's workers beside), and a slow pass is still a pass.
configure({ asyncUtilTimeout: 5000 });

// The texts come from the app's registry of features, as main.tsx says.
setTextsLoader(loadTexts);

// The test files of a worker share one module graph (vitest.config.ts: `isolate: false`), so what a
// file changes in the app's i18n is undone before the next: react-i18next's default instance (a
// widget test's `createTestI18n` makes its own the default) and the language it starts in.
// This file runs again before each file, after the previous file: the language the worker started
// in is kept on globalThis by the first run, not read from an instance a file may have switched.
const started = globalThis as { qcdeskStartLanguage?: string };
started.qcdeskStartLanguage ??= i18n.language;
const startLanguage = started.qcdeskStartLanguage;
beforeAll(async () => {
  setI18n(i18n);
  if (i18n.language !== startLanguage) await i18n.changeLanguage(startLanguage);
});
beforeEach(() => {
  setI18n(i18n);
});

// antd measures layout with ResizeObserver and reads breakpoints with matchMedia; happy-dom lacks both.
class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}

if (typeof window !== 'undefined') {
  if (!('ResizeObserver' in window)) {
    Object.defineProperty(window, 'ResizeObserver', { value: ResizeObserverStub, writable: true });
  }
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string): MediaQueryList =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  });
}

// Unmount after every test, and let React's scheduler drain before the file's DOM is torn down:
// work it queued after the last assertion (antd timers, transitions) would otherwise run against a
// missing `window` and fail the run with an unhandled error.
// Both waits matter on a busy machine: the first lets the unmount's own work run, the second what
// promises settled late (a download's `finally`, a zip worker) queued after it.
const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
afterEach(async () => {
  cleanup();
  await tick(0);
});
afterAll(async () => {
  await tick(250);
});

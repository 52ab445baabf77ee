import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type BrowserContext, test as base, type Dialog, type Page } from '@playwright/test';

/**
 * The `test` of every spec: Playwright's, with one browser page per worker (and per locale a spec
 * asks for with `test.use`) that the worker's tests take in turn, instead of a new context and page
 * for each test. A fresh page starts a renderer with a cold V8 and empty caches, so every test paid
 * the app's whole start (script compile, first styles) again: loading a list page cost the browser
 * about twice the CPU in a new context than in a page that had loaded the app before (ADR 0012).
 *
 * Between tests the page is reset to what a new one would be for these specs: the other tabs closed,
 * listeners and routes removed, cookies and permissions cleared, local and session storage, service
 * workers, caches and IndexedDB of the product's origin emptied (so nobody stays signed in), the configured viewport back. The HTTP cache
 * and compiled code are what is kept. A retry gets a context of its own, as Playwright makes it (its
 * trace is recorded then: `trace: 'on-first-retry'`).
 */
export const test = base.extend<object, { shared: Map<string, Page> }>({
  shared: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from this pattern.
    async ({}, use) => {
      const pages = new Map<string, Page>();
      await use(pages);
      for (const page of pages.values()) await page.context().close();
    },
    { scope: 'worker' },
  ],
  page: async (
    {
      shared,
      browser,
      baseURL,
      locale,
      viewport,
      userAgent,
      deviceScaleFactor,
      isMobile,
      hasTouch,
      reducedMotion,
    },
    use,
    testInfo,
  ) => {
    // The options of the config's `use` that a context takes (a context made here gets none by itself).
    const newContext = () =>
      browser.newContext({
        baseURL,
        locale,
        viewport,
        userAgent,
        deviceScaleFactor,
        isMobile,
        hasTouch,
        reducedMotion,
      });
    if (testInfo.retry > 0) {
      const context = await newContext();
      await use(await context.newPage());
      await context.close();
      return;
    }
    const key = locale ?? '';
    let page = shared.get(key);
    if (!page || page.isClosed()) {
      const context = await newContext();
      page = await context.newPage();
      shared.set(key, page);
    } else {
      await reset(page.context(), page, viewport);
    }
    const profile = await startCpuProfile(page, testInfo.title);
    await use(page);
    await profile?.();
    await page.removeAllListeners();
  },
  context: async ({ page }, use) => {
    await use(page.context());
  },
});

/**
 * E2E_CPU_PROFILE=dir: a V8 CPU profile of the page's main thread for each test (`.cpuprofile`, for
 * Chrome's DevTools or a script), to see what the browser spends its time on (ADR 0012).
 */
async function startCpuProfile(page: Page, title: string) {
  const dir = process.env.E2E_CPU_PROFILE;
  if (!dir) return undefined;
  const session = await page.context().newCDPSession(page);
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 1000 });
  await session.send('Profiler.start');
  return async () => {
    const { profile } = await session.send('Profiler.stop');
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, `${title.replace(/[^\w]+/g, '-').slice(0, 80)}.cpuprofile`),
      JSON.stringify(profile),
    );
    await session.detach();
  };
}

/** What a test left on the shared page: gone, as in a new context (see `test` above). */
async function reset(
  context: BrowserContext,
  page: Page,
  viewport: { width: number; height: number } | null,
) {
  for (const other of context.pages()) if (other !== page) await other.close();
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await context.clearCookies();
  await context.clearPermissions();
  // /healthz is the product's origin without the app: its storage is the app's. A form left with
  // unsaved input asks before the page is left (the leave guard): the reset leaves it anyway.
  const leave = (dialog: Dialog) => void dialog.accept().catch(() => undefined);
  page.on('dialog', leave);
  await page.goto('/healthz');
  page.off('dialog', leave);
  // A service worker, its caches and IndexedDB outlive cookies and storage (offline-report.spec
  // installs the report's offline copy): gone too, or the next test finds it installed.
  await page.evaluate(async () => {
    localStorage.clear();
    sessionStorage.clear();
    for (const registration of await navigator.serviceWorker.getRegistrations())
      await registration.unregister();
    for (const key of await caches.keys()) await caches.delete(key);
    for (const { name } of await indexedDB.databases()) if (name) indexedDB.deleteDatabase(name);
  });
  if (viewport) await page.setViewportSize(viewport);
}

export { expect } from '@playwright/test';

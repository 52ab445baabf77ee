import { expect, type Page } from '@playwright/test';
import { type Lang, shoot, signIn } from './helpers';

// Issue 31's offline set-up, shared by the report editors' specs (offline-report, offline-supervise):
// the holder keeps a checked-out report for offline use on a 375-wide phone, and the browser is
// left as a new one afterwards.

/**
 * The holder opens the report at `path` and keeps it for offline use: the worker holds this screen's
 * code, the encrypted store the snapshot. Answers the offline bar. `shot` names the screenshot of
 * the bar before the button is pressed.
 */
export async function keepOffline(page: Page, lang: Lang, user: string, path: string, shot: string) {
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, user, lang, { at: path });
  const bar = page.getByTestId('offline-bar');
  await expect(bar).toBeVisible();
  await bar.scrollIntoViewIfNeeded();
  await shoot(page, shot);
  await page.getByTestId('offline-install').click();
  await expect(page.getByTestId('offline-install')).toHaveCount(0);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 20_000 })
    .toBe(true);
  // The code and the page are in the worker's cache, and the snapshot in the encrypted store.
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const cache = await caches.open('qcdesk-shell-v1');
          const keys = (await cache.keys()).map((r) => new URL(r.url).pathname);
          const scripts = [...document.querySelectorAll('script[src]')].map(
            (s) => new URL((s as HTMLScriptElement).src).pathname,
          );
          return keys.includes('/index.html') && scripts.every((s) => keys.includes(s)) && keys.length > 10;
        }),
      { timeout: 30_000 },
    )
    .toBe(true);
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          new Promise<boolean>((resolve) => {
            const open = indexedDB.open('qcdesk-offline');
            open.onsuccess = () => {
              const db = open.result;
              if (!db.objectStoreNames.contains('kv')) return resolve(false);
              const keys = db.transaction('kv').objectStore('kv').getAllKeys();
              keys.onsuccess = () => resolve(keys.result.map(String).includes('snapshot'));
            };
            open.onerror = () => resolve(false);
          }),
      ),
    )
    .toBe(true);
  return bar;
}

/** Leaves the browser set up as a new one: no worker, no kept code. */
export async function forgetOffline(page: Page) {
  await page.context().setOffline(false);
  await page.evaluate(async () => {
    for (const registration of await navigator.serviceWorker.getRegistrations())
      await registration.unregister();
    for (const name of await caches.keys()) await caches.delete(name);
  });
}

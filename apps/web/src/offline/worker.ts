/**
 * The offline service worker (public/sw.js, issue 31), registered only when an inspector keeps a
 * report for offline work: the sign-in page and other screens never load it. The page hands the
 * worker the code it has loaded (same-origin /assets/ files) and the app's page to keep.
 */
export const WORKER_URL = '/sw.js';

/** The same-origin /assets/ files this page has loaded: exactly the code of the screen at hand. */
export function loadedAssets(entries: readonly { name: string }[], origin: string): string[] {
  const urls = new Set<string>();
  for (const { name } of entries) {
    try {
      const url = new URL(name);
      if (url.origin === origin && url.pathname.startsWith('/assets/')) urls.add(url.pathname);
    } catch {
      // Not a URL (a data: entry): nothing to keep.
    }
  }
  return [...urls].sort();
}

let registering: Promise<boolean> | undefined;

/** Whether this browser has been set up for offline work (its worker controls the page). */
export const workerActive = () => Boolean(globalThis.navigator?.serviceWorker?.controller);

/**
 * Registers the worker (the inspector's "Keep for offline use") and hands it this screen's code;
 * resolves once the files are asked for. Again later, it keeps the code of the screen at hand.
 */
export function registerOfflineWorker(): Promise<boolean> {
  const container = globalThis.navigator?.serviceWorker;
  if (!container) return Promise.resolve(false);
  if (registering) return registering;
  registering = (async () => {
    try {
      await container.register(WORKER_URL, { scope: '/' });
      const ready = await container.ready;
      // The offline start's own code (api/session.ts loads it only when the server is out of reach).
      await import('./boot');
      // The resources the page loaded, and the scripts and preloads in the document (the timing
      // buffer may be full on a long visit).
      const tags = [
        ...document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>('script[src], link[href]'),
      ];
      const entries = [
        ...performance.getEntriesByType('resource'),
        ...tags.map((tag) => ({ name: 'src' in tag ? tag.src : tag.href })),
      ];
      const assets = loadedAssets(entries, location.origin);
      ready.active?.postMessage({ type: 'cache', urls: ['/index.html', ...assets] });
      return true;
    } catch {
      // No worker (an insecure origin, a private window): the report still works while online.
      registering = undefined;
      return false;
    }
  })();
  return registering;
}

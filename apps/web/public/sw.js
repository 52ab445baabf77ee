/* QCDesk's offline service worker (issue 31, docs/adr/0023-offline-report-editor.md).
 * Registered only when an inspector keeps a report for offline work. Navigations go to the network
 * first and fall back to the kept index.html; /assets/ files (hashed, immutable) come from the cache
 * first. The page tells the worker which files to keep: the code of the screen it has loaded. The
 * API is never cached here: the report's data is kept encrypted by the app itself. */
const CACHE = 'qcdesk-shell-v1';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('message', (event) => {
  const data = event.data;
  if (data?.type !== 'cache' || !Array.isArray(data.urls)) return;
  const urls = data.urls.filter((url) => typeof url === 'string' && url.startsWith('/'));
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) =>
        Promise.all(
          urls.map((url) =>
            cache
              .match(url)
              .then((hit) =>
                hit && url !== '/index.html' ? undefined : cache.add(url).catch(() => undefined),
              ),
          ),
        ),
      ),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(
      fetch(request).catch(() =>
        caches
          .open(CACHE)
          .then((cache) => cache.match('/index.html'))
          .then((hit) => hit || Response.error()),
      ),
    );
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(
      caches.open(CACHE).then((cache) =>
        cache.match(request).then(
          (hit) =>
            hit ||
            fetch(request).then((response) => {
              if (response.ok) void cache.put(request, response.clone());
              return response;
            }),
        ),
      ),
    );
  }
});

// Keeps the client bundle and brand art available offline-first; pages and the API always go to the network.
const CACHE = 'flx-static-v1';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys().then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key)))).then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  const cacheable = event.request.method === 'GET' && url.origin === self.location.origin && (url.pathname.startsWith('/assets/') || url.pathname.startsWith('/brands/'));
  if (!cacheable) return;
  // Stale-while-revalidate: answer from cache, refresh in the background.
  event.respondWith(
    caches.open(CACHE).then(async (cache) => {
      const cached = await cache.match(event.request);
      const network = fetch(event.request)
        .then((response) => {
          if (response.ok) cache.put(event.request, response.clone());
          return response;
        })
        .catch(() => cached);
      return cached || network;
    }),
  );
});

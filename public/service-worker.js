// Keeps the client bundle and brand art for offline use; pages and the API always go to the network.
const CACHE = 'flx-static-v1';

/**
 * A file named by its content's hash (chunks, the locale's messages: name-<hash>.js) never changes: it is answered
 * from the cache. The files whose names stay the same from one release to the next (main.js, main.css, the
 * brands' art) go to the network first and come from the cache only when it fails: answered from the cache, the
 * first page of a new release ran the previous release's main.js against the new page's props (it found no
 * messages in them once they moved to their own module) and imported chunks that no longer exist.
 */
const HASHED = /-[A-Za-z0-9_-]{8,}\.(?:js|css)$/;

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
  event.respondWith(
    caches.open(CACHE).then(async (cache) => {
      const fromNetwork = () =>
        fetch(event.request).then((response) => {
          if (response.ok) cache.put(event.request, response.clone());
          return response;
        });
      if (HASHED.test(url.pathname)) return (await cache.match(event.request)) ?? fromNetwork();
      try {
        return await fromNetwork();
      } catch (error) {
        const cached = await cache.match(event.request);
        if (cached) return cached;
        throw error;
      }
    }),
  );
});

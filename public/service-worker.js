// Keeps the client bundle and brand art for offline use; pages and the API always go to the network. Shows the
// went-live notices pushed to this browser (src/api/services/push.ts writes them, already in the member's language)
// and opens the channel when one is clicked.
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

/** A push is { title, body, url, tag } (src/shared/push-schemas.ts); a newer one of the same channel replaces the older. */
self.addEventListener('push', (event) => {
  let message = null;
  try {
    message = event.data?.json() ?? null;
  } catch {
    message = null;
  }
  if (!message || typeof message.title !== 'string' || typeof message.url !== 'string' || !message.url.startsWith('/')) return;
  event.waitUntil(self.registration.showNotification(message.title, { body: message.body, tag: message.tag, data: { url: message.url } }));
});

/** The notice's channel: a tab of ours already on it comes forward, else a new one opens. */
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url ?? '/', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url === url);
      return open ? open.focus() : self.clients.openWindow(url);
    }),
  );
});

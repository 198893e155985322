/// <reference lib="webworker" />
// The Marquee Player's service worker (scope /player/): answers the page's requests for its files by
// checksum (`/player/media/<sha256>`) from Cache Storage, ranges included, so a <video> element plays a
// clip that was downloaded whole and checked, with the network gone. Everything else goes to the
// network as usual.
import { answerFromCache, MEDIA_CACHE, MEDIA_PREFIX } from './media.ts';

declare const self: ServiceWorkerGlobalScope;

self.addEventListener('install', () => void self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (url.origin !== self.location.origin || !url.pathname.startsWith(MEDIA_PREFIX)) return;
  event.respondWith(
    (async () => {
      const cached = await (await caches.open(MEDIA_CACHE)).match(url.pathname);
      if (!cached) return new Response(null, { status: 404 });
      return answerFromCache(cached, event.request.headers.get('range'));
    })(),
  );
});

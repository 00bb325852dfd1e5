/**
 * The service worker (docs/offline.md), built by vite-plugin-pwa (injectManifest) to
 * /sw.js: precaches the app shell and route chunks, opens any app URL offline on the cached shell,
 * serves the reference lists stale-while-revalidate, and relays background sync to the page.
 * Nothing else of /rest, /api or /admin is cached, and only GET requests are routed, so a write
 * never comes from or goes into a cache.
 */
import { clientsClaim, type WorkboxPlugin } from 'workbox-core'
import { ExpirationPlugin } from 'workbox-expiration'
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { StaleWhileRevalidate } from 'workbox-strategies'

declare const self: ServiceWorkerGlobalScope

/** Message the page sends (src/app/pwa/register.ts) when the user accepts the new version. */
const SKIP_WAITING = 'SKIP_WAITING'
/** Message this worker posts on the 'sync' event; src/features/outbox/start.ts listens for it. */
const OUTBOX_SYNC = 'outbox-sync'
/** The tag the page registers its background sync under. */
const OUTBOX_TAG = 'outbox'

// The build's own files (index.html included), listed by the build; older versions' caches go.
precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()

// Any app URL, reloaded offline, opens on the cached shell; the router takes it from there.
// The server's own pages and the API are never answered with the shell: the certificate installer
// (issue 30) must come from the server, whose root it hands out, never from a cached app.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/rest\//, /^\/api\//, /^\/admin\//, /^\/installer(?:\/|$)/],
  }),
)

/**
 * Keeps only 200 answers: what workbox-cacheable-response's CacheableResponsePlugin({ statuses: [200] })
 * does, without one more package for three lines. A 401 or 5xx is never stored as a reference list.
 */
const okOnly: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null),
}

// Reference lists change rarely: answer from the cache at once, refresh it behind.
// The cache key is the URL; the Authorization header only matters to the network request.
const REFERENCE_LISTS = new Set([
  '/rest/warehouse/rebutreason/list',
  '/api/rebut/reason/list',
  '/rest/warehouse/returnorderorigin/list',
  '/rest/warehouse/returnorderwaitreason/list',
])
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && REFERENCE_LISTS.has(url.pathname),
  new StaleWhileRevalidate({
    cacheName: 'reference-lists',
    plugins: [okOnly, new ExpirationPlugin({ maxAgeSeconds: 7 * 24 * 60 * 60 })],
  }),
  'GET',
)

// Update flow (registerType 'prompt'): a new version installs and then waits; it takes over only
// when the user accepts it in the page, which then reloads. No skipWaiting() on install: that
// would swap the code under a screen in the middle of a scan.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === SKIP_WAITING) void self.skipWaiting()
})
// Claiming clients only has an effect on the very first install (no older worker to wait for):
// the page that registered it is controlled at once, so it works offline without a reload. On an
// update the worker activates only after the user's 'Mettre à jour', and the page reloads anyway.
clientsClaim()

// Background sync: the worker does not replay the outbox itself, because the session token lives
// in the page's localStorage, which a worker cannot read; it wakes the app's tabs, which replay it.
interface SyncEvent extends ExtendableEvent {
  readonly tag: string
}
self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent
  if (sync.tag === OUTBOX_TAG) sync.waitUntil(notifyOutboxSync())
})

async function notifyOutboxSync(): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
  for (const client of windows) client.postMessage({ type: OUTBOX_SYNC })
}

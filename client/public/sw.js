/*
 * 辩时 service worker: caches the built app shell so the display, the console and the offline
 * single-device mode load with no network. API calls (/api/…) and uploads are never cached.
 * - navigations: network first, falling back to the cached shell: the projector display's own
 *   page (display.html) for display paths, the site's shell (index.html) for the rest. A page is
 *   kept under the key of what the hub says it is (`x-bianshi-page`), not of its path: `/lobby/:id`
 *   is the audience's own page for some browsers and the site for organizers. The audience page
 *   is not kept (a lobby screen needs the network; offline, the site's shell answers). A display
 *   page arrives with its timer's state inside it (`<script id="bs-watch">`) and the screen the
 *   hub drew from it (`<!--bs-drawn-->`); the kept copy has both taken out, so an offline display
 *   never starts from another moment's clock;
 * - hashed build assets (/assets/…): cache first (their names change with their content);
 * - other same-origin static files: stale-while-revalidate.
 */
const CACHE = 'bianshi-shell-v2';
const SHELL = ['/', '/display.html', '/manifest.webmanifest', '/favicon.svg'];

/** `/timer/:id` and `/timer/:id/:matchid`: a copy of DISPLAY_PATH (shared/src/timer/display-path.ts). */
const DISPLAY_PATH = /^\/timer\/(?!manage\/|invite\/|manage$|invite$)([^/]+)(?:\/([^/]+))?\/?$/;

/** The cache key of the shell a navigation to `url` loads. */
function shellKey(url) {
  return DISPLAY_PATH.test(url.pathname) ? '/display.html' : '/';
}

/** The cache key of each page the hub names in `x-bianshi-page` (hub/src/transport/static.ts); pages not listed are not kept. */
const PAGE_KEYS = { 'index.html': '/', 'display.html': '/display.html' };

/** Where to keep a navigation's response: by the page the hub says it is, else by its path. */
function pageKey(response, url) {
  const page = response.headers.get('x-bianshi-page');
  return page === null ? shellKey(url) : (PAGE_KEYS[page] ?? null);
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(SHELL))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

// The page tells the worker which built files it loaded, so they are cached even when the
// worker was installed after they were fetched (the first visit).
self.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || data.type !== 'cache-urls' || !Array.isArray(data.urls)) return;
  const urls = data.urls.filter((url) => typeof url === 'string' && url.startsWith('/assets/')).slice(0, 200);
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) =>
        Promise.all(
          urls.map((url) => cache.match(url).then((hit) => hit || cache.add(url).catch(() => undefined))),
        ),
      ),
  );
});

/** The state a display page brings for its own moment (hub/src/transport/page-state.ts). */
const EMBEDDED_STATE = /<script type="application\/json" id="bs-watch">[\s\S]*?<\/script>/;
/** The screen the hub drew from that state (hub/src/transport/page-render.ts). */
const DRAWN_SCREEN = /<!--bs-drawn-->[\s\S]*?<!--\/bs-drawn-->/;

/** What is kept of a page: as it came, without any embedded state or the screen drawn from it. */
async function keepable(response) {
  const html = await response.text();
  if (!EMBEDDED_STATE.test(html) && !DRAWN_SCREEN.test(html))
    return new Response(html, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(html.replace(EMBEDDED_STATE, '').replace(DRAWN_SCREEN, ''), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

function isApi(url) {
  return url.pathname.startsWith('/api/') || url.pathname.startsWith('/uploads/');
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || isApi(url)) return;

  if (request.mode === 'navigate') {
    const key = shellKey(url);
    event.respondWith(
      fetch(request)
        .then((response) => {
          const keep = response.ok ? pageKey(response, url) : null;
          if (keep) {
            const copy = response.clone();
            void Promise.all([caches.open(CACHE), keepable(copy)]).then(([cache, page]) =>
              cache.put(keep, page),
            );
          }
          return response;
        })
        .catch(() => caches.match(key).then((cached) => cached || Response.error())),
    );
    return;
  }

  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(
      caches.match(request).then(
        (cached) =>
          cached ||
          fetch(request).then((response) => {
            if (response.ok) {
              const copy = response.clone();
              void caches.open(CACHE).then((cache) => cache.put(request, copy));
            }
            return response;
          }),
      ),
    );
    return;
  }

  event.respondWith(
    caches.match(request).then((cached) => {
      const network = fetch(request)
        .then((response) => {
          if (response.ok) {
            const copy = response.clone();
            void caches.open(CACHE).then((cache) => cache.put(request, copy));
          }
          return response;
        })
        .catch(() => cached || Response.error());
      return cached || network;
    }),
  );
});

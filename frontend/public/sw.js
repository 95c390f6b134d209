// Wildframe service worker: caches the app shell so the site opens without a connection and can
// be installed. It never touches /api/*: every API call goes to the network, uncached.
//
// - Navigations: network first; offline, the cached app shell (/index.html, kept as `/`).
// - /assets/*: hashed, immutable build files; cache first, filled on install and as they load.
// - A few static files (manifest, icons): served from cache, refreshed in the background.
const VERSION = 'v2';
const SHELL_CACHE = `wildframe-shell-${VERSION}`;
const ASSET_CACHE = `wildframe-assets-${VERSION}`;
// The app shell is kept under `/` but fetched as /index.html: the home page's own HTML is
// prerendered (its first view), which would show the home page offline on every address.
const SHELL_URL = '/';
const SHELL_SOURCE = '/index.html';
const STATIC_FILES = [
  '/manifest.webmanifest',
  '/favicon.svg',
  '/icons/icon.svg',
  '/icons/icon-192.png',
  '/icons/icon-512.png',
];
/** Old builds' assets are dropped, oldest first, beyond this many. */
const MAX_ASSETS = 120;

const isApi = (url) => url.pathname === '/api' || url.pathname.startsWith('/api/');
const isAsset = (url) => url.pathname.startsWith('/assets/');

/** The scripts and stylesheets index.html names: the app shell of this build. */
function assetsNamedIn(html) {
  const found = new Set();
  for (const match of html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)) found.add(match[1]);
  return [...found];
}

async function precacheShell() {
  const shell = await caches.open(SHELL_CACHE);
  const response = await fetch(SHELL_SOURCE, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`App shell answered ${response.status}`);
  const html = await response.clone().text();
  await shell.put(SHELL_URL, response);
  await shell.addAll(STATIC_FILES);
  const assets = await caches.open(ASSET_CACHE);
  await assets.addAll(assetsNamedIn(html));
}

async function trimAssets() {
  const assets = await caches.open(ASSET_CACHE);
  const keys = await assets.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - MAX_ASSETS)).map((key) => assets.delete(key)));
}

self.addEventListener('install', (event) => {
  event.waitUntil(precacheShell().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  const keep = new Set([SHELL_CACHE, ASSET_CACHE]);
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith('wildframe-') && !keep.has(name)).map((name) => caches.delete(name)))),
  );
});

async function keepIfShell(response, type) {
  const html = await response.text();
  if (!html.includes('<div id="root"></div>')) return;
  const shell = await caches.open(SHELL_CACHE);
  await shell.put(SHELL_URL, new Response(html, { headers: { 'Content-Type': type } }));
}

async function networkFirstNavigation(request) {
  try {
    const response = await fetch(request);
    const type = response.headers.get('content-type') ?? '';
    // Only the plain shell is kept: a prerendered page (/, /gallery) holds its own first view.
    if (response.ok && type.includes('text/html')) {
      // Not awaited: the page is answered while its copy is checked.
      void keepIfShell(response.clone(), type).catch(() => undefined);
    }
    return response;
  } catch (error) {
    const cached = await caches.match(SHELL_URL, { cacheName: SHELL_CACHE });
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirstAsset(request) {
  const cache = await caches.open(ASSET_CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') {
    await cache.put(request, response.clone());
    void trimAssets();
  }
  return response;
}

async function staleWhileRevalidate(request) {
  const cache = await caches.open(SHELL_CACHE);
  const cached = await cache.match(request);
  const refresh = fetch(request)
    .then(async (response) => {
      if (response.ok) await cache.put(request, response.clone());
      return response;
    })
    .catch(() => cached);
  return cached ?? refresh;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || isApi(url)) return;
  if (request.mode === 'navigate') {
    event.respondWith(networkFirstNavigation(request));
  } else if (isAsset(url)) {
    event.respondWith(cacheFirstAsset(request));
  } else if (STATIC_FILES.includes(url.pathname)) {
    event.respondWith(staleWhileRevalidate(request));
  }
});

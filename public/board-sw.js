// The board device's service worker (app/board, decision 067), scope /board. It keeps what a TV needs to
// show its last menu after a restart without a network: the /board page (network first, the kept copy
// when offline), the build's scripts and styles (kept as they are first seen; their names change with
// every build), and the menu data the board drew last (GET /preview/menus/:id/data, network first).
// Everything else (the device stream, the API) goes to the network untouched.

const SHELL = "taproom-board-shell-v1";
const DATA = "taproom-board-data-v1";
const DATA_PATH = /^\/preview\/menus\/\d+\/data$/;

async function keepShell() {
  const cache = await caches.open(SHELL);
  const response = await fetch("/board", { cache: "no-store", credentials: "same-origin" });
  if (!response.ok) return;
  const html = await response.clone().text();
  await cache.put("/board", response);
  const assets = new Set([...html.matchAll(/(?:src|href)="(\/_next\/static\/[^"]+)"/g)].map((match) => match[1].replace(/&amp;/g, "&")));
  await Promise.all([...assets].map((asset) => cache.add(asset).catch(() => {})));
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    keepShell()
      .catch(() => {})
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names.filter((name) => name.startsWith("taproom-board-") && name !== SHELL && name !== DATA).map((name) => caches.delete(name)),
      );
      await self.clients.claim();
    })(),
  );
});

// The page hands over what it loaded before this worker controlled it.
self.addEventListener("message", (event) => {
  const urls = Array.isArray(event.data?.keep) ? event.data.keep : [];
  event.waitUntil(
    Promise.all(
      urls.map(async (href) => {
        const url = new URL(href, self.location.origin);
        if (url.origin !== self.location.origin) return;
        if (url.pathname.startsWith("/_next/static/")) {
          const cache = await caches.open(SHELL);
          if (!(await cache.match(url.href))) await cache.add(url.href).catch(() => {});
        } else if (DATA_PATH.test(url.pathname) && (!url.search || url.search === "?opened=1")) {
          // The TV's first read (`?opened=1`) is often made before this worker controls the page: it is read
          // again without the query (not counted as a second view) and kept under the key the fetch handler uses.
          await networkFirst(new Request(url.pathname, { credentials: "same-origin" }), DATA, url.pathname).catch(() => {});
        }
      }),
    ),
  );
});

async function networkFirst(request, cacheName, key = request) {
  const cache = await caches.open(cacheName);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(key, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(key, { ignoreSearch: key === "/board" });
    if (kept) return kept;
    throw error;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(SHELL);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate" && url.pathname === "/board") {
    event.respondWith(networkFirst(request, SHELL, "/board"));
  } else if (url.pathname.startsWith("/_next/static/")) {
    event.respondWith(cacheFirst(request));
  } else if (DATA_PATH.test(url.pathname) && (!url.search || url.search === "?opened=1")) {
    // `?opened=1` (the TV's first read, counted as a view) is the same data, kept under the same key.
    event.respondWith(networkFirst(request, DATA, url.pathname));
  }
});

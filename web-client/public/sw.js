// Pizza Night's service worker: just enough offline to show "reconnecting"
// instead of the browser's error page.  Pages fall back to the cached app
// shell; the hashed build files are kept once fetched.  The manifest and every
// icon it lists (plus the iOS touch icon and the favicon) are cached at
// install, so an app added to the home screen keeps its icon offline.  The
// websocket, the API and everything else always go to the network.
const CACHE = "pizzanight-shell-v2";

/** Files the installed app needs besides what the manifest lists. */
const SHELL = ["/", "/manifest.webmanifest", "/apple-touch-icon.png", "/favicon.svg", "/icon.svg"];

/**
 * The build files a shell page loads (its script and styles): the page that
 * installs the worker fetched them before the worker ran, so they are cached
 * here, else the shell would come back offline without its app.
 */
async function cacheShellAssets(cache, html) {
  const assets = [...new Set(html.match(/\/assets\/[\w.\-]+/g) || [])];
  const missing = [];
  for (const path of assets) if (!(await cache.match(path))) missing.push(path);
  await cache.addAll(missing);
}

/** The shell, its build files and every icon the manifest names (the list lives in one place: the manifest). */
async function precache() {
  const cache = await caches.open(CACHE);
  await cache.addAll(SHELL);
  await cacheShellAssets(cache, await (await cache.match("/")).text());
  const manifest = await (await cache.match("/manifest.webmanifest")).json();
  const icons = (manifest.icons || []).map((icon) => new URL(icon.src, self.location.origin).pathname);
  await cache.addAll(icons.filter((path) => !SHELL.includes(path)));
}

/** Paths answered from the cache first (refreshed in the background): the manifest and its icons. */
async function isStatic(pathname) {
  if (SHELL.includes(pathname) && pathname !== "/") return true;
  const cache = await caches.open(CACHE);
  return (await cache.match(pathname)) !== undefined && /\.(png|svg|webmanifest)$/.test(pathname);
}

self.addEventListener("install", (event) => {
  event.waitUntil(precache());
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    // Network first, so a new build is picked up at once; the shell when offline.
    event.respondWith(
      fetch(request)
        .then((response) => {
          const copy = response.clone();
          if (response.ok) {
            // A new build's shell names new build files: keep them with it.
            caches.open(CACHE).then(async (cache) => {
              await cache.put("/", copy.clone());
              await cacheShellAssets(cache, await copy.text());
            }).catch(() => {});
          }
          return response;
        })
        .catch(() => caches.match("/")),
    );
    return;
  }
  if (/\.(png|svg|webmanifest)$/.test(url.pathname) && !url.pathname.startsWith("/assets/")) {
    // The manifest and its icons: the cached copy at once (works offline),
    // refreshed from the network for next time.
    event.respondWith(
      isStatic(url.pathname).then((known) => {
        if (!known) return fetch(request);
        return caches.open(CACHE).then((cache) =>
          cache.match(url.pathname).then((hit) => {
            const fresh = fetch(request)
              .then((response) => {
                if (response.ok) cache.put(url.pathname, response.clone());
                return response;
              })
              .catch(() => hit);
            return hit || fresh;
          }),
        );
      }),
    );
    return;
  }
  if (url.pathname.startsWith("/assets/")) {
    // Build files are named by their content: once fetched, they never change.
    event.respondWith(
      caches.match(request).then(
        (hit) =>
          hit ||
          fetch(request).then((response) => {
            const copy = response.clone();
            if (response.ok) caches.open(CACHE).then((cache) => cache.put(request, copy));
            return response;
          }),
      ),
    );
  }
});

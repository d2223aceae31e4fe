// The service worker (written to dist/sw.js by scripts/service-worker.mjs, which puts the build's
// BUILD constant above this). Hand-written rather than Workbox: its rules are few (the shell and
// the hashed assets from the cache, never /api) and Workbox's build tooling would add more than
// this whole file to the install.
//
// - Install: caches this build's shell (index.html), every hashed asset and the icons, in a cache
//   named for the build, then takes over at once.
// - Activate: deletes the caches of earlier builds. A page of the old build that then asks for an
//   old chunk gets the server's 404, and main.tsx reloads it into the new build.
// - A page (a navigation) is answered with the cached index.html, whatever its path: the client
//   routes. The shell names that page's chunks and styles to preload (BUILD.preloads), as the
//   server's Link header does. Other files of ours come from the cache, or the network when not cached.
// - /api (any spelling) is never answered from, or put into, a cache: the partners' data and
//   their session always come from the server.
/* global BUILD */
const CACHE = `spankbank-${BUILD.version}`;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(BUILD.files))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || isApi(url.pathname)) return;
  if (request.mode === "navigate") {
    event.respondWith(shellFor(url.pathname).then((shell) => shell ?? fetch(request)));
    return;
  }
  event.respondWith(
    caches.match(request, { cacheName: CACHE, ignoreSearch: true }).then((cached) => cached ?? fetch(request)),
  );
});

/** The cached shell, with the preloads of the page at `pathname` (`/dashboard/` is `/dashboard`). */
async function shellFor(pathname) {
  const shell = await caches.match("/index.html", { cacheName: CACHE });
  const page = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (!shell || !Object.hasOwn(BUILD.preloads, page)) return shell;
  const html = (await shell.text()).replace("</head>", `${BUILD.preloads[page]}</head>`);
  // The body is new text: the stored copy's length and encoding no longer describe it.
  const headers = new Headers(shell.headers);
  headers.delete("content-length");
  headers.delete("content-encoding");
  return new Response(html, { status: shell.status, headers });
}

/** `/api`, `/API/...`, `/%61pi/...`: the server treats every spelling as the API, so does this. */
function isApi(pathname) {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {}
  return /^\/api(\/|$)/i.test(decoded);
}

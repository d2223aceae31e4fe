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
//   server's Link header does. A page the app kept as last shown (src/app/pageSnapshot.ts) is
//   written into the shell, with its stylesheets, its plain menu and the snapshot script
//   (BUILD.snapshotScript, web/first-paint/snapshot.js, inline in the head, so it listens before the
//   copy can be tapped): a return paints it before the app's scripts run, as that script starts the
//   app's once the copy is on screen. A kept copy's shell preloads no modules: the browser fetched
//   them alongside the copy's own styles and held up its first paint, and the app's imports fetch
//   them from the cache once it starts. A copy kept longer ago than the app keeps its data
//   (BUILD.keptMaxAgeMs) is not shown.
//   Other files of ours come from the cache, or the network when not cached: the browser reads
//   the build's own from the cache without this worker (static routes, set at install).
// - /api (any spelling) is never answered from, or put into, a cache: the partners' data and
//   their session always come from the server.
/* global BUILD */
const CACHE = `spankbank-${BUILD.version}`;
/** The pages the app kept (pageSnapshot.ts's PAGE_SNAPSHOTS): the app's to write and forget. */
const PAGES = "spankbank-pages";
/** index.html's 'Loading...' (web/index.html), which a kept page takes the place of. */
const ROOT = /<div id="root">[\s\S]*?<\/div>/;
/** The app's script in the shell: on a kept copy the snapshot script starts it, once the copy is painted. */
const APP_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
/** The shell's module preloads (a kept copy's shell has none). */
const MODULE_PRELOADS = /<link rel="modulepreload"[^>]*>/g;
/** The shell's stylesheets (a kept copy brings its own). */
const STYLESHEETS = /<link rel="stylesheet"[^>]*>/g;
/** The build's own files, answered from its cache without this worker (install's addRoutes). */
const ROUTED = ["/assets/*"];

self.addEventListener("install", (event) => {
  // The build's files are read from its cache by the browser itself, without waking this worker
  // for each (the static routing API, Chromium 123+): a return's many scripts and styles no longer
  // queue one by one through this thread. Elsewhere the fetch handler below does the same, slower.
  // /api goes straight to the server the same way (other spellings of it reach the handler, which
  // leaves them to the network). A browser that refuses a rule still has the fetch handler: that
  // refusal is not a failed install.
  if (event.addRoutes)
    event.waitUntil(
      event
        .addRoutes([
          {
            condition: { or: ROUTED.map((pathname) => ({ urlPattern: { pathname } })) },
            source: { cacheName: CACHE },
          },
          { condition: { urlPattern: { pathname: "/api/*" } }, source: "network" },
        ])
        .catch(() => undefined),
    );
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
      .then((names) =>
        Promise.all(names.filter((name) => name !== CACHE && name !== PAGES).map((name) => caches.delete(name))),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || isApi(url.pathname)) return;
  if (request.mode === "navigate") {
    event.respondWith(shellFor(url).then((shell) => shell ?? fetch(request)));
    return;
  }
  event.respondWith(
    caches.match(request, { cacheName: CACHE, ignoreSearch: true }).then((cached) => cached ?? fetch(request)),
  );
});

/**
 * The cached shell for the page at `url`: with the preloads of its path (`/dashboard/` is
 * `/dashboard`), and the page as the app kept it, if this build kept one.
 */
async function shellFor(url) {
  const shell = await caches.match("/index.html", { cacheName: CACHE });
  if (!shell) return shell;
  const page = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, "") : url.pathname;
  const preloads = Object.hasOwn(BUILD.preloads, page) ? BUILD.preloads[page] : "";
  const kept = await keptPage(`/__page${page}${url.search}`);
  if (!preloads && !kept) return shell;
  let html = await shell.text();
  // A copy kept by another build names other files: its markup would not match this build's styles.
  if (kept && html.includes(`"${kept.script}"`) && allowsSnapshotScript(shell)) {
    // The copy's own stylesheets, in its order, in place of the shell's (a subset of them) and of the
    // page's preloads (its styles are all there, and its modules wait for the app).
    html = html
      .replace(APP_SCRIPT, "")
      .replace(MODULE_PRELOADS, "")
      .replace(STYLESHEETS, "")
      .replace(
        "</head>",
        () => `${kept.styles}<script data-app="${kept.script}">${BUILD.snapshotScript}</script></head>`,
      )
      .replace(ROOT, () => `<div id="root" data-snapshot>${kept.root}</div>${kept.menu}`);
  } else html = html.replace("</head>", () => `${preloads}</head>`);
  // The body is new text: the stored copy's length and encoding no longer describe it.
  const headers = new Headers(shell.headers);
  headers.delete("content-length");
  headers.delete("content-encoding");
  return new Response(html, { status: shell.status, headers });
}

/**
 * Whether the shell's CSP lets the kept copy's inline script run. A worker installed while the
 * server still ran the build before (an upgrade's build and restart) cached a shell whose CSP has
 * no hash for it: a copy written into that shell would never start the app, so it gets the plain one.
 */
function allowsSnapshotScript(shell) {
  const csp = shell.headers.get("content-security-policy");
  return csp === null || csp.includes(BUILD.snapshotScriptHash);
}

/**
 * The page the app kept under `key`, or nothing (none kept, unreadable, or kept longer ago than
 * the app keeps its data: a partner whose session ended long since is not painted for whoever comes).
 */
async function keptPage(key) {
  try {
    const kept = await (await caches.match(key, { cacheName: PAGES }))?.json();
    return kept && Date.now() - kept.keptAt <= BUILD.keptMaxAgeMs ? kept : undefined;
  } catch {
    return undefined;
  }
}

/** `/api`, `/API/...`, `/%61pi/...`: the server treats every spelling as the API, so does this. */
function isApi(pathname) {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {}
  return /^\/api(\/|$)/i.test(decoded);
}

// Writes dist/route-preloads.json from Vite's build manifest: for each page's path, the route
// chunks (its layouts' and its own), the chunks they import and their stylesheets, less what
// index.html already loads. The server sends them as `Link` preload headers with the page, so
// the browser fetches the page's code beside the main bundle instead of after the session
// answers. Then it deletes the manifest (dist/.vite), which nothing serves.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const root = process.argv[2] ?? new URL("../dist", import.meta.url).pathname;
const manifestDir = join(root, ".vite");
const manifest = JSON.parse(readFileSync(join(manifestDir, "manifest.json"), "utf8"));

/** A chunk and every chunk it imports statically, each once. */
function closure(key, seen = new Set()) {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) closure(imported, seen);
  return seen;
}

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
const loadedByIndex = closure(entry);

/** `src/routes/_auth/dashboard.tsx?tsr-split=...` -> its file path inside src/routes, without .tsx. */
const routeChunks = new Map();
for (const key of Object.keys(manifest)) {
  const match = /^src\/routes\/(.+)\.tsx\?tsr-split=/.exec(key);
  if (match) routeChunks.set(match[1], key);
}

/**
 * Every list starts with what index.html itself loads (the main bundle, its chunks, its styles),
 * in that order: a browser fetches Link preloads in the order given, before it parses the page,
 * and the route's chunks listed first hold the main bundle back: the main bundle is what
 * everything waits for, so it goes first.
 */
const entryScripts = [];
const entryStyles = [];
for (const chunk of loadedByIndex) {
  entryScripts.push(`/${manifest[chunk].file}`);
  for (const css of manifest[chunk].css ?? []) if (!entryStyles.includes(`/${css}`)) entryStyles.push(`/${css}`);
}

/**
 * What the signed-in pages' shell loads as it first renders (src/app/layout/Header.tsx's menu and
 * search box): sent with every signed-in page, after the page's own code, instead of asked for
 * once the page has run (a round trip later on a phone far away).
 */
const SIGNED_IN_SHELL_PARTS = ["src/app/layout/MenuDrawer.tsx", "src/features/search/components/SearchBox.tsx"];
for (const key of SIGNED_IN_SHELL_PARTS) {
  if (!manifest[key]) throw new Error(`route-preloads: ${key} is no chunk of this build (renamed or no longer lazy?)`);
}

/** Code a page's loader imports as the page opens (routes/_auth/trapped-game.tsx): sent with that page. */
const LOADED_BY_LOADERS = ["src/features/story/scenes/story.ts"];
for (const key of LOADED_BY_LOADERS) {
  if (!manifest[key]) throw new Error(`route-preloads: ${key} is no chunk of this build (renamed or no longer lazy?)`);
}

const preloads = {};
for (const [file, key] of routeChunks) {
  const segments = file.split("/");
  // A segment starting with _ is a layout without a path of its own (`_auth`); `index` is its folder.
  if (segments.at(-1).startsWith("_")) continue;
  const path = `/${segments.filter((s) => !s.startsWith("_") && s !== "index").join("/")}`;
  const layouts = segments.slice(0, -1).map((_, i) => routeChunks.get(segments.slice(0, i + 1).join("/")));
  const chunks = new Set();
  for (const chunk of [...layouts, key]) if (chunk) closure(chunk, chunks);
  if (segments[0] === "_auth") for (const part of SIGNED_IN_SHELL_PARTS) closure(part, chunks);
  // The page's own code its loader imports at once (the story's scenes). Its other lazy imports wait
  // for a need (zod for a refused purchase's body; the contracts are development's), so not these.
  for (const lazyPart of manifest[key].dynamicImports ?? [])
    if (LOADED_BY_LOADERS.includes(lazyPart)) closure(lazyPart, chunks);
  const scripts = [...entryScripts];
  const styles = [...entryStyles];
  for (const chunk of chunks) {
    if (loadedByIndex.has(chunk)) continue;
    scripts.push(`/${manifest[chunk].file}`);
    for (const css of manifest[chunk].css ?? []) if (!styles.includes(`/${css}`)) styles.push(`/${css}`);
  }
  preloads[path] = { scripts, styles };
}

writeFileSync(join(root, "route-preloads.json"), `${JSON.stringify(preloads, null, 2)}\n`);
rmSync(manifestDir, { recursive: true, force: true });
console.log(`route-preloads: ${Object.keys(preloads).length} pages`);

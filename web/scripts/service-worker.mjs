// Writes dist/sw.js: scripts/sw.template.js with this build's files to cache (index.html, every
// hashed asset, the icons and the manifest) and a version that changes whenever any of them does,
// so the browser sees a new service worker exactly when a new build is deployed.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { KEPT_CACHE_MAX_AGE_MS } from "@spankbank/shared/limits";

const root = process.argv[2] ?? new URL("../dist", import.meta.url).pathname;
const template = readFileSync(new URL("sw.template.js", import.meta.url), "utf8");
/**
 * Compressed copies are the server's business; the preload lists and robots.txt no page needs; the
 * pages prerendered for a first visit never answer a return (the shell does).
 */
const SKIPPED =
  /\.(br|gz)$|^\/(sw\.js|route-preloads\.json|prerendered\.json|page-reads\.json|first-paint\.json|robots\.txt)$|^\/prerendered\//;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

const hash = createHash("sha256");
const cached = [];
for (const path of [...files(root)].sort()) {
  const url = `/${relative(root, path)}`;
  if (SKIPPED.test(url)) continue;
  cached.push(url);
  hash.update(url).update(readFileSync(path));
}
// The kept copy's script, which the worker writes into the shell (the build's CSP allows its hash).
// With the CSP source that lets it run: a shell cached without it gets no kept copy (sw.template.js).
const { snapshotScript, snapshotScriptHash } = JSON.parse(readFileSync(join(root, "first-paint.json"), "utf8"));
hash.update(snapshotScript);
const build = {
  version: hash.digest("hex").slice(0, 16),
  files: cached,
  preloads: pagePreloads(root),
  snapshotScript,
  snapshotScriptHash,
  keptMaxAgeMs: KEPT_CACHE_MAX_AGE_MS,
};
writeFileSync(join(root, "sw.js"), `const BUILD = ${JSON.stringify(build)};\n${template}`);
console.log(`service-worker: caches ${cached.length} files, build ${build.version}`);

/**
 * Per page's path, the `<link>` tags that preload its route chunks and styles (route-preloads.json,
 * less what index.html already loads): the worker adds them to the shell it answers a return with,
 * as the server's `Link` header does for a first load, so they download while the main bundle runs.
 */
function pagePreloads(dir) {
  const shell = readFileSync(join(dir, "index.html"), "utf8");
  const pages = JSON.parse(readFileSync(join(dir, "route-preloads.json"), "utf8"));
  const inShell = (href) => shell.includes(`"${href}"`);
  return Object.fromEntries(
    Object.entries(pages).map(([path, { scripts, styles }]) => [
      path,
      [
        ...styles
          .filter((href) => !inShell(href))
          .map((href) => `<link rel="preload" as="style" crossorigin href="${href}">`),
        ...scripts
          .filter((href) => !inShell(href))
          .map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
      ].join(""),
    ]),
  );
}

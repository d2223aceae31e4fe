// Bundles the compiled server (dist/server.js and every module it imports, ours and
// node_modules') into one file, dist/server.bundle.js, which is what runs in production.
// Node spends most of its start resolving, reading and compiling separate modules; one minified
// file spares most of that. better-sqlite3 stays outside (a native addon).
import { copyFileSync } from "node:fs";
import { build } from "esbuild";

await build({
  entryPoints: [new URL("../dist/server.js", import.meta.url).pathname],
  outfile: new URL("../dist/server.bundle.js", import.meta.url).pathname,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  external: ["better-sqlite3"],
  // Identifiers keep their names (error stacks and Fastify's plugin names read as written).
  minifyWhitespace: true,
  minifySyntax: true,
  sourcemap: "linked",
  // CommonJS packages inside an ES module bundle still call require() for Node's own modules.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: "warning",
});
// The nightly backup's worker thread, one file already (db/scripts/bundleWorker.mjs): the bundle
// starts it from beside itself (db's offThread.ts).
const worker = (dir) => new URL(`${dir}/backupWorker.js`, import.meta.url).pathname;
copyFileSync(worker("../../db/dist/ops/backup"), worker("../dist"));

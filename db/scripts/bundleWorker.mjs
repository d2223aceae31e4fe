// Bundles the backup's worker thread (dist/ops/backup/backupWorker.js) and all it imports into
// that one file: loading drizzle's hundreds of modules, a worker took a second to start. The
// server's bundle copies it beside itself (server/scripts/bundle.mjs).
import { build } from "esbuild";

const worker = new URL("../dist/ops/backup/backupWorker.js", import.meta.url).pathname;
await build({
  entryPoints: [worker],
  outfile: worker,
  allowOverwrite: true,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  external: ["better-sqlite3"],
  minifyWhitespace: true,
  minifySyntax: true,
  sourcemap: "linked",
  // CommonJS packages inside an ES module bundle still call require() for Node's own modules.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: "warning",
});

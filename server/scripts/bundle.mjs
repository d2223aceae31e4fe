// Bundles the compiled server (dist/server.js and every module it imports, ours and
// node_modules') into one file, dist/server.bundle.js, which is what runs in production.
// Node spends most of its start resolving, reading and compiling separate modules; one minified
// file spares most of that.
import { copyFileSync } from "node:fs";
import { bundleForNode } from "@spankbank/db/nodeBundle";

const here = (path) => new URL(path, import.meta.url).pathname;
await bundleForNode(here("../dist/server.js"), here("../dist/server.bundle.js"));
// The nightly backup's worker thread, one file already (db/scripts/bundleWorker.mjs): the bundle
// starts it from beside itself (db's offThread.ts).
copyFileSync(here("../../db/dist/ops/backup/backupWorker.js"), here("../dist/backupWorker.js"));

// Bundles the backup's worker thread (dist/ops/backup/backupWorker.js) and all it imports into
// that one file: loading drizzle's hundreds of modules, a worker took a second to start. The
// server's bundle copies it beside itself (server/scripts/bundle.mjs).
import { bundleForNode } from "./nodeBundle.mjs";

const worker = new URL("../dist/ops/backup/backupWorker.js", import.meta.url).pathname;
await bundleForNode(worker, worker);

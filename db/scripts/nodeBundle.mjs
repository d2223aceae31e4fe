// One way to bundle a Node entry into one minified ES module file with esbuild: the server's bundle
// (server/scripts/bundle.mjs) and the backup's worker (bundleWorker.mjs). better-sqlite3 and
// @node-rs/argon2 stay outside (native addons).
import { build } from "esbuild";

/** Bundles `entry` and all it imports into `outfile` (absolute paths). */
export function bundleForNode(entry, outfile) {
  return build({
    entryPoints: [entry],
    outfile,
    allowOverwrite: true,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    external: ["better-sqlite3", "@node-rs/argon2"],
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
}

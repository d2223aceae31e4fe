// Every root script runs turbo through this file, for two reasons:
// - turbo keys its cache on files and the variables turbo.json names, never on the Node running
//   it, so a build or test cached under Node 22 would be replayed under Node 24. SPANKBANK_NODE
//   (listed in turbo.json's globalEnv) carries the running Node's version into every key.
// - a production install (`npm run build`, then `npm install --omit=dev`) has no turbo: there a
//   `run build` finds the built files and goes on, or says how to build them.
// Every npm script and `npm start` pass here first: an older Node stops here in one line.
import "@spankbank/shared/nodeVersion";
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));

const args = process.argv.slice(2);

/** The files `npm start` and the operator scripts run. */
export const BUILT_FILES = [
  "shared/dist",
  "db/dist",
  "server/dist/server.bundle.js",
  "web/dist/index.html",
  "bot/dist/start.js",
  "scripts/dist/check.js",
];

function turboPath() {
  try {
    return createRequire(import.meta.url).resolve("turbo/bin/turbo");
  } catch {
    return undefined;
  }
}

export function isBuilt() {
  return BUILT_FILES.every((file) => existsSync(`${root}${file}`));
}

/** Runs turbo with these arguments; without turbo, a build is a check that the files are there. */
export function runTurbo(turboArgs, options = {}) {
  const turbo = turboPath();
  if (!turbo) {
    if (turboArgs[0] === "run" && turboArgs[1] === "build" && isBuilt()) return 0;
    console.error(
      turboArgs[0] === "run" && turboArgs[1] === "build"
        ? "Spank Bank is not built, and this install has no build tools (turbo is a dev dependency): run `npm install` and `npm run build` first, then `npm install --omit=dev` if you want a production install."
        : `\`turbo ${turboArgs.join(" ")}\` needs the dev dependencies: run \`npm install\` (not --omit=dev).`,
    );
    return 1;
  }
  const run = spawnSync(process.execPath, [turbo, ...turboArgs], {
    cwd: root,
    stdio: options.stdio ?? "inherit",
    env: { ...process.env, SPANKBANK_NODE: `${process.version} ${process.platform}-${process.arch}` },
  });
  return run.status ?? 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) process.exit(runTurbo(args));

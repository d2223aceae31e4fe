// `npm start`: build what changed, then run the server and (when configured) the Discord bot
// as two processes on the same database file. Ctrl-C stops both.
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const built =
  ["shared", "db", "server", "bot"].every((p) => existsSync(`${root}${p}/dist`)) &&
  existsSync(`${root}web/dist/index.html`);

// Always build: turbo replays unchanged packages from its cache in under a second, and code
// updated by a `git pull` is never served stale.
if (!built) console.log("Building Spank Bank (first start only, about a minute)...");
const build = spawnSync("npx", ["turbo", "run", "build", "--output-logs=errors-only"], {
  cwd: root,
  stdio: built ? ["inherit", "ignore", "inherit"] : "inherit",
});
if (build.status !== 0) process.exit(build.status ?? 1);

if (existsSync(`${root}.env`)) process.loadEnvFile(`${root}.env`);

const children = new Set();
let stopping = false;

function run(name, script) {
  const child = spawn(process.execPath, [script], { cwd: root, stdio: "inherit", env: process.env });
  children.add(child);
  child.on("exit", (code, signal) => {
    children.delete(child);
    if (name === "bot" && code === 0 && !stopping) return; // the bot is off (no token): the web app goes on
    if (!stopping) {
      console.error(`${name} stopped (${signal ?? `exit ${code}`}); stopping Spank Bank.`);
      stop(code ?? 1);
    } else if (children.size === 0) {
      process.exit(process.exitCode ?? 0);
    }
  });
  return child;
}

function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  process.exitCode = code;
  for (const child of children) child.kill("SIGTERM");
  if (children.size === 0) process.exit(code);
}

process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));

run("server", `${root}server/dist/server.js`);

// The bot starts once the server is up, so the two never apply migrations at the same moment.
const port = process.env.PORT ?? "3000";
const host = process.env.HOST ?? "127.0.0.1";
const healthHost = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host;
for (let attempt = 0; attempt < 100 && !stopping; attempt++) {
  const healthy = await fetch(`http://${healthHost.includes(":") ? `[${healthHost}]` : healthHost}:${port}/api/health`)
    .then((r) => r.ok)
    .catch(() => false);
  if (healthy) break;
  await new Promise((resolve) => setTimeout(resolve, 200));
}
if (!stopping) run("bot", `${root}bot/dist/start.js`);

// `npm start`: build what changed, then run the server and (when configured) the Discord bot
// as two processes on the same database file. The web app never falls with the bot: a bot that
// exits is restarted with a growing wait. Ctrl-C stops both. SPANKBANK_SKIP_BUILD=1 skips the
// build (already built, as in the tests of this file). package.json runs this with `exec`: npm
// forwards a supervisor's SIGTERM to its child, and a `sh -c` in between would die of it alone.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { isBuilt, runTurbo } from "./turbo.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const built = isBuilt();

// Always build: turbo replays unchanged packages from its cache in under a second, and code
// updated by a `git pull` is never served stale. A production install (no turbo) runs what is built.
const skipBuild = process.env.SPANKBANK_SKIP_BUILD === "1";
if (!skipBuild) {
  // Said before turbo runs: after a Node upgrade or a `git pull` everything may rebuild (a minute
  // or more) while turbo's own output is hidden.
  console.log(
    built
      ? "Spank Bank: building what changed since the last start… (under a second when nothing did)"
      : "Building Spank Bank (first start only, about a minute)...",
  );
}
const status = skipBuild
  ? 0
  : runTurbo(["run", "build", "--output-logs=errors-only"], {
      stdio: built ? ["inherit", "ignore", "inherit"] : "inherit",
    });
if (status !== 0) process.exit(status);

const children = new Set();
let stopping = false;
let botRestart;

// The bot's wait before a restart doubles after each quick exit (1 s, 2 s ... 5 min), and starts
// over once it has run for a while.
const BOT_FIRST_WAIT_MS = 1000;
const BOT_MAX_WAIT_MS = 5 * 60_000;
const BOT_HEALTHY_AFTER_MS = 5 * 60_000;
let botWait = BOT_FIRST_WAIT_MS;

function run(script, onExit) {
  // The IPC channel lets the server say it listens (see below); the bot ignores it.
  const child = spawn(process.execPath, [script], {
    cwd: root,
    stdio: ["inherit", "inherit", "inherit", "ipc"],
    env: process.env,
  });
  children.add(child);
  child.on("exit", (code, signal) => {
    children.delete(child);
    if (stopping) {
      if (children.size === 0) process.exit(process.exitCode ?? 0);
      return;
    }
    onExit(code, signal);
  });
  return child;
}

function runServer() {
  const server = run(`${root}server/dist/server.bundle.js`, (code, signal) => {
    // A server that refused to start has said why in one line: no second line about it.
    if (listening) console.error(`The web server stopped (${signal ?? `exit ${code}`}); stopping Spank Bank.`);
    stop(code ?? 1);
  });
  // The bot starts once this server listens, so the two never apply migrations at the same
  // moment. Its own word, not a probe of the port: another Spank Bank may answer there.
  server.on("message", (message) => {
    if (message !== "listening" || listening) return;
    listening = true;
    if (!stopping) runBot();
  });
}
let listening = false;

function runBot() {
  const startedAt = Date.now();
  run(`${root}bot/dist/start.js`, (code, signal) => {
    if (code === 0) return; // the bot is off (no token) and said so: the web app goes on
    if (Date.now() - startedAt > BOT_HEALTHY_AFTER_MS) botWait = BOT_FIRST_WAIT_MS;
    console.error(
      `The Discord bot stopped (${signal ?? `exit ${code}`}); restarting it in ${Math.round(botWait / 1000)} s. The web app keeps running.`,
    );
    botRestart = setTimeout(runBot, botWait);
    botWait = Math.min(botWait * 2, BOT_MAX_WAIT_MS);
  });
}

function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  clearTimeout(botRestart);
  process.exitCode = code;
  for (const child of children) child.kill("SIGTERM");
  if (children.size === 0) process.exit(code);
}

process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));

runServer();

import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { freePort } from "../freePort.mjs";

const startScript = fileURLToPath(new URL("../start.mjs", import.meta.url));
const repo = fileURLToPath(new URL("../..", import.meta.url));
const started: ChildProcess[] = [];
afterEach(() => {
  for (const child of started.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
});

/** `npm start` as a child process (already built), on a temp database and a free port. */
async function npmStart(
  env: Record<string, string> = {},
  dir = mkdtempSync(join(tmpdir(), "spankbank-npm-start-")),
  command: [string, string[]] = [process.execPath, [startScript]],
) {
  const port = await freePort();
  const child = spawn(command[0], command[1], {
    cwd: repo,
    env: {
      PATH: process.env.PATH ?? "",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_PATH: join(dir, "spankbank.db"),
      SPANKBANK_CONFIG: join(dir, "none.json"),
      SPANKBANK_SKIP_BUILD: "1",
      DISCORD_TOKEN: "",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  started.push(child);
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const health = () =>
    fetch(`http://127.0.0.1:${port}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
  const waitFor = async (what: () => boolean | Promise<boolean>) => {
    for (let i = 0; i < 1200; i++) {
      if (await what()) return;
      await sleep(50);
    }
    throw new Error(`npm start never got there; output:\n${output}`);
  };
  return { child, dir, exited, health, waitFor, output: () => output };
}

/** Whether a process with this id still runs (signal 0 only checks). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("npm start", () => {
  it("stops the server when a supervisor sends SIGTERM to the npm process itself", async () => {
    const start = await npmStart({}, undefined, ["npm", ["start", "--silent"]]);
    await start.waitFor(() => start.output().includes("Discord bot is off"));
    const server = Number(readFileSync(join(start.dir, "run", "spankbank.db.server.pid"), "utf8"));
    start.child.kill("SIGTERM");
    expect(await start.exited).toBe(0);
    expect(await start.health()).toBe(false);
    expect(alive(server)).toBe(false);
  }, 90_000);

  it("starts the web server, then says the bot is off, and Ctrl-C stops it", async () => {
    const start = await npmStart();
    await start.waitFor(() => start.output().includes("Discord bot is off"));
    expect(await start.health()).toBe(true);
    start.child.kill("SIGINT");
    expect(await start.exited).toBe(0);
    expect(await start.health()).toBe(false);
  }, 90_000);

  it("keeps the web server up when the bot exits, restarts the bot with a growing wait, and Ctrl-C stops both", async () => {
    // Nothing listens on port 9 (discard): the bot cannot reach "Discord" and exits.
    const start = await npmStart({ DISCORD_TOKEN: "x", DISCORD_API_URL: "http://127.0.0.1:9/api" });
    await start.waitFor(() => start.output().includes("restarting it in 2 s"));
    expect(start.output()).toContain(
      "The Discord bot stopped (exit 1); restarting it in 1 s. The web app keeps running.",
    );
    expect(await start.health()).toBe(true);
    start.child.kill("SIGINT");
    expect(await start.exited).toBe(0);
    expect(await start.health()).toBe(false);
  }, 90_000);

  it("a second npm start on the same database refuses in one line and leaves the first running, its pid file in place", async () => {
    const first = await npmStart();
    await first.waitFor(() => first.output().includes("Discord bot is off"));
    const pidFile = join(first.dir, "run", "spankbank.db.server.pid");
    const firstServer = readFileSync(pidFile, "utf8");

    const second = await npmStart({}, first.dir);
    expect(await second.exited).toBe(1);
    expect(second.output().trim().split("\n")).toEqual([
      "Spank Bank cannot start:",
      `Spank Bank's server (pid ${firstServer}) is already running on ${join(first.dir, "spankbank.db")}: stop it first, or give this one its own DATABASE_PATH.`,
    ]);
    expect(readFileSync(pidFile, "utf8")).toBe(firstServer);
    expect(await first.health()).toBe(true);
    first.child.kill("SIGINT");
    expect(await first.exited).toBe(0);
  }, 90_000);
});

import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it, onTestFinished } from "vitest";

const serverEntry = fileURLToPath(new URL("../../server/dist/server.bundle.js", import.meta.url));
const runningModule = fileURLToPath(new URL("../../db/dist/ops/running.js", import.meta.url));

function tempFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), "spankbank-locks-"));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A real process, killed when the test ends; `saw(text)` resolves once its output shows it. */
function processOf(child: ChildProcess) {
  onTestFinished(() => void (child.exitCode === null && child.kill("SIGKILL")));
  let output = "";
  const watchers: { text: string; resolve: () => void }[] = [];
  const onData = (chunk: Buffer) => {
    output += chunk;
    for (const watcher of watchers.filter((w) => output.includes(w.text))) watcher.resolve();
  };
  child.stdout?.on("data", onData);
  child.stderr?.on("data", onData);
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  /** Which of `texts` shows first (null: the process ended before any did). */
  const first = (...texts: string[]) =>
    Promise.race([
      ...texts.map((text) => new Promise<string>((resolve) => watchers.push({ text, resolve: () => resolve(text) }))),
      exited.then(() => texts.find((text) => output.includes(text)) ?? null),
    ]);
  return { child, exited, first, output: () => output };
}

/** The real server entry on `database` (demo couple: no config), on a free port. */
const server = (dir: string, database: string) =>
  processOf(
    spawn(process.execPath, [serverEntry], {
      cwd: dir,
      env: {
        PATH: process.env.PATH ?? "",
        DATABASE_PATH: join(dir, database),
        SPANKBANK_CONFIG: join(dir, "none.json"),
        PORT: "0",
        HOST: "127.0.0.1",
      },
    }),
  );

const LISTENING = "Server listening";

// Every test starts real node processes: generous on a busy 2-core machine.
describe("who runs on a database", { timeout: 120_000 }, () => {
  it("two servers on two databases in one folder both run; a third on the first's database refuses naming that database", async () => {
    const dir = tempFolder();
    const a = server(dir, "a.db");
    expect(await a.first(LISTENING)).toBe(LISTENING);
    const b = server(dir, "b.db");
    expect(await b.first(LISTENING), b.output()).toBe(LISTENING);

    const third = server(dir, "a.db");
    expect(await third.exited).toBe(1);
    expect(third.output().trim().split("\n")).toEqual([
      "Spank Bank cannot start:",
      `Spank Bank's server (pid ${a.child.pid}) is already running on ${join(dir, "a.db")}: stop it first, or give this one its own DATABASE_PATH.`,
    ]);
  });

  it("refuses while an earlier version's server, which wrote only run/server.pid, is alive, and starts once it is gone", async () => {
    const dir = tempFolder();
    // A live Node process named where the first versions named their server.
    const earlier = processOf(spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"]));
    mkdirSync(join(dir, "run"));
    const pidFile = join(dir, "run", "server.pid");
    writeFileSync(pidFile, String(earlier.child.pid));

    const refused = server(dir, "spankbank.db");
    expect(await refused.exited).toBe(1);
    expect(refused.output().trim().split("\n")).toEqual([
      "Spank Bank cannot start:",
      `an earlier Spank Bank's server (pid ${earlier.child.pid}, named in ${pidFile}; if no Spank Bank runs as that pid, delete the file) is still running beside ${join(dir, "spankbank.db")}: stop it first (upgrading: stop the old version, then start this one).`,
    ]);

    earlier.child.kill("SIGKILL");
    await earlier.exited;
    expect(await server(dir, "spankbank.db").first(LISTENING)).toBe(LISTENING);
  });

  it("a start waits while another process migrates the database, and starts once it is done", async () => {
    const dir = tempFolder();
    // Another process in the middle of migrating (blocked inside the lock until killed).
    const holder = processOf(
      spawn(process.execPath, [
        "--input-type=module",
        "-e",
        `import { writeSync } from "node:fs";
         import { whileMigrating } from ${JSON.stringify(runningModule)};
         whileMigrating(${JSON.stringify(join(dir, "spankbank.db"))}, () => {
           writeSync(1, "migrating\\n");
           Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
         });`,
      ]),
    );
    expect(await holder.first("migrating")).toBe("migrating");

    const start = server(dir, "spankbank.db");
    const waiting = `Waiting for another Spank Bank process (pid ${holder.child.pid}) to finish migrating`;
    expect(await start.first(waiting, LISTENING), start.output()).toBe(waiting);

    holder.child.kill("SIGKILL");
    expect(await start.first(LISTENING), start.output()).toBe(LISTENING);
  });
});

import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it, onTestFinished } from "vitest";
import { freePort } from "../freePort.mjs";

const repo = fileURLToPath(new URL("../..", import.meta.url));
const unit = (name: string) => readFileSync(join(repo, "deploy", "systemd", name), "utf8");
/** The values of `key=` lines in a unit, in order. */
const valuesOf = (text: string, key: string) =>
  text
    .split("\n")
    .filter((line) => line.startsWith(`${key}=`))
    .map((line) => line.slice(key.length + 1));

/** Node reporting an older version than it is, as Debian's or Ubuntu's own Node would be. */
const OLD_NODE = [
  "--import",
  'data:text/javascript,Object.defineProperty(process,"versions",{value:{...process.versions,node:"20.19.0"}});Object.defineProperty(process,"version",{value:"v20.19.0"})',
];

describe("the systemd units in deploy/systemd", () => {
  it("run files the build makes, from the app folder, write only data/, and are enabled by `systemctl enable`", () => {
    for (const name of ["spankbank-server.service", "spankbank-bot.service"]) {
      const text = unit(name);
      expect(valuesOf(text, "WorkingDirectory")).toEqual(["/srv/spankbank/app"]);
      expect(valuesOf(text, "ReadWritePaths")).toEqual(["/srv/spankbank/app/data"]);
      expect(valuesOf(text, "WantedBy")).toEqual(["multi-user.target"]);
      for (const command of [...valuesOf(text, "ExecStart"), ...valuesOf(text, "ExecStartPost")]) {
        const [node, file] = command.split(" ");
        expect(node).toBe("/usr/local/bin/node");
        expect(existsSync(join(repo, file!)), `${name}: ${file}`).toBe(true);
      }
    }
    expect(valuesOf(unit("spankbank-bot.service"), "After")).toEqual([
      "network-online.target spankbank-server.service",
    ]);
  });

  it("the server and the bot stop on an older Node with the one line `npm start` prints", () => {
    for (const entry of ["server/dist/server.bundle.js", "bot/dist/start.js", "scripts/turbo.mjs"]) {
      const run = spawnSync(process.execPath, [...OLD_NODE, join(repo, entry)], {
        cwd: mkdtempSync(join(tmpdir(), "spankbank-old-node-")),
        env: { PATH: process.env.PATH ?? "", DISCORD_TOKEN: "x", PORT: "0" },
        encoding: "utf8",
        timeout: 20_000,
      });
      expect(run.status, entry).toBe(1);
      expect(run.stdout + run.stderr, entry).toBe(
        "Spank Bank needs Node 22 or 24 (22.12 or later); this is Node v20.19.0.\n",
      );
    }
  });

  it("the server unit is started only once the server it started answers, so the bot starts after it", async () => {
    const dir = mkdtempSync(join(tmpdir(), "spankbank-ready-"));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const env = {
      PATH: process.env.PATH ?? "",
      PORT: String(await freePort()),
      HOST: "127.0.0.1",
      DATABASE_PATH: join(dir, "spankbank.db"),
      SPANKBANK_CONFIG: join(dir, "none.json"),
    };
    const server = spawn(process.execPath, [join(repo, "server/dist/server.bundle.js")], { cwd: dir, env });
    onTestFinished(() => void (server.exitCode === null && server.kill("SIGKILL")));
    // As systemd runs ExecStartPost: with the main process's pid in MAINPID.
    const wait = spawnSync(process.execPath, [join(repo, "scripts/waitReady.mjs")], {
      cwd: dir,
      env: { ...env, MAINPID: String(server.pid) },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(wait.status, wait.stderr).toBe(0);
    expect((await fetch(`http://127.0.0.1:${env.PORT}/api/health`)).ok).toBe(true);

    server.kill("SIGKILL");
    await new Promise((resolve) => server.once("exit", resolve));
    const stopped = spawnSync(process.execPath, [join(repo, "scripts/waitReady.mjs")], {
      cwd: dir,
      env: { ...env, MAINPID: String(server.pid) },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(stopped.status).toBe(1);
    expect(stopped.stderr).toContain(`The server (pid ${server.pid}) stopped before it answered`);
  }, 60_000);
});

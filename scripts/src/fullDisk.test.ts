import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { openDb } from "@spankbank/db/client";
import { syncCouple } from "@spankbank/db/couple";
import { hashPassword } from "@spankbank/db/password";
import { DEMO_LOGINS, demoCouple } from "@spankbank/shared/demoCouple";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { freePort } from "../freePort.mjs";

const serverEntry = fileURLToPath(new URL("../../server/dist/server.bundle.js", import.meta.url));
const botEntry = fileURLToPath(new URL("../../bot/dist/start.js", import.meta.url));
const backupEntry = fileURLToPath(new URL("../dist/backup.js", import.meta.url));
const DISK_BYTES = 8 * 1024 * 1024;

/** A real small filesystem: a tmpfs of 8 MiB, which only root may mount. */
function mountSmallDisk(): { dir: string; mounted: boolean; why: string } {
  const dir = mkdtempSync(join(tmpdir(), "spankbank-full-disk-"));
  const mount = spawnSync("mount", ["-t", "tmpfs", "-o", `size=${DISK_BYTES}`, "tmpfs", dir], { encoding: "utf8" });
  return { dir, mounted: mount.status === 0, why: (mount.stderr || String(mount.error ?? "")).trim() };
}

const disk = mountSmallDisk();
afterAll(() => {
  if (disk.mounted) spawnSync("umount", ["-l", disk.dir]);
  rmSync(disk.dir, { recursive: true, force: true });
});
if (!disk.mounted) console.warn(`full-disk tests skipped: mounting a tmpfs is not permitted here (${disk.why})`);

const started: ChildProcess[] = [];
afterEach(() => {
  for (const child of started.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
});

/** The demo couple at a test cost (N=2^10): sign-ins take milliseconds. */
async function cheapConfig(dir: string): Promise<string> {
  const partners = await Promise.all(
    demoCouple.partners.map(async (partner) => {
      const { password } = DEMO_LOGINS.find((login) => login.username === partner.username)!;
      return { ...partner, passwordHash: await hashPassword(password, { log2N: 10, r: 8, p: 1 }) };
    }),
  );
  const path = join(dir, "couple.config.json");
  writeFileSync(path, JSON.stringify({ ...demoCouple, partners }));
  return path;
}

/** The real server on a database in `dataDir`, with its config outside the small disk. */
async function startServer(dataDir: string, config: string) {
  const port = await freePort();
  const child = spawn(process.execPath, [serverEntry], {
    cwd: dataDir,
    env: {
      PATH: process.env.PATH ?? "",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_PATH: join(dataDir, "spankbank.db"),
      SPANKBANK_CONFIG: config,
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  started.push(child);
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const ready = (async () => {
    for (let i = 0; i < 600 && child.exitCode === null; i++) {
      if (
        await fetch(`${url}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        return true;
      await sleep(50);
    }
    return false;
  })();
  return { child, url, ready, exited, output: () => output };
}

function call(url: string, method: string, path: string, body?: unknown, cookie?: string) {
  return fetch(`${url}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** Fills the disk to the last byte, after folding the WAL back so any write must grow a file. */
function fillDisk(dataDir: string): string {
  const db = openDb(join(dataDir, "spankbank.db"));
  db.$client.pragma("wal_checkpoint(TRUNCATE)");
  db.$client.close();
  const filler = join(dataDir, "filler");
  spawnSync("dd", ["if=/dev/zero", `of=${filler}`, "bs=64k"], { encoding: "utf8" });
  spawnSync("dd", ["if=/dev/zero", `of=${filler}-tail`, "bs=512"], { encoding: "utf8" });
  return filler;
}

const product = { name: "Back rub", description: "Ten minutes", quantity: 1, price: 5, username: "alex" };

describe.skipIf(!disk.mounted)("a full disk (a real 8 MiB tmpfs)", () => {
  it("keeps reads and sessions working, answers writes 507 and sign-in 503 with a message, and recovers when space is freed", async () => {
    const dataDir = join(disk.dir, "app");
    mkdirSync(dataDir);
    const config = await cheapConfig(mkdtempSync(join(tmpdir(), "spankbank-full-disk-config-")));
    const server = await startServer(dataDir, config);
    expect(await server.ready, server.output()).toBe(true);
    const login = await call(server.url, "POST", "/api/auth/login", { username: "alex", password: "alex-demo-pass" });
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .find((c) => c.startsWith("spankbank_session="))!
      .split(";")[0]!;
    expect((await call(server.url, "POST", "/api/products", product, cookie)).status).toBe(201);

    const filler = fillDisk(dataDir);

    // Reads and the session need no write.
    const session = await call(server.url, "GET", "/api/auth/session", undefined, cookie);
    expect(session.status).toBe(200);
    expect(((await session.json()) as { user: { username: string } }).user.username).toBe("alex");
    const products = await call(server.url, "GET", "/api/products", undefined, cookie);
    expect(products.status).toBe(200);
    expect(((await products.json()) as { name: string }[]).map((p: { name: string }) => p.name)).toEqual(["Back rub"]);

    // A write says the disk is full, and nothing was saved.
    const write = await call(server.url, "POST", "/api/products", { ...product, name: "Foot rub" }, cookie);
    expect(write.status).toBe(507);
    expect(((await write.json()) as { message: string }).message).toMatch(/disk is full.*nothing was saved/i);

    // Sign-in, even with the right password, says why it cannot.
    const full = await call(server.url, "POST", "/api/auth/login", { username: "sam", password: "sam-demo-pass" });
    expect(full.status).toBe(503);
    expect(((await full.json()) as { message: string }).message).toMatch(/disk is full/i);
    const wrong = await call(server.url, "POST", "/api/auth/login", { username: "sam", password: "nope" });
    expect(wrong.status).toBe(503);

    // Space freed: everything works again, with nothing half-written meanwhile.
    rmSync(filler, { force: true });
    rmSync(`${filler}-tail`, { force: true });
    expect((await call(server.url, "POST", "/api/products", { ...product, name: "Foot rub" }, cookie)).status).toBe(
      201,
    );
    const again = await call(server.url, "POST", "/api/auth/login", { username: "sam", password: "sam-demo-pass" });
    expect(again.status).toBe(200);
    const names = (
      (await (await call(server.url, "GET", "/api/products", undefined, cookie)).json()) as { name: string }[]
    ).map((p: { name: string }) => p.name);
    expect(names.sort()).toEqual(["Back rub", "Foot rub"]);
    // Logged for whoever runs the box, never as an unexpected error (a 500).
    expect(server.output()).toContain("disk is full");
    expect(server.output()).not.toContain("unexpected error");
    server.child.kill("SIGTERM");
    await server.exited;
  }, 60_000);

  it("npm run backup on a full disk is refused as documented, saying how much it needs, and writes nothing", async () => {
    const dataDir = join(disk.dir, "backup");
    mkdirSync(dataDir);
    const path = join(dataDir, "spankbank.db");
    const db = openDb(path);
    syncCouple(db, demoCouple);
    db.$client.close();
    const filler = fillDisk(dataDir);
    try {
      const backup = spawnSync(process.execPath, [backupEntry], {
        env: { PATH: process.env.PATH ?? "", DATABASE_PATH: path },
        encoding: "utf8",
        timeout: 60_000,
      });
      expect(backup.status).toBe(1);
      expect(backup.stderr.trim()).toMatch(
        /^Backup not taken: Not enough disk space for a backup: it needs about \d+ MiB in \S+ and 64 MiB kept free for the app, but only 0 MiB are free\. Nothing was written\. Free some space, then run `npm run backup`\.$/,
      );
      expect(existsSync(join(dataDir, "backups"))).toBe(false);
    } finally {
      rmSync(filler, { force: true });
      rmSync(`${filler}-tail`, { force: true });
    }
  }, 60_000);

  it("a start on a full disk, or on a read-only database (the server's and the bot's), says so in one line", async () => {
    const dataDir = join(disk.dir, "restart");
    mkdirSync(dataDir);
    const config = await cheapConfig(mkdtempSync(join(tmpdir(), "spankbank-full-disk-config-")));
    const first = await startServer(dataDir, config);
    expect(await first.ready, first.output()).toBe(true);
    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);

    const filler = fillDisk(dataDir);
    const full = await startServer(dataDir, config);
    expect(await full.ready).toBe(false);
    expect(await full.exited).toBe(1);
    expect(full.output().trim().split("\n")).toEqual([
      "Spank Bank cannot start:",
      `the disk holding ${join(dataDir, "spankbank.db")} is full. Free some space on it, then start again.`,
    ]);
    rmSync(filler, { force: true });
    rmSync(`${filler}-tail`, { force: true });

    spawnSync("mount", ["-o", "remount,ro", disk.dir]);
    try {
      const readOnly = await startServer(dataDir, config);
      expect(await readOnly.ready).toBe(false);
      expect(await readOnly.exited).toBe(1);
      const readOnlyLine = `the database ${join(dataDir, "spankbank.db")} is read-only. Make ${dataDir} and the files in it writable (is the disk mounted read-only?), then start again.`;
      expect(readOnly.output().trim().split("\n")).toEqual(["Spank Bank cannot start:", readOnlyLine]);
      // The bot beside it says the same in one line, not with a stack trace.
      const bot = spawnSync(process.execPath, [botEntry], {
        cwd: dataDir,
        env: {
          PATH: process.env.PATH ?? "",
          DATABASE_PATH: join(dataDir, "spankbank.db"),
          SPANKBANK_CONFIG: config,
          DISCORD_TOKEN: "not-a-real-token",
          // Nothing may reach Discord in a test.
          DISCORD_API_URL: "http://127.0.0.1:9/api",
        },
        encoding: "utf8",
      });
      expect(bot.status).toBe(1);
      expect(`${bot.stdout}${bot.stderr}`.trim().split("\n")).toEqual(["Discord bot cannot start:", readOnlyLine]);
    } finally {
      spawnSync("mount", ["-o", "remount,rw", disk.dir]);
    }
  }, 60_000);
});

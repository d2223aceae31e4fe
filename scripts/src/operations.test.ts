import { spawn, spawnSync } from "node:child_process";
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { openDb } from "@spankbank/db/client";
import { grantStartingSpanks, syncCouple } from "@spankbank/db/couple";
import { seedDemoData } from "@spankbank/db/demo/seed";
import { addMemory } from "@spankbank/db/memories";
import type { CoupleConfig } from "@spankbank/shared/config";
import { DEMO_LOGINS, demoCouple } from "@spankbank/shared/demoCouple";
import { describe, expect, it, onTestFinished } from "vitest";

const serverEntry = fileURLToPath(new URL("../../server/dist/server.bundle.js", import.meta.url));
const botEntry = fileURLToPath(new URL("../../bot/dist/start.js", import.meta.url));
const script = (name: string) => fileURLToPath(new URL(`../dist/${name}.js`, import.meta.url));

/** A folder with the demo couple as a real couple config and a database holding their demo life. */
function coupleFolder(): { dir: string; path: string } {
  const dir = mkdtempSync(join(tmpdir(), "spankbank-operations-"));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, "couple.config.json"), JSON.stringify(demoCouple));
  const path = join(dir, "spankbank.db");
  const db = openDb(path);
  syncCouple(db, demoCouple);
  seedDemoData(db, demoCouple);
  db.$client.pragma("wal_checkpoint(TRUNCATE)");
  db.$client.close();
  return { dir, path };
}

const envOf = (dir: string, extra: Record<string, string> = {}) => ({
  PATH: process.env.PATH ?? "",
  DATABASE_PATH: join(dir, "spankbank.db"),
  LOG_LEVEL: "info",
  ...extra,
});

/** The real server entry in `dir`; resolves once it listens, with its port and output so far. */
function startServer(dir: string, extra: Record<string, string> = {}) {
  const child = spawn(process.execPath, [serverEntry], { cwd: dir, env: envOf(dir, { PORT: "0", ...extra }) });
  onTestFinished(() => void (child.exitCode === null && child.kill("SIGKILL")));
  const output = { text: "" };
  child.stdout.on("data", (chunk) => (output.text += chunk));
  child.stderr.on("data", (chunk) => (output.text += chunk));
  const listening = new Promise<number>((resolve, reject) => {
    const poll = setInterval(() => {
      const match = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output.text);
      if (match) {
        clearInterval(poll);
        resolve(Number(match[1]));
      }
    }, 20);
    child.on("exit", () => {
      clearInterval(poll);
      reject(new Error(`the server stopped before listening:\n${output.text}`));
    });
  });
  // A server expected to refuse never listens: that is no unhandled failure of the test.
  listening.catch(() => undefined);
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, output, listening, exited };
}

/** A start expected to refuse: the real entry (server or bot) in `dir`, run to its end. */
const startToEnd = (entry: string, dir: string, extra: Record<string, string>) =>
  spawnSync(process.execPath, [entry], {
    cwd: dir,
    env: envOf(dir, { PORT: "0", ...extra }),
    encoding: "utf8",
    timeout: 60_000,
  });

const runScript = (name: string, dir: string, ...args: string[]) =>
  spawnSync(process.execPath, [script(name), ...args], { cwd: dir, env: envOf(dir), encoding: "utf8" });

/** A backup taken with `npm run backup`: its path. */
function backupOf(dir: string): string {
  const taken = runScript("backup", dir);
  const path = /verified: (\S+\.db)/.exec(taken.stdout)?.[1];
  if (!path) throw new Error(`no backup taken:\n${taken.stdout}${taken.stderr}`);
  return path;
}

const count = (path: string, query: string) => {
  const db = openDb(path);
  try {
    return (db.$client.prepare(query).get() as { n: number }).n;
  } finally {
    db.$client.close();
  }
};

/** A couple of their own: not the demo's partners (another login and Discord id each). */
const jordanAndKim = {
  ...demoCouple,
  partners: [
    { ...demoCouple.partners[0]!, username: "jordan", responseName: "jordan_j", discordId: "333333333333333333" },
    { ...demoCouple.partners[1]!, username: "kim", responseName: "kim_k", discordId: "444444444444444444" },
  ],
} satisfies CoupleConfig;

/** The logins of the partners a database holds. */
const partnersOf = (path: string) => {
  const db = openDb(path);
  try {
    return (db.$client.prepare("SELECT username FROM users ORDER BY id").all() as { username: string }[]).map(
      (user) => user.username,
    );
  } finally {
    db.$client.close();
  }
};

// Every test starts real node processes: generous on a busy 2-core machine.
describe("operations lose nothing", { timeout: 120_000 }, () => {
  it("two starts then restore loses nothing: the second server refuses in one line, leaves the first's pid file, and restore refuses while it runs", async () => {
    const { dir, path } = coupleFolder();
    const backup = backupOf(dir);

    const first = startServer(dir);
    const port = await first.listening;
    const pidFile = join(dir, "run", "spankbank.db.server.pid");
    expect(readFileSync(pidFile, "utf8")).toBe(String(first.child.pid));

    // A second start on the same database and port, as a second `npm start` would.
    const second = startServer(dir, { PORT: String(port) });
    expect(await second.exited).toBe(1);
    expect(second.output.text.trim().split("\n")).toEqual([
      "Spank Bank cannot start:",
      `Spank Bank's server (pid ${first.child.pid}) is already running on ${path}: stop it first, or give this one its own DATABASE_PATH.`,
    ]);
    expect(readFileSync(pidFile, "utf8")).toBe(String(first.child.pid));

    const restore = runScript("restore", dir, backup);
    expect(restore.status).toBe(1);
    expect(restore.stderr).toContain(`Spank Bank is running on ${path}: server (pid ${first.child.pid})`);

    // Writes the first server acknowledges after all that are all in the file.
    const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(DEMO_LOGINS[0]),
    });
    const cookie = login.headers.getSetCookie()[0]!.split(";")[0]!;
    for (let i = 0; i < 6; i++) {
      const listed = await fetch(`http://127.0.0.1:${port}/api/products`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie },
        body: JSON.stringify({ name: `after-restore-${i}`, description: "Kept", quantity: 1, price: 5 }),
      });
      expect(listed.status).toBe(201);
    }
    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    expect(existsSync(pidFile)).toBe(false);
    expect(count(path, "SELECT COUNT(*) AS n FROM products WHERE name LIKE 'after-restore-%'")).toBe(6);
    expect(readdirSync(dir).filter((name) => name.includes(".replaced-"))).toEqual([]);
  });

  it("a restore killed mid-copy leaves the old database in place", async () => {
    const { dir, path } = coupleFolder();
    const backup = backupOf(dir);
    const before = readFileSync(path);
    // The backup comes through a pipe, half of it now: the copy waits for the rest, and is killed.
    const pipe = join(dir, "incoming.db");
    expect(spawnSync("mkfifo", [pipe]).status).toBe(0);
    const restore = spawn(process.execPath, [script("restore"), pipe], { cwd: dir, env: envOf(dir) });
    const exited = new Promise((resolve) => restore.on("exit", resolve));
    const bytes = readFileSync(backup);
    const half = Math.floor(bytes.length / 2);
    const writer = openSync(pipe, "w");
    writeSync(writer, bytes, 0, half);
    const temporary = `${path}.restoring`;
    while (!existsSync(temporary) || statSync(temporary).size < half) await sleep(10);
    restore.kill("SIGKILL");
    await exited;
    closeSync(writer);

    expect(readFileSync(path)).toEqual(before);
    expect(readdirSync(dir).filter((name) => name.includes(".replaced-"))).toEqual([]);
    expect(count(path, "SELECT COUNT(*) AS n FROM users")).toBe(2);
    // The next restore clears the half copy and completes.
    const again = runScript("restore", dir, backup);
    expect(again.status, again.stderr).toBe(0);
    expect(existsSync(temporary)).toBe(false);
  });

  it("in production, a database emptied or gone while backups exist refuses to start, naming the latest backup", () => {
    const { dir, path } = coupleFolder();
    const backup = backupOf(dir);
    for (const lose of [() => writeFileSync(path, ""), () => rmSync(path)]) {
      lose();
      const start = startToEnd(serverEntry, dir, { NODE_ENV: "production" });
      expect(start.status).toBe(1);
      expect(start.stderr.trim().split("\n")).toEqual([
        "Spank Bank cannot start:",
        `${path} is ${existsSync(path) ? "empty" : "missing"}, but backups of it exist (latest: ${backup}). Restore it with \`npm run restore -- ${backup}\`; to start fresh on purpose, create ${join(dir, "start-fresh")} (\`touch ${join(dir, "start-fresh")}\`) and start again.`,
      ]);
      // Nothing was created in its place: no fresh install with new starting spanks.
      expect(!existsSync(path) || statSync(path).size === 0).toBe(true);
    }
  });

  it("in production, a database emptied or gone before any backup refuses to start once the app ran here; start-fresh lets one start through", async () => {
    const dir = mkdtempSync(join(tmpdir(), "spankbank-operations-"));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    writeFileSync(join(dir, "couple.config.json"), JSON.stringify(demoCouple));
    const path = join(dir, "spankbank.db");
    const production = { NODE_ENV: "production" };
    // The first start of a new install is a fresh install.
    const first = startServer(dir, production);
    // Answered once its start is through, SIGTERM handler included.
    expect((await fetch(`http://127.0.0.1:${await first.listening}/api/health`)).status).toBe(200);
    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);

    const startFresh = join(dir, "start-fresh");
    for (const [state, lose] of [
      ["empty", () => writeFileSync(path, "")],
      ["missing", () => rmSync(path)],
    ] as const) {
      lose();
      const start = startServer(dir, production);
      expect(await start.exited).toBe(1);
      expect(start.output.text.trim().split("\n")).toEqual([
        "Spank Bank cannot start:",
        `${path} is ${state}, but Spank Bank ran here before (a couple was set up (${join(dir, "run", "set-up")})): starting would be a fresh install. Put the database back (from a copy of ${join(dir, "backups")}: \`npm run restore -- FILE\`), or to start fresh on purpose, create ${startFresh} (\`touch ${startFresh}\`) and start again.`,
      ]);
      // Nothing was created in its place: no fresh install with new starting spanks.
      expect(!existsSync(path) || statSync(path).size === 0).toBe(true);
    }

    // Images alone say so too.
    rmSync(join(dir, "run"), { recursive: true });
    mkdirSync(join(dir, "media"));
    writeFileSync(join(dir, "media", "1.jpg"), "a photo of the two of you");
    const imagesOnly = startServer(dir, production);
    expect(await imagesOnly.exited).toBe(1);
    expect(imagesOnly.output.text).toContain(`ran here before (1 image(s) in ${join(dir, "media")})`);

    // On purpose: one start goes through, and the file is gone, so a later loss is refused again.
    writeFileSync(startFresh, "");
    const fresh = startServer(dir, production);
    expect((await fetch(`http://127.0.0.1:${await fresh.listening}/api/health`)).status).toBe(200);
    fresh.child.kill("SIGTERM");
    expect(await fresh.exited).toBe(0);
    expect(existsSync(startFresh)).toBe(false);
    expect(count(path, "SELECT COUNT(*) AS n FROM users")).toBe(2);
  });

  it("a start on a database file too damaged to open says so in one line, naming check and restore", async () => {
    const { dir, path } = coupleFolder();
    const file = openSync(path, "r+");
    // The header's magic string: SQLite no longer knows the file as a database.
    writeSync(file, Buffer.from("not a database, sorry"), 0, 16, 0);
    closeSync(file);
    for (const entry of [serverEntry, botEntry]) {
      const start = startToEnd(entry, dir, { DISCORD_TOKEN: "not-a-real-token" });
      expect(start.status).toBe(1);
      expect(start.stderr.trim().split("\n")).toEqual([
        expect.stringMatching(/^(Spank Bank|Discord bot) cannot start:$/),
        `the database ${path} is damaged (file is not a database). Run \`npm run check\` for a report, then put the latest backup back with \`npm run restore -- FILE\` (\`npm run backup -- --list\` lists them).`,
      ]);
    }
  });

  it("a couple's first start on the database the demo ran on (`npm start` before `npm run setup`) refuses in one line, adding them to nobody's data", async () => {
    const dir = mkdtempSync(join(tmpdir(), "spankbank-operations-"));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const path = join(dir, "spankbank.db");
    // No config yet: the demo couple and its eight months of made-up history in data/spankbank.db.
    const demo = startServer(dir);
    // Answered once its start is through, SIGTERM handler included.
    expect((await fetch(`http://127.0.0.1:${await demo.listening}/api/health`)).status).toBe(200);
    demo.child.kill("SIGTERM");
    expect(await demo.exited).toBe(0);
    const partnersBefore = partnersOf(path);

    writeFileSync(join(dir, "couple.config.json"), JSON.stringify(jordanAndKim));
    const server = startServer(dir);
    expect(await Promise.race([server.exited, server.listening.then(() => "listening")]), server.output.text).toBe(1);
    expect(server.output.text.trim().split("\n")).toEqual([
      "Spank Bank cannot start:",
      `${path} holds another couple's data (alex (Discord 111111111111111111) and sam (Discord 222222222222222222)), and ${join(dir, "couple.config.json")} names neither partner: starting would add your couple to theirs. If it is the demo's (\`npm start\` before \`npm run setup\`), move it aside (\`mv ${path} ${path}.demo\`) and start again; if it is yours, put the partners' Discord ids back in the config.`,
    ]);
    expect(partnersOf(path)).toEqual(partnersBefore);
  });

  it("the demo (server and bot) refuses a couple's database whose config it did not find, adding nobody to it", async () => {
    const dir = mkdtempSync(join(tmpdir(), "spankbank-operations-"));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const path = join(dir, "spankbank.db");
    const db = openDb(path);
    const [jordan] = syncCouple(db, jordanAndKim);
    grantStartingSpanks(db, jordanAndKim);
    addMemory(db, { userId: jordan!.id, message: "Our first night in the new flat", createdAt: new Date() });
    db.$client.close();

    // couple.config.json is not where this start looks (moved, or SPANKBANK_CONFIG not set here).
    const server = startServer(dir);
    expect(await Promise.race([server.exited, server.listening.then(() => "listening")]), server.output.text).toBe(1);
    const bot = startToEnd(botEntry, dir, { DISCORD_TOKEN: "not-a-real-token" });
    for (const [start, output] of [
      ["Spank Bank cannot start:", server.output.text],
      ["Discord bot cannot start:", bot.stderr],
    ] as const) {
      expect(output.trim().split("\n")).toEqual([
        start,
        `${path} holds a couple's data (jordan (Discord 333333333333333333) and kim (Discord 444444444444444444)) and there is no couple config at ${join(dir, "couple.config.json")}: this start would add the demo couple to it. Put the couple config back (or point SPANKBANK_CONFIG at it); to try the demo, give it a database of its own (DATABASE_PATH=data/demo.db).`,
      ]);
    }
    expect(partnersOf(path)).toEqual(["jordan", "kim"]);
  });

  it("a damaged database: `npm run check` prints its report, and the server starts but says so in the log and in Discord", async () => {
    const { dir, path } = coupleFolder();
    // The memories table's first page is overwritten: the file opens, reading it fails.
    const db = openDb(path);
    const { rootpage } = db.$client.prepare("SELECT rootpage FROM sqlite_master WHERE name = 'memories'").get() as {
      rootpage: number;
    };
    const pageSize = db.$client.pragma("page_size", { simple: true }) as number;
    db.$client.close();
    const file = openSync(path, "r+");
    writeSync(file, Buffer.alloc(64, 0xff), 0, 64, (rootpage - 1) * pageSize);
    closeSync(file);

    const check = runScript("check", dir);
    expect(check.status).toBe(1);
    expect(check.stderr).toMatch(
      /has \d+ problem\(s\):\n {2}- \[integrity_check\] cannot be read: database disk image is malformed/,
    );
    expect(check.stderr).not.toMatch(/\n\s+at /);

    const server = startServer(dir);
    await server.listening;
    expect(server.output.text).toContain(
      "DATABASE DAMAGED: the database failed SQLite's quick check at start (cannot be read: database disk image is malformed).",
    );
    server.child.kill("SIGTERM");
    await server.exited;
    expect(count(path, "SELECT COUNT(*) AS n FROM outbox WHERE kind = 'operator_alert'")).toBe(1);
  });
});

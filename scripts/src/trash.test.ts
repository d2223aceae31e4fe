import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { openDb } from "@spankbank/db/client";
import { syncCouple } from "@spankbank/db/couple";
import { addMemory, trashMemories } from "@spankbank/db/memories";
import { demoCouple } from "@spankbank/shared/demoCouple";
import { describe, expect, it } from "vitest";

const entry = fileURLToPath(new URL("../dist/trash.js", import.meta.url));
const DAY = 24 * 60 * 60 * 1000;

/** A database with "kept" on the board, "recent" deleted a day ago and "old" 40 days ago. */
function databaseWithTrash() {
  const path = join(mkdtempSync(join(tmpdir(), "spankbank-trash-cli-")), "spankbank.db");
  const db = openDb(path);
  syncCouple(db, demoCouple);
  const userId = (db.$client.prepare("SELECT id FROM users WHERE username = 'sam'").get() as { id: number }).id;
  const ids: Record<string, number> = {};
  for (const message of ["kept", "recent", "old"]) ids[message] = addMemory(db, { userId, message }).id;
  trashMemories(db, [ids.recent!], new Date(Date.now() - DAY));
  trashMemories(db, [ids.old!], new Date(Date.now() - 40 * DAY));
  db.$client.close();
  return { path, ids };
}

const run = (path: string, ...args: string[]) =>
  spawnSync(process.execPath, [entry, ...args], {
    env: { PATH: process.env.PATH ?? "", DATABASE_PATH: path },
    encoding: "utf8",
  });

const visible = (path: string) => {
  const db = openDb(path);
  const rows = db.$client.prepare("SELECT message FROM memories WHERE deleted_at IS NULL ORDER BY id").all();
  db.$client.close();
  return (rows as { message: string }[]).map((row) => row.message);
};
const stored = (path: string) => {
  const db = openDb(path);
  const { n } = db.$client.prepare("SELECT COUNT(*) AS n FROM memories").get() as { n: number };
  db.$client.close();
  return n;
};

// Each test starts node processes: generous on a busy 2-core machine.
describe("npm run trash", { timeout: 60_000 }, () => {
  it("lists the trash, restores from it, and purges what is past 30 days", () => {
    const { path, ids } = databaseWithTrash();
    const list = run(path);
    expect(list.status).toBe(0);
    expect(list.stdout).toContain("1 deleted memory, restorable with --restore ID:");
    expect(list.stdout).toMatch(new RegExp(`${ids.recent}  deleted \\d{4}-\\d\\d-\\d\\d .*by sam_r: "recent"`));
    expect(list.stdout).not.toContain('"old"');

    const restored = run(path, "--restore", String(ids.recent));
    expect(restored.status).toBe(0);
    expect(restored.stdout).toContain("Restored 1 memory to the board.");
    expect(visible(path)).toEqual(["kept", "recent"]);

    const purged = run(path, "--purge");
    expect(purged.status).toBe(0);
    expect(purged.stdout).toContain("Purged 1 memory deleted more than 30 days ago");
    expect(stored(path)).toBe(2);
    expect(run(path).stdout).toContain("The trash is empty");
  });

  it("refuses an id that is not in the trash, or not an id, and changes nothing", () => {
    const { path, ids } = databaseWithTrash();
    const old = run(path, "--restore", String(ids.recent), String(ids.old));
    expect(old.status).toBe(1);
    expect(old.stderr).toContain(`No memory in the trash with id ${ids.old}. Nothing was changed.`);
    const notAnId = run(path, "--restore", "12abc");
    expect(notAnId.status).toBe(1);
    expect(notAnId.stderr).toContain("Not a memory id: 12abc");
    expect(run(path, "--bogus").status).toBe(1);
    expect(visible(path)).toEqual(["kept"]);
    expect(stored(path)).toBe(3);
  });
});

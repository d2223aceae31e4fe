import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { demoCouple } from "@spankbank/shared/demoCouple";
import { describe, expect, it, onTestFinished } from "vitest";
import { migrationsFolder, openDb } from "../../client.js";
import { syncCouple } from "../../couple.js";
import { addMemory, listMemories } from "../../memories.js";
import { restoreBackup, takeBackup } from "./index.js";

/** A lived-in database of its own, with one verified backup of it taken. */
async function backedUp() {
  const dir = mkdtempSync(join(tmpdir(), "spankbank-restore-name-"));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  const path = join(dir, "spankbank.db");
  const db = openDb(path);
  const [alex] = syncCouple(db, demoCouple);
  addMemory(db, { userId: alex!.id, message: "Our first night in Lisbon" });
  const backup = await takeBackup(db, path, new Date("2026-11-22T03:00:00Z"), () => 1024 ** 4);
  addMemory(db, { userId: alex!.id, message: "Written after the backup" });
  db.$client.close();
  return { dir, path, backup };
}

const memoriesIn = (path: string) => {
  const db = openDb(path);
  try {
    return listMemories(db).map((memory) => memory.message);
  } finally {
    db.$client.close();
  }
};

describe("npm run restore -- FILE, FILE not named like the backups folder names them", () => {
  it("restores a good backup kept under a name that does not end in .db (an off-box copy, a .replaced- file)", async () => {
    const { dir, path, backup } = await backedUp();
    // The same verified file, only named otherwise: e.g. fetched from off the box as `….sqlite`.
    const offBox = join(dir, "spankbank-from-nas.sqlite");
    copyFileSync(backup.path, offBox);
    expect(() => restoreBackup(path, offBox, new Date("2026-11-23T10:00:00Z"), migrationsFolder)).not.toThrow();
    expect(memoriesIn(path)).toEqual(["Our first night in Lisbon"]);
  });

  it("undoes a restore by restoring the `.replaced-<time>` file it kept", async () => {
    const { path, backup } = await backedUp();
    const { keptAs } = restoreBackup(path, backup.path, new Date("2026-11-23T10:00:00Z"), migrationsFolder);
    expect(keptAs).toMatch(/spankbank\.db\.replaced-2026-11-23T100000Z$/);
    // The database it replaced held the memory written after the backup: put it back.
    expect(() => restoreBackup(path, keptAs!, new Date("2026-11-23T10:05:00Z"), migrationsFolder)).not.toThrow();
    expect(memoriesIn(path).sort()).toEqual(["Our first night in Lisbon", "Written after the backup"]);
  });
});

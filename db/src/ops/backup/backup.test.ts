import { createHash, randomBytes } from "node:crypto";
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  truncateSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { demoCouple } from "@spankbank/shared/demoCouple";
import { describe, expect, it, onTestFinished } from "vitest";
import { type Db, migrationsFolder, openDb } from "../../client.js";
import { syncCouple } from "../../couple.js";
import { addMemory, trashMemories } from "../../memories.js";
import { purgeTrash } from "../../memoryTrash.js";
import { addPasskey, removePasskey } from "../../passkeys.js";
import { createProduct } from "../../products.js";
import { purchaseProduct } from "../../purchase.js";
import { giveSpanks, openTestDb } from "../../test/testDb.js";
import { oggOpusVoiceNote } from "../../test/tinyMedia.js";
import { tryLock } from "../running.js";
import { createSession, credentialOf, deleteSessionsOf, userForSession } from "../sessions.js";
import { refuseFreshInstallOverLostData } from "../startChecks.js";
import { manifestOf } from "./files.js";
import {
  BackupRefused,
  backupBeforeMigrations,
  backupsDirOf,
  listBackups,
  mediaDirOf,
  mediaStoreOf,
  pruneBackups,
  restoreBackup,
  takeBackup,
  verifyBackupFile,
} from "./index.js";
import { mediaToStore, storeMedia } from "./mediaStore.js";

/** Bytes the files under `dir` take on disk (each file once, as `du` counts hard links). */
function diskUsed(dir: string, seen = new Set<number>()): number {
  let total = 0;
  for (const name of readdirSync(dir)) {
    const info = lstatSync(join(dir, name));
    if (info.isDirectory()) total += diskUsed(join(dir, name), seen);
    else if (!seen.has(info.ino)) {
      seen.add(info.ino);
      total += info.blocks * 512;
    }
  }
  return total;
}

const MiB = 1024 * 1024;
const plentyOfSpace = () => 1024 * 1024 * MiB;

function addPhoto(path: string, name: string, bytes: number): Buffer {
  const photo = randomBytes(bytes);
  mkdirSync(mediaDirOf(path), { recursive: true });
  writeFileSync(join(mediaDirOf(path), name), photo);
  return photo;
}

/** Every row of every table, to compare a database before and after. */
function everyRow(path: string) {
  const db = openDb(path);
  const tables = db.$client
    // Plain tables only: a search index (FTS5, its shadow tables) holds nothing its table does not.
    .prepare(
      "SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
    )
    .all() as { name: string }[];
  const rows = Object.fromEntries(
    tables.map(({ name }) => [name, db.$client.prepare(`SELECT * FROM "${name}" ORDER BY rowid`).all()]),
  );
  db.$client.close();
  return rows;
}

/**
 * A database file of its own in a folder removed after the test, not the test kit's: for a test
 * that closes, breaks or restores over its database.
 */
function ownDatabase() {
  const dir = mkdtempSync(join(tmpdir(), "spankbank-backup-"));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  const path = join(dir, "spankbank.db");
  return { path, db: openDb(path) };
}

function livedInCouple() {
  const test = openTestDb();
  const { db, alex, sam } = test;
  giveSpanks(db, alex, 50);
  addMemory(db, { userId: sam, message: "The night the power went out and we played cards by candlelight" });
  const favour = createProduct(db, sam, { name: "Breakfast in bed", description: "Pancakes", quantity: 2, price: 20 });
  purchaseProduct(db, { buyerId: alex, productId: favour.id });
  return test;
}

describe("backups", () => {
  it("round trip: write, back up, lose the database, restore, and every row is back", async () => {
    // Its own file, not the test kit's: this test closes and breaks the database on purpose.
    const { path, db } = ownDatabase();
    const [alex, sam] = syncCouple(db, demoCouple).map((user) => user.id) as [number, number];
    giveSpanks(db, alex, 50);
    addMemory(db, { userId: sam, message: "The night the power went out and we played cards by candlelight" });
    const favour = createProduct(db, sam, {
      name: "Breakfast in bed",
      description: "Pancakes",
      quantity: 2,
      price: 20,
    });
    purchaseProduct(db, { buyerId: alex, productId: favour.id });
    mkdirSync(mediaDirOf(path), { recursive: true });
    writeFileSync(join(mediaDirOf(path), "1.png"), "a picture of the two of you");
    const backup = await takeBackup(db, path, new Date("2026-11-22T03:00:00Z"));
    expect(backup.name).toBe("spankbank-2026-11-22T030000Z.db");
    const before = everyRow(backup.path);

    // The disk goes bad: the database file becomes garbage and the media folder is emptied.
    db.$client.close();
    writeFileSync(path, "this is not a database any more");
    writeFileSync(join(mediaDirOf(path), "1.png"), "");

    const { keptAs } = restoreBackup(path, backup.path, new Date("2026-11-23T10:00:00Z"));
    expect(readFileSync(keptAs!, "utf8")).toBe("this is not a database any more");
    expect(everyRow(path)).toEqual(before);
    expect(everyRow(path).memories).toHaveLength(1);
    expect(everyRow(path).purchases).toHaveLength(1);
    expect(readFileSync(join(mediaDirOf(path), "1.png"), "utf8")).toBe("a picture of the two of you");
  });

  it("a second restore within the same second keeps the database the first one replaced", async () => {
    const { path, db } = ownDatabase();
    syncCouple(db, demoCouple);
    const backup = await takeBackup(db, path, new Date("2026-11-22T03:00:00Z"));
    db.$client.close();
    writeFileSync(path, "the database before the first restore");

    const now = new Date("2026-11-23T10:00:00Z");
    const first = restoreBackup(path, backup.path, now).keptAs;
    const second = restoreBackup(path, backup.path, now).keptAs;
    expect(second).not.toBe(first);
    expect(readFileSync(first!, "utf8")).toBe("the database before the first restore");
  });

  it("refuses to restore a file that is not a good backup, and changes nothing", () => {
    const { db, path } = livedInCouple();
    const bad = join(backupsDirOf(path), "spankbank-2026-11-22T030000Z.db");
    mkdirSync(backupsDirOf(path), { recursive: true });
    writeFileSync(bad, "half a file");
    expect(verifyBackupFile(bad)).not.toEqual([]);
    expect(() => restoreBackup(path, bad)).toThrow(/is not a good backup/);
    expect(db.$client.prepare("SELECT COUNT(*) AS n FROM memories").get()).toEqual({ n: 1 });
  });

  it("lists backups newest first with their time", async () => {
    const { db, path } = livedInCouple();
    await takeBackup(db, path, new Date("2026-11-20T03:00:00Z"));
    await takeBackup(db, path, new Date("2026-11-21T03:00:00Z"));
    expect(listBackups(path).map((b) => [b.name, b.takenAt.toISOString()])).toEqual([
      ["spankbank-2026-11-21T030000Z.db", "2026-11-21T03:00:00.000Z"],
      ["spankbank-2026-11-20T030000Z.db", "2026-11-20T03:00:00.000Z"],
    ]);
    expect(readdirSync(backupsDirOf(path)).some((name) => name.endsWith(".partial"))).toBe(false);
  });

  it("keeps 14 daily and 8 weekly backups, the newest of each day and week", async () => {
    const { db, path } = livedInCouple();
    const first = await takeBackup(db, path, new Date("2026-11-22T03:00:00Z"));
    // 120 days of backups, two a day, ending Sunday 2026-11-22.
    for (let day = 0; day < 120; day++) {
      for (const hour of ["030000", "150000"]) {
        const date = new Date(Date.UTC(2026, 10, 22 - day)).toISOString().slice(0, 10);
        const copy = join(backupsDirOf(path), `spankbank-${date}T${hour}Z.db`);
        if (!existsSync(copy)) cpSync(first.path, copy);
      }
    }
    pruneBackups(path, { keepDaily: 14, keepWeekly: 8 });
    const kept = listBackups(path).map((b) => b.name.slice(10, 28));
    expect(kept.slice(0, 14)).toEqual(
      Array.from(
        { length: 14 },
        (_, day) => `${new Date(Date.UTC(2026, 10, 22 - day)).toISOString().slice(0, 10)}T150000Z`,
      ),
    );
    // Then the newest of each of the 8 weeks before 2026-11-09: the Sundays.
    expect(kept.slice(14)).toEqual([
      "2026-11-08T150000Z",
      "2026-11-01T150000Z",
      "2026-10-25T150000Z",
      "2026-10-18T150000Z",
      "2026-10-11T150000Z",
      "2026-10-04T150000Z",
      "2026-09-27T150000Z",
      "2026-09-20T150000Z",
    ]);
  });

  it("keeps a pre-migration copy and manual backups apart from the daily rotation, for BACKUP_KEPT_APART_DAYS days", async () => {
    const { db, path } = livedInCouple();
    addPhoto(path, "ours.jpg", 1024);
    addPhoto(path, "only-in-manual.jpg", 1024);
    const daily = await takeBackup(db, path, new Date("2026-11-22T03:00:00Z"), plentyOfSpace);
    // Upgrade day: the copy before the migrations, then two backups by hand, as docs/deploy.md says.
    const preMigration = join(backupsDirOf(path), "spankbank-2026-11-22T093000Z-pre-migration.db");
    cpSync(daily.path, preMigration);
    const manual = await takeBackup(db, path, new Date("2026-11-22T10:00:00Z"), plentyOfSpace, "manual");
    rmSync(join(mediaDirOf(path), "only-in-manual.jpg"));
    const later = await takeBackup(db, path, new Date("2026-11-22T11:00:00Z"), plentyOfSpace, "manual");
    expect([manual.name, later.name]).toEqual([
      "spankbank-2026-11-22T100000Z-manual.db",
      "spankbank-2026-11-22T110000Z-manual.db",
    ]);
    const nextDaily = await takeBackup(db, path, new Date("2026-11-23T03:00:00Z"), plentyOfSpace);

    const retention = { keepDaily: 1, keepWeekly: 0 };
    expect(pruneBackups(path, retention, new Date("2026-11-23T03:00:00Z"))).toEqual([daily.name]);
    expect(listBackups(path).map((backup) => [backup.name, backup.kind])).toEqual([
      [nextDaily.name, "daily"],
      [later.name, "manual"],
      [manual.name, "manual"],
      ["spankbank-2026-11-22T093000Z-pre-migration.db", "pre-migration"],
    ]);

    // 30 days after the first daily backup since them (the next night's) they still are; then the
    // rotation deletes them, and the image only they listed.
    expect(pruneBackups(path, retention, new Date("2026-12-23T02:59:00Z"))).toEqual([]);
    expect(readdirSync(mediaStoreOf(path))).toHaveLength(2);
    expect(pruneBackups(path, retention, new Date("2026-12-23T03:00:01Z"))).toEqual([
      later.name,
      manual.name,
      "spankbank-2026-11-22T093000Z-pre-migration.db",
    ]);
    expect(listBackups(path).map((backup) => backup.name)).toEqual([nextDaily.name]);
    expect(readdirSync(mediaStoreOf(path))).toHaveLength(1);
  });

  it("copies a database holding data before a pending migration, and nothing when none is pending", () => {
    const { db, path } = livedInCouple();
    expect(backupBeforeMigrations(db.$client, path, migrationsFolder)).toBeNull();

    // An upgrade brings one more migration than the database has seen.
    const upgraded = join(backupsDirOf(path), "..", "upgraded-migrations");
    cpSync(migrationsFolder, upgraded, { recursive: true });
    const journalPath = join(upgraded, "meta", "_journal.json");
    const journal = JSON.parse(readFileSync(journalPath, "utf8"));
    journal.entries.push({
      ...journal.entries.at(-1),
      idx: journal.entries.length,
      when: Date.now() + 1000,
      tag: "9999_next",
    });
    writeFileSync(journalPath, JSON.stringify(journal));
    writeFileSync(join(upgraded, "9999_next.sql"), "CREATE TABLE `later` (`id` integer);");

    const copy = backupBeforeMigrations(db.$client, path, upgraded, new Date("2026-11-22T09:30:00Z"));
    expect(copy).toMatch(/spankbank-2026-11-22T093000Z-pre-migration\.db$/);
    expect(verifyBackupFile(copy!)).toEqual([]);
    expect(everyRow(copy!).memories).toHaveLength(1);
  });

  it("ten backups of 20 MiB of photos take about one copy of the photos", async () => {
    const { db, path } = livedInCouple();
    for (let i = 0; i < 10; i++) addPhoto(path, `photo-${i}.jpg`, 2 * MiB);
    for (let day = 1; day <= 10; day++) {
      await takeBackup(db, path, new Date(Date.UTC(2026, 10, day, 3)), plentyOfSpace);
    }
    expect(listBackups(path)).toHaveLength(10);
    const used = diskUsed(backupsDirOf(path));
    const databases = listBackups(path).reduce((sum, backup) => sum + backup.bytes, 0);
    // One copy of the photos (20 MiB), the ten small databases and their lists: not ten copies.
    expect(used).toBeGreaterThanOrEqual(20 * MiB);
    expect(used - databases).toBeLessThan(21 * MiB);
  });

  it("retention deletes old backups but never an image a kept backup still lists, and restore brings back the chosen backup's images", async () => {
    // Its own file: the test closes the database to restore over it.
    const { path, db } = ownDatabase();
    syncCouple(db, demoCouple);
    const shared = addPhoto(path, "shared.jpg", 64 * 1024);
    const old = addPhoto(path, "only-in-old.jpg", 64 * 1024);
    const first = await takeBackup(db, path, new Date("2026-11-01T03:00:00Z"), plentyOfSpace);
    rmSync(join(mediaDirOf(path), "only-in-old.jpg"));
    const newer = addPhoto(path, "new.jpg", 64 * 1024);
    await takeBackup(db, path, new Date("2026-11-02T03:00:00Z"), plentyOfSpace);
    expect(readdirSync(mediaStoreOf(path))).toHaveLength(3);

    // The newest day alone is kept: the old backup goes, and the image only it listed.
    expect(pruneBackups(path, { keepDaily: 1, keepWeekly: 0 })).toEqual([first.name]);
    expect(readdirSync(mediaStoreOf(path))).toHaveLength(2);
    expect(existsSync(first.path.replace(/\.db$/, ".media.json"))).toBe(false);

    const [kept] = listBackups(path);
    rmSync(mediaDirOf(path), { recursive: true });
    db.$client.close();
    restoreBackup(path, kept!.path, new Date("2026-11-03T10:00:00Z"));
    expect(readdirSync(mediaDirOf(path)).sort()).toEqual(["new.jpg", "shared.jpg"]);
    expect(readFileSync(join(mediaDirOf(path), "shared.jpg"))).toEqual(shared);
    expect(readFileSync(join(mediaDirOf(path), "new.jpg"))).toEqual(newer);
    expect(old).toHaveLength(64 * 1024);
  });

  it("keeps a voice message once by its hash however many backups list it, and restores it with its memory", async () => {
    // Its own file: the test closes the database to restore over it.
    const { path, db } = ownDatabase();
    const [, sam] = syncCouple(db, demoCouple).map((user) => user.id) as [number, number];
    const voice = oggOpusVoiceNote(4);
    mkdirSync(mediaDirOf(path), { recursive: true });
    writeFileSync(join(mediaDirOf(path), "0b7e-voice.ogg"), voice);
    addMemory(db, {
      userId: sam,
      message: "",
      images: [{ fileName: "0b7e-voice.ogg", contentType: "audio/ogg", size: voice.length }],
    });
    for (const day of [1, 2, 3]) await takeBackup(db, path, new Date(Date.UTC(2026, 10, day, 3)), plentyOfSpace);
    const sha256 = createHash("sha256").update(voice).digest("hex");
    expect(readdirSync(mediaStoreOf(path))).toEqual([sha256]);
    expect(readFileSync(join(mediaStoreOf(path), sha256)).equals(voice)).toBe(true);

    const [newest] = listBackups(path);
    db.$client.close();
    rmSync(mediaDirOf(path), { recursive: true });
    writeFileSync(path, "lost");
    restoreBackup(path, newest!.path, new Date("2026-11-04T10:00:00Z"));
    expect(everyRow(path).memory_images).toEqual([
      {
        id: 1,
        memory_id: 1,
        file_name: "0b7e-voice.ogg",
        content_type: "audio/ogg",
        size: voice.length,
        discord_attachment_id: null,
      },
    ]);
    expect(readFileSync(join(mediaDirOf(path), "0b7e-voice.ogg")).equals(voice)).toBe(true);
  });

  it("keeps the photo of a memory posted while the backup runs: every file a row of the copy names is in its media", async () => {
    const { path, db } = ownDatabase();
    const [, sam] = syncCouple(db, demoCouple).map((user) => user.id) as [number, number];
    addPhoto(path, "older.png", 64);
    // The backup asks for the free space after it looks at the media folder and before it copies
    // the database: the moment the bot saves a photo, then its memory, as a partner posts one.
    let posted: Buffer | undefined;
    const postingMeanwhile = () => {
      posted ??= addPhoto(path, "posted-meanwhile.png", 64);
      addMemory(db, {
        userId: sam,
        message: "Sunset from the ferry",
        images: [{ fileName: "posted-meanwhile.png", contentType: "image/png", size: posted.length }],
      });
      return plentyOfSpace();
    };
    const backup = await takeBackup(db, path, new Date("2026-11-22T03:00:00Z"), postingMeanwhile);
    expect(everyRow(backup.path).memory_images).toHaveLength(1);

    db.$client.close();
    rmSync(mediaDirOf(path), { recursive: true });
    writeFileSync(path, "lost");
    restoreBackup(path, backup.path, new Date("2026-11-23T10:00:00Z"));
    expect(readFileSync(join(mediaDirOf(path), "posted-meanwhile.png")).equals(posted!)).toBe(true);
    expect(existsSync(join(mediaDirOf(path), "older.png"))).toBe(true);
  });

  it("leaves out a photo the bot is still downloading (no row names it, and it is renamed any moment)", async () => {
    const { path, db } = ownDatabase();
    syncCouple(db, demoCouple);
    addPhoto(path, "kept.png", 64);
    addPhoto(path, ".partial-1234", 64);
    const backup = await takeBackup(db, path, new Date("2026-11-22T03:00:00Z"), plentyOfSpace);
    const listed = JSON.parse(readFileSync(manifestOf(backup.path)!, "utf8")).files.map(
      (file: { name: string }) => file.name,
    );
    expect(listed).toEqual(["kept.png"]);
  });

  it("clears what killed backups left (.partial, -wal, -shm) and leaves nothing after a good or a failed one", async () => {
    const { db, path } = livedInCouple();
    addPhoto(path, "a.jpg", 1024);
    const dir = backupsDirOf(path);
    mkdirSync(join(dir, "media"), { recursive: true });
    const leftovers = [
      "spankbank-2026-11-20T030000Z.db.partial",
      "spankbank-2026-11-20T030000Z.db.partial-wal",
      "spankbank-2026-11-20T030000Z.db.partial-shm",
      "spankbank-2026-11-20T030000Z.media.json.partial",
      join("media", "0123abcd.partial"),
    ];
    for (const name of leftovers) writeFileSync(join(dir, name), "half of something big");
    await takeBackup(db, path, new Date("2026-11-21T03:00:00Z"), plentyOfSpace);
    const partials = () =>
      [...readdirSync(dir), ...readdirSync(join(dir, "media"))].filter((name) => /partial|-wal|-shm/.test(name));
    expect(partials()).toEqual([]);

    // A backup that fails half-way (here the disk cannot even say how full it is) leaves nothing either.
    writeFileSync(join(dir, "spankbank-2026-11-22T030000Z.db.partial"), "half");
    await expect(
      takeBackup(db, path, new Date("2026-11-22T03:00:00Z"), () => {
        throw new Error("the disk went away");
      }),
    ).rejects.toThrow("the disk went away");
    expect(partials()).toEqual([]);
    expect(listBackups(path).map((backup) => backup.name)).toEqual(["spankbank-2026-11-21T030000Z.db"]);
  });

  it("refuses a backup the disk has no room for, writing nothing, and says how much it needs", async () => {
    const { db, path } = livedInCouple();
    addPhoto(path, "big.jpg", 2 * MiB);
    const refusal = await takeBackup(db, path, new Date("2026-11-22T03:00:00Z"), () => 50 * MiB).catch((e) => e);
    expect(refusal).toBeInstanceOf(BackupRefused);
    expect(refusal.reason).toBe("disk");
    expect(refusal.message).toMatch(
      /^Not enough disk space for a backup: it needs about 3 MiB in .+ and 64 MiB kept free for the app, but only 50 MiB are free\. Nothing was written\./,
    );
    expect(readdirSync(backupsDirOf(path))).toEqual([]);
  });

  it("takes one backup at a time: a second one started meanwhile is refused and spoils nothing", async () => {
    const { db, path } = livedInCouple();
    addPhoto(path, "a.jpg", 1024);
    const now = new Date("2026-11-22T03:00:00Z");
    const outcomes = await Promise.allSettled([
      takeBackup(db, path, now, plentyOfSpace),
      takeBackup(db, path, now, plentyOfSpace),
    ]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(["fulfilled", "rejected"]);
    const refused = outcomes.find((outcome) => outcome.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(BackupRefused);
    expect(refused.reason.message).toBe(
      `Another backup is running in ${backupsDirOf(path)}; this one was not started.`,
    );
    expect(listBackups(path).map((backup) => backup.name)).toEqual(["spankbank-2026-11-22T030000Z.db"]);
    expect(verifyBackupFile(listBackups(path)[0]!.path)).toEqual([]);
    // And the lock is free again for the next one.
    tryLock(path, "backup")!.release();
  });

  it("does not back up a database holding no couple, so the backups keep the last one with data", async () => {
    const { path, db } = ownDatabase();
    onTestFinished(() => {
      db.$client.close();
    });
    const refusal = await takeBackup(db, path, new Date(), plentyOfSpace).catch((e) => e);
    expect(refusal).toBeInstanceOf(BackupRefused);
    expect(refusal.message).toContain("holds no couple (it is empty): no backup taken");
    expect(listBackups(path)).toEqual([]);
  });
});

describe("backups after a power cut", () => {
  it("writes again an image a power cut left empty in the store (renamed to its hash, its bytes never on disk): the next backup restores whole", async () => {
    const { path, db } = ownDatabase();
    syncCouple(db, demoCouple);
    const photo = addPhoto(path, "us.jpg", 64 * 1024);
    await takeBackup(db, path, new Date("2026-11-21T03:00:00Z"), plentyOfSpace);
    const [object] = readdirSync(mediaStoreOf(path));
    truncateSync(join(mediaStoreOf(path), object!), 0);
    const next = await takeBackup(db, path, new Date("2026-11-22T03:00:00Z"), plentyOfSpace);
    db.$client.close();
    rmSync(mediaDirOf(path), { recursive: true });
    restoreBackup(path, next.path, new Date("2026-11-24T10:00:00Z"));
    expect(readFileSync(join(mediaDirOf(path), "us.jpg")).equals(photo)).toBe(true);
  });

  it("goes on when the newest backup's list of images was left empty, and deletes no image on its doubt", async () => {
    const { path, db } = ownDatabase();
    syncCouple(db, demoCouple);
    addPhoto(path, "us.jpg", 1024);
    const first = await takeBackup(db, path, new Date("2026-11-21T03:00:00Z"), plentyOfSpace);
    writeFileSync(manifestOf(first.path)!, "");
    const stored = readdirSync(mediaStoreOf(path));
    await takeBackup(db, path, new Date("2026-11-22T03:00:00Z"), plentyOfSpace);
    pruneBackups(path, { keepDaily: 14, keepWeekly: 8 }, new Date("2026-11-22T03:00:05Z"));
    expect(readdirSync(mediaStoreOf(path))).toEqual(stored);
    expect(listBackups(path)).toHaveLength(2);
  });
});

describe("backups while photos leave the media folder", () => {
  // The backup runs on a thread of its own: the trash's purge, or the bot removing a photo taken out
  // of its Discord message, removes files on another while the backup reads the folder.
  it("goes on without a photo removed after the folder was listed (its memory purged from the trash)", async () => {
    const { path } = ownDatabase();
    addPhoto(path, "kept.png", 64);
    addPhoto(path, "purged.png", 64);
    // The folder is listed at once, then each photo is read in turn.
    const listing = mediaToStore(path);
    rmSync(join(mediaDirOf(path), "purged.png"));
    expect((await listing).files.map((file) => file.name)).toEqual(["kept.png"]);
  });

  it("goes on without a photo removed before it was copied into the store (taken out of its Discord message)", async () => {
    const { path } = ownDatabase();
    addPhoto(path, "kept.png", 64);
    addPhoto(path, "taken-out.png", 64);
    const { files } = await mediaToStore(path);
    rmSync(join(mediaDirOf(path), "taken-out.png"));
    expect((await storeMedia(path, files)).map((entry) => entry.name)).toEqual(["kept.png"]);
  });
});

describe("ids across a restore", () => {
  // A photo's address (/api/media/<id>) is cached by the partners' browsers for a year: an id given
  // twice shows the old photo there in place of the new one.
  const photo = (path: string, name: string) => ({
    fileName: name,
    contentType: "image/png",
    size: addPhoto(path, name, 64).length,
  });
  const imageId = (db: Db, fileName: string) =>
    db.$client.prepare("SELECT id FROM memory_images WHERE file_name = ?").pluck().get(fileName) as number;
  /** The id the next photo posted on the database at `path` is given. */
  const nextPhotoId = (path: string, userId: number) => {
    const db = openDb(path);
    onTestFinished(() => {
      db.$client.close();
    });
    addMemory(db, { userId, message: "After the restore", images: [photo(path, "new.png")] });
    return imageId(db, "new.png");
  };

  it("never gives a new photo the id of one posted after the backup and lost with the restore", async () => {
    const { path, db } = ownDatabase();
    const [, sam] = syncCouple(db, demoCouple).map((user) => user.id) as [number, number];
    addMemory(db, { userId: sam, message: "In the backup", images: [photo(path, "kept.png")] });
    const backup = await takeBackup(db, path, new Date("2026-11-22T03:00:00Z"), plentyOfSpace);
    addMemory(db, { userId: sam, message: "Posted after it", images: [photo(path, "lost.png")] });
    const lostId = imageId(db, "lost.png");
    db.$client.close();

    restoreBackup(path, backup.path, new Date("2026-11-23T10:00:00Z"));
    expect(nextPhotoId(path, sam)).toBeGreaterThan(lostId);
  });

  it("goes on from the ids the replaced database gave though its last ones were still in its WAL (the server killed)", async () => {
    const { path, db } = ownDatabase();
    const [, sam] = syncCouple(db, demoCouple).map((user) => user.id) as [number, number];
    const backup = await takeBackup(db, path, new Date("2026-11-22T03:00:00Z"), plentyOfSpace);
    addMemory(db, { userId: sam, message: "Posted after it", images: [photo(path, "lost.png")] });
    const lostId = imageId(db, "lost.png");
    // The database and its WAL as a killed server left them (closing folds the WAL in and removes it).
    const killed = { file: readFileSync(path), wal: readFileSync(`${path}-wal`) };
    db.$client.close();
    writeFileSync(path, killed.file);
    writeFileSync(`${path}-wal`, killed.wal);

    restoreBackup(path, backup.path, new Date("2026-11-23T10:00:00Z"));
    expect(nextPhotoId(path, sam)).toBeGreaterThan(lostId);
  });

  it("goes on from the backup's ids when the database it replaces is lost", async () => {
    const { path, db } = ownDatabase();
    const [, sam] = syncCouple(db, demoCouple).map((user) => user.id) as [number, number];
    const purged = addMemory(db, {
      userId: sam,
      message: "Purged from the trash",
      images: [photo(path, "purged.png")],
      createdAt: new Date("2026-09-01T10:00:00Z"),
    });
    const purgedId = imageId(db, "purged.png");
    trashMemories(db, [purged.id], new Date("2026-09-02T10:00:00Z"));
    purgeTrash(db, new Date("2026-11-01T10:00:00Z"));
    const backup = await takeBackup(db, path, new Date("2026-11-22T03:00:00Z"), plentyOfSpace);
    db.$client.close();
    writeFileSync(path, "the disk ate it");

    restoreBackup(path, backup.path, new Date("2026-11-23T10:00:00Z"));
    expect(nextPhotoId(path, sam)).toBeGreaterThan(purgedId);
  });
});

describe("sessions and passkeys across a restore", () => {
  const partners = (db: Db) => syncCouple(db, demoCouple).map((user) => user.id) as [number, number];
  const sessionFor = (db: Db, userId: number, username: string) =>
    createSession(db, { userId, credential: credentialOf(demoCouple, username)! }, new Date("2026-11-21T12:00:00Z"))
      .token;
  const whoseIs = (path: string, token: string) => {
    const db = openDb(path);
    try {
      return userForSession(db, demoCouple, token, new Date("2026-11-23T12:00:00Z"))?.username ?? null;
    } finally {
      db.$client.close();
    }
  };

  it("a session signed out everywhere after the backup stays ended; one still signed in stays signed in", async () => {
    const { path, db } = ownDatabase();
    const [alex, sam] = partners(db);
    const lostPhone = sessionFor(db, alex, "alex");
    const samsPhone = sessionFor(db, sam, "sam");
    const backup = await takeBackup(db, path, new Date("2026-11-22T03:00:00Z"), plentyOfSpace);
    // Alex's phone is lost: she signs out everywhere the next morning.
    deleteSessionsOf(db, alex);
    db.$client.close();

    restoreBackup(path, backup.path, new Date("2026-11-23T10:00:00Z"));
    expect({ lostPhone: whoseIs(path, lostPhone), samsPhone: whoseIs(path, samsPhone) }).toEqual({
      lostPhone: null,
      samsPhone: "sam",
    });
  });

  it("a passkey removed after the backup signs in no more; one kept, or added before a lost database, stays", async () => {
    const { path, db } = ownDatabase();
    const [alex, sam] = partners(db);
    const passkey = (userId: number, credentialId: string) =>
      addPasskey(db, {
        userId,
        credentialId,
        publicKey: new Uint8Array([1, 2, 3]),
        counter: 0,
        userHandle: `handle-${userId}`,
        transports: [],
        name: undefined,
      });
    const lostPhone = passkey(alex, "alex-lost-phone");
    passkey(sam, "sam-laptop");
    const backup = await takeBackup(db, path, new Date("2026-11-22T03:00:00Z"), plentyOfSpace);
    removePasskey(db, alex, lostPhone.id);
    db.$client.close();
    const credentials = () => {
      const restored = openDb(path);
      try {
        return restored.$client.prepare("SELECT credential_id FROM passkeys ORDER BY id").pluck().all();
      } finally {
        restored.$client.close();
      }
    };

    restoreBackup(path, backup.path, new Date("2026-11-23T10:00:00Z"));
    expect(credentials()).toEqual(["sam-laptop"]);
    // Over a lost database none can say which were removed: each partner's passkeys stay theirs.
    writeFileSync(path, "the disk ate it");
    restoreBackup(path, backup.path, new Date("2026-11-23T11:00:00Z"));
    expect(credentials()).toEqual(["alex-lost-phone", "sam-laptop"]);
  });

  it("ends every session when the database it replaces is lost: none can say which ended since", async () => {
    const { path, db } = ownDatabase();
    const [alex] = partners(db);
    const lostPhone = sessionFor(db, alex, "alex");
    const backup = await takeBackup(db, path, new Date("2026-11-22T03:00:00Z"), plentyOfSpace);
    db.$client.close();
    writeFileSync(path, "the disk ate it");

    restoreBackup(path, backup.path, new Date("2026-11-23T10:00:00Z"));
    expect(whoseIs(path, lostPhone)).toBeNull();
  });
});

describe("retention across a change of the clocks", () => {
  it("keeps one backup per night in the couple's zone: a backup at 00:30 in London across the spring change", async () => {
    const { path, db } = ownDatabase();
    syncCouple(db, demoCouple);
    // 00:30 on the nights of Saturday 28 to Tuesday 31 March 2026; the clocks went forward at 01:00 on Sunday 29th.
    const nights = ["2026-03-28T00:30:00Z", "2026-03-29T00:30:00Z", "2026-03-29T23:30:00Z", "2026-03-30T23:30:00Z"];
    const taken = [];
    for (const night of nights) taken.push(await takeBackup(db, path, new Date(night), plentyOfSpace));
    const retention = { keepDaily: 3, keepWeekly: 0, timeZone: "Europe/London" };
    // The three latest nights stay (Sunday's among them), and the oldest goes.
    expect(pruneBackups(path, retention, new Date("2026-03-30T23:30:05Z"))).toEqual([taken[0]!.name]);
  });
});

describe("retention when the clock is wrong", () => {
  it("a box booted in 2099 (no clock battery, no NTP yet) keeps the pre-migration copy and the manual backup of yesterday", async () => {
    const { path, db } = ownDatabase();
    syncCouple(db, demoCouple);
    const daily = await takeBackup(db, path, new Date("2026-11-22T03:00:00Z"), plentyOfSpace);
    const manual = await takeBackup(db, path, new Date("2026-11-22T10:00:00Z"), plentyOfSpace, "manual");
    cpSync(daily.path, join(backupsDirOf(path), "spankbank-2026-11-22T093000Z-pre-migration.db"));
    // The night's backup runs on the wrong clock, then retention.
    await takeBackup(db, path, new Date("2099-01-01T03:05:00Z"), plentyOfSpace);
    expect(pruneBackups(path, { keepDaily: 14, keepWeekly: 8 }, new Date("2099-01-01T03:05:05Z"))).toEqual([]);
    expect(listBackups(path).map((backup) => backup.name)).toContain(manual.name);
  });

  it("keeps a pre-migration copy taken while the clock read 1970 for the days it is promised, counted from the next backup", async () => {
    const { path, db } = ownDatabase();
    syncCouple(db, demoCouple);
    const daily = await takeBackup(db, path, new Date("2026-11-22T03:00:00Z"), plentyOfSpace);
    const epoch = "spankbank-1970-01-01T000012Z-pre-migration.db";
    cpSync(daily.path, join(backupsDirOf(path), epoch));
    await takeBackup(db, path, new Date("2026-11-23T03:00:00Z"), plentyOfSpace);
    expect(pruneBackups(path, { keepDaily: 14, keepWeekly: 8 }, new Date("2026-11-23T03:00:05Z"))).not.toContain(epoch);
    // Thirty days after the first backup taken since it, it goes.
    expect(pruneBackups(path, { keepDaily: 14, keepWeekly: 8 }, new Date("2026-12-23T03:00:05Z"))).toContain(epoch);
  });

  it("does not name a backup taken while the clock read 2099 the latest once the clock is right", async () => {
    const { path, db } = ownDatabase();
    syncCouple(db, demoCouple);
    await takeBackup(db, path, new Date("2099-01-01T00:05:00Z"), plentyOfSpace);
    const real = await takeBackup(db, path, new Date(Date.now() - 60_000), plentyOfSpace);
    db.$client.close();
    for (const suffix of ["", "-wal", "-shm"]) rmSync(`${path}${suffix}`, { force: true });
    expect(() => refuseFreshInstallOverLostData(path, { production: true })).toThrow(`latest: ${real.path})`);
    // Retention keeps it (it may be all that holds those days) and gives it no day's place.
    expect(pruneBackups(path, { keepDaily: 1, keepWeekly: 0 }, new Date())).toEqual([]);
  });
});

import { createHash, randomBytes } from "node:crypto";
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { buffer } from "node:stream/consumers";
import { finished, pipeline } from "node:stream/promises";
import { demoCouple } from "@spankbank/shared/demoCouple";
import { afterEach, describe, expect, it, onTestFinished } from "vitest";
import yauzl from "yauzl";
import yazl from "yazl";
import {
  ARCHIVE_DOCUMENT,
  type ArchiveDocument,
  archiveSizeAbout,
  type ExportOptions,
  exportArchive,
} from "./archive.js";
import { importArchiveFile } from "./archiveImport.js";
import { markBountyDone, postBounty } from "./bounties.js";
import { bountyPhotoFile, storeBountyPhoto } from "./bountyPhotos.js";
import { type Db, openDb } from "./client.js";
import { syncCouple } from "./couple.js";
import { channelCursor, isMessageHandled, markMessageHandled, moveCursor } from "./discordCursors.js";
import { Refusal } from "./errors.js";
import { redeemItem } from "./inventory.js";
import { openLaterLetter, writeLaterLetter } from "./laterLetters.js";
import { balanceOf } from "./ledger.js";
import { writeLetter } from "./letters.js";
import { mediaFolder } from "./media.js";
import { pendingDownloads } from "./mediaOutbox.js";
import { addMemory, deleteMemories, listMemories, saveMemory, trashMemories } from "./memories.js";
import { purgeTrash } from "./memoryTrash.js";
import { checkDatabase } from "./ops/healthCheck.js";
import { createProduct } from "./products.js";
import { purchaseProduct } from "./purchase.js";
import { answerQuestion, askQuestion, listQuestions } from "./questions/index.js";
import { readStoryProgress, saveStoryProgress } from "./storyProgress.js";
import { giveSpanks, openTestDb } from "./test/testDb.js";
import { mp4Video, oggOpusVoiceNote } from "./test/tinyMedia.js";
import { planVisit, visitsOverview } from "./visits.js";

const dirs: string[] = [];
const handles: Db[] = [];
afterEach(() => {
  for (const db of handles.splice(0)) db.$client.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A fresh, migrated, empty database file of its own (the import's target). */
function freshDb(): Db {
  const dir = mkdtempSync(join(tmpdir(), "spankbank-import-test-"));
  dirs.push(dir);
  const db = openDb(join(dir, "fresh.db"));
  handles.push(db);
  return db;
}

/** Bytes that are not text: every byte value, so base64 must carry them exactly. */
function imageBytes(seed: number, length: number): Buffer {
  return Buffer.from(Array.from({ length }, (_, i) => (i * 31 + seed) % 256));
}

function saveImage(db: Db, fileName: string, bytes: Buffer) {
  mkdirSync(mediaFolder(db), { recursive: true });
  writeFileSync(join(mediaFolder(db), fileName), bytes);
  return { fileName, contentType: "image/png", size: bytes.length };
}

/** A couple's life so far: memories with images, a deleted one, answers, letters, a purchase, a redemption and visits. */
function livedIn() {
  const { db, alex, sam } = openTestDb();
  const beach = imageBytes(1, 70_000);
  const dance = imageBytes(2, 1_234);
  addMemory(db, {
    userId: alex,
    message: "Sunrise at the beach",
    images: [saveImage(db, "beach.png", beach), saveImage(db, "dance.png", dance)],
  });
  addMemory(db, { userId: sam, message: "Pizza night 🍕" });
  const gone = addMemory(db, { userId: sam, message: "A typo" });
  deleteMemories(db, [gone.id]);
  const question = askQuestion(db, { text: "Where shall we go next?" });
  answerQuestion(db, { questionId: question.id, userId: alex, response: "Lisbon" }, { answerReward: 1 });
  answerQuestion(db, { questionId: question.id, userId: sam, response: "Kyoto" }, { answerReward: 1 });
  writeLetter(db, { fromUserId: alex, text: "Dear Sam, for the years ahead." });
  const sad = writeLaterLetter(db, { fromUserId: alex, text: "Chin up", opening: { kind: "openWhen", moment: "sad" } });
  openLaterLetter(db, { userId: sam, id: sad.id });
  const dated = { kind: "date", date: `${new Date().getUTCFullYear() + 1}-12-24`, time: "08:00" };
  writeLaterLetter(db, { fromUserId: sam, text: "Sealed for Christmas", opening: dated });
  giveSpanks(db, sam, 100);
  const product = createProduct(db, alex, {
    name: "Back massage",
    description: "Twenty minutes.",
    quantity: 3,
    price: 30,
  });
  const purchase = purchaseProduct(db, { buyerId: sam, productId: product.id });
  redeemItem(db, sam, purchase.inventoryItemId);
  planVisit(db, { userId: sam, input: { start_date: "2026-04-01", end_date: "2026-04-05", place: "Oslo" } });
  planVisit(db, { userId: alex, input: { start_date: "2099-12-18", end_date: "2099-12-27", note: "Snow, please" } });
  saveStoryProgress(db, alex, ALEXS_STORY_SAVE);
  return { db, alex, sam, images: { "beach.png": beach, "dance.png": dance } };
}

/** The Refusal `work` rejects with; fails the test when it resolves or rejects with something else. */
async function refusalOf(work: Promise<unknown>): Promise<Refusal> {
  try {
    await work;
  } catch (error) {
    if (error instanceof Refusal) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

/** The zip `npm run export` would write, as a file. */
async function exportedZip(db: Db, options: ExportOptions = {}): Promise<{ path: string; size: number }> {
  const archive = await exportArchive(db, new Date(), options);
  const path = join(tempDir("spankbank-archive-"), archive.fileName);
  await pipeline(archive.stream, createWriteStream(path));
  return { path, size: archive.size };
}

/** What an export of `db` carries, table by table, as read back from its zip. */
async function archivedTables(db: Db, options: ExportOptions = {}): Promise<ArchiveDocument["tables"]> {
  return (await readZip((await exportedZip(db, options)).path)).document.tables;
}

/** What a zip holds, read whole (small archives only). */
async function readZip(path: string): Promise<{ document: ArchiveDocument; files: Map<string, Buffer> }> {
  const zip = await yauzl.openPromise(path);
  const files = new Map<string, Buffer>();
  for await (const entry of zip.eachEntry())
    files.set(entry.fileName, await buffer(await zip.openReadStreamPromise(entry)));
  return { document: JSON.parse(files.get(ARCHIVE_DOCUMENT)!.toString("utf8")), files };
}

/** A zip of this document and these files, as an edited archive would be. */
async function writeZip(document: ArchiveDocument, files: Map<string, Buffer>): Promise<string> {
  const zip = new yazl.ZipFile();
  for (const [name, bytes] of files) if (name !== ARCHIVE_DOCUMENT) zip.addBuffer(bytes, name);
  zip.addBuffer(Buffer.from(JSON.stringify(document)), ARCHIVE_DOCUMENT);
  zip.end();
  const path = join(tempDir("spankbank-edited-"), "edited.zip");
  await pipeline(zip.outputStream, createWriteStream(path));
  return path;
}

/** The fresh database is as it was: no row, no media folder, nothing left beside it. */
function expectNothingWritten(fresh: Db) {
  for (const table of ["users", "accounts", "transfers", "memories", "memory_images"]) {
    expect(fresh.$client.prepare(`SELECT count(*) AS n FROM ${table}`).get(), table).toEqual({ n: 0 });
  }
  expect(existsSync(mediaFolder(fresh))).toBe(false);
  // run/ holds the locks opening the database took (running.ts), not anything the import wrote.
  const beside = readdirSync(dirname(mediaFolder(fresh))).filter((name) => !name.startsWith("fresh.db"));
  expect(beside.filter((name) => name !== "run")).toEqual([]);
}

const couple = demoCouple.partners;

/** Alex's place in the story game, as the page saves it. */
const ALEXS_STORY_SAVE = {
  version: 2,
  scene: 12,
  score: 65,
  history: [
    { scene: 0, choice: 1 },
    { scene: 3, choice: 0 },
  ],
  flags: ["map"],
  pending_scene: null,
};

describe("export and import", () => {
  // yazl counts the zip64 end records (76 bytes) as soon as the central directory reaches 64 KiB
  // (about 800 images) but writes them only past 65,535 entries or 4 GiB: the download's
  // Content-Length was 76 bytes more than the zip, so the browser saw the connection close early.
  it("announces the zip's exact size with a thousand photos (a central directory past 64 KiB)", async () => {
    const { db, alex } = openTestDb();
    for (let memory = 0; memory < 250; memory++) {
      const images = [0, 1, 2, 3].map((i) => saveImage(db, `photo-of-us-${memory}-${i}.png`, imageBytes(i, 1)));
      addMemory(db, { userId: alex, message: `Day ${memory}`, images });
    }
    const zip = await exportedZip(db);
    expect(statSync(zip.path).size).toBe(zip.size);
    const fresh = freshDb();
    expect((await importArchiveFile(fresh, zip.path, couple)).mediaFiles).toBe(1000);
  });

  it("tells about how large a download is before it starts: within a tenth with photos (a bounty's too), not under nine tenths with 1,500 memories of words", async () => {
    const photos = openTestDb();
    for (let memory = 0; memory < 20; memory++) {
      const images = [0, 1].map((i) => saveImage(photos.db, `photo-${memory}-${i}.png`, imageBytes(i, 150_000)));
      addMemory(photos.db, { userId: photos.alex, message: `Day ${memory}`, images });
    }
    // A bounty's photo of it done has no size in its row, and weighs as much as all the others here.
    giveSpanks(photos.db, photos.alex, 20);
    const bounty = postBounty(photos.db, photos.alex, { title: "Fix the bike", reward: 10 });
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      imageBytes(7, 6_000_000),
    ]);
    markBountyDone(photos.db, photos.sam, bounty.id, "Good as new", new Date(), storeBountyPhoto(photos.db, png));
    const withPhotos = await exportedZip(photos.db);
    expect(archiveSizeAbout(photos.db) / withPhotos.size).toBeGreaterThan(0.9);
    expect(archiveSizeAbout(photos.db) / withPhotos.size).toBeLessThan(1.1);
    // The words are counted by the database's size: more than the rows take in a small one (0.865 of
    // the zip at the bench's ten years, docs/export.md).
    const words = openTestDb();
    for (let memory = 0; memory < 1_500; memory++) {
      addMemory(words.db, { userId: words.sam, message: `Day ${memory}: the evening we walked home the long way.` });
    }
    expect(archiveSizeAbout(words.db) / (await exportedZip(words.db)).size).toBeGreaterThan(0.9);
  });

  it("round-trips through a zip into a fresh database: every memory, image, answer, letter, visit and balance back, check clean", async () => {
    const { db, alex, sam, images } = livedIn();
    const zip = await exportedZip(db);
    // The size announced before the first byte is the zip's.
    expect(statSync(zip.path).size).toBe(zip.size);
    const { document, files } = await readZip(zip.path);
    expect([...files.keys()]).toEqual(["media/beach.png", "media/dance.png", "spankbank-export.json"]);
    expect(document.formatVersion).toBe(2);
    expect(document.media.map((item) => [item.fileName, item.size])).toEqual([
      ["beach.png", 70_000],
      ["dance.png", 1_234],
    ]);

    const fresh = freshDb();
    const result = await importArchiveFile(fresh, zip.path, couple);

    expect(result.mediaFiles).toBe(2);
    expect(checkDatabase(fresh)).toEqual([]);
    expect(listMemories(fresh)).toEqual(listMemories(db));
    expect(listQuestions(fresh)).toEqual(listQuestions(db));
    for (const [fileName, bytes] of Object.entries(images)) {
      expect(readFileSync(join(mediaFolder(fresh), fileName)).equals(bytes), fileName).toBe(true);
    }
    for (const userId of [alex, sam]) expect(balanceOf(fresh, { userId })).toBe(balanceOf(db, { userId }));
    expect(balanceOf(fresh, { userId: sam })).toBe(71); // 100 + 1 for the answer - 30 for the massage
    expect(visitsOverview(fresh, alex).next).toEqual(visitsOverview(db, alex).next);
    expect(visitsOverview(fresh, alex).past).toEqual(visitsOverview(db, alex).past);
    expect(readStoryProgress(fresh, alex)).toEqual(readStoryProgress(db, alex));
    expect(readStoryProgress(fresh, alex)?.progress).toEqual(ALEXS_STORY_SAVE);
    // Everything the archive carries is back row for row, the deleted memory, the letter and the visits too.
    expect(await archivedTables(fresh)).toEqual(await archivedTables(db));
    // And the imported database goes on living: the couple syncs and writes as before.
    syncCouple(fresh, demoCouple);
    addMemory(fresh, { userId: alex, message: "After the move" });
    expect(checkDatabase(fresh)).toEqual([]);
  });

  it("carries the bot's place in each channel and the images it is still fetching: the new box reads on and fetches them", async () => {
    const { db, alex } = openTestDb();
    const { memory } = saveMemory(db, {
      userId: alex,
      message: "The lake at dawn",
      discordMessageId: "1200",
      discordUrl: "https://discord.com/channels/1/10/1200",
      missingImages: [
        { name: "lake.jpg", url: "https://cdn.discordapp.com/lake.jpg", contentType: "image/jpeg", size: 900 },
      ],
    });
    moveCursor(db, "10", "1200");
    markMessageHandled(db, "10", "1300");

    const fresh = freshDb();
    await importArchiveFile(fresh, (await exportedZip(db)).path, couple);

    expect(channelCursor(fresh, "10")).toBe("1200");
    expect(isMessageHandled(fresh, "10", "1300")).toBe(true);
    expect(pendingDownloads(fresh).map((image) => [image.memoryId, image.name, image.url])).toEqual([
      [memory.id, "lake.jpg", "https://cdn.discordapp.com/lake.jpg"],
    ]);
  });

  it("carries a voice message and a video byte for byte with their sha256, and brings them back as they were", async () => {
    const { db, sam } = openTestDb();
    const voice = oggOpusVoiceNote(3);
    const video = mp4Video(20);
    addMemory(db, {
      userId: sam,
      message: "",
      images: [{ ...saveImage(db, "hello.ogg", voice), contentType: "audio/ogg" }],
    });
    addMemory(db, {
      userId: sam,
      message: "Our first dance",
      images: [{ ...saveImage(db, "dance.mp4", video), contentType: "video/mp4" }],
    });
    const zip = await exportedZip(db);
    const { document, files } = await readZip(zip.path);
    expect(files.get("media/hello.ogg")?.equals(voice)).toBe(true);
    expect(files.get("media/dance.mp4")?.equals(video)).toBe(true);
    const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
    expect(document.media).toEqual([
      { fileName: "hello.ogg", size: voice.length, sha256: sha256(voice) },
      { fileName: "dance.mp4", size: video.length, sha256: sha256(video) },
    ]);

    const fresh = freshDb();
    expect((await importArchiveFile(fresh, zip.path, couple)).mediaFiles).toBe(2);
    expect(fresh.$client.prepare("SELECT file_name, content_type FROM memory_images ORDER BY id").all()).toEqual([
      { file_name: "hello.ogg", content_type: "audio/ogg" },
      { file_name: "dance.mp4", content_type: "video/mp4" },
    ]);
    expect(readFileSync(join(mediaFolder(fresh), "hello.ogg")).equals(voice)).toBe(true);
    expect(readFileSync(join(mediaFolder(fresh), "dance.mp4")).equals(video)).toBe(true);
  });

  it("carries a bounty's photo of it done, and brings it back with its bounty", async () => {
    const { db, alex, sam } = openTestDb();
    giveSpanks(db, alex, 20);
    const bounty = postBounty(db, alex, { title: "Fix the bike", reward: 10 });
    // A png's signature, then bytes of every value.
    const photo = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), imageBytes(7, 2_000)]);
    const stored = storeBountyPhoto(db, photo);
    markBountyDone(db, sam, bounty.id, "Good as new", new Date(), stored);
    const zip = await exportedZip(db);
    const { document, files } = await readZip(zip.path);
    expect(files.get(`media/${stored.fileName}`)?.equals(photo)).toBe(true);
    expect(document.media.map((item) => item.fileName)).toEqual([stored.fileName]);

    const fresh = freshDb();
    expect((await importArchiveFile(fresh, zip.path, couple)).mediaFiles).toBe(1);
    expect(bountyPhotoFile(fresh, bounty.id)?.path).toBe(join(mediaFolder(fresh), stored.fileName));
    expect(readFileSync(join(mediaFolder(fresh), stored.fileName)).equals(photo)).toBe(true);
  });

  it("still imports a format 1 .json archive, images inside as base64", async () => {
    const { db, images } = livedIn();
    const { document, files } = await readZip((await exportedZip(db)).path);
    const old = {
      ...document,
      formatVersion: 1,
      media: document.media.map((item) => ({
        ...item,
        base64: files.get(`media/${item.fileName}`)!.toString("base64"),
      })),
    };
    const path = join(tempDir("spankbank-v1-"), "spankbank-export-2026-11-23.json");
    writeFileSync(path, JSON.stringify(old));

    const fresh = freshDb();
    expect((await importArchiveFile(fresh, path, couple)).mediaFiles).toBe(2);
    expect(readFileSync(join(mediaFolder(fresh), "beach.png")).equals(images["beach.png"])).toBe(true);
    expect(await archivedTables(fresh)).toEqual(await archivedTables(db));
  });

  it("streams the photos: the zip never holds more than a chunk of one in memory, and they come back byte for byte", {
    timeout: 60_000,
  }, async () => {
    const { db, alex } = openTestDb();
    const photoSize = 1024 * 1024;
    const photos = Array.from({ length: 40 }, (_, i) => `photo-${i}.jpg`);
    for (const fileName of photos) saveImage(db, fileName, randomBytes(photoSize));
    addMemory(db, {
      userId: alex,
      message: "Our summer",
      images: photos.map((fileName) => ({ fileName, contentType: "image/jpeg", size: photoSize })),
    });

    const archive = await exportArchive(db);
    const path = join(tempDir("spankbank-big-"), archive.fileName);
    let mostHeld = 0;
    const watched = archive.stream.on("data", () => {
      mostHeld = Math.max(mostHeld, archive.stream.readableLength);
    });
    await pipeline(watched, createWriteStream(path));
    expect(statSync(path).size).toBe(archive.size);
    expect(archive.size).toBeGreaterThan(photos.length * photoSize);
    expect(mostHeld).toBeLessThan(photoSize / 4);

    const fresh = freshDb();
    expect((await importArchiveFile(fresh, path, couple)).mediaFiles).toBe(photos.length);
    for (const fileName of [photos[0]!, photos.at(-1)!]) {
      expect(
        readFileSync(join(mediaFolder(fresh), fileName)).equals(readFileSync(join(mediaFolder(db), fileName))),
      ).toBe(true);
    }
  });

  it("fails the export, never a short zip, when an image goes from disk while the zip is written", async () => {
    const { db } = livedIn();
    const archive = await exportArchive(db);
    rmSync(join(mediaFolder(db), "dance.png"));
    const path = join(tempDir("spankbank-short-"), archive.fileName);

    await expect(pipeline(archive.stream, createWriteStream(path))).rejects.toThrow(/ENOENT.*dance\.png/);
  });

  it("refuses a database that already holds data, changing nothing", async () => {
    const { db } = livedIn();
    const zip = await exportedZip(db);
    const { db: used } = openTestDb();
    const before = await archivedTables(used);

    const refusal = await refusalOf(importArchiveFile(used, zip.path, couple));
    expect(refusal.code).toBe("conflict");
    expect(refusal.message).toMatch(/already holds data \(users, accounts\).*fresh, empty database/);
    expect(await archivedTables(used)).toEqual(before);
  });

  it("refuses another couple's archive, writing no row and no file", async () => {
    const { db } = livedIn();
    const zip = await exportedZip(db);
    // Same login names, other people: the start would sync this install's couple beside them.
    const others = couple.map((partner, i) => ({ ...partner, discordId: `99999999999999999${i}` }));
    const fresh = freshDb();

    const refusal = await refusalOf(importArchiveFile(fresh, zip.path, others));
    expect(refusal.code).toBe("conflict");
    expect(refusal.message).toBe(
      "This archive is another couple's: its partners are alex (Discord 111111111111111111) and sam (Discord 222222222222222222), this install's couple config has alex (Discord 999999999999999990) and sam (Discord 999999999999999991). A partner is the same person when the Discord id matches: import it with their couple config.",
    );
    expectNothingWritten(fresh);
  });

  it("refuses a ledger that does not add up (a balance raised by hand), writing no row and no file", async () => {
    const { db, sam } = livedIn();
    const { document, files } = await readZip((await exportedZip(db)).path);
    const account = document.tables.accounts!.find((row) => row.user_id === sam)!;
    account.balance = (account.balance as number) + 1_000_000;
    const fresh = freshDb();

    const refusal = await refusalOf(importArchiveFile(fresh, await writeZip(document, files), couple));
    expect(refusal.message).toMatch(/^archive: its data does not check clean/);
    expect(refusal.message).toContain("[ledger] account user:sam: cached balance 1000071, transfers say 71");
    expect(refusal.message).toContain("[ledger] balances sum to 1000000, not 0");
    expectNothingWritten(fresh);
  });

  it("refuses an image whose bytes are not its sha256, writing no row and no file", async () => {
    const { db } = livedIn();
    const { document, files } = await readZip((await exportedZip(db)).path);
    const dance = files.get("media/dance.png")!;
    files.set("media/dance.png", Buffer.alloc(dance.length, 7));
    const fresh = freshDb();

    const refusal = await refusalOf(importArchiveFile(fresh, await writeZip(document, files), couple));
    expect(refusal.message).toMatch(/^archive\.media\[1\] \(dance\.png\): its bytes do not match its sha256/);
    expectNothingWritten(fresh);
  });

  it("refuses an orphaned row in one transaction: no row and no image stays behind", async () => {
    const { db } = livedIn();
    const { document, files } = await readZip((await exportedZip(db)).path);
    document.tables.memories = [];
    const fresh = freshDb();

    const refusal = await refusalOf(importArchiveFile(fresh, await writeZip(document, files), couple));
    expect(refusal.message).toMatch(/^archive\.tables\.memory_images: row \d+ points to a missing memories row/);
    expectNothingWritten(fresh);
  });

  it("refuses what is not an archive, a newer format, a newer schema, a missing image and a path in a file name", async () => {
    const { db } = livedIn();
    const { document, files } = await readZip((await exportedZip(db)).path);
    const refused = async (edited: ArchiveDocument, media = files) => {
      const fresh = freshDb();
      const refusal = await refusalOf(importArchiveFile(fresh, await writeZip(edited, media), couple));
      expectNothingWritten(fresh);
      return refusal.message;
    };
    const text = join(tempDir("spankbank-text-"), "notes.json");
    writeFileSync(text, "{");
    expect((await refusalOf(importArchiveFile(freshDb(), text, couple))).message).toBe("archive: not a JSON file");
    expect(await refused({ ...document, format: "zip" } as unknown as ArchiveDocument)).toMatch(
      /^archive: not a Spank Bank export/,
    );
    expect(await refused({ ...document, formatVersion: 3 })).toMatch(/^archive\.formatVersion: 3 is newer/);
    expect(await refused({ ...document, schemaVersion: document.schemaVersion + 1 })).toMatch(
      /^archive\.schemaVersion: .*newer version/,
    );
    expect(await refused({ ...document, media: [{ ...document.media[0]!, fileName: "../escape.png" }] })).toBe(
      "archive.media[0].fileName: not a plain file name",
    );
    const withoutDance = new Map([...files].filter(([name]) => name !== "media/dance.png"));
    expect(await refused(document, withoutDance)).toBe("archive.media[1] (dance.png): not in the zip");
  });

  it("refuses a row naming a file outside media/ (an edited archive), writing no row and no file", async () => {
    // Imported, such a row has the trash's purge delete that file (the database beside media/, say)
    // and the next export carry it.
    const { db, alex, sam } = livedIn();
    const bounty = postBounty(db, sam, { title: "Fix the bike", reward: 10 });
    const photo = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), imageBytes(7, 200)]);
    markBountyDone(db, alex, bounty.id, "Good as new", new Date(), storeBountyPhoto(db, photo));
    const { document, files } = await readZip((await exportedZip(db)).path);
    const refused = async (table: string, column: string) => {
      const [first, ...rest] = document.tables[table]!;
      const tables = { ...document.tables, [table]: [{ ...first, [column]: "../fresh.db" }, ...rest] };
      const fresh = freshDb();
      const refusal = await refusalOf(importArchiveFile(fresh, await writeZip({ ...document, tables }, files), couple));
      expectNothingWritten(fresh);
      return refusal.message;
    };
    expect(await refused("memory_images", "file_name")).toBe(
      "archive.tables.memory_images[0].file_name: not a plain file name",
    );
    expect(await refused("bounties", "done_photo_file")).toBe(
      "archive.tables.bounties[0].done_photo_file: not a plain file name",
    );
  });
});

describe("an export while the couple goes on", () => {
  /** How far a checkpoint can copy the WAL into the file: short of its end while a reader holds an older snapshot. */
  function checkpoint(db: Db): { log: number; checkpointed: number } {
    return (db.$client.pragma("wal_checkpoint(PASSIVE)") as { log: number; checkpointed: number }[])[0]!;
  }

  it("writes the document a page of rows at a time, a row a line, answering other work meanwhile: 1,200 memories come back in order", async () => {
    const { db, alex, sam } = openTestDb();
    for (let i = 0; i < 1_200; i++)
      addMemory(db, { userId: i % 2 ? alex : sam, message: `Day ${i}\nwith "quotes" ✨` });
    // The event loop's turns while the export gets ready, counted whatever the machine's speed.
    let turns = 0;
    let counting = true;
    const count = () => {
      turns += 1;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    const archive = await exportArchive(db);
    counting = false;
    // Sizing the document let the event loop answer others between pages, not after all of them.
    expect(turns).toBeGreaterThan(10);
    const path = join(tempDir("spankbank-pages-"), archive.fileName);
    await pipeline(archive.stream, createWriteStream(path));
    const zip = await yauzl.openPromise(path);
    let text = "";
    for await (const entry of zip.eachEntry())
      if (entry.fileName === ARCHIVE_DOCUMENT)
        text = (await buffer(await zip.openReadStreamPromise(entry))).toString("utf8");
    const messages = Array.from({ length: 1_200 }, (_, i) => `Day ${i}\nwith "quotes" ✨`);
    expect((JSON.parse(text) as ArchiveDocument).tables.memories!.map((memory) => memory.message)).toEqual(messages);
    // A row a line: the document reads (and greps) row by row.
    const memoryLines = text.split("\n").filter((line) => line.includes('"message":"Day '));
    expect(memoryLines.map((line) => JSON.parse(line.trim().replace(/,$/, "")).message)).toEqual(messages);
    expect(archive.rows.memories).toBe(1_200);

    const fresh = freshDb();
    await importArchiveFile(fresh, path, couple);
    expect(await archivedTables(fresh)).toEqual(await archivedTables(db));
  });

  it("holds the data as it was when the download began: a purchase and memories written while it is sent are not in it, and the zip is whole and balanced", async () => {
    const { db, alex, sam } = livedIn();
    const balancesAtStart = [alex, sam].map((userId) => balanceOf(db, { userId }));
    const archive = await exportArchive(db);

    // While the zip is on its way: Sam buys, Alex posts, a memory goes to the trash. None waits for the download.
    const product = createProduct(db, alex, {
      name: "Breakfast in bed",
      description: "Pancakes.",
      quantity: 1,
      price: 20,
    });
    purchaseProduct(db, { buyerId: sam, productId: product.id });
    addMemory(db, { userId: alex, message: "Written during the download" });
    trashMemories(db, [listMemories(db).find((memory) => memory.message === "Pizza night 🍕")!.id]);

    const path = join(tempDir("spankbank-during-"), archive.fileName);
    await pipeline(archive.stream, createWriteStream(path));
    expect(statSync(path).size).toBe(archive.size);
    const fresh = freshDb();
    await importArchiveFile(fresh, path, couple);
    expect(checkDatabase(fresh)).toEqual([]);
    expect([alex, sam].map((userId) => balanceOf(fresh, { userId }))).toEqual(balancesAtStart);
    expect(listMemories(fresh).map((memory) => memory.message)).toEqual(["Pizza night 🍕", "Sunrise at the beach"]);
    expect((await archivedTables(fresh)).products!.map((row) => row.name)).toEqual(["Back massage"]);
  });

  it("lets go of its snapshot once the zip is written, or abandoned half-way: the WAL checkpoints whole again", async () => {
    const { db, alex } = livedIn();
    for (const abandon of [false, true]) {
      const archive = await exportArchive(db);
      addMemory(db, { userId: alex, message: `Posted while ${abandon ? "abandoned" : "sent"}` });
      const held = checkpoint(db);
      expect(held.checkpointed).toBeLessThan(held.log);
      if (abandon) {
        await new Promise((resolve) => archive.stream.once("data", resolve));
        archive.stream.destroy();
        await new Promise((resolve) => archive.stream.once("close", resolve));
      } else {
        await pipeline(archive.stream, createWriteStream(join(tempDir("spankbank-let-go-"), archive.fileName)));
      }
      const after = checkpoint(db);
      expect(after.checkpointed, abandon ? "abandoned" : "written").toBe(after.log);
    }
  });
});

describe("an export that fails once begun", () => {
  /** The files this process holds open, by path. */
  const openFiles = () =>
    readdirSync("/proc/self/fd").map((fd) => {
      try {
        return readlinkSync(`/proc/self/fd/${fd}`);
      } catch {
        return ""; // readdir's own descriptor, closed since
      }
    });

  it("closes the image it had begun to read, so a failed download holds no file open", async () => {
    const { db, alex } = openTestDb();
    // Larger than every buffer between the file and the zip: unread, its file would stay open.
    const video = saveImage(db, "our-song.mp4", imageBytes(3, 4 * 1024 * 1024));
    addMemory(db, { userId: alex, message: "Our song", images: [video] });
    // A table the document reads is gone: the export fails after the images were added to the zip.
    db.$client.exec('ALTER TABLE "letters" RENAME TO "letters_elsewhere"');
    const path = join(mediaFolder(db), "our-song.mp4");

    await expect(exportArchive(db)).rejects.toThrow(/letters/);
    await expect.poll(() => openFiles().includes(path)).toBe(false);
  });

  it("fails the download when an image goes while it is being prepared, with no error left unheard (one would end the server)", async () => {
    const unheard: unknown[] = [];
    const hear = (error: unknown) => unheard.push(error);
    process.on("uncaughtException", hear);
    onTestFinished(() => void process.off("uncaughtException", hear));
    const { db, alex } = openTestDb();
    // Small photos: the zip reads several of them into its buffers before anyone reads the stream.
    const images = Array.from({ length: 4 }, (_, i) => saveImage(db, `small-${i}.gif`, imageBytes(i, 2000)));
    addMemory(db, { userId: alex, message: "Little things", images });
    // Rows enough that the document's sizing takes a few turns of the event loop.
    for (let i = 0; i < 300; i++) addMemory(db, { userId: alex, message: `memory ${i}` });

    const exporting = exportArchive(db);
    // Meanwhile the 04:30 trash purge (or `npm run trash`) removes the later photos from disk.
    for (const image of images.slice(1)) rmSync(join(mediaFolder(db), image.fileName));
    const outcome = await exporting.then(
      // Failed after it was handed out: its reader hears it.
      (archive) => finished(archive.stream.resume()).catch((error: unknown) => error),
      (error: unknown) => error,
    );
    expect(String(outcome)).toMatch(/ENOENT.*small-1\.gif/);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(unheard.map(String)).toEqual([]);
  });
});

describe("export for the partner downloading it", () => {
  it("leaves out letters for later to them that are still sealed or unopened, keeps their own and opened ones", async () => {
    const { db, alex, sam } = livedIn();
    const texts = (archive: ArchiveDocument["tables"]) => archive.later_letters!.map((letter) => letter.text).sort();
    expect(texts(await archivedTables(db, { downloadedBy: alex }))).toEqual(["Chin up"]);
    expect(texts(await archivedTables(db, { downloadedBy: sam }))).toEqual(["Chin up", "Sealed for Christmas"]);
    expect(texts(await archivedTables(db))).toEqual(["Chin up", "Sealed for Christmas"]);
  });
});

describe("export for one partner while answers are sealed", () => {
  it("leaves out the other's answer to a question the reader has not answered, keeps revealed ones", async () => {
    const { db, alex, sam } = openTestDb();
    const both = askQuestion(db, { text: "Where shall we go next?" });
    answerQuestion(db, { questionId: both.id, userId: alex, response: "Lisbon" }, { answerReward: 0 });
    answerQuestion(db, { questionId: both.id, userId: sam, response: "Kyoto" }, { answerReward: 0 });
    const open = askQuestion(db, { text: "Best meal this year?" });
    answerQuestion(db, { questionId: open.id, userId: sam, response: "The ramen" }, { answerReward: 0 });

    const responses = (archive: ArchiveDocument["tables"]) => archive.answers!.map((answer) => answer.response).sort();
    expect(responses(await archivedTables(db, { sealedFor: alex }))).toEqual(["Kyoto", "Lisbon"]);
    expect(responses(await archivedTables(db, { sealedFor: sam }))).toEqual(["Kyoto", "Lisbon", "The ramen"]);
    expect(responses(await archivedTables(db))).toEqual(["Kyoto", "Lisbon", "The ramen"]);
  });
});

describe("a web download and guesses", () => {
  it("leaves out a guess about the one downloading until both have answered, keeps their own and revealed ones", async () => {
    const { db, alex, sam } = openTestDb();
    const both = askQuestion(db, { text: "Where shall we go next?" });
    answerQuestion(db, { questionId: both.id, userId: alex, response: "Lisbon", guess: "Kyoto" }, { answerReward: 0 });
    answerQuestion(db, { questionId: both.id, userId: sam, response: "Kyoto" }, { answerReward: 0 });
    const open = askQuestion(db, { text: "Best meal this year?" });
    answerQuestion(db, { questionId: open.id, userId: sam, response: "The ramen", guess: "Dal" }, { answerReward: 0 });

    const guesses = (archive: ArchiveDocument["tables"]) => archive.guesses!.map((guess) => guess.guess).sort();
    expect(guesses(await archivedTables(db, { downloadedBy: alex }))).toEqual(["Kyoto"]);
    expect(guesses(await archivedTables(db, { downloadedBy: sam }))).toEqual(["Dal", "Kyoto"]);
    expect(guesses(await archivedTables(db))).toEqual(["Dal", "Kyoto"]);
  });
});

describe("importing a partner's web download made while answers are sealed", () => {
  it("pays the other partner's first-answer reward once: not again when they give the answer left out anew", async () => {
    const { db, alex, sam } = openTestDb();
    const question = askQuestion(db, { text: "Best meal this year?" });
    // Sam answered, Alex not yet: Alex's "Download our data" leaves Sam's answer out (sealed).
    answerQuestion(db, { questionId: question.id, userId: sam, response: "The ramen" }, { answerReward: 5 });
    const samBefore = balanceOf(db, { userId: sam });
    const archive = await exportArchive(db, new Date(), { sealedFor: alex, downloadedBy: alex });
    const path = join(tempDir("spankbank-download-"), archive.fileName);
    await pipeline(archive.stream, createWriteStream(path));

    // Moved to a new box with that download.
    const fresh = freshDb();
    await importArchiveFile(fresh, path, couple);
    expect(balanceOf(fresh, { userId: sam })).toBe(samBefore);
    const samsAnswers = () =>
      (fresh.$client.prepare("SELECT response FROM answers WHERE user_id = ?").all(sam) as { response: string }[]).map(
        (row) => row.response,
      );
    // Sam finds their answer gone and gives it again: kept, and not rewarded a second time.
    answerQuestion(fresh, { questionId: question.id, userId: sam, response: "The ramen" }, { answerReward: 5 });
    expect(samsAnswers()).toEqual(["The ramen"]);
    expect(balanceOf(fresh, { userId: sam })).toBe(samBefore);
  });
});

describe("ids across a move", () => {
  it("never gives a new photo the id of one purged before the export (its address is cached for a year)", async () => {
    const { db, alex } = openTestDb();
    const day = (n: number) => new Date(Date.UTC(2026, 0, n));
    addMemory(db, {
      userId: alex,
      message: "Kept",
      images: [saveImage(db, "kept.png", imageBytes(1, 8))],
      createdAt: day(1),
    });
    const gone = addMemory(db, {
      userId: alex,
      message: "Purged",
      images: [saveImage(db, "purged.png", imageBytes(2, 8))],
      createdAt: day(2),
    });
    const imageId = (target: Db, fileName: string) =>
      target.$client.prepare("SELECT id FROM memory_images WHERE file_name = ?").pluck().get(fileName);
    const purgedImageId = imageId(db, "purged.png");
    trashMemories(db, [gone.id], day(3));
    purgeTrash(db, day(60));

    const fresh = freshDb();
    await importArchiveFile(fresh, (await exportedZip(db)).path, demoCouple.partners);

    // The next memory with a photo gets the same ids on the new box as it would have on the old one.
    const next = (target: Db) => {
      const memory = addMemory(target, {
        userId: alex,
        message: "After the move",
        images: [saveImage(target, "new.png", imageBytes(3, 8))],
        createdAt: day(70),
      });
      return { memoryId: memory.id, imageId: imageId(target, "new.png") };
    };
    const onNewBox = next(fresh);
    expect(onNewBox.imageId).not.toBe(purgedImageId);
    expect(onNewBox).toEqual(next(db));
  });
});

import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { demoCouple } from "@spankbank/shared/demoCouple";
import { afterEach, describe, expect, it } from "vitest";
import { archiveText, exportArchive, importArchive, parseArchive } from "./archive.js";
import { type Db, openDb } from "./client.js";
import { syncCouple } from "./couple.js";
import { checkDatabase } from "./healthCheck.js";
import { redeemItem } from "./inventory.js";
import { openLaterLetter, writeLaterLetter } from "./laterLetters.js";
import { balanceOf } from "./ledger.js";
import { writeLetter } from "./letters.js";
import { mediaFolder } from "./media.js";
import { addMemory, deleteMemories, listMemories } from "./memories.js";
import { createProduct } from "./products.js";
import { purchaseProduct } from "./purchase.js";
import { answerQuestion, askQuestion, listQuestions } from "./questions.js";
import { giveSpanks, openTestDb, refusalOf } from "./test/testDb.js";
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
  return { db, alex, sam, images: { "beach.png": beach, "dance.png": dance } };
}

describe("export and import", () => {
  it("round-trips through a fresh database: every memory, image, answer, letter, visit and balance back, check clean", () => {
    const { db, alex, sam, images } = livedIn();
    const text = archiveText(exportArchive(db));

    const fresh = freshDb();
    const result = importArchive(fresh, parseArchive(text));

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
    // Everything the archive carries is back row for row, the deleted memory, the letter and the visits too.
    expect(exportArchive(fresh, new Date(0)).tables).toEqual(exportArchive(db, new Date(0)).tables);
    // And the imported database goes on living: the couple syncs and writes as before.
    syncCouple(fresh, demoCouple);
    addMemory(fresh, { userId: alex, message: "After the move" });
    expect(checkDatabase(fresh)).toEqual([]);
  });

  it("refuses a database that already holds data, changing nothing", () => {
    const { db } = livedIn();
    const archive = exportArchive(db);
    const { db: used } = openTestDb();
    const before = exportArchive(used, new Date(0));

    const refusal = refusalOf(() => importArchive(used, archive));
    expect(refusal.code).toBe("conflict");
    expect(refusal.message).toMatch(/already holds data \(users, accounts\).*fresh, empty database/);
    expect(exportArchive(used, new Date(0))).toEqual(before);
  });

  it("refuses a damaged archive with the field named, writing no row and no file", () => {
    const { db } = livedIn();
    const archive = JSON.parse(archiveText(exportArchive(db)));
    archive.media[1].base64 = Buffer.from("not the image").toString("base64");
    const fresh = freshDb();

    const refusal = refusalOf(() => importArchive(fresh, parseArchive(JSON.stringify(archive))));
    expect(refusal.message).toMatch(/^archive\.media\[1\] \(dance\.png\): its bytes do not match/);
    expect(exportArchive(fresh, new Date(0)).tables.users).toEqual([]);
    expect(existsSync(mediaFolder(fresh))).toBe(false);
  });

  it("refuses an orphaned row in one transaction: no row and no image stays behind", () => {
    const { db } = livedIn();
    const archive = JSON.parse(archiveText(exportArchive(db)));
    archive.tables.memories = [];
    const fresh = freshDb();

    const refusal = refusalOf(() => importArchive(fresh, parseArchive(JSON.stringify(archive))));
    expect(refusal.message).toMatch(/^archive\.tables\.memory_images: row \d+ points to a missing memories row/);
    expect(exportArchive(fresh, new Date(0)).tables.users).toEqual([]);
    expect(readdirSync(mediaFolder(fresh))).toEqual([]);
  });

  it("refuses what is not an archive, a newer format, a newer schema and a path in a file name", () => {
    expect(refusalOf(() => parseArchive("{")).message).toBe("archive: not a JSON file");
    expect(refusalOf(() => parseArchive('{"format":"zip"}')).message).toMatch(/^archive: not a Spank Bank export/);
    const { db } = livedIn();
    const archive = exportArchive(db);
    expect(refusalOf(() => parseArchive(JSON.stringify({ ...archive, formatVersion: 2 }))).message).toMatch(
      /^archive\.formatVersion: 2 is newer/,
    );
    const escaping = { ...archive, media: [{ ...archive.media[0], fileName: "../escape.png" }] };
    expect(refusalOf(() => parseArchive(JSON.stringify(escaping))).message).toBe(
      "archive.media[0].fileName: not a plain file name",
    );
    const fresh = freshDb();
    const newer = { ...archive, schemaVersion: archive.schemaVersion + 1 };
    expect(refusalOf(() => importArchive(fresh, newer)).message).toMatch(/^archive\.schemaVersion: .*newer version/);
  });
});

describe("export for the partner downloading it", () => {
  it("leaves out letters for later to them that are still sealed or unopened, keeps their own and opened ones", () => {
    const { db, alex, sam } = livedIn();
    const texts = (archive: ReturnType<typeof exportArchive>) =>
      archive.tables.later_letters!.map((letter) => letter.text).sort();
    expect(texts(exportArchive(db, new Date(), { downloadedBy: alex }))).toEqual(["Chin up"]);
    expect(texts(exportArchive(db, new Date(), { downloadedBy: sam }))).toEqual(["Chin up", "Sealed for Christmas"]);
    expect(texts(exportArchive(db))).toEqual(["Chin up", "Sealed for Christmas"]);
  });
});

describe("export for one partner while answers are sealed", () => {
  it("leaves out the other's answer to a question the reader has not answered, keeps revealed ones", () => {
    const { db, alex, sam } = openTestDb();
    const both = askQuestion(db, { text: "Where shall we go next?" });
    answerQuestion(db, { questionId: both.id, userId: alex, response: "Lisbon" }, { answerReward: 0 });
    answerQuestion(db, { questionId: both.id, userId: sam, response: "Kyoto" }, { answerReward: 0 });
    const open = askQuestion(db, { text: "Best meal this year?" });
    answerQuestion(db, { questionId: open.id, userId: sam, response: "The ramen" }, { answerReward: 0 });

    const responses = (archive: ReturnType<typeof exportArchive>) =>
      archive.tables.answers!.map((answer) => answer.response).sort();
    expect(responses(exportArchive(db, new Date(), { sealedFor: alex }))).toEqual(["Kyoto", "Lisbon"]);
    expect(responses(exportArchive(db, new Date(), { sealedFor: sam }))).toEqual(["Kyoto", "Lisbon", "The ramen"]);
    expect(responses(exportArchive(db))).toEqual(["Kyoto", "Lisbon", "The ramen"]);
  });
});

import { createHash } from "node:crypto";
import {
  closeSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
} from "node:fs";
import { basename, dirname, join } from "node:path";
import { Readable, Transform } from "node:stream";
import { text } from "node:stream/consumers";
import { pipeline } from "node:stream/promises";
import yauzl from "yauzl";
import {
  ARCHIVE_DOCUMENT,
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  ARCHIVE_MEDIA,
  ARCHIVED_TABLES,
  type ArchiveDocument,
  type ArchiveMedia,
  quoteName,
  type Row,
  schemaVersionOf,
} from "./archive.js";
import type { Db } from "./client.js";
import { inTransaction } from "./client.js";
import { Refusal } from "./errors.js";
import { sha256OfFile } from "./fileHash.js";
import { mediaFolder } from "./media.js";
import { flushFile, flushFolder } from "./ops/backup/files.js";
import { checkDatabase, describeBrokenRules } from "./ops/healthCheck.js";

/** A partner of this install's couple config, as far as the import matches people. */
export interface CouplePartner {
  username: string;
  discordId: string;
}

export interface ImportResult {
  rows: Record<string, number>;
  mediaFiles: number;
  /** Set when the archive is a partner's web download (sealed letters to them are not in it). */
  downloadedBy?: string;
}

/** An archive opened for reading: its document, and each image's bytes as a stream. */
interface ArchiveSource {
  document: ArchiveDocument;
  openMedia(item: ArchiveMedia, index: number): Promise<Readable>;
  close(): void;
}

/** A safe media file name: no folders, no dot-files (the archive may come from anywhere). */
const MEDIA_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,200}$/;
/** The columns whose rows name a file in media/. */
const MEDIA_NAME_COLUMNS = [
  ["memory_images", "file_name"],
  ["bounties", "done_photo_file"],
] as const;
const SHA256_HEX = /^[0-9a-f]{64}$/;
/** A zip file starts with a local file header's signature, "PK\x03\x04". */
const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

function invalid(message: string): never {
  throw new Refusal("invalid", message);
}

/**
 * Restores an archive file (the zip, or a format 1 `.json`) into a FRESH database (migrated,
 * nothing in it yet) and its media folder, for the couple of this install's config.
 *
 * Everything is checked before anything is written: the document, the couple, and the rows
 * themselves, inserted and checked like `npm run check` in a transaction that is then rolled
 * back. The images are then read one at a time into a folder of their own and each checked
 * against its size and sha256; only then do they move into media/ and the rows go in, in one
 * transaction. A refusal leaves the database and the media folder as they were.
 */
export async function importArchiveFile(db: Db, path: string, couple: readonly CouplePartner[]): Promise<ImportResult> {
  const source = await openArchive(path);
  try {
    const { document } = source;
    const alreadyThere = await checkFits(db, document, couple);
    insertRows(db, document, { keep: false });

    const folder = mediaFolder(db);
    // With their place in the archive (how it opens each): those an earlier try moved already stay.
    const toMove = [...document.media.entries()].filter(([, item]) => !alreadyThere.has(item.fileName));
    clearStoppedImports(folder);
    const staging = mkdtempSync(`${folder}.importing-`);
    const moved: string[] = [];
    try {
      for (const [index, item] of toMove) {
        await copyChecked(await source.openMedia(item, index), join(staging, item.fileName), item, index);
      }
      mkdirSync(folder, { recursive: true });
      for (const [, item] of toMove) {
        renameSync(join(staging, item.fileName), join(folder, item.fileName));
        moved.push(join(folder, item.fileName));
      }
      // The images' names on the disk before the rows naming them are committed (each copy is flushed).
      if (toMove.length > 0) flushFolder(folder);
      const rows = insertRows(db, document, { keep: true });
      return {
        rows,
        mediaFiles: document.media.length,
        ...(document.downloadedBy === undefined ? {} : { downloadedBy: document.downloadedBy }),
      };
    } catch (error) {
      for (const file of moved) rmSync(file, { force: true });
      throw error;
    } finally {
      rmSync(staging, { recursive: true, force: true });
    }
  } finally {
    source.close();
  }
}

/**
 * Refuses an archive this database cannot take: from a newer version, into a used database, or
 * another couple's. Returns the images already in the media folder with the archive's very bytes:
 * an import stopped after moving them (killed, the box shut down) is simply run again.
 */
async function checkFits(db: Db, document: ArchiveDocument, couple: readonly CouplePartner[]): Promise<Set<string>> {
  const current = schemaVersionOf(db.$client);
  if (document.schemaVersion > current) {
    invalid(
      `archive.schemaVersion: the archive comes from a newer version (schema ${document.schemaVersion}, this one has ${current}); update the app first`,
    );
  }
  for (const table of Object.keys(document.tables)) {
    if (!(ARCHIVED_TABLES as readonly string[]).includes(table))
      invalid(`archive.tables.${table}: not a table this version knows`);
  }
  const holding = ARCHIVED_TABLES.filter((table) => {
    const row = db.$client.prepare(`SELECT EXISTS (SELECT 1 FROM ${quoteName(table)}) AS used`).get() as {
      used: number;
    };
    return row.used === 1;
  });
  if (holding.length > 0) {
    throw new Refusal(
      "conflict",
      `This database already holds data (${holding.join(", ")}); import only into a fresh, empty database.`,
    );
  }
  checkCouple(document.tables.users ?? [], couple);
  const folder = mediaFolder(db);
  const alreadyThere = new Set<string>();
  for (const item of document.media) {
    const path = join(folder, item.fileName);
    if (!existsSync(path)) continue;
    if (!(await sameBytes(path, item))) {
      invalid(`archive.media: ${item.fileName} already exists in ${folder} with other bytes than the archive's`);
    }
    alreadyThere.add(item.fileName);
  }
  return alreadyThere;
}

/**
 * Removes the copies of images an import stopped part way left beside the media folder (it runs
 * holding every lock, so no other import is writing them): ten years of photos, twice over.
 */
function clearStoppedImports(folder: string): void {
  const prefix = `${basename(folder)}.importing-`;
  for (const name of existsSync(dirname(folder)) ? readdirSync(dirname(folder)) : []) {
    if (name.startsWith(prefix)) rmSync(join(dirname(folder), name), { recursive: true, force: true });
  }
}

/** Whether the file at `path` holds exactly the archive's image: its size and sha256. */
async function sameBytes(path: string, item: ArchiveMedia): Promise<boolean> {
  return statSync(path).size === item.size && (await sha256OfFile(path)) === item.sha256;
}

/**
 * The archive's partners must be this install's: the app matches the config's partners onto the
 * users by Discord id at every start, so another couple's users would sit beside this couple's
 * (and the start fails on a login name both couples use).
 */
function checkCouple(users: Row[], couple: readonly CouplePartner[]): void {
  const foreign = users.filter((user) => {
    const partner = couple.find((candidate) => candidate.discordId === user.discord_id);
    const namesake = couple.find((candidate) => candidate.username === user.username);
    return partner === undefined || (namesake !== undefined && namesake !== partner);
  });
  if (foreign.length === 0) return;
  const names = (people: { username: unknown; discordId: unknown }[]) =>
    people.map((person) => `${String(person.username)} (Discord ${String(person.discordId)})`).join(" and ");
  throw new Refusal(
    "conflict",
    `This archive is another couple's: its partners are ${names(users.map((user) => ({ username: user.username, discordId: user.discord_id })))}, this install's couple config has ${names([...couple])}. A partner is the same person when the Discord id matches: import it with their couple config.`,
  );
}

/** Reads the bytes of one image into `target`, refusing them unless their size and sha256 are the document's. */
async function copyChecked(input: Readable, target: string, item: ArchiveMedia, index: number): Promise<void> {
  const hash = createHash("sha256");
  let size = 0;
  const count = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      hash.update(chunk);
      done(null, chunk);
    },
  });
  const where = `archive.media[${index}] (${item.fileName})`;
  try {
    await pipeline(input, count, createWriteStream(target, { flags: "wx" }));
  } catch (error) {
    invalid(`${where}: cannot be read: ${(error as Error).message}`);
  }
  if (size !== item.size || hash.digest("hex") !== item.sha256) invalid(`${where}: its bytes do not match its sha256`);
  // On the disk before a row names it: a power cut then leaves the image whole, never empty.
  flushFile(target);
}

/**
 * Inserts every row in one transaction, then checks the result as `npm run check` does (foreign
 * keys, the ledger, escrow...). `keep: false` is the check alone: the transaction is rolled back.
 */
function insertRows(
  db: Db,
  { tables, sequences = {} }: Pick<ArchiveDocument, "tables" | "sequences">,
  { keep }: { keep: boolean },
): Record<string, number> {
  const counts: Record<string, number> = {};
  const rollback = new Error("checked, not kept");
  try {
    inTransaction(db, () => {
      // Checked at commit rather than per row: a self-reference or a later row's parent is fine.
      db.$client.pragma("defer_foreign_keys = ON");
      for (const table of ARCHIVED_TABLES) {
        const rows = tables[table] ?? [];
        counts[table] = rows.length;
        if (rows.length > 0) insertTable(db, table, rows);
      }
      goOnFromSequences(db, sequences);
      const broken = db.$client.pragma("foreign_key_check") as { table: string; rowid: number; parent: string }[];
      if (broken.length > 0) {
        const first = broken[0]!;
        invalid(`archive.tables.${first.table}: row ${first.rowid} points to a missing ${first.parent} row`);
      }
      const problems = checkDatabase(db);
      if (problems.length > 0) {
        invalid(
          `archive: its data does not check clean (an edited or damaged archive):\n${describeBrokenRules(problems)}`,
        );
      }
      if (!keep) throw rollback;
    });
  } catch (error) {
    if (error !== rollback) throw error;
  }
  return counts;
}

/**
 * Each table's id counter as high as the archive's (never lower than the rows just inserted made
 * it): an id the old database gave once, to a row deleted since, is not given again.
 */
function goOnFromSequences(db: Db, sequences: Record<string, number>): void {
  const archived = new Set<string>(ARCHIVED_TABLES);
  const raise = db.$client.prepare("UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = ?");
  const start = db.$client.prepare("INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)");
  for (const [table, seq] of Object.entries(sequences)) {
    if (!archived.has(table)) invalid(`archive.sequences.${table}: not a table the archive holds`);
    if (!Number.isSafeInteger(seq) || seq < 0) invalid(`archive.sequences.${table}: not an id`);
    if (raise.run(seq, table).changes === 0) start.run(table, seq);
  }
}

function insertTable(db: Db, table: string, rows: Row[]): void {
  const known = new Set(
    (db.$client.prepare(`PRAGMA table_info(${quoteName(table)})`).all() as { name: string }[]).map((c) => c.name),
  );
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const unknown = columns.find((column) => !known.has(column));
  if (unknown !== undefined) invalid(`archive.tables.${table}: column ${unknown} is not one this version knows`);
  const insert = db.$client.prepare(
    `INSERT INTO ${quoteName(table)} (${columns.map(quoteName).join(", ")}) VALUES (${columns
      .map((c) => `@${c}`)
      .join(", ")})`,
  );
  for (const [i, row] of rows.entries()) {
    const values: Row = {};
    for (const column of columns) {
      const value = row[column] ?? null;
      if (value !== null && !["string", "number"].includes(typeof value)) {
        invalid(`archive.tables.${table}[${i}].${column}: not a text or a number`);
      }
      values[column] = value;
    }
    try {
      insert.run(values);
    } catch (error) {
      invalid(`archive.tables.${table}[${i}]: ${(error as Error).message}`);
    }
  }
}

/** The archive at `path`: a zip, or a format 1 `.json` file (archives couples already keep). */
export async function openArchive(path: string): Promise<ArchiveSource> {
  const head = Buffer.alloc(ZIP_SIGNATURE.length);
  const fd = openSync(path, "r");
  try {
    readSync(fd, head, 0, head.length, 0);
  } finally {
    closeSync(fd);
  }
  return head.equals(ZIP_SIGNATURE) ? openZip(path) : openJson(readFileSync(path, "utf8"));
}

async function openZip(path: string): Promise<ArchiveSource> {
  let zip: yauzl.ZipFile;
  try {
    // Kept open by hand: the entries are listed first, then read.
    zip = await yauzl.openPromise(path, { autoClose: false, strictFileNames: true });
  } catch (error) {
    invalid(`archive: not a readable zip (${(error as Error).message})`);
  }
  try {
    const entries = new Map<string, yauzl.Entry>();
    for await (const entry of zip.eachEntry()) entries.set(entry.fileName, entry);
    const documentEntry = entries.get(ARCHIVE_DOCUMENT);
    if (documentEntry === undefined) invalid(`archive: no ${ARCHIVE_DOCUMENT} inside, so not a Spank Bank export`);
    const document = parseArchiveDocument(await text(await zip.openReadStreamPromise(documentEntry)));
    if (document.formatVersion < 2)
      invalid(`archive.formatVersion: ${document.formatVersion} is a .json archive, not a zip`);
    const media = document.media.map((item, index) => {
      const entry = entries.get(`${ARCHIVE_MEDIA}${item.fileName}`);
      if (entry === undefined) invalid(`archive.media[${index}] (${item.fileName}): not in the zip`);
      if (entry.uncompressedSize !== item.size) {
        invalid(
          `archive.media[${index}] (${item.fileName}): ${entry.uncompressedSize} bytes in the zip, ${item.size} in the document`,
        );
      }
      return entry;
    });
    return {
      document,
      openMedia: (_item, index) => zip.openReadStreamPromise(media[index]!),
      close: () => zip.close(),
    };
  } catch (error) {
    zip.close();
    throw error;
  }
}

function openJson(fileText: string): ArchiveSource {
  const document = parseArchiveDocument(fileText);
  if (document.formatVersion !== 1)
    invalid(`archive.formatVersion: ${document.formatVersion} comes as a zip, not a .json file`);
  const base64 = (document.media as (ArchiveMedia & { base64?: unknown })[]).map((item, i) => {
    if (typeof item.base64 !== "string") invalid(`archive.media[${i}]: base64 is required`);
    return item.base64;
  });
  return {
    document,
    openMedia: async (_item, index) => Readable.from([Buffer.from(base64[index]!, "base64")]),
    close: () => {},
  };
}

/** The archive's document read from its text, checked for its shape; a Refusal says what is wrong. */
export function parseArchiveDocument(documentText: string): ArchiveDocument {
  let value: unknown;
  try {
    value = JSON.parse(documentText);
  } catch {
    invalid("archive: not a JSON file");
  }
  const document = value as Partial<ArchiveDocument> | null;
  if (document === null || typeof document !== "object" || document.format !== ARCHIVE_FORMAT) {
    invalid(`archive: not a Spank Bank export (its "format" is not "${ARCHIVE_FORMAT}")`);
  }
  if (typeof document.formatVersion !== "number" || document.formatVersion > ARCHIVE_FORMAT_VERSION) {
    invalid(
      `archive.formatVersion: ${String(document.formatVersion)} is newer than this version reads (${ARCHIVE_FORMAT_VERSION}); update the app first`,
    );
  }
  if (typeof document.schemaVersion !== "number") invalid("archive.schemaVersion: missing");
  if (document.downloadedBy !== undefined && typeof document.downloadedBy !== "string") {
    invalid("archive.downloadedBy: not a login name");
  }
  if (typeof document.tables !== "object" || document.tables === null) invalid("archive.tables: missing");
  if (
    document.sequences !== undefined &&
    (typeof document.sequences !== "object" || document.sequences === null || Array.isArray(document.sequences))
  ) {
    invalid("archive.sequences: not each table's last id");
  }
  for (const [table, rows] of Object.entries(document.tables)) {
    if (!Array.isArray(rows) || rows.some((row) => typeof row !== "object" || row === null || Array.isArray(row))) {
      invalid(`archive.tables.${table}: not a list of rows`);
    }
  }
  // The app reads, serves and deletes these files by the name a row gives: a path would take it
  // outside media/ (the trash's purge deleting the database beside it).
  for (const [table, column] of MEDIA_NAME_COLUMNS) {
    for (const [i, row] of (document.tables[table] ?? []).entries()) {
      const name = row[column];
      if (name !== null && name !== undefined && (typeof name !== "string" || !MEDIA_NAME.test(name))) {
        invalid(`archive.tables.${table}[${i}].${column}: not a plain file name`);
      }
    }
  }
  if (!Array.isArray(document.media)) invalid("archive.media: missing");
  const seen = new Set<string>();
  for (const [i, item] of document.media.entries()) {
    if (typeof item?.fileName !== "string" || !MEDIA_NAME.test(item.fileName)) {
      invalid(`archive.media[${i}].fileName: not a plain file name`);
    }
    if (seen.has(item.fileName)) invalid(`archive.media[${i}].fileName: ${item.fileName} is listed twice`);
    seen.add(item.fileName);
    if (typeof item.sha256 !== "string" || !SHA256_HEX.test(item.sha256))
      invalid(`archive.media[${i}].sha256: not a sha256`);
    if (!Number.isSafeInteger(item.size) || item.size < 0) invalid(`archive.media[${i}].size: not a size in bytes`);
  }
  return document as ArchiveDocument;
}

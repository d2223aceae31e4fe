import { createHash } from "node:crypto";
import { createReadStream, statSync } from "node:fs";
import { join } from "node:path";
import { type PassThrough, Readable } from "node:stream";
import BetterSqlite3 from "better-sqlite3";
import yazl from "yazl";
import { documentText } from "./archiveText.js";
import type { Db } from "./client.js";
import { mediaFolder } from "./media.js";
import { preparedFor } from "./prepared.js";

/**
 * "Your data, yours": one archive of everything the couple made, in a form a later version can
 * import (docs/export.md describes it field by field).
 *
 * A zip (it opens on every computer), written while it is sent: the tables as one JSON document
 * and each image as a file of its own under media/, stored as it is (images are compressed already).
 */
export const ARCHIVE_FORMAT = "spankbank-export";
/** 1: one JSON file with the images inside as base64 (still imported). 2: the zip. */
export const ARCHIVE_FORMAT_VERSION = 2;
/** The JSON document's name inside the zip. */
export const ARCHIVE_DOCUMENT = "spankbank-export.json";
/** The folder inside the zip that holds the images, each under its file name. */
export const ARCHIVE_MEDIA = "media/";

/**
 * The tables the archive carries, parents before children (the order import inserts them in).
 * The bot's delivery state comes too: without its channel cursors, a bot's first start on the new
 * box reads the channels' latest messages as new and makes a memory purged long ago again; without
 * media_outbox, images still waiting to be fetched are never fetched.
 * Left out on purpose: sessions, sign-in failures, known clients, passkeys and idempotency keys
 * (security state of this install), the outbox (an import must not announce old events again), the
 * trash's clock (this box's last reading: the new box's first purge trusts its own) and the content
 * versions (cache counters).
 */
export const ARCHIVED_TABLES = [
  "users",
  "partner_days",
  "partner_settings",
  "story_progress",
  "accounts",
  "transfers",
  "products",
  "inventory_items",
  "purchases",
  "redemptions",
  "workouts",
  "question_bank",
  "questions",
  "answers",
  "guesses",
  "streak_milestones",
  "memories",
  "memory_images",
  "media_outbox",
  "letters",
  "later_letters",
  "visits",
  "visit_milestones",
  "nudges",
  "bounties",
  "discord_cursors",
  "discord_handled_messages",
] as const;

export type Row = Record<string, unknown>;

/** One image of the archive: `media/<fileName>` in the zip. */
export interface ArchiveMedia {
  fileName: string;
  size: number;
  sha256: string;
}

/** The JSON document of the archive. */
export interface ArchiveDocument {
  format: typeof ARCHIVE_FORMAT;
  formatVersion: number;
  /** How many database migrations the exporting app had applied. */
  schemaVersion: number;
  exportedAt: string;
  /**
   * A web download: the login name of the partner it was made for. Letters for later still
   * sealed to them are not in it.
   */
  downloadedBy?: string;
  /** Each account's balance when exported, for reading; import recomputes nothing from it. */
  balances: Row[];
  tables: Record<string, Row[]>;
  /**
   * Each table's highest id ever given (SQLite's `sqlite_sequence`), rows deleted since included:
   * an import goes on from there, so a new photo never takes the id (and the browser's year-long
   * cached copy) of one purged before the move. Absent from archives of earlier versions.
   */
  sequences?: Record<string, number>;
  media: ArchiveMedia[];
}

/** The migrations applied to the database on `connection`: the archive's `schemaVersion`. */
export function schemaVersionOf(connection: BetterSqlite3.Database): number {
  return connection.prepare("SELECT count(*) FROM __drizzle_migrations").pluck().get() as number;
}

export function quoteName(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export interface ExportOptions {
  /**
   * The partner downloading it, when answers are sealed until both have answered: the other
   * partner's answer to a question this one has not answered yet stays out of the archive.
   */
  sealedFor?: number | undefined;
  /**
   * The partner downloading it from the web: letters for later written to them that they have
   * not opened yet stay out (sealed letters never leave the server early). `npm run export` on
   * the box passes none and holds every letter.
   */
  downloadedBy?: number | undefined;
}

/** An image file in the archive, as found on disk when the export began: one of these per photo, so kept small. */
interface MediaFile {
  fileName: string;
  size: number;
  /** Worked out while the file is sent; until then a placeholder of the same length. */
  sha256: string;
}

/** Rows read and written at a time: a page's text is the most of the document held in memory. */
const PAGE_ROWS = 500;

/**
 * The database as it was when the export began, on a connection of its own: its read transaction
 * keeps showing it that moment (WAL) while the couple and the bot go on writing, and holds no lock
 * a writer waits for. Held until the zip is written, then closed.
 */
function openSnapshot(db: Db): BetterSqlite3.Database {
  // An in-memory database has no file to open twice: a copy of it is the snapshot.
  const reader = db.$client.memory
    ? new BetterSqlite3(db.$client.serialize())
    : new BetterSqlite3(db.$client.name, { readonly: true, fileMustExist: true });
  try {
    reader.pragma("busy_timeout = 5000");
    reader.exec("BEGIN");
    // A read transaction sees the database as of its first read.
    reader.prepare("SELECT count(*) FROM sqlite_schema").pluck().get();
    return reader;
  } catch (error) {
    reader.close();
    throw error;
  }
}

/**
 * Which rows of a table an archive carries: all, but in a partner's web download what is still
 * sealed from them (as on every page).
 */
function rowsFilter(table: string, options: ExportOptions): { where: string; params: number[] } {
  const reader = options.sealedFor;
  if (table === "answers" && reader !== undefined) {
    // The other partner's answer to a question this one has not answered yet.
    return {
      where: "user_id = ? OR question_id IN (SELECT question_id FROM answers WHERE user_id = ?)",
      params: [reader, reader],
    };
  }
  const downloader = options.downloadedBy;
  if (table === "guesses" && downloader !== undefined) {
    // A guess about the downloader, until both have answered.
    return {
      where: "user_id = ? OR question_id IN (SELECT id FROM questions WHERE revealed_at IS NOT NULL)",
      params: [downloader],
    };
  }
  if (table === "later_letters" && downloader !== undefined) {
    // A letter for later to the downloader they have not opened yet.
    return { where: "to_user_id IS NOT ? OR opened_at IS NOT NULL", params: [downloader] };
  }
  return { where: "1", params: [] };
}

/** A table's rows in the snapshot, a page at a time, in rowid order (no statement stays open between pages). */
function* pagesOf(reader: BetterSqlite3.Database, table: string, options: ExportOptions): Generator<Row[]> {
  const { where, params } = rowsFilter(table, options);
  const page = reader
    .prepare(
      `SELECT rowid AS "archive rowid", * FROM ${quoteName(table)} WHERE rowid > ? AND (${where}) ORDER BY rowid LIMIT ${PAGE_ROWS}`,
    )
    .raw(true);
  const columns = page.columns().map((column) => column.name);
  let after = -Infinity;
  for (;;) {
    const rows = page.all(after, ...params) as unknown[][];
    if (rows.length === 0) return;
    after = rows.at(-1)![0] as number;
    yield rows.map((values) => {
      const row: Row = {};
      for (let i = 1; i < columns.length; i++) row[columns[i]!] = values[i];
      return row;
    });
    if (rows.length < PAGE_ROWS) return;
  }
}

/** Every file in `media/` a row names: the memories' images, voice messages and videos, and the bounties' photos of them done. */
function mediaFileNames(reader: BetterSqlite3.Database): string[] {
  const names = (sql: string) => reader.prepare(sql).pluck().all() as string[];
  return [
    ...new Set([
      ...names("SELECT file_name FROM memory_images ORDER BY rowid"),
      ...names("SELECT done_photo_file FROM bounties WHERE done_photo_file IS NOT NULL ORDER BY rowid"),
    ]),
  ];
}

/**
 * The named files found on disk now, each added to the zip to be read and hashed when its turn
 * comes; a slice at a time so other requests are answered meanwhile.
 */
async function addMediaFiles(
  zip: yazl.ZipFile,
  folder: string,
  fileNames: string[],
  onFailure: (error: Error) => void,
  reading: { current?: Readable },
): Promise<MediaFile[]> {
  const files: MediaFile[] = [];
  // One function for every file, which each entry calls with its own: a closure per file (and
  // its path kept) would hold tens of megabytes at ten years for as long as the download runs.
  function send(this: MediaFile, ready: (error: null, stream: Readable) => void) {
    // Read in pieces no larger than the file: most photos then take one buffer of their own size, not 64 KiB.
    const stream = createReadStream(join(folder, this.fileName), {
      highWaterMark: Math.max(1, Math.min(this.size, 64 * 1024)),
    });
    reading.current = stream;
    stream.on("error", onFailure);
    // The sha256 is read off the chunks the zip takes: yazl pipes the stream before `ready`
    // returns and the file opens later, so both are listening before the first chunk (a zip
    // that missed one would fail its own size check, never pass unnoticed).
    ready(null, stream);
    const hash = createHash("sha256");
    stream.on("data", (chunk) => hash.update(chunk));
    stream.on("end", () => {
      this.sha256 = hash.digest("hex");
    });
  }
  for (const [i, fileName] of fileNames.entries()) {
    if (i % PAGE_ROWS === PAGE_ROWS - 1) await nextTurn();
    // An image file already gone from disk cannot be saved; its row still says what it was.
    const stats = statSync(join(folder, fileName), { throwIfNoEntry: false });
    if (!stats?.isFile()) continue;
    const file: MediaFile = { fileName, size: stats.size, sha256: PENDING_SHA256 };
    files.push(file);
    zip.addReadStreamLazy(
      `${ARCHIVE_MEDIA}${fileName}`,
      { compress: false, size: stats.size, mtime: stats.mtime },
      send.bind(file),
    );
  }
  return files;
}

/** Lets the event loop answer what waits before going on. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The archive being written: its size is known before the first byte. */
export interface ArchiveExport {
  fileName: string;
  /** The zip's length in bytes: the download's Content-Length. */
  size: number;
  stream: Readable;
  /** How many rows of each table it holds. */
  rows: Record<string, number>;
  mediaFiles: number;
}

/** A digest's length in hex: the document's size is known before the images are read. */
const PENDING_SHA256 = "0".repeat(64);

/**
 * The couple's data as a zip, streamed: one image in memory at a time, a chunk of it at most, and
 * a page of rows. Everything comes from one snapshot of the database, read twice: once to know the
 * document's size (the zip's length is sent first), then as it is written. The document goes last,
 * because each image's sha256 is worked out while the image is sent. The snapshot is closed when
 * the stream ends, fails or is abandoned: the stream must be read or destroyed.
 */
export async function exportArchive(db: Db, now = new Date(), options: ExportOptions = {}): Promise<ArchiveExport> {
  const reader = openSnapshot(db);
  const zip = new yazl.ZipFile();
  const output = zip.outputStream as PassThrough;
  // However the zip ends (written, failed, abandoned half-way, or never handed out): the file being read and the snapshot are closed.
  const reading: { current?: Readable } = {};
  output.on("close", () => {
    reading.current?.destroy();
    reader.close();
  });
  // The zip reads its first images at once, before anyone has the stream to listen to it: a read
  // failing meanwhile (a photo purged, a disk error) is kept here and thrown, never left unheard.
  let failedEarly: Error | undefined;
  const keepEarlyFailure = (error: Error) => {
    failedEarly ??= error;
  };
  output.on("error", keepEarlyFailure);
  try {
    const archived = new Set<string>(ARCHIVED_TABLES);
    const sequences = Object.fromEntries(
      (reader.prepare("SELECT name, seq FROM sqlite_sequence").all() as { name: string; seq: number }[])
        .filter(({ name }) => archived.has(name))
        .map(({ name, seq }) => [name, seq]),
    );
    const downloadedBy =
      options.downloadedBy === undefined
        ? undefined
        : (reader.prepare("SELECT username FROM users WHERE id = ?").pluck().get(options.downloadedBy) as
            | string
            | undefined);
    // A failed read (an image removed or changed meanwhile) fails the whole download, never a short zip.
    const fail = (error: Error) => output.destroy(error);
    zip.on("error", fail);
    const files = await addMediaFiles(zip, mediaFolder(db), mediaFileNames(reader), fail, reading);
    const head = {
      format: ARCHIVE_FORMAT,
      formatVersion: ARCHIVE_FORMAT_VERSION,
      schemaVersion: schemaVersionOf(reader),
      exportedAt: now.toISOString(),
      ...(downloadedBy === undefined ? {} : { downloadedBy }),
    };
    const text = (rowsOf: (table: string) => Iterable<Row[]>) =>
      documentText({
        head,
        balances: () => pagesOf(reader, "accounts", options),
        tables: ARCHIVED_TABLES,
        rowsOf,
        sequences,
        media: () => pagesOfMedia(files),
      });
    // The sizing pass counts each table's rows as it reads them.
    const rows: Record<string, number> = Object.fromEntries(ARCHIVED_TABLES.map((table) => [table, 0]));
    let documentSize = 0;
    for (const piece of text((table) => counted(pagesOf(reader, table, options), table, rows))) {
      documentSize += Buffer.byteLength(piece);
      await nextTurn();
      // An image failed meanwhile: the download is lost, and its snapshot closed with it.
      if (failedEarly) throw failedEarly;
    }

    // The document last: by then every image's sha256 is known.
    zip.addReadStreamLazy(ARCHIVE_DOCUMENT, { compress: false, size: documentSize, mtime: now }, (ready) => {
      const pieces = text((table) => pagesOf(reader, table, options));
      reading.current = Readable.from(
        (function* () {
          for (const piece of pieces) yield Buffer.from(piece, "utf8");
        })(),
      );
      ready(null, reading.current);
    });
    let size = -1;
    // Always the zip64 end records: yazl counts them in the size as soon as the central directory
    // reaches 64 KiB (about 800 images) but writes them only past 65,535 entries or 4 GiB, so the
    // size announced would be 76 bytes more than the zip and the download cut short at its end.
    (zip.end as (options: object, sized: (total: number) => void) => void)({ forceZip64Format: true }, (total) => {
      size = total;
    });
    if (size < 0) throw new Error("archive: the zip's size is not known ahead (an entry is compressed or unsized)");
    if (failedEarly) throw failedEarly;
    // From here the caller listens (it must read or destroy the stream).
    output.off("error", keepEarlyFailure);
    return { fileName: archiveFileName(now), size, stream: output, rows, mediaFiles: files.length };
  } catch (error) {
    // The images already added are being read into the zip: nobody will take it now.
    output.destroy();
    throw failedEarly ?? error;
  }
}

/** `pages` as they are, their rows added to `rows[table]`. */
function* counted(pages: Iterable<Row[]>, table: string, rows: Record<string, number>): Generator<Row[]> {
  for (const page of pages) {
    rows[table] = (rows[table] ?? 0) + page.length;
    yield page;
  }
}

/** The media list of the document, a page at a time. */
function* pagesOfMedia(files: MediaFile[]): Generator<ArchiveMedia[]> {
  for (let start = 0; start < files.length; start += PAGE_ROWS) {
    yield files
      .slice(start, start + PAGE_ROWS)
      .map((file) => ({ fileName: file.fileName, size: file.size, sha256: file.sha256 }));
  }
}

/** What a zip writes around each file besides its bytes: a local header, a data descriptor and a central directory entry. */
const ZIP_BYTES_AROUND_A_FILE = 30 + 16 + 46 + 2 * 9;

const sizeStatements = preparedFor((db) => ({
  media: db.$client.prepare(
    "SELECT count(*) AS files, coalesce(sum(size), 0) AS bytes, coalesce(sum(length(file_name)), 0) AS names FROM memory_images",
  ),
  database: db.$client.prepare("SELECT page_count * page_size FROM pragma_page_count(), pragma_page_size()").pluck(),
  bountyPhotos: db.$client.prepare("SELECT done_photo_file FROM bounties WHERE done_photo_file IS NOT NULL").pluck(),
}));

/**
 * About how many bytes "Download our data" is, without reading a row of it: the photos, voice
 * messages and videos as their rows give their sizes (a bounty's photo as the disk does), what the zip writes around each (its name
 * twice), and the database's size for the document of rows (the rows as JSON take about as much as
 * SQLite's pages, indexes included). Said before a phone starts a download of many gigabytes.
 */
export function archiveSizeAbout(db: Db): number {
  const statements = sizeStatements(db);
  const media = statements.media.get() as { files: number; bytes: number; names: number };
  const aroundFiles = media.files * (ZIP_BYTES_AROUND_A_FILE + 2 * ARCHIVE_MEDIA.length) + 2 * media.names;
  // A bounty's photo of it done has no size in its row: the few there are are asked of the disk.
  const folder = mediaFolder(db);
  const bountyPhotos = (statements.bountyPhotos.all() as string[]).reduce(
    (bytes, fileName) => bytes + (statSync(join(folder, fileName), { throwIfNoEntry: false })?.size ?? 0),
    0,
  );
  return media.bytes + bountyPhotos + aroundFiles + (statements.database.get() as number);
}

/** `spankbank-export-2026-11-23.zip`. */
export function archiveFileName(now = new Date()): string {
  return `spankbank-export-${now.toISOString().slice(0, 10)}.zip`;
}

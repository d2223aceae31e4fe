import { createHash } from "node:crypto";
import { createReadStream, statSync } from "node:fs";
import { join } from "node:path";
import { type PassThrough, pipeline, Readable, Transform } from "node:stream";
import yazl from "yazl";
import type { Db } from "./client.js";
import { inTransaction } from "./client.js";
import { mediaFolder } from "./media.js";

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

/** The migrations applied to this database: the archive's `schemaVersion`. */
export function schemaVersionOf(db: Db): number {
  const row = db.$client.prepare("SELECT count(*) AS n FROM __drizzle_migrations").get() as { n: number };
  return row.n;
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

/** An image file to put in the archive, as found on disk when the rows were read. */
interface MediaFile {
  fileName: string;
  path: string;
  size: number;
  mtime: Date;
}

/** The couple's rows and image files, read in one transaction so the ledger balances even while the bot writes. */
export function archiveTables(
  db: Db,
  options: ExportOptions = {},
): { tables: Record<string, Row[]>; sequences: Record<string, number>; files: MediaFile[]; downloadedBy?: string } {
  return inTransaction(db, () => {
    const tables: Record<string, Row[]> = {};
    for (const table of ARCHIVED_TABLES) {
      tables[table] = db.$client.prepare(`SELECT * FROM ${quoteName(table)} ORDER BY rowid`).all() as Row[];
    }
    const archived = new Set<string>(ARCHIVED_TABLES);
    const sequences = Object.fromEntries(
      (db.$client.prepare("SELECT name, seq FROM sqlite_sequence").all() as { name: string; seq: number }[])
        .filter(({ name }) => archived.has(name))
        .map(({ name, seq }) => [name, seq]),
    );
    const reader = options.sealedFor;
    if (reader !== undefined) {
      const answered = new Set(
        (tables.answers as { question_id: number; user_id: number }[])
          .filter((answer) => answer.user_id === reader)
          .map((answer) => answer.question_id),
      );
      tables.answers = (tables.answers as { question_id: number; user_id: number }[]).filter(
        (answer) => answer.user_id === reader || answered.has(answer.question_id),
      );
    }
    const downloader = options.downloadedBy;
    if (downloader !== undefined) {
      // A guess about the downloader stays out until both have answered, as on every page.
      const revealed = new Set(
        (tables.questions as { id: number; revealed_at: string | null }[])
          .filter((question) => question.revealed_at !== null)
          .map((question) => question.id),
      );
      tables.guesses = (tables.guesses as { question_id: number; user_id: number }[]).filter(
        (guess) => guess.user_id === downloader || revealed.has(guess.question_id),
      );
      tables.later_letters = (tables.later_letters as { to_user_id: number; opened_at: string | null }[]).filter(
        (letter) => letter.to_user_id !== downloader || letter.opened_at !== null,
      );
    }
    const folder = mediaFolder(db);
    const files: MediaFile[] = [];
    for (const fileName of mediaFileNames(tables)) {
      const path = join(folder, fileName);
      // An image file already gone from disk cannot be saved; its row still says what it was.
      const stats = statSync(path, { throwIfNoEntry: false });
      if (!stats?.isFile()) continue;
      files.push({ fileName, path, size: stats.size, mtime: stats.mtime });
    }
    const username = (tables.users as { id: number; username: string }[]).find(
      (user) => user.id === downloader,
    )?.username;
    return { tables, sequences, files, ...(username === undefined ? {} : { downloadedBy: username }) };
  });
}

/** Every file in `media/` a row names: the memories' images, voice messages and videos, and the bounties' photos of them done. */
function mediaFileNames(tables: Record<string, Row[]>): string[] {
  const memoryFiles = (tables.memory_images as { file_name: string }[]).map((image) => image.file_name);
  const bountyPhotos = (tables.bounties as { done_photo_file: string | null }[]).flatMap((bounty) =>
    bounty.done_photo_file === null ? [] : [bounty.done_photo_file],
  );
  return [...new Set([...memoryFiles, ...bountyPhotos])];
}

/** The archive being written: its size is known before the first byte. */
export interface ArchiveExport {
  fileName: string;
  /** The zip's length in bytes: the download's Content-Length. */
  size: number;
  stream: Readable;
  tables: Record<string, Row[]>;
  mediaFiles: number;
}

/** A digest's length in hex: the document's size is known before the images are read. */
const PENDING_SHA256 = "0".repeat(64);

function documentBytes(document: ArchiveDocument): Buffer {
  return Buffer.from(JSON.stringify(document, null, 1), "utf8");
}

/**
 * The couple's data as a zip, streamed: one image in memory at a time, a chunk of it at most.
 * The document goes last, because each image's sha256 is worked out while the image is sent.
 */
export function exportArchive(db: Db, now = new Date(), options: ExportOptions = {}): ArchiveExport {
  const { tables, sequences, files, downloadedBy } = archiveTables(db, options);
  const sha256 = new Map<string, string>();
  const schemaVersion = schemaVersionOf(db);
  const documentWith = (digest: (fileName: string) => string): ArchiveDocument => ({
    format: ARCHIVE_FORMAT,
    formatVersion: ARCHIVE_FORMAT_VERSION,
    schemaVersion,
    exportedAt: now.toISOString(),
    ...(downloadedBy === undefined ? {} : { downloadedBy }),
    balances: tables.accounts ?? [],
    tables,
    sequences,
    media: files.map((file) => ({ fileName: file.fileName, size: file.size, sha256: digest(file.fileName) })),
  });
  const pending = documentWith(() => PENDING_SHA256);
  const documentSize = documentBytes(pending).length;

  const zip = new yazl.ZipFile();
  const output = zip.outputStream as PassThrough;
  // A failed read (an image removed or changed meanwhile) fails the whole download, never a short zip.
  const fail = (error: Error) => output.destroy(error);
  zip.on("error", fail);
  // A download abandoned half-way closes the image being read.
  let reading: Readable | undefined;
  output.on("close", () => reading?.destroy());
  for (const file of files) {
    zip.addReadStreamLazy(
      `${ARCHIVE_MEDIA}${file.fileName}`,
      { compress: false, size: file.size, mtime: file.mtime },
      (ready) => {
        reading = hashed(file.path, (digest) => sha256.set(file.fileName, digest), fail);
        ready(null, reading);
      },
    );
  }
  zip.addReadStreamLazy(ARCHIVE_DOCUMENT, { compress: false, size: documentSize, mtime: now }, (ready) => {
    const bytes = documentBytes(documentWith((fileName) => sha256.get(fileName) ?? PENDING_SHA256));
    if (bytes.length !== documentSize) return fail(new Error("archive: the document changed size while written"));
    ready(null, Readable.from([bytes]));
  });
  let size = -1;
  // Always the zip64 end records: yazl counts them in the size as soon as the central directory
  // reaches 64 KiB (about 800 images) but writes them only past 65,535 entries or 4 GiB, so the
  // size announced would be 76 bytes more than the zip and the download cut short at its end.
  (zip.end as (options: object, sized: (total: number) => void) => void)({ forceZip64Format: true }, (total) => {
    size = total;
  });
  if (size < 0) throw new Error("archive: the zip's size is not known ahead (an entry is compressed or unsized)");
  return { fileName: archiveFileName(now), size, stream: output, tables, mediaFiles: files.length };
}

/** A file's bytes as they are read, its sha256 handed on once read through. */
function hashed(path: string, onDigest: (digest: string) => void, onError: (error: Error) => void): Readable {
  const hash = createHash("sha256");
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
    flush(done) {
      onDigest(hash.digest("hex"));
      done();
    },
  });
  pipeline(createReadStream(path), tap, (error) => {
    if (error) onError(error);
  });
  return tap;
}

/** `spankbank-export-2026-11-23.zip`. */
export function archiveFileName(now = new Date()): string {
  return `spankbank-export-${now.toISOString().slice(0, 10)}.zip`;
}

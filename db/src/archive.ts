import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Db } from "./client.js";
import { inTransaction } from "./client.js";
import { Refusal } from "./errors.js";
import { mediaFolder } from "./media.js";

/**
 * "Your data, yours": one archive of everything the couple made, in a form a later version can
 * import (docs/export.md describes it field by field).
 *
 * One `.json` file with the images inside as base64, not a tar: no tar library is among our
 * dependencies, a hand-written tar writer is more code to get wrong than base64, and one JSON file
 * opens in any editor. The images (8 MiB at most each) grow by a third; fine for one couple.
 */
export const ARCHIVE_FORMAT = "spankbank-export";
export const ARCHIVE_FORMAT_VERSION = 1;

/**
 * The tables the archive carries, parents before children (the order import inserts them in).
 * Left out on purpose: sessions, sign-in failures, known clients and idempotency keys (security
 * state of this install), the outbox (an import must not announce old events again), the bot's
 * delivery state (discord_cursors, discord_handled_messages, media_outbox) and the content versions (cache counters).
 */
export const ARCHIVED_TABLES = [
  "users",
  "partner_days",
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
  "memories",
  "memory_images",
  "letters",
  "later_letters",
  "visits",
  "visit_milestones",
] as const;

type Row = Record<string, unknown>;

export interface ArchiveMedia {
  fileName: string;
  size: number;
  sha256: string;
  base64: string;
}

export interface Archive {
  format: typeof ARCHIVE_FORMAT;
  formatVersion: number;
  /** How many database migrations the exporting app had applied. */
  schemaVersion: number;
  exportedAt: string;
  /** Each account's balance when exported, for reading; import recomputes nothing from it. */
  balances: Row[];
  tables: Record<string, Row[]>;
  media: ArchiveMedia[];
}

/** The migrations applied to this database: the archive's `schemaVersion`. */
export function schemaVersionOf(db: Db): number {
  const row = db.$client.prepare("SELECT count(*) AS n FROM __drizzle_migrations").get() as { n: number };
  return row.n;
}

function quoteName(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

function columnsOf(db: Db, table: string): string[] {
  return (db.$client.prepare(`PRAGMA table_info(${quoteName(table)})`).all() as { name: string }[]).map((c) => c.name);
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

/**
 * The couple's data as one archive. Rows are read in one transaction, so the ledger in the
 * archive balances even while the bot is writing.
 */
export function exportArchive(db: Db, now = new Date(), options: ExportOptions = {}): Archive {
  return inTransaction(db, () => {
    const tables: Record<string, Row[]> = {};
    for (const table of ARCHIVED_TABLES) {
      tables[table] = db.$client.prepare(`SELECT * FROM ${quoteName(table)} ORDER BY rowid`).all() as Row[];
    }
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
      tables.later_letters = (tables.later_letters as { to_user_id: number; opened_at: string | null }[]).filter(
        (letter) => letter.to_user_id !== downloader || letter.opened_at !== null,
      );
    }
    const folder = mediaFolder(db);
    const media: ArchiveMedia[] = [];
    for (const image of tables.memory_images as { file_name: string }[]) {
      const path = join(folder, image.file_name);
      // An image file already gone from disk cannot be saved; its row still says what it was.
      if (!existsSync(path)) continue;
      const bytes = readFileSync(path);
      media.push({
        fileName: image.file_name,
        size: bytes.length,
        sha256: createHash("sha256").update(bytes).digest("hex"),
        base64: bytes.toString("base64"),
      });
    }
    return {
      format: ARCHIVE_FORMAT,
      formatVersion: ARCHIVE_FORMAT_VERSION,
      schemaVersion: schemaVersionOf(db),
      exportedAt: now.toISOString(),
      balances: tables.accounts ?? [],
      tables,
      media,
    };
  });
}

/** The archive as the text of its file. */
export function archiveText(archive: Archive): string {
  return JSON.stringify(archive);
}

/** `spankbank-export-2026-11-23.json`. */
export function archiveFileName(now = new Date()): string {
  return `spankbank-export-${now.toISOString().slice(0, 10)}.json`;
}

/** A safe media file name: no folders, no dot-files (the archive may come from anywhere). */
const MEDIA_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,200}$/;

function invalid(message: string): never {
  throw new Refusal("invalid", message);
}

/** The archive read from a file's text, checked for its shape; a Refusal says what is wrong. */
export function parseArchive(text: string): Archive {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    invalid("archive: not a JSON file");
  }
  const archive = value as Partial<Archive> | null;
  if (archive === null || typeof archive !== "object" || archive.format !== ARCHIVE_FORMAT) {
    invalid(`archive: not a Spank Bank export (its "format" is not "${ARCHIVE_FORMAT}")`);
  }
  if (typeof archive.formatVersion !== "number" || archive.formatVersion > ARCHIVE_FORMAT_VERSION) {
    invalid(
      `archive.formatVersion: ${String(archive.formatVersion)} is newer than this version reads (${ARCHIVE_FORMAT_VERSION}); update the app first`,
    );
  }
  if (typeof archive.schemaVersion !== "number") invalid("archive.schemaVersion: missing");
  if (typeof archive.tables !== "object" || archive.tables === null) invalid("archive.tables: missing");
  for (const [table, rows] of Object.entries(archive.tables)) {
    if (!Array.isArray(rows) || rows.some((row) => typeof row !== "object" || row === null || Array.isArray(row))) {
      invalid(`archive.tables.${table}: not a list of rows`);
    }
  }
  if (!Array.isArray(archive.media)) invalid("archive.media: missing");
  for (const [i, item] of archive.media.entries()) {
    if (typeof item?.fileName !== "string" || !MEDIA_NAME.test(item.fileName)) {
      invalid(`archive.media[${i}].fileName: not a plain file name`);
    }
    if (typeof item.base64 !== "string" || typeof item.sha256 !== "string") {
      invalid(`archive.media[${i}]: base64 and sha256 are required`);
    }
  }
  return archive as Archive;
}

export interface ImportResult {
  rows: Record<string, number>;
  mediaFiles: number;
}

/**
 * Restores an archive into a FRESH database (migrated, nothing in it yet) and its media folder.
 * Every row keeps its id, so memories keep their images and the ledger its history. Columns the
 * archive has and this schema lost are refused; columns this schema added take their defaults.
 * All rows go in one transaction: a refusal leaves the database and the media folder as they were.
 */
export function importArchive(db: Db, archive: Archive): ImportResult {
  const current = schemaVersionOf(db);
  if (archive.schemaVersion > current) {
    invalid(
      `archive.schemaVersion: the archive comes from a newer version (schema ${archive.schemaVersion}, this one has ${current}); update the app first`,
    );
  }
  for (const table of Object.keys(archive.tables)) {
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

  const media = archive.media.map((item, i) => {
    const bytes = Buffer.from(item.base64, "base64");
    if (createHash("sha256").update(bytes).digest("hex") !== item.sha256) {
      invalid(`archive.media[${i}] (${item.fileName}): its bytes do not match its sha256`);
    }
    return { fileName: item.fileName, bytes };
  });

  const folder = mediaFolder(db);
  mkdirSync(folder, { recursive: true });
  const written: string[] = [];
  try {
    for (const { fileName, bytes } of media) {
      const path = join(folder, fileName);
      if (existsSync(path)) invalid(`archive.media: ${fileName} already exists in ${folder}`);
      // Written under a temporary name first: a file named like an image is always whole.
      writeFileSync(`${path}.partial`, bytes);
      renameSync(`${path}.partial`, path);
      written.push(path);
    }
    const rows = insertRows(db, archive.tables);
    return { rows, mediaFiles: written.length };
  } catch (error) {
    for (const path of written) rmSync(path, { force: true });
    throw error;
  }
}

function insertRows(db: Db, tables: Record<string, Row[]>): Record<string, number> {
  const counts: Record<string, number> = {};
  inTransaction(db, () => {
    // Checked at commit rather than per row: a self-reference or a later row's parent is fine.
    db.$client.pragma("defer_foreign_keys = ON");
    for (const table of ARCHIVED_TABLES) {
      const rows = tables[table] ?? [];
      counts[table] = rows.length;
      if (rows.length === 0) continue;
      const known = new Set(columnsOf(db, table));
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
    const broken = db.$client.pragma("foreign_key_check") as { table: string; rowid: number; parent: string }[];
    if (broken.length > 0) {
      const first = broken[0]!;
      invalid(`archive.tables.${first.table}: row ${first.rowid} points to a missing ${first.parent} row`);
    }
  });
  return counts;
}

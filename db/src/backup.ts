import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { readMigrationFiles } from "drizzle-orm/migrator";
import type { Db } from "./client.js";
import { checkDatabase, describeBrokenRules } from "./healthCheck.js";
import * as schema from "./schema.js";

/** Backups live beside the database: `data/backups/`; memory images in `data/media/`. */
export const backupsDirOf = (databasePath: string) => join(dirname(databasePath), "backups");
export const mediaDirOf = (databasePath: string) => join(dirname(databasePath), "media");

const BACKUP_NAME = /^spankbank-(\d{4}-\d{2}-\d{2})T(\d{2})(\d{2})(\d{2})Z(-pre-migration)?\.db$/;

export interface BackupFile {
  path: string;
  name: string;
  takenAt: Date;
  bytes: number;
  /** The copy of the media folder taken with it, when there was one. */
  mediaPath: string | null;
}

export interface Retention {
  keepDaily: number;
  keepWeekly: number;
}

/** `spankbank-2026-11-22T030000Z.db`: sorts by name, readable, unique to the second. */
function backupName(now: Date, suffix = ""): string {
  const iso = now.toISOString();
  return `spankbank-${iso.slice(0, 10)}T${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z${suffix}.db`;
}

/**
 * An online backup (SQLite's backup API copies pages in steps, so writers wait only briefly),
 * written under a temporary name, verified by opening the copy and checking it, then renamed:
 * a file named like a backup is always a good one. The media folder is copied beside it.
 */
export async function takeBackup(db: Db, databasePath: string, now = new Date()): Promise<BackupFile> {
  const dir = backupsDirOf(databasePath);
  mkdirSync(dir, { recursive: true });
  const name = backupName(now);
  const path = join(dir, name);
  const partial = `${path}.partial`;
  rmSync(partial, { force: true });
  await db.$client.backup(partial);
  const problems = verifyBackupFile(partial);
  if (problems.length > 0) {
    rmSync(partial, { force: true });
    throw new Error(`The backup failed its check and was not kept:\n${problems.join("\n")}`);
  }
  renameSync(partial, path);
  const mediaPath = copyMedia(databasePath, path);
  return describe(path, mediaPath);
}

function copyMedia(databasePath: string, backupPath: string): string | null {
  const media = mediaDirOf(databasePath);
  if (!existsSync(media)) return null;
  const target = mediaCopyOf(backupPath);
  cpSync(media, target, { recursive: true });
  return target;
}

const mediaCopyOf = (backupPath: string) => backupPath.replace(/\.db$/, ".media");

/** Opens a copy read-only and runs every check of `npm run check`; the problems, or none. */
export function verifyBackupFile(path: string): string[] {
  let sqlite: BetterSqlite3.Database;
  try {
    sqlite = new BetterSqlite3(path, { readonly: true, fileMustExist: true });
  } catch (error) {
    return [`cannot open ${path}: ${(error as Error).message}`];
  }
  try {
    const tables = sqlite.prepare("SELECT COUNT(*) AS n FROM sqlite_master WHERE name = 'accounts'").get() as {
      n: number;
    };
    if (tables.n === 0) return [`${path} is not a Spank Bank database`];
    const problems = checkDatabase(drizzle(sqlite, { schema }) as unknown as Db);
    return problems.length > 0 ? [describeBrokenRules(problems)] : [];
  } catch (error) {
    return [`${path} cannot be read: ${(error as Error).message}`];
  } finally {
    sqlite.close();
  }
}

/** Every backup, newest first. */
export function listBackups(databasePath: string): BackupFile[] {
  const dir = backupsDirOf(databasePath);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => BACKUP_NAME.test(name))
    .sort()
    .reverse()
    .map((name) => {
      const path = join(dir, name);
      const media = mediaCopyOf(path);
      return describe(path, existsSync(media) ? media : null);
    });
}

function describe(path: string, mediaPath: string | null): BackupFile {
  const name = basename(path);
  const [, day, hours, minutes, seconds] = BACKUP_NAME.exec(name) ?? [];
  return {
    path,
    name,
    takenAt: new Date(`${day}T${hours}:${minutes}:${seconds}Z`),
    bytes: statSync(path).size,
    mediaPath,
  };
}

/**
 * Keeps the newest backup of each of the last `keepDaily` days that have one, and the newest of
 * each of the `keepWeekly` weeks before those; deletes the rest (and their media). Returns what
 * was deleted.
 */
export function pruneBackups(databasePath: string, retention: Retention): string[] {
  const kept = new Set<string>();
  const days = new Set<string>();
  const weeks = new Set<string>();
  for (const backup of listBackups(databasePath)) {
    const day = backup.takenAt.toISOString().slice(0, 10);
    if (days.has(day)) continue;
    if (days.size < retention.keepDaily) {
      days.add(day);
      kept.add(backup.path);
      continue;
    }
    const week = weekOf(backup.takenAt);
    if (weeks.has(week) || weeks.size >= retention.keepWeekly) continue;
    weeks.add(week);
    kept.add(backup.path);
  }
  const removed: string[] = [];
  for (const backup of listBackups(databasePath)) {
    if (kept.has(backup.path)) continue;
    rmSync(backup.path, { force: true });
    if (backup.mediaPath) rmSync(backup.mediaPath, { recursive: true, force: true });
    removed.push(backup.name);
  }
  return removed;
}

/** The Monday (UTC) starting the week of `date`, as a key. */
function weekOf(date: Date): string {
  const monday = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
  return monday.toISOString().slice(0, 10);
}

/**
 * Puts a backup in place of the database. The caller has made sure no process has it open.
 * The replaced file (and its WAL) and media folder are kept beside it, never deleted.
 */
export function restoreBackup(databasePath: string, backupPath: string, now = new Date()): { keptAs: string } {
  const problems = verifyBackupFile(backupPath);
  if (problems.length > 0) throw new Error(`${backupPath} is not a good backup:\n${problems.join("\n")}`);
  const stamp = backupName(now).replace(/^spankbank-|\.db$/g, "");
  const keptAs = `${databasePath}.replaced-${stamp}`;
  mkdirSync(dirname(databasePath), { recursive: true });
  for (const suffix of ["", "-wal", "-shm"]) {
    if (existsSync(databasePath + suffix)) renameSync(databasePath + suffix, keptAs + suffix);
  }
  cpSync(backupPath, databasePath);
  const media = mediaDirOf(databasePath);
  const backupMedia = mediaCopyOf(backupPath);
  if (existsSync(backupMedia)) {
    if (existsSync(media)) renameSync(media, `${media}.replaced-${stamp}`);
    cpSync(backupMedia, media, { recursive: true });
  }
  return { keptAs };
}

/**
 * Before migrations change a database that already holds data, a copy of it as it was.
 * `VACUUM INTO` because opening the database is synchronous; it is a consistent snapshot.
 */
export function backupBeforeMigrations(
  sqlite: BetterSqlite3.Database,
  databasePath: string,
  migrationsFolder: string,
  now = new Date(),
): string | null {
  if (databasePath === ":memory:" || !hasPendingMigrations(sqlite, migrationsFolder)) return null;
  const dir = backupsDirOf(databasePath);
  mkdirSync(dir, { recursive: true });
  const path = join(dir, backupName(now, "-pre-migration"));
  sqlite.prepare("VACUUM INTO ?").run(path);
  return path;
}

function hasPendingMigrations(sqlite: BetterSqlite3.Database, migrationsFolder: string): boolean {
  const table = sqlite
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'")
    .get();
  if (!table) return false;
  const last = sqlite.prepare("SELECT MAX(created_at) AS at FROM __drizzle_migrations").get() as { at: number | null };
  if (last.at === null) return false;
  return readMigrationFiles({ migrationsFolder }).some((migration) => migration.folderMillis > Number(last.at));
}

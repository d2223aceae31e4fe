// The copy taken before an upgrade's migrations change a database that holds data.
import { mkdirSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import type BetterSqlite3 from "better-sqlite3";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { backupName, backupsDirOf, flushFile, flushFolder } from "./files.js";

/**
 * Before migrations change a database that already holds data, a copy of it as it was.
 * `VACUUM INTO` because opening the database is synchronous; it is a consistent snapshot,
 * written under a temporary name and renamed whole.
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
  const path = join(dir, backupName(databasePath, now, "-pre-migration"));
  rmSync(`${path}.partial`, { force: true });
  sqlite.prepare("VACUUM INTO ?").run(`${path}.partial`);
  // VACUUM INTO does not fsync: on the disk, name included, before the migrations change the
  // database, or a power cut can leave the only copy from before them empty.
  flushFile(`${path}.partial`);
  renameSync(`${path}.partial`, path);
  flushFolder(dir);
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

// Verifying a copy: every check of `npm run check`, and that this version knows its migrations.
import { existsSync } from "node:fs";
import BetterSqlite3 from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { readMigrationFiles } from "drizzle-orm/migrator";
import type { Db } from "../../client.js";
import * as schema from "../../schema.js";
import { checkDatabase, describeBrokenRules, quickCheck } from "../healthCheck.js";
import { rewrittenMigrationHashes } from "../migrationRepairs.js";

/**
 * Opens a copy read-only and runs every check of `npm run check`, and checks it was written by a
 * version that knows all its migrations: the problems, or none.
 */
export function verifyBackupFile(path: string, migrationsFolder?: string): string[] {
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
    if (migrationsFolder) {
      const newer = unknownMigrations(sqlite, migrationsFolder);
      if (newer > 0) {
        return [
          `${path} was written by a newer Spank Bank (${newer} migration(s) this version does not know): update the app first`,
        ];
      }
    }
    const problems = checkDatabase(drizzle(sqlite, { schema }) as unknown as Db);
    return problems.length > 0 ? [describeBrokenRules(problems)] : [];
  } catch (error) {
    return [`${path} cannot be read: ${(error as Error).message}`];
  } finally {
    sqlite.close();
  }
}

/** Migrations recorded in the file that this version's migrations folder does not have. */
function unknownMigrations(sqlite: BetterSqlite3.Database, migrationsFolder: string): number {
  const known = new Set(readMigrationFiles({ migrationsFolder }).map((migration) => migration.hash));
  const table = sqlite
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'")
    .get();
  if (!table) return 0;
  const applied = sqlite.prepare("SELECT hash FROM __drizzle_migrations").all() as { hash: string }[];
  return applied.filter((row) => !known.has(row.hash) && !rewrittenMigrationHashes.has(row.hash)).length;
}

/** SQLite's quick check of the file as it is, before anything writes to it (none when it does not exist yet). */
export function quickCheckFile(databasePath: string): string[] {
  if (!existsSync(databasePath)) return [];
  let sqlite: BetterSqlite3.Database | undefined;
  try {
    sqlite = new BetterSqlite3(databasePath, { readonly: true, fileMustExist: true });
    return quickCheck(sqlite);
  } catch (error) {
    return [`cannot be opened: ${(error as Error).message}`];
  } finally {
    sqlite?.close();
  }
}

import { readFileSync } from "node:fs";
import { join } from "node:path";
import type BetterSqlite3 from "better-sqlite3";
import { readMigrationFiles } from "drizzle-orm/migrator";

/**
 * A migration that was changed after a commit of main had shipped it (migrations are append-only
 * since; db/migrations/hashes.json and its test keep them so). A database migrated by that commit
 * recorded the first version: drizzle's migrator, seeing the migration's time moved on, would run
 * the new version again and fail on the columns the first run added.
 */
interface RewrittenMigration {
  tag: string;
  /** The first version's SQL hash and journal time, as that database recorded them. */
  sha256: string;
  when: number;
  /** What the new version adds to the first: run on the database before it is recorded as the new one. */
  missing: string[];
}

const REWRITTEN: readonly RewrittenMigration[] = [
  {
    // As commit 6304820 shipped it; 4d63d53 added the questions_bank index to it.
    tag: "0011_question_bank_tags_seasons",
    sha256: "c5d87e7a1f3a17baa050d254f358e02934559bea626446ac08da2e8106660638",
    when: 1795428414639,
    missing: ["CREATE INDEX IF NOT EXISTS `questions_bank` ON `questions` (`bank_id`)"],
  },
];

/** Hashes of first versions a database may hold: not migrations from a newer Spank Bank. */
export const rewrittenMigrationHashes: ReadonlySet<string> = new Set(REWRITTEN.map((migration) => migration.sha256));

/**
 * Brings a database that recorded the first version of a rewritten migration to what the
 * current version makes, and records the current version as applied, in one transaction: the
 * migrator then goes on from there. Nothing happens to any other database.
 */
export function repairRewrittenMigrations(sqlite: BetterSqlite3.Database, migrationsFolder: string): void {
  const table = sqlite
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'")
    .get();
  if (!table) return;
  for (const rewritten of REWRITTEN) {
    const applied = sqlite
      // rowid: drizzle's `id SERIAL` is no rowid alias in SQLite, and is null in every row.
      .prepare("SELECT rowid AS row FROM __drizzle_migrations WHERE hash = ? AND created_at = ?")
      .get(rewritten.sha256, rewritten.when) as { row: number } | undefined;
    if (!applied) continue;
    const journal = JSON.parse(readFileSync(join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
      entries: { tag: string }[];
    };
    const now = readMigrationFiles({ migrationsFolder })[
      journal.entries.findIndex((entry) => entry.tag === rewritten.tag)
    ];
    if (!now) throw new Error(`The migration ${rewritten.tag} is missing from ${migrationsFolder}.`);
    sqlite.transaction(() => {
      for (const statement of rewritten.missing) sqlite.exec(statement);
      sqlite
        .prepare("UPDATE __drizzle_migrations SET hash = ?, created_at = ? WHERE rowid = ?")
        .run(now.hash, now.folderMillis, applied.row);
    })();
  }
}

import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { demoCouple } from "@spankbank/shared/demoCouple";
import BetterSqlite3 from "better-sqlite3";
import { generateSQLiteDrizzleJson, generateSQLiteMigration } from "drizzle-kit/api";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { describe, expect, it } from "vitest";
import { migrationsFolder, openDb } from "./client.js";
import { syncCouple } from "./couple.js";
import { listBackups, verifyBackupFile } from "./ops/backup/index.js";
import * as schema from "./schema.js";

const journal = JSON.parse(readFileSync(join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
  entries: { idx: number; tag: string; when: number }[];
};

function tempDbPath(): string {
  return join(mkdtempSync(join(tmpdir(), "spankbank-db-")), "spankbank.db");
}

function appliedMigrations(db: ReturnType<typeof openDb>): number {
  return (db.$client.prepare("SELECT count(*) AS n FROM __drizzle_migrations").get() as { n: number }).n;
}

describe("migrations", () => {
  it("apply on an empty file and create every table of the schema", () => {
    const db = openDb(tempDbPath());
    const tables = db.$client
      .prepare(
        // FTS5's own shadow tables (`memories_search_data`...) are its storage, not the schema's.
        "SELECT name FROM pragma_table_list WHERE schema = 'main' AND type IN ('table', 'virtual') AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%'",
      )
      .all()
      .map((row) => (row as { name: string }).name)
      .sort();
    expect(tables).toEqual(
      [
        "accounts",
        "answers",
        "answers_search",
        "backup_status",
        "bounties",
        "content_versions",
        "discord_cursors",
        "discord_handled_messages",
        "guesses",
        "idempotency_keys",
        "inventory_items",
        "known_clients",
        "later_letters",
        "later_letters_search",
        "letters",
        "letters_search",
        "login_failures",
        "media_outbox",
        "memories",
        "memories_search",
        "memory_images",
        "nudges",
        "outbox",
        "partner_days",
        "passkeys",
        "partner_settings",
        "products",
        "products_search",
        "purchases",
        "question_bank",
        "questions",
        "redemptions",
        "sessions",
        "story_progress",
        "streak_milestones",
        "transfers",
        "trash_clock",
        "users",
        "visit_milestones",
        "visits",
        "workouts",
      ].sort(),
    );
    expect(appliedMigrations(db)).toBe(journal.entries.length);
  });

  it("are not applied twice, and a second start keeps every row", () => {
    const path = tempDbPath();
    const first = openDb(path);
    syncCouple(first, demoCouple);
    first.$client
      .prepare(
        "INSERT INTO memories (user_id, message, created_at) VALUES (1, 'first date', '2026-01-01T00:00:00.000Z')",
      )
      .run();
    first.$client.close();

    const second = openDb(path);
    syncCouple(second, demoCouple);
    expect(appliedMigrations(second)).toBe(journal.entries.length);
    expect(second.$client.prepare("SELECT message FROM memories").all()).toEqual([{ message: "first date" }]);
    expect(second.$client.prepare("SELECT count(*) AS n FROM users").get()).toEqual({ n: 2 });
    expect(second.$client.prepare("SELECT count(*) AS n FROM accounts").get()).toEqual({ n: 5 });
  });

  it("set the pragmas every connection needs", () => {
    const db = openDb(tempDbPath());
    expect(db.$client.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(db.$client.pragma("foreign_keys", { simple: true })).toBe(1);
    expect(db.$client.pragma("synchronous", { simple: true })).toBe(2); // FULL
    expect(db.$client.pragma("busy_timeout", { simple: true })).toBe(5000);
  });

  it("are append-only: each committed migration's SQL hash and time are the ones in db/migrations/hashes.json", () => {
    const recorded = JSON.parse(readFileSync(join(migrationsFolder, "hashes.json"), "utf8"));
    const files = readMigrationFiles({ migrationsFolder });
    const committed = Object.fromEntries(
      journal.entries.map((entry, i) => [entry.tag, { when: files[i]!.folderMillis, sha256: files[i]!.hash }]),
    );
    // A changed migration breaks every database that ran it before: write a new one instead. A new
    // migration is recorded by adding its line as this failure prints it.
    expect(committed, "db/migrations/hashes.json (migrations are append-only)").toEqual(recorded);
  });

  it("start a database migrated by commit 6304820, whose 0011 was changed after it, keeping its rows", () => {
    // The migrations as 6304820 shipped them: 0000-0010 as now, 0011 without the questions_bank index.
    const old = join(mkdtempSync(join(tmpdir(), "spankbank-6304820-")), "migrations");
    mkdirSync(join(old, "meta"), { recursive: true });
    const upTo0010 = journal.entries.slice(0, 11);
    for (const entry of upTo0010)
      copyFileSync(join(migrationsFolder, `${entry.tag}.sql`), join(old, `${entry.tag}.sql`));
    const tag = "0011_question_bank_tags_seasons";
    writeFileSync(
      join(old, `${tag}.sql`),
      "ALTER TABLE `question_bank` ADD `tags` text DEFAULT '[]' NOT NULL;--> statement-breakpoint\nALTER TABLE `question_bank` ADD `season` text;--> statement-breakpoint\nALTER TABLE `question_bank` ADD `retired_at` text;",
    );
    const entries = [...upTo0010, { ...journal.entries[11]!, when: 1795428414639 }];
    writeFileSync(join(old, "meta", "_journal.json"), JSON.stringify({ ...journal, entries }));

    const path = tempDbPath();
    const sqlite = new BetterSqlite3(path);
    migrate(drizzle(sqlite), { migrationsFolder: old });
    sqlite.prepare("INSERT INTO question_bank (text, source, tags) VALUES ('Our best trip?', 'added', '[]')").run();
    sqlite.close();

    const db = openDb(path);
    expect(db.$client.prepare("SELECT text FROM question_bank").all()).toEqual([{ text: "Our best trip?" }]);
    expect(
      db.$client.prepare("SELECT hash, created_at AS at FROM __drizzle_migrations ORDER BY created_at").all(),
    ).toEqual(readMigrationFiles({ migrationsFolder }).map((file) => ({ hash: file.hash, at: file.folderMillis })));
    expect(db.$client.prepare("SELECT name FROM sqlite_master WHERE name = 'questions_bank'").get()).toEqual({
      name: "questions_bank",
    });
    db.$client.close();
    // Its copy from before the repair is a backup restore takes, not one "from a newer Spank Bank".
    const [copy] = listBackups(path);
    expect(copy?.kind).toBe("pre-migration");
    expect(verifyBackupFile(copy!.path, migrationsFolder)).toEqual([]);
    expect(dirname(copy!.path)).toBe(join(dirname(path), "backups"));
  });

  it("match the schema: drizzle-kit finds nothing new to generate", async () => {
    const last = journal.entries.at(-1)!;
    const snapshotFile = join(migrationsFolder, "meta", `${String(last.idx).padStart(4, "0")}_snapshot.json`);
    const committed = JSON.parse(readFileSync(snapshotFile, "utf8"));
    const current = await generateSQLiteDrizzleJson(schema);
    expect(await generateSQLiteMigration(committed, current)).toEqual([]);

    // The same comparison does see a change: without the memories table it would drop it.
    const { memories: _dropped, ...otherTables } = current.tables;
    const changed = await generateSQLiteMigration(committed, { ...current, tables: otherTables });
    expect(changed.join("\n")).toMatch(/DROP TABLE `memories`/);
  });
});

describe("CHECK constraints refuse what must never happen", () => {
  const db = openDb(tempDbPath());
  syncCouple(db, demoCouple);
  const run = (sql: string) => () => db.$client.prepare(sql).run();

  it("no partner, charity or escrow balance below zero; the mint may", () => {
    expect(run("UPDATE accounts SET balance = -1 WHERE name = 'user:alex'")).toThrow(/CHECK constraint failed/);
    expect(run("UPDATE accounts SET balance = -1 WHERE name = 'escrow'")).toThrow(/CHECK constraint failed/);
    expect(run("UPDATE accounts SET balance = -100 WHERE name = 'mint'")).not.toThrow();
  });

  it("no transfer of zero or negative spanks", () => {
    expect(
      run(
        "INSERT INTO transfers (debit_account_id, credit_account_id, amount, kind, reference, memo, debit_balance_after, credit_balance_after, created_at) VALUES (1, 2, 0, 'award', 'x', 'x', 0, 0, 'now')",
      ),
    ).toThrow(/CHECK constraint failed/);
  });

  it("no product with negative stock, quantity over 10 or price out of 0..9999", () => {
    const insert = (quantity: number, price: number) =>
      run(
        `INSERT INTO products (seller_id, name, description, quantity, price, created_at, updated_at) VALUES (1, 'Massage', 'Thirty minutes', ${quantity}, ${price}, 'now', 'now')`,
      );
    expect(insert(-1, 10)).toThrow(/CHECK constraint failed/);
    expect(insert(11, 10)).toThrow(/CHECK constraint failed/);
    expect(insert(1, 10000)).toThrow(/CHECK constraint failed/);
    expect(insert(1, -1)).toThrow(/CHECK constraint failed/);
    expect(insert(10, 9999)).not.toThrow();
  });
});

import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { openDb } from "@spankbank/db/client";
import { syncCouple } from "@spankbank/db/couple";
import { seedDemoData } from "@spankbank/db/demo/seed";
import { demoCouple } from "@spankbank/shared/demoCouple";
import { describe, expect, it } from "vitest";

const checkEntry = fileURLToPath(new URL("../dist/check.js", import.meta.url));

function seededFile(): string {
  const path = join(mkdtempSync(join(tmpdir(), "spankbank-check-")), "spankbank.db");
  const db = openDb(path);
  syncCouple(db, demoCouple);
  seedDemoData(db, demoCouple);
  db.$client.close();
  return path;
}

const check = (path: string) =>
  spawnSync(process.execPath, [checkEntry], {
    env: { PATH: process.env.PATH ?? "", DATABASE_PATH: path },
    encoding: "utf8",
  });

describe("npm run check", () => {
  it("passes on a healthy database", () => {
    const result = check(seededFile());
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("integrity ok, foreign keys ok, ledger balanced, escrow and inventory match");
  });

  it("fails, naming the account, when a cached balance disagrees with the transfers", () => {
    const path = seededFile();
    const db = openDb(path);
    db.$client.prepare("UPDATE accounts SET balance = balance + 7 WHERE name = 'user:alex'").run();
    db.$client.close();
    const result = check(path);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("[ledger] account user:alex");
    expect(result.stderr).toContain("[ledger] balances sum to 7");
  });

  it("fails, naming escrow and the inventory line, when a redeemed unit is put back by hand", () => {
    const path = seededFile();
    const db = openDb(path);
    db.$client.prepare("UPDATE inventory_items SET quantity = quantity + 1 WHERE id = 1").run();
    db.$client.prepare("UPDATE purchases SET price = price + 2 WHERE id = 1").run();
    db.$client.close();
    const result = check(path);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("has 2 problem(s)");
    expect(result.stderr).toMatch(/\[escrow\] escrow holds \d+ spanks, but unconfirmed purchases are worth \d+/);
    expect(result.stderr).toMatch(
      /\[inventory\] inventory item 1 \(".+"\) holds \d+, but bought minus redeemed is \d+/,
    );
  });
});

import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { openDb } from "@spankbank/db/client";
import { syncCouple, userByUsername } from "@spankbank/db/couple";
import { declineRedemption } from "@spankbank/db/decline";
import { seedDemoData } from "@spankbank/db/demo/seed";
import { settleFavourDeadlines } from "@spankbank/db/favourDeadlines";
import { listOwedFavours } from "@spankbank/db/owed";
import { createProduct } from "@spankbank/db/products";
import { purchaseProduct } from "@spankbank/db/purchase";
import { demoCouple } from "@spankbank/shared/demoCouple";
import { describe, expect, it } from "vitest";

const checkEntry = fileURLToPath(new URL("../dist/check.js", import.meta.url));
const backupEntry = fileURLToPath(new URL("../dist/backup.js", import.meta.url));

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
    expect(result.stdout).toContain("integrity ok, foreign keys ok, ledger balanced");
  });

  it("passes after a declined favour and an expired one, and `npm run backup` keeps a backup", () => {
    const path = seededFile();
    const db = openDb(path);
    const [alex, sam] = demoCouple.partners.map((partner) => userByUsername(db, partner.username)!.id);
    // The demo's favour Sam redeemed from Alex and is still waiting for: Alex says no.
    const [owed] = listOwedFavours(db, alex!);
    expect(owed).toBeDefined();
    declineRedemption(db, alex!, owed!.id, "Not this week, sorry");
    const bought = new Date();
    const brief = createProduct(
      db,
      sam!,
      { name: "Call", description: "At sunrise", quantity: 1, price: 15, useWithinDays: 1 },
      bought,
    );
    purchaseProduct(db, { buyerId: alex!, productId: brief.id, now: bought });
    expect(settleFavourDeadlines(db, [], new Date(bought.getTime() + 3 * 86_400_000)).expired).toBe(1);
    db.$client.close();

    const checked = check(path);
    expect(checked.stderr).toBe("");
    expect(checked.status).toBe(0);
    const backup = spawnSync(process.execPath, [backupEntry], {
      env: { PATH: process.env.PATH ?? "", DATABASE_PATH: path },
      encoding: "utf8",
    });
    expect(backup.stderr).toBe("");
    expect(backup.stdout).toMatch(/^Backup taken and verified: /);
    expect(backup.status).toBe(0);
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
    // The file is readable: restoring an older copy over it is not the advice.
    expect(result.stderr).toContain("Do not restore over it");
  });

  it("fails, naming escrow and the inventory line, when a redeemed unit is put back by hand", () => {
    const path = seededFile();
    const db = openDb(path);
    db.$client.prepare("UPDATE inventory_items SET quantity = quantity + 1 WHERE id = 1").run();
    db.$client.prepare("UPDATE purchases SET price = price + 2 WHERE id = 1").run();
    db.$client.close();
    const result = check(path);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("has 4 problem(s)");
    expect(result.stderr).toMatch(
      /\[escrow\] escrow holds \d+ spanks, but favours bought and not yet confirmed, declined or expired and bounties not yet approved or refunded are worth \d+/,
    );
    expect(result.stderr).toMatch(
      /\[inventory\] inventory item 1 \(".+"\) holds \d+, but bought minus redeemed minus expired is \d+/,
    );
    expect(result.stderr).toMatch(/\[favour payments\] purchase 1 \(\d+ spanks\) is paid by transfer \d+/);
    // The unit's price no longer matches the redemption that settled it.
    expect(result.stderr).toMatch(
      /\[favour units\] redemption \d+ is for \d+ spanks by user \d+, but its unit \(purchase 1\)/,
    );
  });
});

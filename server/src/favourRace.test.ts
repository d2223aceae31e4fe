import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { openDb } from "@spankbank/db/client";
import { syncCouple } from "@spankbank/db/couple";
import { redeemItem } from "@spankbank/db/inventory";
import { balanceOf, checkLedger } from "@spankbank/db/ledger";
import { createProduct } from "@spankbank/db/products";
import { purchaseProduct } from "@spankbank/db/purchase";
import { giveSpanks } from "@spankbank/db/test/ledgerKit";
import { demoCouple } from "@spankbank/shared/demoCouple";
import { describe, expect, it, onTestFinished } from "vitest";

const FAVOURS = 30;
const PRICE = 7;

function side(
  path: string,
  which: "decline" | "confirm",
  actorId: number,
  redemptionIds: number[],
  barrier: SharedArrayBuffer,
) {
  const worker = new Worker(new URL("./test/settleRaceWorker.mjs", import.meta.url), {
    workerData: { path, side: which, actorId, redemptionIds, barrier },
  });
  return new Promise<{ won: number[]; refused: number[] }>((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
  });
}

describe("a decline and a confirm of the same favours at once, on two connections", () => {
  it("settles each favour exactly one way, and the ledger stays exact", { timeout: 60_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), "spankbank-race-"));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const path = join(dir, "spankbank.db");
    const db = openDb(path);
    const [alex, sam] = syncCouple(db, demoCouple).map((user) => user.id) as [number, number];
    giveSpanks(db, sam, FAVOURS * PRICE);
    const product = createProduct(db, alex, { name: "Call", description: "Soon", quantity: 10, price: PRICE });
    const ids: number[] = [];
    for (let i = 0; i < FAVOURS; i++) {
      if (i % 10 === 0) db.$client.prepare("UPDATE products SET quantity = 10 WHERE id = ?").run(product.id);
      const { inventoryItemId } = purchaseProduct(db, { buyerId: sam, productId: product.id });
      ids.push(redeemItem(db, sam, inventoryItemId).redeemedItem.id);
    }
    db.$client.close();

    const barrier = new SharedArrayBuffer(4);
    const [declined, confirmed] = await Promise.all([
      side(path, "decline", alex, ids, barrier),
      side(path, "confirm", sam, ids, barrier),
    ]);

    expect([...declined.won, ...confirmed.won].sort((a, b) => a - b)).toEqual(ids);
    expect([...declined.refused].sort((a, b) => a - b)).toEqual([...confirmed.won].sort((a, b) => a - b));
    const after = openDb(path);
    try {
      expect(checkLedger(after)).toEqual([]);
      expect(balanceOf(after, "escrow")).toBe(0);
      expect(balanceOf(after, { userId: alex })).toBe(confirmed.won.length * PRICE);
      expect(balanceOf(after, { userId: sam })).toBe(declined.won.length * PRICE);
      const settledTwice = after.$client
        .prepare("SELECT COUNT(*) AS n FROM redemptions WHERE confirmed_at IS NOT NULL AND declined_at IS NOT NULL")
        .get();
      expect(settledTwice).toEqual({ n: 0 });
    } finally {
      after.$client.close();
    }
  });
});

import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { type Db, inTransaction } from "./client.js";
import { isoNow } from "./clock.js";
import { buyerAndSeller } from "./couple.js";
import { Refusal } from "./errors.js";
import { transfer } from "./ledger.js";
import { enqueueEvent } from "./outbox.js";
import { preparedFor } from "./prepared.js";
import { inventoryItems, redemptions, users } from "./schema.js";

/** Units a partner owns of one product snapshot, with the seller's login name. */
export interface OwnedItem {
  id: number;
  productId: number;
  name: string;
  description: string;
  quantity: number;
  /** The price paid, per unit. */
  price: number;
  sellerUsername: string;
}

/** One redeemed unit, with the seller's login name. */
export interface RedeemedItem {
  id: number;
  name: string;
  description: string;
  price: number;
  redeemedAt: string;
  confirmedAt: string | null;
  sellerUsername: string;
}

export interface Redemption {
  redeemedItem: RedeemedItem;
  remainingQuantity: number;
}

const redeemedColumns = {
  id: redemptions.id,
  name: redemptions.name,
  description: redemptions.description,
  price: redemptions.price,
  redeemedAt: redemptions.redeemedAt,
  confirmedAt: redemptions.confirmedAt,
  sellerUsername: users.username,
};

const statements = preparedFor((db) => ({
  // Through inventory_items_owned: only the buyer's units still held.
  inventory: db
    .select({
      id: inventoryItems.id,
      productId: inventoryItems.productId,
      name: inventoryItems.name,
      description: inventoryItems.description,
      quantity: inventoryItems.quantity,
      price: inventoryItems.price,
      sellerUsername: users.username,
    })
    .from(inventoryItems)
    .innerJoin(users, eq(users.id, inventoryItems.sellerId))
    .where(and(eq(inventoryItems.buyerId, sql.placeholder("buyerId")), gt(inventoryItems.quantity, 0)))
    .orderBy(desc(inventoryItems.id))
    .prepare(),
  redeemed: db
    .select(redeemedColumns)
    .from(redemptions)
    .innerJoin(users, eq(users.id, redemptions.sellerId))
    .where(eq(redemptions.buyerId, sql.placeholder("buyerId")))
    .orderBy(desc(redemptions.redeemedAt), desc(redemptions.id))
    .prepare(),
  redeemedById: db
    .select(redeemedColumns)
    .from(redemptions)
    .innerJoin(users, eq(users.id, redemptions.sellerId))
    .where(eq(redemptions.id, sql.placeholder("id")))
    .prepare(),
  item: db
    .select()
    .from(inventoryItems)
    .where(eq(inventoryItems.id, sql.placeholder("id")))
    .prepare(),
  redemption: db
    .select()
    .from(redemptions)
    .where(eq(redemptions.id, sql.placeholder("id")))
    .prepare(),
}));

/** The buyer's unredeemed units, newest snapshot first. */
export function listInventory(db: Db, buyerId: number): OwnedItem[] {
  return statements(db).inventory.all({ buyerId });
}

/** The buyer's redeemed units, most recently redeemed first. */
export function listRedeemed(db: Db, buyerId: number): RedeemedItem[] {
  return statements(db).redeemed.all({ buyerId });
}

/** Turns one unit of the buyer's own inventory item into a redeemed item; the seller is told. */
export function redeemItem(db: Db, buyerId: number, itemId: number, now = new Date()): Redemption {
  return inTransaction(db, (tx) => {
    const item = statements(tx).item.get({ id: itemId });
    // Someone else's item answers like a missing one: it reveals nothing.
    if (!item || item.buyerId !== buyerId) throw new Refusal("not_found", "That item is not in your inventory.");
    if (item.quantity < 1) throw new Refusal("conflict", `You have no "${item.name}" left to redeem.`);
    const { quantity: remainingQuantity } = tx
      .update(inventoryItems)
      .set({ quantity: sql`${inventoryItems.quantity} - 1` })
      .where(eq(inventoryItems.id, itemId))
      .returning({ quantity: inventoryItems.quantity })
      .get();
    const { id } = tx
      .insert(redemptions)
      .values({
        inventoryItemId: item.id,
        buyerId,
        sellerId: item.sellerId,
        name: item.name,
        description: item.description,
        price: item.price,
        redeemedAt: isoNow(now),
      })
      .returning({ id: redemptions.id })
      .get();
    enqueueEvent(
      tx,
      "item_redeemed",
      { redemptionId: id, ...buyerAndSeller(tx, buyerId, item.sellerId), name: item.name },
      now,
      item.sellerId,
    );
    return { redeemedItem: redeemedItem(tx, id), remainingQuantity };
  });
}

/** The buyer says the favour was delivered: escrow pays the seller the price paid, once. */
export function confirmRedemption(db: Db, buyerId: number, redemptionId: number, now = new Date()): RedeemedItem {
  return inTransaction(db, (tx) => {
    const redemption = statements(tx).redemption.get({ id: redemptionId });
    if (!redemption || redemption.buyerId !== buyerId) {
      throw new Refusal("not_found", "That redeemed item is not yours.");
    }
    if (redemption.confirmedAt !== null) {
      throw new Refusal("conflict", `"${redemption.name}" was already confirmed.`);
    }
    const paid =
      redemption.price > 0
        ? transfer(tx, {
            from: "escrow",
            to: { userId: redemption.sellerId },
            amount: redemption.price,
            kind: "confirm",
            reference: `redemption:${redemption.id}`,
            memo: `"${redemption.name}" delivered`,
            now,
          })
        : undefined;
    tx.update(redemptions)
      .set({ confirmedAt: isoNow(now), confirmTransferId: paid?.id ?? null })
      .where(and(eq(redemptions.id, redemptionId), isNull(redemptions.confirmedAt)))
      .run();
    enqueueEvent(
      tx,
      "redemption_confirmed",
      {
        redemptionId,
        ...buyerAndSeller(tx, buyerId, redemption.sellerId),
        name: redemption.name,
        price: redemption.price,
      },
      now,
      redemption.sellerId,
    );
    return redeemedItem(tx, redemptionId);
  });
}

function redeemedItem(db: Db, redemptionId: number): RedeemedItem {
  return statements(db).redeemedById.get({ id: redemptionId })!;
}

import { spanks } from "@spankbank/shared/spanks";
import { and, eq, gt, sql } from "drizzle-orm";
import { type Db, inTransaction, type Tx } from "./client.js";
import { isoNow } from "./clock.js";
import { buyerAndSeller, userById } from "./couple.js";
import { Refusal } from "./errors.js";
import { favourDeadline } from "./favourDeadlines.js";
import { balanceOf, transfer } from "./ledger.js";
import { onceForKey } from "./onceForKey.js";
import { enqueueEvent } from "./outbox.js";
import { param, preparedFor } from "./prepared.js";
import { activeProduct } from "./products.js";
import { inventoryItems, products, purchases } from "./schema.js";

export interface PurchaseRequest {
  buyerId: number;
  productId: number;
  /** The price the buyer saw: a different current price refuses instead of charging it. */
  expectedPrice?: number | undefined;
  /**
   * The product's `updatedAt` as the buyer's page showed it: a favour the seller changed since (its
   * name, words, expiry, even at the same price) refuses instead of selling what the buyer never saw.
   */
  basedOn?: string | undefined;
  now?: Date;
}

export interface Purchase {
  purchaseId: number;
  inventoryItemId: number;
  newSpankTotal: number;
  message: string;
}

/**
 * Buys one unit: buyer -> escrow at the listed price, stock - 1, one more unit in the buyer's
 * inventory at this snapshot, a purchases row and an `item_bought` event, in one transaction.
 */
export function purchaseProduct(db: Db, request: PurchaseRequest): Purchase {
  return inTransaction(db, (tx) => buyOneUnit(tx, request));
}

/** What a purchase came to: the Purchase, or the Refusal that stopped it. */
export type PurchaseOutcome = Purchase | Refusal;

/**
 * `purchaseProduct`, with its refusal returned rather than thrown. With an Idempotency-Key it
 * happens at most once per (buyer, key) (`onceForKey`): a repeat returns the first outcome.
 */
export function purchaseProductOnce(
  db: Db,
  request: PurchaseRequest & { idempotencyKey?: string | undefined },
): { outcome: PurchaseOutcome; replayed: boolean } {
  const keyed = {
    userId: request.buyerId,
    key: request.idempotencyKey,
    request: `productId=${request.productId}`,
    now: request.now,
  };
  return onceForKey(db, keyed, (tx) => buyOneUnit(tx, request));
}

const saleStatements = preparedFor((db) => ({
  takeOne: db
    .update(products)
    .set({ quantity: sql`${products.quantity} - 1` })
    .where(and(eq(products.id, param("productId")), gt(products.quantity, 0)))
    .prepare(),
  addToInventory: db
    .insert(inventoryItems)
    .values({
      buyerId: sql.placeholder("buyerId"),
      sellerId: sql.placeholder("sellerId"),
      productId: sql.placeholder("productId"),
      name: sql.placeholder("name"),
      description: sql.placeholder("description"),
      price: sql.placeholder("price"),
      quantity: 1,
    })
    .onConflictDoUpdate({
      target: [
        inventoryItems.buyerId,
        inventoryItems.productId,
        inventoryItems.price,
        inventoryItems.name,
        inventoryItems.description,
      ],
      set: { quantity: sql`${inventoryItems.quantity} + 1` },
    })
    .returning({ id: inventoryItems.id })
    .prepare(),
  recordPurchase: db
    .insert(purchases)
    .values({
      inventoryItemId: sql.placeholder("inventoryItemId"),
      buyerId: sql.placeholder("buyerId"),
      productId: sql.placeholder("productId"),
      price: sql.placeholder("price"),
      createdAt: sql.placeholder("createdAt"),
      useBy: sql.placeholder("useBy"),
      remindFrom: sql.placeholder("remindFrom"),
    })
    .returning({ id: purchases.id })
    .prepare(),
  linkTransfer: db
    .update(purchases)
    .set({ transferId: sql`${param("transferId")}` })
    .where(eq(purchases.id, param("purchaseId")))
    .prepare(),
}));

function buyOneUnit(
  tx: Tx,
  { buyerId, productId, expectedPrice, basedOn, now = new Date() }: PurchaseRequest,
): Purchase {
  const product = activeProduct(tx, productId);
  if (!product) throw new Refusal("not_found", "That product does not exist or was removed.");
  if (product.sellerId === buyerId) throw new Refusal("conflict", "You cannot buy your own product.");
  if (expectedPrice !== undefined && expectedPrice !== product.price) {
    throw new Refusal("conflict", `The price of "${product.name}" changed to ${spanks(product.price)}.`);
  }
  if (basedOn !== undefined && basedOn !== product.updatedAt) {
    throw new Refusal(
      "conflict",
      `"${product.name}" was changed since your page showed it: nothing was bought. Look at it again before buying.`,
    );
  }
  if (product.quantity < 1) throw new Refusal("conflict", `"${product.name}" is sold out.`);
  const balance = balanceOf(tx, { userId: buyerId });
  if (balance < product.price) {
    throw new Refusal(
      "conflict",
      `You do not have enough spanks: "${product.name}" costs ${spanks(product.price)} and you have ${spanks(balance)}.`,
    );
  }

  // The guard on quantity makes a stale read impossible to oversell, even outside IMMEDIATE.
  const prepared = saleStatements(tx);
  const taken = prepared.takeOne.run({ productId });
  if (taken.changes !== 1) throw new Refusal("conflict", `"${product.name}" is sold out.`);

  const snapshot = { name: product.name, description: product.description, price: product.price };
  const item = prepared.addToInventory.get({ buyerId, sellerId: product.sellerId, productId, ...snapshot })!;
  const deadline =
    product.useWithinDays === null ? null : favourDeadline(userById(tx, buyerId)!.timeZone, now, product.useWithinDays);
  const purchase = prepared.recordPurchase.get({
    inventoryItemId: item.id,
    buyerId,
    productId,
    price: product.price,
    createdAt: isoNow(now),
    useBy: deadline?.useBy ?? null,
    remindFrom: deadline?.remindFrom ?? null,
  })!;
  if (product.price > 0) {
    const paid = transfer(tx, {
      from: { userId: buyerId },
      to: "escrow",
      amount: product.price,
      kind: "purchase",
      reference: `purchase:${purchase.id}`,
      memo: `Bought "${product.name}"`,
      now,
    });
    prepared.linkTransfer.run({ transferId: paid.id, purchaseId: purchase.id });
  }

  enqueueEvent(
    tx,
    "item_bought",
    { purchaseId: purchase.id, productId, ...buyerAndSeller(tx, buyerId, product.sellerId), ...snapshot },
    now,
    product.sellerId,
  );
  return {
    purchaseId: purchase.id,
    inventoryItemId: item.id,
    newSpankTotal: balanceOf(tx, { userId: buyerId }),
    message: `You bought "${product.name}" for ${spanks(product.price)}.`,
  };
}

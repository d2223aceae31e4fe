import { and, eq, gt, lt, sql } from "drizzle-orm";
import { type Db, inTransaction, type Tx } from "./client.js";
import { isoNow } from "./clock.js";
import { buyerAndSeller } from "./couple.js";
import { Refusal } from "./errors.js";
import { balanceOf, transfer } from "./ledger.js";
import { enqueueEvent } from "./outbox.js";
import { activeProduct } from "./products.js";
import { idempotencyKeys, inventoryItems, products, purchases } from "./schema.js";

export interface PurchaseRequest {
  buyerId: number;
  productId: number;
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

/** The answer a client got, remembered under its Idempotency-Key. */
export interface StoredReply<Body = unknown> {
  statusCode: number;
  body: Body;
}

/**
 * `purchaseProduct` answered as `reply(outcome)`, refusals included. With an Idempotency-Key it
 * happens at most once per (buyer, key): the reply is stored in the purchase's own transaction,
 * and a repeat returns it without buying again.
 */
export function purchaseProductOnce<Reply extends StoredReply>(
  db: Db,
  request: PurchaseRequest & { idempotencyKey?: string | undefined; route: string },
  reply: (outcome: Purchase | Refusal) => Reply,
): Reply & { replayed: boolean } {
  type Answer = Reply & { replayed: boolean };
  const { buyerId, idempotencyKey: key } = request;
  const keyedRequest = `${request.route} productId=${request.productId}`;
  return inTransaction(db, (tx) => {
    if (key !== undefined) forgetOldKeys(tx, buyerId, request.now);
    const stored =
      key === undefined
        ? undefined
        : tx
            .select({
              route: idempotencyKeys.route,
              statusCode: idempotencyKeys.statusCode,
              body: idempotencyKeys.body,
            })
            .from(idempotencyKeys)
            .where(and(eq(idempotencyKeys.userId, buyerId), eq(idempotencyKeys.key, key)))
            .get();
    if (stored && stored.route !== keyedRequest) {
      const reused = new Refusal("conflict", "This Idempotency-Key was already used for a different purchase.");
      return { ...reply(reused), replayed: false };
    }
    // Stored by this same `reply`, so it has the Reply's shape.
    if (stored) return { statusCode: stored.statusCode, body: JSON.parse(stored.body), replayed: true } as Answer;
    // A savepoint, so a refusal found midway still leaves nothing but the stored reply behind.
    const answer = reply(refusalOr(() => tx.transaction((unit) => buyOneUnit(unit, request))));
    if (key !== undefined) {
      tx.insert(idempotencyKeys)
        .values({
          userId: buyerId,
          key,
          route: keyedRequest,
          statusCode: answer.statusCode,
          body: JSON.stringify(answer.body),
          createdAt: isoNow(request.now),
        })
        .run();
    }
    return { ...answer, replayed: false };
  });
}

function refusalOr<T>(work: () => T): T | Refusal {
  try {
    return work();
  } catch (error) {
    if (error instanceof Refusal) return error;
    throw error;
  }
}

function buyOneUnit(tx: Tx, { buyerId, productId, now = new Date() }: PurchaseRequest): Purchase {
  const product = activeProduct(tx, productId);
  if (!product) throw new Refusal("not_found", "That product does not exist or was removed.");
  if (product.sellerId === buyerId) throw new Refusal("conflict", "You cannot buy your own product.");
  if (product.quantity < 1) throw new Refusal("conflict", `"${product.name}" is sold out.`);
  const balance = balanceOf(tx, { userId: buyerId });
  if (balance < product.price) {
    throw new Refusal(
      "conflict",
      `You do not have enough spanks: "${product.name}" costs ${spanks(product.price)} and you have ${spanks(balance)}.`,
    );
  }

  // The guard on quantity makes a stale read impossible to oversell, even outside IMMEDIATE.
  const taken = tx
    .update(products)
    .set({ quantity: sql`${products.quantity} - 1` })
    .where(and(eq(products.id, productId), gt(products.quantity, 0)))
    .run();
  if (taken.changes !== 1) throw new Refusal("conflict", `"${product.name}" is sold out.`);

  const snapshot = { name: product.name, description: product.description, price: product.price };
  const item = tx
    .insert(inventoryItems)
    .values({ buyerId, sellerId: product.sellerId, productId, ...snapshot, quantity: 1 })
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
    .get();
  const purchase = tx
    .insert(purchases)
    .values({ inventoryItemId: item.id, buyerId, productId, price: product.price, createdAt: isoNow(now) })
    .returning({ id: purchases.id })
    .get();
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
    tx.update(purchases).set({ transferId: paid.id }).where(eq(purchases.id, purchase.id)).run();
  }

  enqueueEvent(
    tx,
    "item_bought",
    { purchaseId: purchase.id, productId, ...buyerAndSeller(tx, buyerId, product.sellerId), ...snapshot },
    now,
  );
  return {
    purchaseId: purchase.id,
    inventoryItemId: item.id,
    newSpankTotal: balanceOf(tx, { userId: buyerId }),
    message: `You bought "${product.name}" for ${spanks(product.price)}.`,
  };
}

/** "1 spank", "5 spanks". */
export function spanks(amount: number): string {
  return `${amount} ${amount === 1 ? "spank" : "spanks"}`;
}

/** A key only has to outlive the retries of one purchase: a day is plenty. */
const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

function forgetOldKeys(tx: Tx, userId: number, now = new Date()): void {
  const cutoff = isoNow(new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS));
  tx.delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), lt(idempotencyKeys.createdAt, cutoff)))
    .run();
}

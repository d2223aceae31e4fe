import { and, desc, eq, gte, isNotNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { type Db, inTransaction } from "./client.js";
import { isoNow } from "./clock.js";
import { Refusal } from "./errors.js";
import { param, preparedFor } from "./prepared.js";
import { inventoryItems, purchases, users } from "./schema.js";

/** A favour bought and left unused past its use-by: it left the buyer's inventory and its escrow went back. */
export interface ExpiredFavour {
  /** The purchase (one unit). */
  id: number;
  name: string;
  /** The spanks that went back to the buyer (0 for a free favour). */
  price: number;
  expiredAt: string;
  buyerUsername: string;
  sellerUsername: string;
  /** Whether this partner has been told (the toast), as the buyer or as the seller. */
  noticed: boolean;
}

const buyer = alias(users, "buyer");
const seller = alias(users, "seller");

const statements = preparedFor((db) => {
  const expired = () =>
    db
      .select({
        id: purchases.id,
        name: inventoryItems.name,
        price: purchases.price,
        expiredAt: sql<string>`${purchases.expiredAt}`,
        buyerId: purchases.buyerId,
        sellerId: inventoryItems.sellerId,
        buyerUsername: buyer.username,
        sellerUsername: seller.username,
        noticedByBuyerAt: purchases.expiryNoticedByBuyerAt,
        noticedBySellerAt: purchases.expiryNoticedBySellerAt,
      })
      .from(purchases)
      .innerJoin(inventoryItems, eq(inventoryItems.id, purchases.inventoryItemId))
      .innerJoin(buyer, eq(buyer.id, purchases.buyerId))
      .innerJoin(seller, eq(seller.id, inventoryItems.sellerId));
  return {
    // Through purchases_expired: only expired units are read.
    since: expired()
      .where(and(isNotNull(purchases.expiredAt), gte(purchases.expiredAt, param("since"))))
      .orderBy(desc(purchases.expiredAt), desc(purchases.id))
      .prepare(),
    one: expired()
      .where(and(eq(purchases.id, param("id")), isNotNull(purchases.expiredAt)))
      .prepare(),
    noticedByBuyer: db
      .update(purchases)
      .set({ expiryNoticedByBuyerAt: sql`${param("now")}` })
      .where(
        and(
          eq(purchases.id, param("id")),
          eq(purchases.buyerId, param("userId")),
          sql`${purchases.expiryNoticedByBuyerAt} IS NULL`,
        ),
      )
      .prepare(),
    noticedBySeller: db
      .update(purchases)
      .set({ expiryNoticedBySellerAt: sql`${param("now")}` })
      .where(and(eq(purchases.id, param("id")), sql`${purchases.expiryNoticedBySellerAt} IS NULL`))
      .prepare(),
  };
});

/** The favours that expired since `since` that `userId` bought or sold, newest first, with whether they were told. */
export function listExpiredFavours(db: Db, userId: number, since: Date): ExpiredFavour[] {
  return statements(db)
    .since.all({ since: isoNow(since) })
    .filter((row) => row.buyerId === userId || row.sellerId === userId)
    .map((row) => ({
      id: row.id,
      name: row.name,
      price: row.price,
      expiredAt: row.expiredAt,
      buyerUsername: row.buyerUsername,
      sellerUsername: row.sellerUsername,
      noticed: (row.buyerId === userId ? row.noticedByBuyerAt : row.noticedBySellerAt) !== null,
    }));
}

/**
 * Marks expired favours as told to `userId` (their toast was shown), once each: a favour already
 * marked stays as it was. A purchase that did not expire, or is not theirs, refuses the whole call.
 */
export function noticeExpiredFavours(db: Db, userId: number, purchaseIds: readonly number[], now = new Date()): number {
  return inTransaction(db, (tx) => {
    const prepared = statements(tx);
    const known = new Map<number, { buyerId: number; sellerId: number }>();
    for (const [index, id] of purchaseIds.entries()) {
      const row = prepared.one.get({ id });
      if (row) known.set(id, row);
      if (!row || (row.buyerId !== userId && row.sellerId !== userId)) {
        throw new Refusal("not_found", `purchase_ids[${index}]: no expired favour of yours has the id ${id}`);
      }
    }
    let marked = 0;
    for (const id of new Set(purchaseIds)) {
      const row = known.get(id)!;
      const at = isoNow(now);
      const changes =
        row.buyerId === userId
          ? prepared.noticedByBuyer.run({ id, userId, now: at }).changes
          : prepared.noticedBySeller.run({ id, now: at }).changes;
      marked += changes;
    }
    return marked;
  });
}

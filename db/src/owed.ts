import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "./client.js";
import { preparedFor } from "./prepared.js";
import { redemptions, users } from "./schema.js";

/** A favour the seller still owes: redeemed by the buyer, not yet confirmed as delivered. */
export interface OwedFavour {
  /** The redemption's id. */
  id: number;
  name: string;
  description: string;
  /** The price paid, waiting in escrow until the buyer confirms. */
  price: number;
  redeemedAt: string;
  buyerUsername: string;
}

const statements = preparedFor((db) => ({
  owedBy: db
    .select({
      id: redemptions.id,
      name: redemptions.name,
      description: redemptions.description,
      price: redemptions.price,
      redeemedAt: redemptions.redeemedAt,
      buyerUsername: users.username,
    })
    .from(redemptions)
    .innerJoin(users, eq(users.id, redemptions.buyerId))
    .where(and(eq(redemptions.sellerId, sql.placeholder("sellerId")), isNull(redemptions.confirmedAt)))
    .orderBy(asc(redemptions.redeemedAt), asc(redemptions.id))
    .prepare(),
}));

/** The seller's favours waiting to be delivered, the longest-waiting first. */
export function listOwedFavours(db: Db, sellerId: number): OwedFavour[] {
  return statements(db).owedBy.all({ sellerId });
}

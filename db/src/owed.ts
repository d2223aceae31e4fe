import { and, asc, eq, isNull } from "drizzle-orm";
import type { Db } from "./client.js";
import { param, preparedFor } from "./prepared.js";
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
  /** What the buyer wrote with it, and when they would like it. */
  note: string | null;
  wishedAt: string | null;
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
      note: redemptions.note,
      wishedAt: redemptions.wishedAt,
    })
    .from(redemptions)
    .innerJoin(users, eq(users.id, redemptions.buyerId))
    .where(
      and(eq(redemptions.sellerId, param("sellerId")), isNull(redemptions.confirmedAt), isNull(redemptions.declinedAt)),
    )
    .orderBy(asc(redemptions.redeemedAt), asc(redemptions.id))
    .prepare(),
}));

/** The seller's favours waiting to be delivered, the longest-waiting first. */
export function listOwedFavours(db: Db, sellerId: number): OwedFavour[] {
  return statements(db).owedBy.all({ sellerId });
}

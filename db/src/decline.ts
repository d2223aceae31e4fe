import { DECLINE_REASON_MAX } from "@spankbank/shared/limits";
import { and, eq, isNull, sql } from "drizzle-orm";
import { type Db, inTransaction } from "./client.js";
import { isoNow } from "./clock.js";
import { buyerAndSeller } from "./couple.js";
import { Refusal } from "./errors.js";
import { type RedeemedItem, redeemedItem } from "./inventory.js";
import { transfer } from "./ledger.js";
import { enqueueEvent } from "./outbox.js";
import { param, preparedFor } from "./prepared.js";
import { redemptions } from "./schema.js";
import { cleanText } from "./text.js";

export interface Declined {
  redeemedItem: RedeemedItem;
  /** Spanks that went back from escrow to the buyer (the price paid). */
  refunded: number;
}

const statements = preparedFor((db) => ({
  redemption: db
    .select()
    .from(redemptions)
    .where(eq(redemptions.id, param("id")))
    .prepare(),
  // Guarded: a confirm that won the race leaves nothing to decline.
  decline: db
    .update(redemptions)
    .set({
      declinedAt: sql`${param("now")}`,
      declineReason: sql`${param("reason")}`,
      declineTransferId: sql`${param("transferId")}`,
    })
    .where(and(eq(redemptions.id, param("id")), isNull(redemptions.confirmedAt), isNull(redemptions.declinedAt)))
    .prepare(),
}));

/**
 * The seller says no to a redeemed favour, with a reason: the price paid goes back from escrow
 * to the buyer (a `refund` transfer, `decline:<redemption>`), the redeemed item is marked
 * declined (never confirmable after) and the buyer is told. Only the seller may; once.
 */
export function declineRedemption(
  db: Db,
  sellerId: number,
  redemptionId: number,
  reason: string,
  now = new Date(),
): Declined {
  const why = cleanText(reason, { field: "reason", max: DECLINE_REASON_MAX });
  return inTransaction(db, (tx) => {
    const redemption = statements(tx).redemption.get({ id: redemptionId });
    if (!redemption) throw new Refusal("not_found", "That redeemed favour does not exist.");
    if (redemption.sellerId !== sellerId) {
      throw new Refusal("forbidden", "Only the partner who owes a favour can decline it.");
    }
    if (redemption.confirmedAt !== null) {
      throw new Refusal("conflict", `"${redemption.name}" was already confirmed as delivered.`);
    }
    if (redemption.declinedAt !== null) throw new Refusal("conflict", `"${redemption.name}" was already declined.`);
    const refund =
      redemption.price > 0
        ? transfer(tx, {
            from: "escrow",
            to: { userId: redemption.buyerId },
            amount: redemption.price,
            kind: "refund",
            reference: `decline:${redemption.id}`,
            memo: `"${redemption.name}" declined`,
            now,
          })
        : undefined;
    const marked = statements(tx).decline.run({
      id: redemptionId,
      now: isoNow(now),
      reason: why,
      transferId: refund?.id ?? null,
    });
    // Unreachable inside the IMMEDIATE transaction; if it ever were, the refund above rolls back.
    if (marked.changes !== 1) throw new Refusal("conflict", `"${redemption.name}" was settled meanwhile.`);
    enqueueEvent(
      tx,
      "redemption_declined",
      {
        redemptionId,
        ...buyerAndSeller(tx, redemption.buyerId, sellerId),
        name: redemption.name,
        price: redemption.price,
        reason: why,
      },
      now,
      // News for the buyer: quiet hours follow their clock.
      redemption.buyerId,
    );
    return { redeemedItem: redeemedItem(tx, redemptionId), refunded: redemption.price };
  });
}

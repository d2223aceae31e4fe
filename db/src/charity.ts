import { spanks } from "@spankbank/shared/spanks";
import { and, desc, eq, gte } from "drizzle-orm";
import { type Db, inTransaction } from "./client.js";
import { isoNow } from "./clock.js";
import { Refusal } from "./errors.js";
import { balanceOf, transfer } from "./ledger.js";
import { enqueueEvent } from "./outbox.js";
import { transfers } from "./schema.js";

/** Everything ever donated: donations only ever flow into the charity account. */
export function charityTotal(db: Db): number {
  return balanceOf(db, "charity");
}

export interface Donation {
  charityTotal: number;
  newSpankTotal: number;
  /** When the same donation was made, if this one was it (`sameWithinMs`): nothing more was given. */
  donatedBefore?: string;
}

/**
 * A partner gives spanks to the couple's charity (`/donate` in Discord). With `sameWithinMs`, a
 * donation of the same amount made within that long is this one (a command sent again after its
 * answer was lost), not a second.
 */
export function donate(
  db: Db,
  userId: number,
  amount: number,
  now = new Date(),
  { sameWithinMs }: { sameWithinMs?: number } = {},
): Donation {
  if (!Number.isSafeInteger(amount) || amount < 1) {
    throw new Refusal("invalid", "Donate a whole number of spanks, at least 1.");
  }
  return inTransaction(db, (tx) => {
    if (sameWithinMs !== undefined) {
      const earlier = tx
        .select({ createdAt: transfers.createdAt })
        .from(transfers)
        .where(
          and(
            eq(transfers.reference, `donation:${userId}`),
            eq(transfers.kind, "donation"),
            eq(transfers.amount, amount),
            gte(transfers.createdAt, isoNow(new Date(now.getTime() - sameWithinMs))),
          ),
        )
        .orderBy(desc(transfers.createdAt))
        .get();
      if (earlier) {
        return {
          charityTotal: charityTotal(tx),
          newSpankTotal: balanceOf(tx, { userId }),
          donatedBefore: earlier.createdAt,
        };
      }
    }
    const balance = balanceOf(tx, { userId });
    if (balance < amount) {
      throw new Refusal("conflict", `You cannot donate ${spanks(amount)}: you have ${spanks(balance)}.`);
    }
    transfer(tx, {
      from: { userId },
      to: "charity",
      amount,
      kind: "donation",
      reference: `donation:${userId}`,
      memo: "Donation to charity",
      now,
    });
    enqueueEvent(tx, "donation_made", { userId, amount, charityTotal: charityTotal(tx) }, now);
    return { charityTotal: charityTotal(tx), newSpankTotal: balanceOf(tx, { userId }) };
  });
}

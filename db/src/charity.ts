import { spanks } from "@spankbank/shared/spanks";
import { type Db, inTransaction } from "./client.js";
import { Refusal } from "./errors.js";
import { balanceOf, transfer } from "./ledger.js";
import { enqueueEvent } from "./outbox.js";

/** Everything ever donated: donations only ever flow into the charity account. */
export function charityTotal(db: Db): number {
  return balanceOf(db, "charity");
}

export interface Donation {
  charityTotal: number;
  newSpankTotal: number;
}

/** A partner gives spanks to the couple's charity (`/donate` in Discord). */
export function donate(db: Db, userId: number, amount: number, now = new Date()): Donation {
  if (!Number.isSafeInteger(amount) || amount < 1) {
    throw new Refusal("invalid", "Donate a whole number of spanks, at least 1.");
  }
  return inTransaction(db, (tx) => {
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

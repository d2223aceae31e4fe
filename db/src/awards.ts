import { AWARD_MAX, AWARD_MIN, AWARD_REASON_MAX } from "@spankbank/shared/limits";
import { spanks } from "@spankbank/shared/spanks";
import { and, desc, eq, gte, lte, sql } from "drizzle-orm";
import { type Db, inTransaction } from "./client.js";
import { addDays, CAP_LOOKAHEAD_DAYS, dayIn, isoNow } from "./clock.js";
import { userById } from "./couple.js";
import { Refusal } from "./errors.js";
import { balanceOf, transfer } from "./ledger.js";
import { enqueueEvent } from "./outbox.js";
import { transfers } from "./schema.js";
import { cleanText } from "./text.js";

export interface Award {
  giverId: number;
  receiverId: number;
  amount: number;
  reason: string;
  now?: Date;
  /**
   * The same award (amount and reason) given within this long is that one, not a second: a command
   * sent again after its answer was lost (the bot's `/spank`). Unset, every award is new.
   */
  sameWithinMs?: number;
}

export interface AwardResult {
  receiverTotal: number;
  /** What the giver may still award today. */
  leftToday: number;
  /** When the same award was given, if this one was it (`sameWithinMs`): nothing more was given. */
  givenBefore?: string;
}

/**
 * A partner awards spanks to the other (`/spank`): minted, so nobody pays, and capped per giver
 * per calendar day in the giver's own zone.
 */
export function awardSpanks(db: Db, award: Award, capPerDay: number): AwardResult {
  const { giverId, receiverId, amount } = award;
  if (!Number.isSafeInteger(amount) || amount < AWARD_MIN || amount > AWARD_MAX) {
    throw new Refusal("invalid", `amount: award between ${AWARD_MIN} and ${AWARD_MAX} spanks.`);
  }
  // One line: the reason is quoted in a public announcement, a line break would break it.
  const reason = cleanText(award.reason, { field: "reason", max: AWARD_REASON_MAX });
  if (giverId === receiverId) throw new Refusal("forbidden", "You cannot award spanks to yourself.");
  const now = award.now ?? new Date();
  return inTransaction(db, (tx) => {
    const giver = userById(tx, giverId);
    if (!giver || !userById(tx, receiverId)) throw new Refusal("not_found", "No such partner.");
    // The day is part of the reference, so today's total is one indexed range: today, and the
    // days just after it a clock that ran ahead and was set back left behind (countsAgainstToday).
    const today = dayIn(giver.timeZone, now);
    const reference = `award:${giverId}:${today}`;
    const given =
      tx
        .select({ total: sql<number>`coalesce(sum(${transfers.amount}), 0)` })
        .from(transfers)
        .where(
          and(
            eq(transfers.kind, "award"),
            gte(transfers.reference, reference),
            lte(transfers.reference, `award:${giverId}:${addDays(today, CAP_LOOKAHEAD_DAYS)}`),
          ),
        )
        .get()?.total ?? 0;
    const left = Math.max(0, capPerDay - given);
    if (award.sameWithinMs !== undefined) {
      const since = new Date(now.getTime() - award.sameWithinMs);
      const earlier = tx
        .select({ createdAt: transfers.createdAt })
        .from(transfers)
        .where(
          and(
            eq(transfers.kind, "award"),
            gte(transfers.reference, `award:${giverId}:${dayIn(giver.timeZone, since)}`),
            lte(transfers.reference, `award:${giverId}:${addDays(today, CAP_LOOKAHEAD_DAYS)}`),
            gte(transfers.createdAt, isoNow(since)),
            eq(transfers.amount, amount),
            eq(transfers.memo, reason),
          ),
        )
        .orderBy(desc(transfers.createdAt))
        .get();
      if (earlier) {
        return {
          receiverTotal: balanceOf(tx, { userId: receiverId }),
          leftToday: left,
          givenBefore: earlier.createdAt,
        };
      }
    }
    if (amount > left) {
      throw new Refusal(
        "conflict",
        left === 0
          ? `You have awarded your ${spanks(capPerDay)} for today. Try again tomorrow.`
          : `You can award ${spanks(left)} more today.`,
      );
    }
    transfer(tx, { from: "mint", to: { userId: receiverId }, amount, kind: "award", reference, memo: reason, now });
    enqueueEvent(tx, "spanks_awarded", { giverId, receiverId, amount, reason }, now, receiverId);
    return { receiverTotal: balanceOf(tx, { userId: receiverId }), leftToday: left - amount };
  });
}

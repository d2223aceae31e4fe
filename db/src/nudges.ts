// "Thinking of you" (issue 36): one partner tells the other, a handful of times a day at most.
import { addDays, startOfDay } from "@spankbank/shared/calendar";
import { NUDGE_DAILY_LIMIT, NUDGE_LINE_MAX } from "@spankbank/shared/limits";
import { and, count, eq, gte, lt, sql } from "drizzle-orm";
import { type Db, inTransaction } from "./client.js";
import { dayIn, isoNow } from "./clock.js";
import { otherPartnerOf, userById } from "./couple.js";
import { Refusal } from "./errors.js";
import { enqueueEvent } from "./outbox.js";
import { param, preparedFor } from "./prepared.js";
import { nudges } from "./schema.js";
import { cleanText } from "./text.js";

export interface Nudge {
  id: number;
  fromUserId: number;
  toUserId: number;
  line: string | null;
  createdAt: string;
}

/** Today's counts for one partner, each day on that partner's own calendar. */
export interface NudgesToday {
  /** Times the other partner thought of them today. */
  receivedToday: number;
  sentToday: number;
  /** What they may still send today. */
  leftToday: number;
}

const statements = preparedFor((db) => {
  const userId = param("userId");
  const from = param("from");
  return {
    // No end: a tap stamped later today by a clock since set back still counts against today.
    sentSince: db
      .select({ n: count() })
      .from(nudges)
      .where(and(eq(nudges.fromUserId, userId), gte(nudges.createdAt, from)))
      .prepare(),
    receivedBetween: db
      .select({ n: count() })
      .from(nudges)
      .where(and(eq(nudges.toUserId, userId), gte(nudges.createdAt, from), lt(nudges.createdAt, param("until"))))
      .prepare(),
    insert: db
      .insert(nudges)
      .values({
        fromUserId: sql.placeholder("fromUserId"),
        toUserId: sql.placeholder("toUserId"),
        line: sql.placeholder("line"),
        createdAt: sql.placeholder("createdAt"),
      })
      .returning()
      .prepare(),
  };
});

/** The partner's today on their own calendar, as the instants it starts and ends. */
function todayOf(timeZone: string, now: Date): { from: string; until: string } {
  const today = dayIn(timeZone, now);
  return { from: isoNow(startOfDay(today, timeZone)), until: isoNow(startOfDay(addDays(today, 1), timeZone)) };
}

function countsFor(db: Db, userId: number, timeZone: string, now: Date): NudgesToday {
  const today = todayOf(timeZone, now);
  const sentToday = statements(db).sentSince.get({ userId, from: today.from })?.n ?? 0;
  return {
    receivedToday: statements(db).receivedBetween.get({ userId, ...today })?.n ?? 0,
    sentToday,
    leftToday: Math.max(0, NUDGE_DAILY_LIMIT - sentToday),
  };
}

/** The partner `userId`'s "thinking of you" counts for today (their own calendar day). */
export function nudgesToday(db: Db, userId: number, now = new Date()): NudgesToday {
  const user = userById(db, userId);
  if (!user) throw new Refusal("not_found", "No such partner.");
  return countsFor(db, userId, user.timeZone, now);
}

/**
 * `fromUserId` tells the other partner they are thinking of them, with an optional short line:
 * at most NUDGE_DAILY_LIMIT a day on the sender's calendar (refused past it, nothing written).
 * The announcement is for the recipient, so it follows their quiet hours (silent or their digest).
 */
export function sendNudge(
  db: Db,
  fromUserId: number,
  line: string | null = null,
  now = new Date(),
): { nudge: Nudge } & NudgesToday {
  const cleanLine = line === null ? null : cleanText(line, { field: "line", max: NUDGE_LINE_MAX });
  return inTransaction(db, (tx) => {
    const sender = userById(tx, fromUserId);
    const recipient = otherPartnerOf(tx, fromUserId);
    if (!sender || !recipient) throw new Refusal("not_found", "No such partner.");
    if (countsFor(tx, fromUserId, sender.timeZone, now).leftToday === 0) {
      throw new Refusal(
        "limited",
        `You have sent ${recipient.displayName} your ${NUDGE_DAILY_LIMIT} thoughts for today (at most ${NUDGE_DAILY_LIMIT} a day). Try again tomorrow.`,
      );
    }
    const nudge = statements(tx).insert.get({
      fromUserId,
      toUserId: recipient.id,
      line: cleanLine,
      createdAt: isoNow(now),
    })!;
    enqueueEvent(
      tx,
      "partner_nudged",
      { nudgeId: nudge.id, fromUserId, toUserId: recipient.id, line: cleanLine },
      now,
      recipient.id,
    );
    return { nudge, ...countsFor(tx, fromUserId, sender.timeZone, now) };
  });
}

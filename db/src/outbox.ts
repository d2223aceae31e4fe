import { and, asc, eq, inArray, isNull, lte, notInArray, or, sql } from "drizzle-orm";
import type { Db, Tx } from "./client.js";
import { isoNow } from "./clock.js";
import { preparedFor } from "./prepared.js";
import { type OutboxKind, outbox } from "./schema.js";

export type OutboxEvent = typeof outbox.$inferSelect;

/** Longest wait between two attempts at one event. */
export const OUTBOX_MAX_BACKOFF_MS = 5 * 60_000;

const statements = preparedFor((db) => ({
  // The payload goes through the column's JSON encoder, placeholder or not.
  enqueue: db
    .insert(outbox)
    .values({
      kind: sql.placeholder("kind"),
      payload: sql.placeholder("payload"),
      createdAt: sql.placeholder("createdAt"),
      recipientUserId: sql.placeholder("recipientUserId"),
    })
    .prepare(),
}));

/**
 * Records an event for the bot to announce. Call it inside the transaction of the change.
 * `recipientUserId` is the partner the event is for (the seller of a redeemed favour, the one
 * given spanks): quiet hours follow that partner's sleep window. Leave it out (null) for an
 * event for both of you: it is posted silently while either of you sleeps, never held.
 */
export function enqueueEvent(
  tx: Db | Tx,
  kind: OutboxKind,
  payload: Record<string, unknown>,
  now = new Date(),
  recipientUserId: number | null = null,
): void {
  statements(tx).enqueue.run({ kind, payload, createdAt: isoNow(now), recipientUserId });
}

/**
 * Undelivered events whose backoff has passed, oldest first, except those for the partners in
 * `heldFor` (asleep with a morning digest: their events wait without holding back the others).
 */
export function pendingEvents(db: Db, limit = 20, now = new Date(), heldFor: readonly number[] = []): OutboxEvent[] {
  return db
    .select()
    .from(outbox)
    .where(
      and(
        isNull(outbox.deliveredAt),
        or(isNull(outbox.nextAttemptAt), lte(outbox.nextAttemptAt, isoNow(now))),
        heldFor.length > 0
          ? or(isNull(outbox.recipientUserId), notInArray(outbox.recipientUserId, [...heldFor]))
          : undefined,
      ),
    )
    .orderBy(asc(outbox.id))
    .limit(limit)
    .all();
}

/** Every undelivered event for one partner, oldest first: the candidates of their morning digest. */
export function pendingEventsFor(db: Db, recipientUserId: number): OutboxEvent[] {
  return db
    .select()
    .from(outbox)
    .where(and(isNull(outbox.deliveredAt), eq(outbox.recipientUserId, recipientUserId)))
    .orderBy(asc(outbox.id))
    .all();
}

/** Several events announced together as one Discord message (a digest): all marked in one statement. */
export function markDeliveredTogether(
  db: Db,
  ids: readonly number[],
  discordMessageId: string,
  now = new Date(),
): void {
  db.update(outbox)
    .set({ deliveredAt: isoNow(now), discordMessageId })
    .where(inArray(outbox.id, [...ids]))
    .run();
}

/** Whether this Discord message is already recorded as an event's announcement. */
export function announcesAnEvent(db: Db, discordMessageId: string): boolean {
  return (
    db.select({ id: outbox.id }).from(outbox).where(eq(outbox.discordMessageId, discordMessageId)).limit(1).get() !==
    undefined
  );
}

/** The event was announced as this Discord message: recorded in the same write that marks it delivered. */
export function markDelivered(db: Db, id: number, discordMessageId: string | null, now = new Date()): void {
  db.update(outbox)
    .set({ deliveredAt: isoNow(now), discordMessageId })
    .where(eq(outbox.id, id))
    .run();
}

/** An event handled without a post: delivered with no message, the reason kept. */
const notAnnounced = (reason: string, now: Date) => ({
  deliveredAt: isoNow(now),
  discordMessageId: null,
  lastError: reason,
});

/**
 * The event has nowhere to go (its channel is not configured): it counts as handled, not
 * announced, with the reason kept, so it never holds back the events behind it.
 */
export function markNotAnnounced(db: Db, id: number, reason: string, now = new Date()): void {
  db.update(outbox).set(notAnnounced(reason, now)).where(eq(outbox.id, id)).run();
}

/** The announcements that can be withdrawn, each with the field of its payload naming what it is about. */
const ABOUT = {
  letter_opened: "$.letterId",
  bounty_posted: "$.bountyId",
  visit_countdown: "$.visitId",
  favour_expiring: "$.purchaseId",
} as const;

/**
 * Undelivered announcements of `kind` about one thing (`id`) are withdrawn (handled, not announced,
 * the reason kept): what they say stopped being so before they went out (a letter sealed again or
 * taken back, a bounty withdrawn, a visit cancelled or moved, a favour redeemed or expired before
 * its reminder went out), and a digest held for the morning or
 * a channel refusing posts for a while would still post them.
 */
export function withdrawAnnouncements(
  tx: Db | Tx,
  kind: keyof typeof ABOUT,
  id: number,
  reason: string,
  now = new Date(),
): void {
  tx.update(outbox)
    .set(notAnnounced(reason, now))
    .where(
      and(
        isNull(outbox.deliveredAt),
        eq(outbox.kind, kind),
        sql`json_extract(${outbox.payload}, ${ABOUT[kind]}) = ${id}`,
      ),
    )
    .run();
}

/** A failed attempt: counted, and the next one waits twice as long as the last (2 s, 4 s, ... 5 min). */
export function markFailed(db: Db, id: number, error: string, now = new Date()): void {
  const row = db.select({ attempts: outbox.attempts }).from(outbox).where(eq(outbox.id, id)).get();
  const attempts = (row?.attempts ?? 0) + 1;
  const wait = Math.min(OUTBOX_MAX_BACKOFF_MS, 1000 * 2 ** attempts);
  db.update(outbox)
    .set({
      attempts: sql`${outbox.attempts} + 1`,
      lastError: error.slice(0, 500),
      nextAttemptAt: isoNow(new Date(now.getTime() + wait)),
    })
    .where(eq(outbox.id, id))
    .run();
}

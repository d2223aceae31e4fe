import { and, asc, eq, isNull, lte, or, sql } from "drizzle-orm";
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
    })
    .prepare(),
}));

/** Records an event for the bot to announce. Call it inside the transaction of the change. */
export function enqueueEvent(tx: Db | Tx, kind: OutboxKind, payload: Record<string, unknown>, now = new Date()): void {
  statements(tx).enqueue.run({ kind, payload, createdAt: isoNow(now) });
}

/** Undelivered events whose backoff has passed, oldest first. */
export function pendingEvents(db: Db, limit = 20, now = new Date()): OutboxEvent[] {
  return db
    .select()
    .from(outbox)
    .where(and(isNull(outbox.deliveredAt), or(isNull(outbox.nextAttemptAt), lte(outbox.nextAttemptAt, isoNow(now)))))
    .orderBy(asc(outbox.id))
    .limit(limit)
    .all();
}

/** The event was announced as this Discord message: recorded in the same write that marks it delivered. */
export function markDelivered(db: Db, id: number, discordMessageId: string | null, now = new Date()): void {
  db.update(outbox)
    .set({ deliveredAt: isoNow(now), discordMessageId })
    .where(eq(outbox.id, id))
    .run();
}

/**
 * The event has nowhere to go (its channel is not configured): it counts as handled, not
 * announced, with the reason kept, so it never holds back the events behind it.
 */
export function markNotAnnounced(db: Db, id: number, reason: string, now = new Date()): void {
  db.update(outbox)
    .set({ deliveredAt: isoNow(now), discordMessageId: null, lastError: reason })
    .where(eq(outbox.id, id))
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

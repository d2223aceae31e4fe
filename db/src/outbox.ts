import { asc, eq, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "./client.js";
import { isoNow } from "./clock.js";
import { type OutboxKind, outbox } from "./schema.js";

export type OutboxEvent = typeof outbox.$inferSelect;

/** Records an event for the bot to announce. Call it inside the transaction of the change. */
export function enqueueEvent(tx: Db | Tx, kind: OutboxKind, payload: Record<string, unknown>, now = new Date()): void {
  tx.insert(outbox)
    .values({ kind, payload, createdAt: isoNow(now) })
    .run();
}

export function pendingEvents(db: Db, limit = 20): OutboxEvent[] {
  return db.select().from(outbox).where(isNull(outbox.deliveredAt)).orderBy(asc(outbox.id)).limit(limit).all();
}

export function markDelivered(db: Db, id: number, now = new Date()): void {
  db.update(outbox)
    .set({ deliveredAt: isoNow(now) })
    .where(eq(outbox.id, id))
    .run();
}

export function markFailed(db: Db, id: number, error: string): void {
  db.update(outbox)
    .set({ attempts: sql`${outbox.attempts} + 1`, lastError: error.slice(0, 500) })
    .where(eq(outbox.id, id))
    .run();
}

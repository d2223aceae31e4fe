import { createHash, randomBytes } from "node:crypto";
import type { Db } from "@spankbank/db/client";
import { isoNow } from "@spankbank/db/clock";
import type { User } from "@spankbank/db/couple";
import { sessions, users } from "@spankbank/db/schema";
import { SESSION_TTL_MS } from "@spankbank/shared/limits";
import { and, eq, gt, lte } from "drizzle-orm";

export const SESSION_COOKIE = "spankbank_session";

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Starts a session: 256 random bits go to the cookie, only their SHA-256 to the database. */
export function createSession(db: Db, userId: number, now = new Date()): { token: string; expiresAt: Date } {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  db.insert(sessions)
    .values({ tokenHash: hashToken(token), userId, createdAt: isoNow(now), expiresAt: isoNow(expiresAt) })
    .run();
  return { token, expiresAt };
}

export function userForSession(db: Db, token: string, now = new Date()): User | undefined {
  const row = db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, isoNow(now))))
    .get();
  return row?.user;
}

export function deleteSession(db: Db, token: string): void {
  db.delete(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)))
    .run();
}

export function purgeExpiredSessions(db: Db, now = new Date()): number {
  return db
    .delete(sessions)
    .where(lte(sessions.expiresAt, isoNow(now)))
    .run().changes;
}

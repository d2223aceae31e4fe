import { createHash, randomBytes } from "node:crypto";
import type { Db } from "@spankbank/db/client";
import { isoNow } from "@spankbank/db/clock";
import type { User } from "@spankbank/db/couple";
import { preparedFor } from "@spankbank/db/prepared";
import { sessions, users } from "@spankbank/db/schema";
import type { CoupleConfig } from "@spankbank/shared/config";
import { SESSION_TTL_MS } from "@spankbank/shared/limits";
import { and, eq, gt, lte, sql } from "drizzle-orm";

export const SESSION_COOKIE = "spankbank_session";

function sha256(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

/**
 * What a session remembers of the password it was made with: a fingerprint of the partner's
 * stored hash. A new hash in couple.config.json (a changed password) no longer matches it.
 */
export function credentialOf(config: CoupleConfig, username: string): string {
  let byUsername = credentials.get(config);
  if (byUsername === undefined) {
    byUsername = new Map(config.partners.map((p) => [p.username, sha256(`session-credential:${p.passwordHash}`)]));
    credentials.set(config, byUsername);
  }
  return byUsername.get(username) ?? "";
}

/** Worked out once per loaded config: every request compares its session against one. */
const credentials = new WeakMap<CoupleConfig, Map<string, string>>();

const statements = preparedFor((db) => ({
  // Runs on every request: prepared once per database handle.
  lookup: db
    .select({ user: users, credential: sessions.credential })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder("tokenHash")), gt(sessions.expiresAt, sql.placeholder("now"))))
    .prepare(),
}));

/** Starts a session: 256 random bits go to the cookie, only their SHA-256 to the database. */
export function createSession(
  db: Db,
  session: { userId: number; credential: string },
  now: Date,
): { token: string; expiresAt: Date } {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  db.insert(sessions)
    .values({ tokenHash: sha256(token), ...session, createdAt: isoNow(now), expiresAt: isoNow(expiresAt) })
    .run();
  return { token, expiresAt };
}

/** The partner a live session belongs to, if it was made with their current password. */
export function userForSession(db: Db, config: CoupleConfig, token: string, now: Date): User | undefined {
  const row = statements(db).lookup.get({ tokenHash: sha256(token), now: isoNow(now) });
  return row && row.credential === credentialOf(config, row.user.username) ? row.user : undefined;
}

export function deleteSession(db: Db, token: string): void {
  db.delete(sessions)
    .where(eq(sessions.tokenHash, sha256(token)))
    .run();
}

/** Signs a partner out everywhere: every one of their sessions ends. */
export function deleteSessionsOf(db: Db, userId: number): number {
  return db.delete(sessions).where(eq(sessions.userId, userId)).run().changes;
}

export function purgeExpiredSessions(db: Db, now = new Date()): number {
  return db
    .delete(sessions)
    .where(lte(sessions.expiresAt, isoNow(now)))
    .run().changes;
}

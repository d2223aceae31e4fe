import { createHash, randomBytes } from "node:crypto";
import type { CoupleConfig } from "@spankbank/shared/config";
import { SESSION_TTL_MS } from "@spankbank/shared/limits";
import { and, eq, gt, lte, sql } from "drizzle-orm";
import type { Db } from "../client.js";
import { isoNow } from "../clock.js";
import type { User } from "../couple.js";
import { param, preparedFor } from "../prepared.js";
import { sessions, users } from "../schema.js";

function sha256(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

/**
 * What a session remembers of the password it was made with: a fingerprint of the partner's
 * stored hash. A new hash in couple.config.json (a changed password) no longer matches it.
 * Undefined for a name that is not a partner's in the config (one removed from it): no session
 * of theirs is ever live.
 */
export function credentialOf(config: CoupleConfig, username: string): string | undefined {
  let byUsername = credentials.get(config);
  if (byUsername === undefined) {
    byUsername = new Map(config.partners.map((p) => [p.username, sha256(`session-credential:${p.passwordHash}`)]));
    credentials.set(config, byUsername);
  }
  return byUsername.get(username);
}

/** Worked out once per loaded config: every request compares its session against one. */
const credentials = new WeakMap<CoupleConfig, Map<string, string>>();

const statements = preparedFor((db) => ({
  // Runs on every request.
  lookup: db
    .select({ user: users, credential: sessions.credential })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, param("tokenHash")), gt(sessions.expiresAt, param("now"))))
    .prepare(),
  insert: db
    .insert(sessions)
    .values({
      tokenHash: sql.placeholder("tokenHash"),
      userId: sql.placeholder("userId"),
      credential: sql.placeholder("credential"),
      createdAt: sql.placeholder("createdAt"),
      expiresAt: sql.placeholder("expiresAt"),
    })
    .prepare(),
  deleteOne: db
    .delete(sessions)
    .where(eq(sessions.tokenHash, param("tokenHash")))
    .prepare(),
  deleteOfUser: db
    .delete(sessions)
    .where(eq(sessions.userId, param("userId")))
    .prepare(),
  deleteExpired: db
    .delete(sessions)
    .where(lte(sessions.expiresAt, param("now")))
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
  statements(db).insert.run({
    tokenHash: sha256(token),
    ...session,
    createdAt: isoNow(now),
    expiresAt: isoNow(expiresAt),
  });
  return { token, expiresAt };
}

/** The partner a live session belongs to, if it was made with their current password. Never writes. */
export function userForSession(db: Db, config: CoupleConfig, token: string, now: Date): User | undefined {
  const row = statements(db).lookup.get({ tokenHash: sha256(token), now: isoNow(now) });
  if (!row) return undefined;
  const credential = credentialOf(config, row.user.username);
  return credential !== undefined && row.credential === credential ? row.user : undefined;
}

export function deleteSession(db: Db, token: string): void {
  statements(db).deleteOne.run({ tokenHash: sha256(token) });
}

/** Signs a partner out everywhere: every one of their sessions ends. */
export function deleteSessionsOf(db: Db, userId: number): number {
  return statements(db).deleteOfUser.run({ userId }).changes;
}

export function purgeExpiredSessions(db: Db, now = new Date()): number {
  return statements(db).deleteExpired.run({ now: isoNow(now) }).changes;
}

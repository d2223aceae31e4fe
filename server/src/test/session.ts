import { createSession, credentialOf } from "@spankbank/db/sessions";
import { SESSION_COOKIE } from "../plugins/session.js";
import { type TestApp, userIdOf } from "./app.js";

/**
 * The Cookie header of a fresh session for a demo partner, on the app's own clock: what a
 * sign-in gives, without its password check (the login route has its own tests).
 */
export function sessionCookie({ app, db }: TestApp, username: "alex" | "sam"): string {
  const credential = credentialOf(app.ctx.config, username);
  if (credential === undefined) throw new Error(`${username} is not a partner of the test couple`);
  const { token } = createSession(db, { userId: userIdOf(db, username), credential }, app.ctx.now());
  return `${SESSION_COOKIE}=${token}`;
}

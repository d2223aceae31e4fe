import { POST_LOGIN_PATH } from "@spankbank/shared/limits";

/**
 * The page to return to after sign-in, from the `redirect` search param: only a path of this app.
 * The browser's own URL parser decides, so tricks such as "//host", "/\host" or "/\t/host" that a
 * browser reads as another origin are refused.
 */
export function safeRedirect(value: unknown): string | undefined {
  if (typeof value !== "string" || !value.startsWith("/")) return undefined;
  const base = "http://spank-bank.invalid";
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return undefined;
  }
  if (url.origin !== base || /[\\\s]/.test(value.slice(0, 3))) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Whose session ended in this tab (`sessionEndedFor`): the page it was on is theirs to go back to. */
const SESSION_ENDED_FOR = "spankbank:session-ended-for";

/** A partner's session ended while this tab showed their pages (expired, signed out elsewhere). */
export function sessionEndedFor(username: string): void {
  try {
    sessionStorage.setItem(SESSION_ENDED_FOR, username);
  } catch {
    // No storage: a sign-in then goes to the dashboard whoever signs in (pageAfterSignIn).
  }
}

/**
 * Where a sign-in goes: the page asked for (`redirectTo`) when the partner signing in is the one
 * whose session ended on it, or nobody's did; the dashboard when it is the other partner, who must
 * not land on the search, letter or answers the first was in the middle of.
 */
export function pageAfterSignIn(redirectTo: string | undefined, username: string): string {
  let endedFor: string | null = null;
  try {
    endedFor = sessionStorage.getItem(SESSION_ENDED_FOR);
    sessionStorage.removeItem(SESSION_ENDED_FOR);
  } catch {
    // No storage: nothing was remembered.
  }
  return redirectTo !== undefined && (endedFor === null || endedFor === username) ? redirectTo : POST_LOGIN_PATH;
}

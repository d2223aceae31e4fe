import { coupleSummaryOf, type LoginBody, type SessionReply, sessionUserOf } from "@spankbank/shared/contract/auth";
import type { ColorSchemeBody } from "@spankbank/shared/contract/colorScheme";
import { DEMO_LOGINS, demoCouple } from "@spankbank/shared/demoCouple";
import { type ColorSchemeSetting, LOGIN_FAILURE_LIMIT } from "@spankbank/shared/limits";
import { HttpResponse, http } from "msw";

/** Who the fake session cookie names, and every login body the fake server received. */
const state = {
  signedInAs: null as string | null,
  loginBodies: [] as LoginBody[],
  failures: new Map<string, number>(),
  logouts: 0,
  everywhereLogouts: 0,
  /** Each partner's colours as the menu last saved them (none: following the device). */
  colorSchemes: new Map<string, ColorSchemeSetting>(),
};

export function signInAs(username: string): void {
  state.signedInAs = username;
}
/** The colours a partner saved in the menu, as the server keeps them (undefined: never picked). */
export const savedColorScheme = (username: string): ColorSchemeSetting | undefined => state.colorSchemes.get(username);
/** A partner picked `colorScheme` on another device: the session says so. */
export function keepColorSchemeFor(username: string, colorScheme: ColorSchemeSetting): void {
  state.colorSchemes.set(username, colorScheme);
}
/** Who the fake session cookie names, or null when signed out. */
export const signedInUsername = (): string | null => state.signedInAs;
export function loginBodies(): readonly LoginBody[] {
  return state.loginBodies;
}
/** The server ends the session on its own (it expired), without the page knowing yet. */
export function endSessionOnServer(): void {
  state.signedInAs = null;
}

export function logoutCount(): number {
  return state.logouts;
}
/** How many times 'Sign out everywhere' reached the server. */
export function everywhereLogoutCount(): number {
  return state.everywhereLogouts;
}
export function resetAuth(): void {
  state.signedInAs = null;
  state.loginBodies = [];
  state.failures = new Map();
  state.logouts = 0;
  state.everywhereLogouts = 0;
  state.colorSchemes = new Map();
}

/** The demo couple's session answer, shaped as the server's GET /api/auth/session shapes it. */
export function sessionReplyFor(username: string): SessionReply {
  const user = demoCouple.partners.find((partner) => partner.username === username)!;
  return {
    user: sessionUserOf(user),
    couple: coupleSummaryOf(demoCouple.partners, demoCouple, true),
    colorScheme: state.colorSchemes.get(username) ?? "auto",
  };
}

export const failure = (statusCode: number, error: string, message: string) =>
  HttpResponse.json({ statusCode, error, message }, { status: statusCode });

const isJson = (request: Request) => request.headers.get("content-type")?.startsWith("application/json") === true;

export const authHandlers = [
  http.get("/api/auth/session", () => HttpResponse.json(state.signedInAs ? sessionReplyFor(state.signedInAs) : null)),
  http.post("/api/auth/login", async ({ request }) => {
    // The real server refuses a POST that is not JSON (its CSRF rule).
    if (!isJson(request)) return failure(415, "Unsupported Media Type", "Content-Type must be application/json");
    const body = (await request.json()) as LoginBody;
    state.loginBodies.push(body);
    const login = DEMO_LOGINS.find(({ username }) => username === body.username);
    if (!login || login.password !== body.password) {
      // As the server counts: 5 wrong passwords per name from one browser in 15 minutes.
      const failed = (state.failures.get(body.username) ?? 0) + 1;
      state.failures.set(body.username, failed);
      return HttpResponse.json(
        {
          statusCode: 401,
          error: "Unauthorized",
          message: "Invalid username or password",
          triesLeft: Math.max(0, LOGIN_FAILURE_LIMIT - failed),
        },
        { status: 401 },
      );
    }
    state.signedInAs = login.username;
    return HttpResponse.json({ user: sessionReplyFor(login.username).user });
  }),
  http.post("/api/auth/logout", ({ request }) => {
    if (!isJson(request)) return failure(415, "Unsupported Media Type", "Content-Type must be application/json");
    // As the server: signed out already is still 204 (the contract), and counts no logout.
    if (!state.signedInAs) return new HttpResponse(null, { status: 204 });
    state.signedInAs = null;
    state.logouts += 1;
    return new HttpResponse(null, { status: 204 });
  }),
  http.put("/api/color-scheme", async ({ request }) => {
    if (!state.signedInAs) return failure(401, "Unauthorized", "Sign in first");
    const { colorScheme } = (await request.json()) as ColorSchemeBody;
    state.colorSchemes.set(state.signedInAs, colorScheme);
    return HttpResponse.json({ colorScheme });
  }),
  http.post("/api/auth/logout-everywhere", () => {
    if (!state.signedInAs) return failure(401, "Unauthorized", "Sign in first");
    state.signedInAs = null;
    state.everywhereLogouts += 1;
    return new HttpResponse(null, { status: 204 });
  }),
];

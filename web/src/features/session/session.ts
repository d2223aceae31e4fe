import type { SessionReply } from "@spankbank/shared/contract/auth";
import { USERNAME_STORAGE_KEY } from "@spankbank/shared/limits";
import type { QueryClient } from "@tanstack/react-query";
import { forgetPageSnapshots } from "@/app/pageSnapshot";
import { ApiError } from "@/lib/api";
import { forgetDrafts } from "@/lib/draft";
import { forgetKeptCache } from "@/lib/keptCache";
import { tellOtherTabs } from "@/lib/otherTabs";
import { sessionQueryOptions } from "./api/getSession";
import { sessionKeys } from "./api/keys";
import { postLogin } from "./api/login";
import { postLogout } from "./api/logout";
import { postLogoutEverywhere } from "./api/logoutEverywhere";
import { postPasskeySignIn } from "./api/passkeySignIn";
import { sessionEndedFor } from "./redirect";

/**
 * The spec's session (isLoggedIn, username, login, logout, verify), backed by the server: the
 * cookie is the truth, the session query holds what the server last said about it.
 */
export interface Session {
  /** What GET /api/auth/session last answered: null when signed out. */
  readonly current: SessionReply | null;
  readonly isLoggedIn: boolean;
  /** The signed-in login name, or "" when signed out. */
  readonly username: string;
  /**
   * True when signed in; on a wrong username or password, the tries left before a pause (when the
   * server said). Throws on anything else (429, no server).
   */
  login(username: string, password: string): Promise<true | LoginRefused>;
  /**
   * Signs in with a passkey this browser offers (only `username`'s, when given). True when signed
   * in; a refusal as `login`'s; throws when the prompt is closed or the server cannot be reached.
   */
  loginWithPasskey(username: string | undefined): Promise<true | LoginRefused>;
  logout(): Promise<void>;
  /** Logs out here and ends the partner's sessions on every other device too. */
  logoutEverywhere(): Promise<void>;
  /** Asks the server again whether the cookie still names a session. */
  verify(): Promise<boolean>;
  /** Forgets a session the server no longer knows (an /api call answered 401). */
  expire(): void;
}

/** A wrong username or password: how many more wrong tries before sign-in pauses. */
export interface LoginRefused {
  triesLeft: number | undefined;
  /** The server's reason, when it gave one ("That passkey is not sam's."). */
  message?: string;
}

/** The server's count of tries left in a 401 answer, if it carries one. */
function triesLeftIn(body: unknown): number | undefined {
  const triesLeft = (body as { triesLeft?: unknown } | undefined)?.triesLeft;
  return typeof triesLeft === "number" && Number.isInteger(triesLeft) && triesLeft >= 0 ? triesLeft : undefined;
}

export function createSession(queryClient: QueryClient): Session {
  const current = () => queryClient.getQueryData(sessionQueryOptions.queryKey) ?? null;
  const forgetEverythingElse = () => {
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionKeys.all[0] });
    void forgetKeptCache();
    void forgetPageSnapshots();
  };

  const verify = async () => {
    const reply = await queryClient.fetchQuery({ ...sessionQueryOptions, staleTime: 0 });
    return reply !== null;
  };

  const signOut = async (endOnServer: () => Promise<void>) => {
    const signingOut = current()?.user.username;
    try {
      await endOnServer();
    } catch (error) {
      // A session the server already ended (expired, or logged out elsewhere) is logged out.
      if (!(error instanceof ApiError && error.status === 401)) throw error;
    }
    localStorage.removeItem(USERNAME_STORAGE_KEY);
    if (signingOut !== undefined) forgetDrafts(signingOut);
    queryClient.setQueryData(sessionQueryOptions.queryKey, null);
    forgetEverythingElse();
    tellOtherTabs();
  };

  /** Either way in: the server sets the cookie, then the page forgets what it held and asks who is signed in. */
  const signIn = async (ask: () => Promise<{ user: { username: string } }>): Promise<true | LoginRefused> => {
    try {
      const { user } = await ask();
      localStorage.setItem(USERNAME_STORAGE_KEY, user.username);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        return { triesLeft: triesLeftIn(error.body), message: error.message };
      }
      throw error;
    }
    // Nothing cached for a previous partner may show through, here or in another tab.
    forgetEverythingElse();
    tellOtherTabs();
    return (await verify()) || { triesLeft: undefined };
  };

  return {
    get current() {
      return current();
    },
    get isLoggedIn() {
      return current() !== null;
    },
    get username() {
      return current()?.user.username ?? "";
    },
    async login(username, password) {
      if (username === "" || password === "") return { triesLeft: undefined };
      return signIn(() => postLogin({ username, password }));
    },
    loginWithPasskey: (username) => signIn(() => postPasskeySignIn(username)),
    logout: () => signOut(postLogout),
    logoutEverywhere: () => signOut(postLogoutEverywhere),
    verify,
    expire() {
      const ended = current()?.user.username;
      if (ended) sessionEndedFor(ended);
      queryClient.setQueryData(sessionQueryOptions.queryKey, null);
      forgetEverythingElse();
    },
  };
}

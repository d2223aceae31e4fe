import type { SessionReply } from "@spankbank/shared/contract/auth";
import type { QueryClient } from "@tanstack/react-query";

/** The session's query key: signing out clears every query but this one. */
export const sessionKeys = {
  all: ["session"] as const,
  current: () => [...sessionKeys.all, "current"] as const,
};

/**
 * Who is signed in on this page now (undefined: nobody). A write remembers who sent it: on a shared
 * device the other partner may have signed in before its answer came, and the answer is not theirs.
 * Beside the key, as the one part of the session other features may read.
 */
export const signedInNow = (queryClient: QueryClient): string | undefined =>
  queryClient.getQueryData<SessionReply | null>(sessionKeys.current())?.user.username;

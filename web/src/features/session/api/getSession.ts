import type { SessionReply } from "@spankbank/shared/contract/auth";
import { queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { sessionKeys } from "./keys";
import { readSession } from "./readSession";

/** The signed-in partner and the couple, or null when the cookie names no session. */
export function getSession(signal?: AbortSignal): Promise<SessionReply | null> {
  return api.read("/api/auth/session", readSession, { signal, cache: "no-store" });
}

export const sessionQueryOptions = queryOptions({
  queryKey: sessionKeys.current(),
  queryFn: ({ signal }) => getSession(signal),
  // The cookie only changes through login and logout, which write this query themselves.
  staleTime: Number.POSITIVE_INFINITY,
  refetchOnWindowFocus: false,
});

import type { SessionReply } from "@spankbank/shared/contract/auth";
import { queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/api";

/** The signed-in partner and the couple, or null when the cookie names no session. */
export function getSession(signal?: AbortSignal): Promise<SessionReply | null> {
  // Imported beside the request: the contract (and zod) stay out of the first load.
  const contract = import("@spankbank/shared/contract/auth").then((auth) => auth.sessionAnswer);
  return api.get("/api/auth/session", contract, { signal, cache: "no-store" });
}

export const sessionQueryOptions = queryOptions({
  queryKey: ["session"],
  queryFn: ({ signal }) => getSession(signal),
  // The cookie only changes through login and logout, which write this query themselves.
  staleTime: Number.POSITIVE_INFINITY,
  refetchOnWindowFocus: false,
});

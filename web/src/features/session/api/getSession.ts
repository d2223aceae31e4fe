import { type SessionReply, sessionReply } from "@spankbank/shared/contract/auth";
import { queryOptions } from "@tanstack/react-query";
import { ApiError, api } from "@/lib/api";

/** The signed-in partner and the couple, or null when the cookie names no session (401). */
export async function getSession(signal?: AbortSignal): Promise<SessionReply | null> {
  try {
    return await api.get("/api/auth/session", sessionReply, { signal, cache: "no-store" });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const sessionQueryOptions = queryOptions({
  queryKey: ["session"],
  queryFn: ({ signal }) => getSession(signal),
  // The cookie only changes through login and logout, which write this query themselves.
  staleTime: Number.POSITIVE_INFINITY,
  refetchOnWindowFocus: false,
});

import { KEPT_CACHE_MAX_AGE_MS } from "@spankbank/shared/limits";
import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { ApiError } from "@/lib/api";

const isSignedOut = (error: unknown) => error instanceof ApiError && error.status === 401;
const isRefusal = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500;

/**
 * One query client for the app. A 401 from any call means the session ended on the server (expired
 * or logged out elsewhere): `onSignedOut` sends the partner back to sign-in.
 */
export function createAppQueryClient(onSignedOut: () => void): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (isSignedOut(error)) onSignedOut();
      },
    }),
    mutationCache: new MutationCache({
      onError: (error) => {
        if (isSignedOut(error)) onSignedOut();
      },
    }),
    defaultOptions: {
      queries: {
        // A refusal will not change on a retry; a lost connection might.
        retry: (failureCount, error) => !isRefusal(error) && failureCount < 2,
        // A page's loader has just read it (lib/loaders.ts): its failure is shown, not read again
        // because the page mounted. The next visit's loader, or the page's own retry, reads again.
        retryOnMount: false,
        // Fresh for a few seconds: the page mounting right after its loader read the data must not
        // read it again (every first load asked for each page's data twice). Each mutation refreshes
        // what it changes; the other partner's changes show on the next visit after that.
        staleTime: 5_000,
        // Kept in memory as long as the device keeps it (lib/keptCache.ts), so the kept copy holds
        // every page visited, not only the last few minutes'.
        gcTime: KEPT_CACHE_MAX_AGE_MS,
      },
      mutations: {
        // Offline, a write is refused at once (lib/api.ts says so) instead of waiting, paused,
        // behind a spinner for a connection that may not come back while the page is open.
        networkMode: "always",
      },
    },
  });
}

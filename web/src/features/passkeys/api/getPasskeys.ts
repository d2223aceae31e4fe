import type { PasskeysReply } from "@spankbank/shared/contract/passkeys";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { passkeyKeys } from "./keys";

/** Your own passkeys, newest first: names and dates, never keys. */
export function getPasskeys(signal?: AbortSignal): Promise<PasskeysReply> {
  return api.get("/api/passkeys", () => import("@spankbank/shared/contract/passkeys").then((c) => c.passkeysReply), {
    signal,
    cache: "no-store",
  });
}

export const passkeysQueryOptions = queryOptions({
  queryKey: passkeyKeys.mine(),
  queryFn: ({ signal }) => getPasskeys(signal),
});

/** Read while the Passkeys window is open. */
export function usePasskeys(enabled: boolean) {
  return useQuery({ ...passkeysQueryOptions, enabled });
}

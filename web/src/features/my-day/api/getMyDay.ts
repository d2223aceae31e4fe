import type { MyDayReply } from "@spankbank/shared/contract/myDay";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { myDayKeys } from "./keys";

/** Your sleep window, work hours and quiet hours (your own from the web, else the config's). */
export function getMyDay(signal?: AbortSignal): Promise<MyDayReply> {
  return api.get("/api/my-day", () => import("@spankbank/shared/contract/myDay").then((c) => c.myDayReply), {
    signal,
    cache: "no-store",
  });
}

export const myDayQueryOptions = queryOptions({
  queryKey: myDayKeys.current(),
  queryFn: ({ signal }) => getMyDay(signal),
});

/** Read while the "Your day" form is open. */
export function useMyDay(enabled: boolean) {
  return useQuery({ ...myDayQueryOptions, enabled });
}

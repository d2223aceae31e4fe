import type { MyDayBody } from "@spankbank/shared/contract/myDay";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { sessionKeys } from "@/features/session/api/keys";
import { api } from "@/lib/api";
import { myDayQueryOptions } from "./getMyDay";

/** Saves your own day: the server takes the partner from the session. */
export function putMyDay(body: MyDayBody) {
  return api.put("/api/my-day", body, () => import("@spankbank/shared/contract/myDay").then((c) => c.myDayReply));
}

export function useSaveMyDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putMyDay,
    onSuccess: (reply) => {
      queryClient.setQueryData(myDayQueryOptions.queryKey, reply);
      // The clocks read both partners' days from the session's couple. Not awaited: the form's own
      // success (toast, close) must not wait on the session's refetch.
      void queryClient.invalidateQueries({ queryKey: sessionKeys.current() });
    },
  });
}

import type { MyDayBody } from "@spankbank/shared/contract/myDay";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { sessionKeys, signedInNow } from "@/features/session/api/keys";
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
    // Who sent it: on a shared device the other partner may have signed in before its answer came.
    onMutate: () => ({ sentBy: signedInNow(queryClient) }),
    onSuccess: (reply, _body, sent) => {
      // The answer is the sender's day: it is "Your day" only while they are still the one signed in.
      if (sent?.sentBy === signedInNow(queryClient)) queryClient.setQueryData(myDayQueryOptions.queryKey, reply);
      // The clocks read both partners' days from the session's couple. Not awaited: the form's own
      // success (toast, close) must not wait on the session's refetch.
      void queryClient.invalidateQueries({ queryKey: sessionKeys.current() });
    },
  });
}

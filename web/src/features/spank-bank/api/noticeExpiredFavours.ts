import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { spankBankKeys } from "./keys";

/** The signed-in partner has been told these favours expired: never toasted to them again. */
export function postExpiredFavoursNoticed(purchaseIds: number[]) {
  return api.post("/api/expired-favours/noticed", { purchase_ids: purchaseIds }, () =>
    import("@spankbank/shared/contract/expiredFavours").then((c) => c.expiredFavoursNoticedReply),
  );
}

export function useNoticeExpiredFavours() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postExpiredFavoursNoticed,
    onSettled: () => queryClient.invalidateQueries({ queryKey: spankBankKeys.expired() }),
  });
}

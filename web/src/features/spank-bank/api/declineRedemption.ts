import type { DeclineBody } from "@spankbank/shared/contract/inventory";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { spankBankKeys } from "./keys";

/** The seller declines a favour the partner redeemed: the partner's spanks go back from escrow. */
export function postDecline(body: DeclineBody) {
  return api.post("/api/decline-redeem", body, () =>
    import("@spankbank/shared/contract/inventory").then((c) => c.declineReply),
  );
}

export function useDeclineRedemption() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postDecline,
    onSettled: () => queryClient.invalidateQueries({ queryKey: spankBankKeys.owed() }),
  });
}

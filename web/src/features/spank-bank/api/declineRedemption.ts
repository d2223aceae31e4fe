import type { DeclineBody } from "@spankbank/shared/contract/inventory";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { spankBankKeys } from "./keys";

/** The seller declines a favour the partner redeemed: the partner's spanks go back from escrow. */
export function postDecline({ write, ...body }: Decline) {
  return api.postOnce(
    "/api/decline-redeem",
    body,
    () => import("@spankbank/shared/contract/inventory").then((c) => c.declineReply),
    { write },
  );
}

/** `write`: the decline modal's write (`newWrite`), one from opening to closing, whatever was corrected. */
export type Decline = DeclineBody & { write?: string };

export function useDeclineRedemption() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postDecline,
    onSettled: () => queryClient.invalidateQueries({ queryKey: spankBankKeys.owed() }),
  });
}

import type { BountyBody } from "@spankbank/shared/contract/bounties";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { refusalOf } from "@/components/ModalForm";
import { spankBankKeys } from "@/features/spank-bank/api/keys";
import { api } from "@/lib/api";
import { toast } from "@/lib/toast";
import { bountyKeys } from "./keys";

const bountyReply = () => import("@spankbank/shared/contract/bounties").then((c) => c.bountyReply);

/** One change to a bounty, as the signed-in partner: the server says who may make it. */
export type BountyChange =
  /** `write`: the post form's write (`newWrite`), one until it is posted, whatever was corrected. */
  | { action: "post"; body: BountyBody; write?: string }
  | { action: "claim" | "withdraw"; id: number }
  /** `doneAt`: the done the page showed (its `done_at`): one sent back and done again since is not paid. */
  | { action: "approve"; id: number; doneAt: string | null }
  | { action: "done"; id: number; note: string; photo?: string }
  | { action: "send-back"; id: number; reason: string; doneAt: string | null };

export function changeBounty(change: BountyChange) {
  switch (change.action) {
    case "post":
      return api.postOnce("/api/bounties", change.body, bountyReply, { write: change.write });
    case "done":
      return api.post(`/api/bounties/${change.id}/done`, { note: change.note, photo: change.photo }, bountyReply);
    case "approve":
      return api.post(`/api/bounties/${change.id}/approve`, undefined, bountyReply, {
        query: { done_at: change.doneAt ?? undefined },
      });
    case "send-back":
      return api.post(`/api/bounties/${change.id}/send-back`, { reason: change.reason }, bountyReply, {
        query: { done_at: change.doneAt ?? undefined },
      });
    default:
      return api.post(`/api/bounties/${change.id}/${change.action}`, undefined, bountyReply);
  }
}

/** What a change refused after its card or form was left says: where the partner is now. */
function refusedAfterLeaving(change: BountyChange, failure: Error): string {
  const why = refusalOf(failure, "Please try again.");
  return change.action === "post"
    ? `Your bounty "${change.body.title}" was not posted: ${why}`
    : `A bounty was not changed: ${why}`;
}

/**
 * Any change moves spanks in or out of escrow: the list, the total and the statement are read
 * again. A change refused once its card or form is gone (a slow answer, the partner moved on) is
 * said in a toast: the card or form that says it otherwise is not there, and TanStack Query calls
 * mutate()'s own callbacks only while their component is.
 */
export function useChangeBounty() {
  const queryClient = useQueryClient();
  const shown = useRef(true);
  useEffect(() => {
    shown.current = true;
    return () => {
      shown.current = false;
    };
  }, []);
  return useMutation({
    mutationFn: changeBounty,
    onError: (failure, change) => {
      if (!shown.current) toast.error(refusedAfterLeaving(change, failure));
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: bountyKeys.all }),
        queryClient.invalidateQueries({ queryKey: spankBankKeys.spankTotal() }),
        queryClient.invalidateQueries({ queryKey: spankBankKeys.transactions() }),
      ]),
  });
}

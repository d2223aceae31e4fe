import type { NudgeBody } from "@spankbank/shared/contract/nudges";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { nudgeKeys } from "./keys";

/** The answer's contract, for the checks of development and tests (see api.ts). */
const nudgeSentReply = () => import("@spankbank/shared/contract/nudges").then((c) => c.nudgeSentReply);

/** What the card sends: the line, and `write`, the card's one thought until it is answered (`newWrite`). */
export type Nudge = NudgeBody & { write?: string };

/** One tap of the heart: tells the partner you are thinking of them (the sender is the session's partner). */
export function sendNudge({ write, ...body }: Nudge) {
  return api.postOnce("/api/nudges", body, nudgeSentReply, { write });
}

/** The card says what happened itself (sent, or the limit's refusal), so nothing is toasted here. */
export function useSendNudge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendNudge,
    onSettled: () => queryClient.invalidateQueries({ queryKey: nudgeKeys.all }),
  });
}

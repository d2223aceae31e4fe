import type { SessionReply } from "@spankbank/shared/contract/auth";
import type { LaterLetter, LaterLetterBody, LaterLetterChangeBody } from "@spankbank/shared/contract/laterLetters";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { sessionKeys } from "@/features/session/api/keys";
import { api, isWrittenAlready } from "@/lib/api";
import { forgetSentDraft } from "@/lib/draft";
import { formSeals, type LetterForm, NEW_LETTER_DRAFT } from "../letterForm";
import { laterLetterKeys } from "./keys";

/** The answer's contract, for the checks of development and tests (see api.ts). */
const laterLetterReply = () => import("@spankbank/shared/contract/laterLetters").then((c) => c.laterLetterReply);

/**
 * Seals a new letter (no id) or rewrites one of yours that has not opened yet, based on the version
 * the form showed (`based_on`): one sealed again since on another device is never replaced unseen.
 * `write`: the new-letter form's write (`newWrite`), one until it is sealed, whatever was corrected.
 */
export function writeLaterLetter({
  id,
  based_on,
  write,
  ...body
}: LaterLetterBody & { id?: number | undefined; based_on?: string | undefined; write?: string | undefined }) {
  if (id === undefined) return api.postOnce("/api/later-letters", body, laterLetterReply, { write });
  const change: LaterLetterChangeBody = { ...body, ...(based_on ? { based_on } : {}) };
  return api.put(`/api/later-letters/${id}`, change, laterLetterReply);
}

/**
 * The letter the server sealed under the form's `write` when a corrected send was refused as
 * written already (422): each of the words `sent` under it whose answer was lost goes again, with the
 * same key; the server answers the words it sealed with that first answer, writing nothing, and any
 * other words 422. Undefined when none could be read back (the connection dropped again).
 */
export async function sealedUnder(write: string, sent: readonly LaterLetterBody[]): Promise<LaterLetter | undefined> {
  for (const body of sent) {
    try {
      return (await api.postOnce("/api/later-letters", body, laterLetterReply, { write })).letter;
    } catch (error) {
      if (!isWrittenAlready(error)) return undefined;
    }
  }
  return undefined;
}

export function useWriteLaterLetter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: laterLetterKeys.write,
    mutationFn: writeLaterLetter,
    onSuccess: (_reply, sent) => {
      // Here, not only in the form: a partner who left the page while it sealed must not find the
      // same words offered as "not sealed yet" on coming back, and seal them a second time.
      const username = queryClient.getQueryData<SessionReply | null>(sessionKeys.current())?.user.username;
      if (sent.id === undefined && username !== undefined) {
        forgetSentDraft<LetterForm>(username, NEW_LETTER_DRAFT, (form) => formSeals(form, sent));
      }
      return queryClient.invalidateQueries({ queryKey: laterLetterKeys.all });
    },
    // Refused (409: sealed again elsewhere, or opened since), or sealed already (a lost answer, or a
    // 422: the first try went through): the page reads the letters as they are now. The words typed
    // here stay in the form until they are saved.
    onError: () => queryClient.invalidateQueries({ queryKey: laterLetterKeys.all }),
  });
}

import type { StoryProgress } from "@spankbank/shared/contract/story";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import { signedInNow } from "@/features/session/api/keys";
import { api, isChangedSince, wroteNothing } from "@/lib/api";
import { toast } from "@/lib/toast";
import { storyKeys } from "./keys";

const reply = () => import("@spankbank/shared/contract/story").then((c) => c.storyProgressReply);

/** The signed-in partner's saved game on the server (null before they first play). */
export function getStoryProgress(signal?: AbortSignal) {
  return api.get("/api/story-progress", reply, { signal, cache: "no-store" });
}

export const storyProgressQueryOptions = queryOptions({
  queryKey: storyKeys.progress(),
  queryFn: ({ signal }) => getStoryProgress(signal),
  // The game takes up only a save read on this visit (TrappedGame): a kept or preloaded one may be older than this browser's.
  refetchOnMount: "always",
});

export const useStoryProgress = () => useQuery(storyProgressQueryOptions);

/** Saves the game, played on from the save `basedOn` names (its updated_at; null: none). */
export function putStoryProgress(progress: StoryProgress, basedOn: string | null | undefined) {
  return api.put("/api/story-progress", { ...progress, based_on: basedOn }, reply);
}

/**
 * Sends a save made on the server's save `basedOn`. A save whose answer was lost (the connection
 * dropped after the server kept it) leaves this device on the save before, and its next save is
 * refused as played further elsewhere, undoing the choice just made. So the saves this device sent
 * unanswered are kept in `unanswered` (as JSON): when a save is refused and the server's save is one
 * of them, the game played on from it here, and the save goes again on top of it. Any other save
 * on the server is another device's game: refused, as before.
 */
async function saveOnTopOfUnanswered(
  progress: StoryProgress,
  basedOn: string | null | undefined,
  unanswered: Set<string>,
) {
  try {
    const saved = await putStoryProgress(progress, basedOn);
    unanswered.clear();
    return saved;
  } catch (error) {
    const sent = JSON.stringify(progress);
    if (!isChangedSince(error)) {
      if (!wroteNothing(error)) unanswered.add(sent);
      throw error;
    }
    if (unanswered.size === 0) throw error;
    const onServer = await getStoryProgress();
    if (onServer.progress === null || !unanswered.has(JSON.stringify(onServer.progress))) throw error;
    unanswered.clear();
    return putStoryProgress(progress, onServer.updated_at);
  }
}

/** One save of the game, and what the game hears of it. */
export interface StorySaving {
  progress: StoryProgress;
  /**
   * The save the game stands on when this one is sent (asked then: the save before it, queued
   * ahead, may have been answered meanwhile).
   */
  basedOn: () => string | null | undefined;
  /** The server kept it, at `updatedAt`: told for every save, not only the last one asked for. */
  onSaved: (updatedAt: string) => void;
  /**
   * The server refused it (`refused`: the game went further on another device) or could not be
   * reached. True when the game was waiting for this save (the last one asked for).
   */
  onFailed: (refused: boolean) => boolean;
}

/** A save with who made its choice: the partner signed in when it was asked for (signedInNow). */
export interface PlayersSaving extends StorySaving {
  player: string | undefined;
}

/**
 * Saves the game on the server, one save at a time and in order (a choice, then its arrival). A
 * save refused because another device went further says so and reads the server's save again,
 * which the game then takes up; one refused only because an answer was lost goes again
 * (`saveOnTopOfUnanswered`).
 */
export function useSaveStoryProgress() {
  const queryClient = useQueryClient();
  const unanswered = useRef(new Set<string>());
  return useMutation({
    mutationFn: async ({ player, progress, basedOn, onSaved }: PlayersSaving) => {
      // Queued behind a save answered after the partners switched on this device: sent now, it would
      // go under the other partner's session (their save refused, or replaced by this game). Dropped.
      if (player === undefined || player !== signedInNow(queryClient)) return undefined;
      const saved = await saveOnTopOfUnanswered(progress, basedOn(), unanswered.current);
      if (saved.updated_at) onSaved(saved.updated_at);
      return saved;
    },
    scope: { id: "story-progress" },
    onSuccess: (saved, { player }) => {
      // The answer is the player's save: the game open now is another partner's after a switch.
      if (saved && player === signedInNow(queryClient)) queryClient.setQueryData(storyKeys.progress(), saved);
    },
    onError: (error, { onFailed }) => {
      const refused = isChangedSince(error);
      // Said once, for the save the game waited for (each queued save behind a refused one is refused too).
      if (onFailed(refused) && refused) toast.info(error.message);
      if (refused) void queryClient.invalidateQueries({ queryKey: storyKeys.progress() });
    },
  });
}

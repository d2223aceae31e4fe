import type { StoryProgress } from "@spankbank/shared/contract/story";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
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

export function putStoryProgress(progress: StoryProgress) {
  return api.put("/api/story-progress", progress, reply);
}

/** Saves the game on the server, one save at a time and in order (a choice, then its arrival). */
export function useSaveStoryProgress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putStoryProgress,
    scope: { id: "story-progress" },
    onSuccess: (saved) => queryClient.setQueryData(storyKeys.progress(), saved),
  });
}

import { MEMORIES_PER_PAGE } from "@spankbank/shared/limits";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { memoryKeys } from "./keys";

/**
 * Moves memories to the trash and asks for the board's page back (not the whole remaining list,
 * which is megabytes after years): the answer is the page to show, clamped to the new last page.
 */
export const deleteMemories = ({ ids, page }: { ids: number[]; page: number }) =>
  api.post("/api/memories/delete", { ids, page, pageSize: MEMORIES_PER_PAGE }, () =>
    import("@spankbank/shared/contract/memories").then((c) => c.memoriesPage),
  );

/** Deletes the selected memories; every memory read (board pages, trash, dashboard card) is refreshed. */
export function useDeleteMemories() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMemories,
    onError: (error) => console.error("Failed to delete memories:", error),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memoryKeys.all }),
  });
}

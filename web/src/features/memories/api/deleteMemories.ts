import { memoryList } from "@spankbank/shared/contract/memories";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";

export const deleteMemories = (ids: number[]) => api.post("/api/memories/delete", { ids }, memoryList);

/** Deletes the selected memories; every memory read (board pages, dashboard card) is refreshed. */
export function useDeleteMemories() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMemories,
    onError: (error) => console.error("Failed to delete memories:", error),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["memories"] }),
  });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { memoryKeys } from "./keys";

export const restoreMemories = (ids: number[]) =>
  api.post("/api/memories/restore", { ids }, () =>
    import("@spankbank/shared/contract/memories").then((c) => c.restoreMemoriesReply),
  );

/** Brings memories back from the trash; the board, the trash and the dashboard card refresh. */
export function useRestoreMemories() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreMemories,
    onError: (error) => console.error("Failed to restore memories:", error),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memoryKeys.all }),
  });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, changedSinceOr } from "@/lib/api";
import { toast } from "@/lib/toast";
import { visitKeys } from "./keys";

/**
 * Cancels a planned visit, or removes one from the log, as the page showed it (`basedOn`, its
 * `updated_at`): one the other partner changed since is kept, and the page says so.
 */
export function cancelVisit({ id, basedOn }: { id: number; basedOn: string }) {
  return api.delete(`/api/visits/${id}`, { query: { based_on: basedOn } });
}

export function useCancelVisit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelVisit,
    onSuccess: () => toast.success("Visit removed."),
    onError: (error) => toast.error(changedSinceOr(error, "Could not remove the visit. Please try again.")),
    onSettled: () => queryClient.invalidateQueries({ queryKey: visitKeys.all }),
  });
}

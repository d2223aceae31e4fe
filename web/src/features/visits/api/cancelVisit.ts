import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { toast } from "@/lib/toast";
import { visitKeys } from "./keys";

/** Cancels a planned visit, or removes one from the log. */
export function cancelVisit(id: number) {
  return api.delete(`/api/visits/${id}`);
}

export function useCancelVisit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelVisit,
    onSuccess: () => toast.success("Visit removed."),
    onError: () => toast.error("Could not remove the visit. Please try again."),
    onSettled: () => queryClient.invalidateQueries({ queryKey: visitKeys.all }),
  });
}
